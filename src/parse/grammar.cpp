// The X3 grammar of one statement line. This is the only translation unit that instantiates X3
// (it is slow to compile); everything it produces is the shallow tree of x3_tree.hpp.
//
// Committed constructs use expectation (`>`): once `(` or `max` or `alphabet` is seen, anything
// else is an error, and the failing rule's description becomes the message ("expected " + what).
#include "parse/grammar.hpp"

#include <boost/spirit/home/x3.hpp>

namespace crasp::parsing {
namespace {

namespace x3 = boost::spirit::x3;
using x::pos;

// The position of the next token (after skipping blanks and comments).
struct here_parser : x3::parser<here_parser> {
  using attribute_type = pos;
  static bool const has_attribute = true;
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx&, Attr& attr) const {
    x3::skip_over(first, last, ctx);
    attr = first;
    return true;
  }
};
// The current position, not skipping: the end of the token just read.
struct there_parser : x3::parser<there_parser> {
  using attribute_type = pos;
  static bool const has_attribute = true;
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, It const&, Ctx const&, RCtx&, Attr& attr) const {
    attr = first;
    return true;
  }
};
here_parser const here{};
there_parser const there{};

struct named_id;
// A rule whose description is the text after "expected " in an error message.
template <typename Attr = x3::unused_type, typename P>
auto named(char const* what, P const& p) {
  return x3::rule<named_id, Attr>{what} = x3::as_parser(p);
}

// ASCII character sets, not x3::alnum/space/...: those call <cctype> on the (signed) char, which
// is undefined (and asserts in Spirit) for the bytes of non-ASCII UTF-8 characters.
auto const letter = x3::char_("a-zA-Z_");
auto const digit = x3::char_("0-9");
auto const word_char = x3::char_("a-zA-Z0-9_");
auto kw(char const* w) { return x3::lexeme[x3::lit(w) >> !word_char]; }

x3::symbols<int> make_reserved() {
  x3::symbols<int> s;
  for (const char* w : {"i", "j", "tok", "any", "all", "sum", "exists", "min", "max", "true",
                        "false", "if", "else", "in", "where", "next", "alphabet", "predicate"})
    s.add(w, 0);
  return s;
}
x3::symbols<int> const reserved = make_reserved();

x3::symbols<x::op_kind> make_ops(bool with_ternary) {
  using k = x::op_kind;
  x3::symbols<x::op_kind> s;
  s.add("||", k::or_)("&&", k::and_)("<=", k::le)(">=", k::ge)("==", k::eq)("!=", k::ne);
  s.add("<", k::lt)(">", k::gt)("+", k::add)("-", k::sub)("*", k::mul)("%", k::mod);
  if (with_ternary) s.add("?", k::question)(":", k::colon);
  return s;
}
x3::symbols<x::op_kind> const all_ops = make_ops(true);
x3::symbols<x::op_kind> const cond_ops = make_ops(false);  // a `where` clause ends at ':'

auto const skipper = x3::char_(" \t\f\v\r\n") | (x3::lit("//") >> *x3::char_);

// Lexical pieces.
auto const name_text = x3::rule<class name_text_id, std::string>{"a name"} =
    x3::raw[x3::lexeme[!(reserved >> !word_char) >> letter >> *word_char]];
auto const close_quote = named("closing quote", x3::lit('"'));
auto const string_lit = x3::rule<class string_lit_id, std::string>{"a string"} =
    x3::lexeme['"' > x3::raw[*(x3::char_ - '"')] > close_quote];
auto const int_text = x3::rule<class int_text_id, std::string>{"an integer"} =
    x3::raw[x3::lexeme[+digit]];
auto const close_paren = named("')' to close '('", x3::lit(')'));
auto const close_bracket = named("']' to close '['", x3::lit(']'));

auto const ident_def = here >> name_text >> there;
auto ident(char const* what) { return named<x::ident>(what, ident_def); }

