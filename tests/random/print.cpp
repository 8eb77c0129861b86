// Prints a random program as .crasp source with the fewest parentheses the documented precedence
// allows (docs/language.md, "Precedence"), so that the parser's precedence and its type-directed
// reading are exercised too. Constructs whose extent the grammar leaves greedy (count bodies,
// quantifier bodies, `if ... else`) are parenthesized whenever anything follows them, except the
// documented case of a count on the left of a comparison (`# V == 0` is `(#V) == 0`).
#include <sstream>

#include "program.hpp"

namespace rnd {
namespace {

// Binding strength, loosest to tightest: ?: 1, || 2, && 3, ! 4, comparisons 5, + - 6, * 7,
// unary - 8, atoms 9. Quantifiers and `sum` are 0: they always need parentheses as operands.
int level(const pos& e) {
  switch (e.k) {
    case pos::or_: return 2;
    case pos::and_: return 3;
    case pos::not_: return 4;
    case pos::cmp: return 5;
    case pos::add: case pos::sub: return 6;
    case pos::mul: case pos::mod: return 7;
    default: return 9;
  }
}

std::string print(const pos& e, int need);

// Appending instead of `"(" + s`: GCC 12 warns falsely (-Wrestrict) on the inlined insert.
std::string prefixed(const char* op, const std::string& s) {
  std::string out = op;
  out += s;
  return out;
}

std::string operand(const pos& e, int need, bool mod_ok) {
  // `%` is always parenthesized inside + - *: the grammar does not say how it associates with them.
  const bool paren = level(e) < need || (e.k == pos::mod && !mod_ok);
  return paren ? prefixed("(", print(e, 0)) + ")" : print(e, 0);
}

std::string print(const pos& e, int) {
  switch (e.k) {
    case pos::i: return "i";
    case pos::j: return "j";
    case pos::lit: return std::to_string(e.value);
    case pos::true_: return "true";
    case pos::false_: return "false";
    case pos::add: return operand(e.kids[0], 6, false) + " + " + operand(e.kids[1], 7, false);
    case pos::sub: return operand(e.kids[0], 6, false) + " - " + operand(e.kids[1], 7, false);
    case pos::mul: return std::to_string(e.value) + " * " + operand(e.kids[0], 8, false);
    case pos::mod: return operand(e.kids[0], 8, false) + " % " + std::to_string(e.value);
    case pos::cmp:
      return operand(e.kids[0], 6, true) + " " + cmp_text(e.op) + " " + operand(e.kids[1], 6, true);
    case pos::and_: return operand(e.kids[0], 3, true) + " && " + operand(e.kids[1], 4, true);
    case pos::or_: return operand(e.kids[0], 2, true) + " || " + operand(e.kids[1], 3, true);
    case pos::not_: return prefixed("!", operand(e.kids[0], 5, true));
  }
  return "?";
}

struct printer {
  const program& p;

  static int level(const expr& e) {
    switch (e.k) {
      case ek::cond: return 1;
      case ek::or_: return 2;
      case ek::and_: return 3;
      case ek::not_: return 4;
      case ek::cmp: return 5;
      case ek::periodic: return rnd::level(e.phi);  // a φ with a connective binds like it
      case ek::add: case ek::sub: return 6;
      case ek::scale: return 7;
      case ek::neg: return 8;
      case ek::int_lit: return e.value < 0 ? 8 : 9;
      case ek::any: case ek::all: case ek::sum: return 0;
      default: return 9;
    }
  }
  static bool greedy(const expr& e) {
    return e.k == ek::count || e.k == ek::exists || e.k == ek::any || e.k == ek::all ||
           e.k == ek::sum || e.k == ek::cond;
  }

  // `tail`: something follows in the same parenthesis group; `cmp_left`: left of a comparison.
  std::string sub(const expr& e, int need, bool tail, bool cmp_left = false) const {
    const bool paren = level(e) < need || (greedy(e) && tail && !cmp_left);
    return paren ? prefixed("(", render(e, false)) + ")" : render(e, tail);
  }

  std::string guard_text(const char* kw, const guard& g) const {
    switch (g.form) {
      case guard::none: return kw;
      case guard::plain: return std::string(kw) + "[j <= i]";
      case guard::inline_le: return std::string(kw) + "[j <= i, " + print(g.psi, 0) + "]";
      case guard::inline_bare: return std::string(kw) + "[" + print(g.psi, 0) + "]";
      case guard::named: return std::string(kw) + "[" + p.stmts[g.pred].name + "]";
      case guard::named_le: return std::string(kw) + "[j <= i, " + p.stmts[g.pred].name + "]";
    }
    return kw;
  }

