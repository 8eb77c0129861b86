// The private syntax tree the X3 grammar produces for one line. It is deliberately shallow:
// expressions are flat sequences `operand (op operand)*`, each operand being prefixes (`!`, `-`,
// count heads, quantifier heads) followed by one atom. Precedence, which differs between the two
// dialects, is applied afterwards (precedence.cpp), outside X3.
//
// Every node records where it starts and ends as raw pointers into the source text (`b`, `e`);
// the conversion turns them into byte offsets. Nothing here leaves src/parse.
#pragma once

#include <string>
#include <vector>

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/optional.hpp>
#include <boost/spirit/home/x3/support/ast/variant.hpp>

namespace crasp::parsing::x {

namespace x3 = boost::spirit::x3;
using pos = const char*;

enum class op_kind {
  or_, and_, lt, le, eq, ne, ge, gt, add, sub, mul, mod, if_, else_, question, colon
};
enum class leaf_kind { integer, string, true_, false_, var_i, var_j };

struct seq;
struct count_head;
struct quant_head;
struct paren;
struct minmax;

/// A name with its extent.
struct ident { pos b{}; std::string text; pos e{}; };
/// A symbol argument: `a` or `"x"`.
struct sym { pos b{}; bool literal = false; std::string text; pos e{}; };
/// Integer, string, true/false, i/j. `text` holds the digits or the string contents.
struct leaf { pos b{}; leaf_kind kind{}; std::string text; pos e{}; };
/// `NAME` or `NAME[a, "x"]`.
struct name { pos b{}; std::string text; std::vector<sym> args; pos e{}; };
/// `tok(a)`.
struct tok { pos b{}; sym arg; pos e{}; };

struct atom : x3::variant<leaf, name, tok, x3::forward_ast<paren>, x3::forward_ast<minmax>> {
  using base_type::base_type;
  using base_type::operator=;
};

/// `!` or unary `-`.
struct simple_prefix { pos b{}; char op{}; pos e{}; };

struct prefix : x3::variant<simple_prefix, x3::forward_ast<count_head>, x3::forward_ast<quant_head>> {
  using base_type::base_type;
  using base_type::operator=;
};

struct operand { pos b{}; std::vector<prefix> prefixes; atom value; pos e{}; };
struct op { pos b{}; op_kind kind{}; pos e{}; };
struct tail { op o; operand rhs; };
struct seq { pos b{}; operand first; std::vector<tail> rest; pos e{}; };

/// `#`, `#[g1, g2]`, `exists[...]`: `kw` is "#" or "exists"; guards are the bracket's parts.
struct count_head { pos b{}; std::string kw; std::vector<seq> guards; pos e{}; };
/// `any a in S where W:` (kind any/all/sum); `where` holds zero or one sequence.
struct quant_head {
  pos b{};
  std::string kind;
  ident var;
  ident alphabet;
  std::vector<seq> where;
  pos e{};
};
struct paren { pos b{}; seq inner; pos e{}; };
struct minmax { pos b{}; std::string fn; seq a; seq c; pos e{}; };

// Statements.
/// `a in Sym` (literal = false, var/alphabet set) or `"x"` (literal = true, var holds the token).
struct param { pos b{}; bool literal = false; std::string var; std::string alphabet; pos e{}; };
struct alpha_item { pos b{}; std::string first; boost::optional<std::string> last; pos e{}; };
struct import_stmt { pos b{}; ident name; pos e{}; };
struct alphabet_stmt { pos b{}; ident name; std::vector<alpha_item> items; pos e{}; };
struct predicate_stmt { pos b{}; ident name; bool binary = false; seq body; pos e{}; };
struct next_stmt { pos b{}; param target; seq value; pos e{}; };
struct assign_stmt { pos b{}; ident name; std::vector<param> params; seq value; pos e{}; };

struct statement
    : x3::variant<import_stmt, alphabet_stmt, predicate_stmt, next_stmt, assign_stmt> {
  using base_type::base_type;
  using base_type::operator=;
};

}  // namespace crasp::parsing::x

BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::ident, b, text, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::sym, b, literal, text, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::leaf, b, kind, text, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::name, b, text, args, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::tok, b, arg, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::simple_prefix, b, op, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::operand, b, prefixes, value, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::op, b, kind, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::tail, o, rhs)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::seq, b, first, rest, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::count_head, b, kw, guards, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::quant_head, b, kind, var, alphabet, where, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::paren, b, inner, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::minmax, b, fn, a, c, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::param, b, literal, var, alphabet, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::alpha_item, b, first, last, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::import_stmt, b, name, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::alphabet_stmt, b, name, items, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::predicate_stmt, b, name, binary, body, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::next_stmt, b, target, value, e)
BOOST_FUSION_ADAPT_STRUCT(crasp::parsing::x::assign_stmt, b, name, params, value, e)