auto const sym = x3::rule<class sym_id, x::sym>{"a symbol (a name or a string)"} =
    (here >> x3::attr(true) >> string_lit >> there) | (here >> x3::attr(false) >> name_text >> there);

// Expressions: flat sequences of operands and operators.
x3::rule<class seq_id, x::seq> const seq = "an expression";
x3::rule<class cond_seq_id, x::seq> const cond_seq = "a condition";
x3::rule<class operand_id, x::operand> const operand = "an expression";
x3::rule<class atom_id, x::atom> const atom = "an expression";
x3::rule<class prefix_id, x::prefix> const prefix = "a prefix";
x3::rule<class paren_id, x::paren> const paren = "'('";
x3::rule<class minmax_id, x::minmax> const minmax = "'min' or 'max'";
x3::rule<class count_head_id, x::count_head> const count_head = "a count";
x3::rule<class quant_head_id, x::quant_head> const quant_head = "a quantifier";

using lk = x::leaf_kind;
auto const leaf = x3::rule<class leaf_id, x::leaf>{"a value"} =
    (here >> x3::attr(lk::integer) >> int_text >> there) |
    (here >> x3::attr(lk::string) >> string_lit >> there) |
    (here >> kw("true") >> x3::attr(lk::true_) >> x3::attr(std::string()) >> there) |
    (here >> kw("false") >> x3::attr(lk::false_) >> x3::attr(std::string()) >> there) |
    (here >> kw("i") >> x3::attr(lk::var_i) >> x3::attr(std::string()) >> there) |
    (here >> kw("j") >> x3::attr(lk::var_j) >> x3::attr(std::string()) >> there);

auto const sym_list = x3::rule<class sym_list_id, std::vector<x::sym>>{"a symbol list"} =
    sym > *(',' > sym);
auto const name_ref = x3::rule<class name_ref_id, x::name>{"a name"} =
    here >> name_text >> -('[' > sym_list > close_bracket) >> there;

auto const tok = x3::rule<class tok_id, x::tok>{"'tok'"} =
    here >> kw("tok") > named("'(' after 'tok'", x3::lit('(')) > sym > close_paren > there;

auto const minmax_fn = x3::rule<class minmax_fn_id, std::string>{"'min' or 'max'"} =
    x3::raw[x3::lexeme[(x3::lit("min") | x3::lit("max")) >> !word_char]];
auto const minmax_def = here >> minmax_fn > named("'(' after 'min' or 'max'", x3::lit('(')) > seq >
                        named("',' between the two arguments", x3::lit(',')) > seq > close_paren >
                        there;

auto const paren_def = here >> '(' > seq > close_paren > there;

auto const atom_def = leaf | tok | minmax | paren | name_ref;

auto const simple_prefix = x3::rule<class simple_prefix_id, x::simple_prefix>{"a prefix"} =
    here >> ((x3::char_('!') - x3::lit("!=")) | x3::char_('-')) >> there;

auto const count_head_def = here >> x3::raw[x3::lit('#') | kw("exists")] >>
                            -('[' > (seq % ',') > close_bracket) >> there;

auto const where_clause = x3::rule<class where_id, x::seq>{"a condition"} = kw("where") > cond_seq;
auto const quant_head_def =
    here >> x3::raw[kw("any") | kw("all") | kw("sum")] > ident("a variable name after the quantifier") >
    named("'in' after the quantifier variable", kw("in")) > ident("an alphabet name after 'in'") >
    -where_clause > named("':' before the quantifier body", x3::lit(':')) > there;

auto const prefix_def = simple_prefix | count_head | quant_head;

auto const operand_def = here >> *prefix > atom > there;

auto const if_else = (kw("if") >> x3::attr(x::op_kind::if_)) | (kw("else") >> x3::attr(x::op_kind::else_));
auto const op = x3::rule<class op_id, x::op>{"an operator"} = here >> (all_ops | if_else) >> there;
auto const cond_op = x3::rule<class cond_op_id, x::op>{"an operator"} =
    here >> (cond_ops | if_else) >> there;