  std::string render(const expr& e, bool tail) const {
    const auto& k = e.kids;
    switch (e.k) {
      case ek::tok_lit: return '"' + e.text + '"';
      case ek::tok_var: return "tok(" + e.text + ")";
      case ek::bool_lit: return e.value ? "true" : "false";
      case ek::int_lit: return std::to_string(e.value);
      case ek::periodic: return print(e.phi, 0);
      case ek::pred_ref: return p.stmts[e.target].name;
      case ek::ref: {
        std::string s = p.stmts[e.target].name;
        for (std::size_t n = 0; n < e.args.size(); ++n) s += (n ? ", " : "[") + e.args[n];
        return e.args.empty() ? s : s + "]";
      }
      case ek::not_: return prefixed("!", sub(k[0], 4, tail));
      case ek::and_: return sub(k[0], 3, true) + " && " + sub(k[1], 4, tail);
      case ek::or_: return sub(k[0], 2, true) + " || " + sub(k[1], 3, tail);
      case ek::cmp:
        return sub(k[0], 6, true, true) + " " + cmp_text(e.op) + " " + sub(k[1], 6, tail);
      case ek::add: return sub(k[0], 6, true) + " + " + sub(k[1], 7, tail);
      case ek::sub: return sub(k[0], 6, true) + " - " + sub(k[1], 7, tail);
      case ek::scale:
        return e.style ? sub(k[0], 8, true) + " * " + std::to_string(e.value)
                       : std::to_string(e.value) + " * " + sub(k[0], 8, tail);
      case ek::neg: {
        const std::string s = sub(k[0], 8, tail);
        return s[0] == '-' ? prefixed("-(", s) + ")" : prefixed("-", s);
      }
      case ek::min: case ek::max:
        return std::string(e.k == ek::min ? "min(" : "max(") + sub(k[0], 0, false) + ", " +
               sub(k[1], 0, false) + ")";
      case ek::cond:
        return e.style ? sub(k[1], 6, true) + " if " + sub(k[0], 2, true) + " else " + sub(k[2], 1, tail)
                       : sub(k[0], 2, true) + " ? " + sub(k[1], 1, true) + " : " + sub(k[2], 1, tail);
      case ek::count: case ek::exists: {
        const std::string g = guard_text(e.k == ek::count ? "#" : "exists", e.g);
        const bool space = e.style || e.g.form != guard::none || e.k == ek::exists;
        return g + (space ? " " : "") + sub(k[0], 9, tail);
      }
      case ek::any: case ek::all: case ek::sum: {
        std::string s = std::string(e.k == ek::any ? "any " : e.k == ek::all ? "all " : "sum ") +
                        e.text + " in " + e.alphabet;
        if (!e.where_var.empty()) s += " where " + e.text + " " + cmp_text(e.op) + " " + e.where_var;
        return s + ": " + sub(k[0], e.k == ek::sum ? 6 : 2, tail);
      }
    }
    return "?";
  }
};

}  // namespace

std::string print(const program& p) {
  std::ostringstream out;
  for (const auto& a : p.alphabets) {
    out << "alphabet " << a.name << " = {";
    if (a.range) out << " \"" << a.items.front() << "\" .. \"" << a.items.back() << '"';
    else for (const auto& t : a.items) out << " \"" << t << '"';
    out << " }\n";
  }
  const printer pr{p};
  for (const auto& s : p.stmts) {
    std::string head;
    for (std::size_t n = 0; n < s.params.size(); ++n)
      head += (n ? ", " : "[") + s.params[n] + " in " + s.param_abc[n];
    if (!head.empty()) head += "]";
    switch (s.form) {
      case statement::assign: case statement::family: out << s.name << head << " = "; break;
      case statement::predicate1: out << "predicate " << s.name << "(i) = " << print(s.pred, 0); break;
      case statement::predicate2: out << "predicate " << s.name << "(i, j) = " << print(s.pred, 0); break;
      case statement::import_: out << "#import " << s.name; break;
      case statement::next_tok: out << "next \"" << s.name << "\" = "; break;
      case statement::next_family: out << "next" << head << " = "; break;
    }
    const bool has_value = s.form == statement::assign || s.form == statement::family ||
                           s.form == statement::next_tok || s.form == statement::next_family;
    if (has_value) out << pr.sub(s.value, 0, false);
    out << '\n';
  }
  return out.str();
}

}  // namespace rnd