auto const seq_def = here >> operand >> *(op > operand) >> there;
auto const cond_seq_def = here >> operand >> *(cond_op > operand) >> there;

BOOST_SPIRIT_DEFINE(seq, cond_seq, operand, atom, prefix, paren, minmax, count_head, quant_head)

// Statements.
auto equals(char const* what) { return named(what, x3::lit('=')); }

auto const alpha_token = x3::rule<class alpha_token_id, std::string>{"a token (a string or an integer)"} =
    string_lit | int_text;
auto const alpha_item = x3::rule<class alpha_item_id, x::alpha_item>{"an alphabet item"} =
    here >> alpha_token >> -(x3::lit("..") > named<std::string>("a token after '..'", alpha_token)) >>
    there;

auto const import_stmt = x3::rule<class import_id, x::import_stmt>{"#import"} =
    here >> x3::lexeme[x3::lit("#import") >> !word_char] > ident("a predicate name after '#import'") >
    there;

auto const alphabet_stmt = x3::rule<class alphabet_id, x::alphabet_stmt>{"alphabet"} =
    here >> kw("alphabet") > ident("an alphabet name after 'alphabet'") >
    equals("'=' after the alphabet name") > named("'{' before the alphabet items", x3::lit('{')) >
    *alpha_item > named("'}' to close '{'", x3::lit('}')) > there;

auto const predicate_stmt = x3::rule<class predicate_id, x::predicate_stmt>{"predicate"} =
    here >> kw("predicate") > ident("a predicate name after 'predicate'") >
    named("'(' after the predicate name", x3::lit('(')) >
    named("'i' as the first parameter of a predicate", kw("i")) >
    x3::matches[x3::lit(',') > named("'j' as the second parameter of a predicate", kw("j"))] >
    close_paren > equals("'=' after the predicate header") > seq > there;

auto const literal_param = x3::rule<class literal_param_id, x::param>{"a token string"} =
    here >> x3::attr(true) >> string_lit >> x3::attr(std::string()) >> there;
auto const param = x3::rule<class param_id, x::param>{"a parameter ('a in Sym' or a token string)"} =
    (here >> x3::attr(false) >> name_text >>
     (named("'in' after the parameter name", kw("in")) >
      named<std::string>("an alphabet name after 'in'", name_text)) >>
     there) |
    literal_param;

auto const next_target = x3::rule<class next_target_id, x::param>{"a token string or '[' after 'next'"} =
    literal_param | ('[' > param > close_bracket);
auto const next_stmt = x3::rule<class next_id, x::next_stmt>{"next"} =
    here >> kw("next") > next_target > equals("'=' after the next-token target") > seq > there;

auto const assign_stmt = x3::rule<class assign_id, x::assign_stmt>{"an assignment"} =
    here >> ident("a name") >> -('[' > (param % ',') > close_bracket) > equals("'=' after statement name") >
    seq > there;

auto const statement = x3::rule<class statement_id, x::statement>{"a statement"} =
    import_stmt | alphabet_stmt | predicate_stmt | next_stmt | assign_stmt;

auto const line = statement > named("end of line", x3::eoi);

}  // namespace

line_parse parse_line(const char* begin, const char* end) {
  line_parse out;
  try {
    const char* it = begin;
    if (x3::phrase_parse(it, end, x3::eoi, skipper)) return out;
    it = begin;
    x::statement st;
    if (x3::phrase_parse(it, end, line, skipper, st)) {
      out.st = line_parse::status::ok;
      out.stmt = std::move(st);
    } else {
      out.st = line_parse::status::failed;
      out.where = begin;
      out.which = "unknown statement";
    }
  } catch (const x3::expectation_failure<const char*>& e) {
    out.st = line_parse::status::failed;
    out.where = e.where();
    out.which = e.which();
  }
  return out;
}

}  // namespace crasp::parsing
