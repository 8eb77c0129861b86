// The surface syntax tree of a .crasp / .cr program, as written (families, quantifiers and sugar
// not yet expanded). Value types in an arena: expressions are referred to by expr_id, and passes
// keep their results in side tables indexed by id. No Boost here: the X3 grammar lives in src/parse.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "crasp/diagnostic.hpp"

namespace crasp::ast {

/// Index of an expression in program::exprs.
struct expr_id {
  std::uint32_t v = UINT32_MAX;
  [[nodiscard]] bool valid() const { return v != UINT32_MAX; }
  friend bool operator==(expr_id, expr_id) = default;
};

/// Which grammar a file is read with. `.cr` files keep the public interpreter's operator
/// precedence (with warnings where it is surprising); everything else uses crasp's conventional one.
enum class dialect { crasp, cr };

/// A symbol argument or index: either a symbol variable bound by a family/quantifier (`a`)
/// or a literal token (`"<sep>"`).
struct sym_ref {
  bool literal = false;
  std::string text;  ///< variable name, or the token itself (without quotes)
  span where;
};

enum class binop {
  // Boolean
  and_, or_,
  // comparisons (counts, positions; symbol order inside families)
  lt, le, eq, ne, ge, gt,
  // integer arithmetic
  add, sub, mul,
  // positional only (`i % 3`)
  mod,
};
enum class unop { not_, neg };

/// The operator as written in source ("&&", "<=", "%", ...), for messages and printing.
constexpr const char* op_text(binop op) {
  switch (op) {
    case binop::and_: return "&&";
    case binop::or_: return "||";
    case binop::lt: return "<";
    case binop::le: return "<=";
    case binop::eq: return "==";
    case binop::ne: return "!=";
    case binop::ge: return ">=";
    case binop::gt: return ">";
    case binop::add: return "+";
    case binop::sub: return "-";
    case binop::mul: return "*";
    case binop::mod: return "%";
  }
  return "?";
}
enum class quant_kind { any, all, sum };  ///< finite OR, AND, and sum over an alphabet

/// `"a"`: the token at the current position is a (Q_a).
struct token_lit { std::string token; };
/// `tok(a)` with a symbol variable (or literal): Q_a for the bound symbol.
struct token_var { sym_ref sym; };
struct bool_lit { bool value = false; };
struct int_lit { std::int64_t value = 0; };
/// `i` or `j` inside a positional predicate.
struct pos_var { bool is_j = false; };
/// `NAME` or `NAME[a, "x"]`: a statement, a family instance, a predicate or a symbol variable.
struct name_ref {
  std::string name;
  std::vector<sym_ref> args;  ///< empty for plain names
};
struct unary { unop op; expr_id operand; };
struct binary { binop op; expr_id lhs, rhs; };
/// The guard of a count. Exactly one form is used:
///  - none (plain `#P` or `#[j <= i] P`): every j <= i;
///  - `named` (`#[pred] P`, public dialect): a binary predicate by name;
///  - `inline_expr` (`#[j <= i, i - j < 3] P`): a positional expression over i and j.
struct guard {
  std::optional<std::string> named;
  span named_where;
  expr_id inline_expr;  ///< invalid when absent
};
/// `#[guard] body`: number of j in [0, i] (with the guard) where body holds.
struct count { guard g; expr_id body; bool exists = false; /* `exists[...]` sugar: count >= 1 */ };
/// `cond ? a : b` and the public `a if cond else b`.
struct conditional { expr_id cond, then_, else_; };
/// `min(a, b)` / `max(a, b)`.
struct minmax { bool is_max = false; expr_id a, b; };
/// `any a in Sym where cond: body` (finite OR), `all ...` (AND), `sum ...` (sum of counts).
struct quantifier {
  quant_kind kind = quant_kind::any;
  std::string var;
  std::string alphabet;
  expr_id where;  ///< optional filter over symbol variables, invalid when absent
  expr_id body;
};

using expr_node = std::variant<token_lit, token_var, bool_lit, int_lit, pos_var, name_ref, unary,
                               binary, count, conditional, minmax, quantifier>;

/// An expression node with the source range it came from.
struct expr {
  expr_node node;
  span where;
  bool parenthesized = false;  ///< written inside ( ), used by precedence warnings
};

/// `a in Sym` in a family header, or a literal index `"x"` in an instance definition.
struct family_param {
  std::string var;       ///< empty when `literal` is set
  std::string alphabet;  ///< alphabet bound to var
  std::optional<std::string> literal;
  span where;
};

/// One entry of an alphabet declaration: a token or a numbered/character range.
struct alphabet_item {
  std::string first;
  std::optional<std::string> last;  ///< set for `"a" .. "e"` / `"t0" .. "t149"` / `0 .. 149`
  span where;
};

/// `NAME = expr` or `NAME[a in A, b in B] = expr` (a family) or `NAME["x"] = expr` (an instance).
struct assign {
  std::string name;
  span name_where;
  std::vector<family_param> params;
  expr_id value;
};
/// `#import NAME` (pred, pred4, pos_even).
struct import_stmt { std::string name; span name_where; };
/// `alphabet NAME = { items }`.
struct alphabet_decl { std::string name; span name_where; std::vector<alphabet_item> items; };
/// `predicate NAME(i) = expr` (unary, must be periodic) or `predicate NAME(i, j) = expr`
/// (binary guard, must be translation invariant and local).
struct predicate_def {
  std::string name;
  span name_where;
  bool binary = false;
  expr_id body;
};
/// `next "tok" = expr` or `next[a in Sym] = expr`: NEXT_a for next-token generation.
struct next_decl {
  std::optional<family_param> param;     ///< set for the family form
  std::optional<std::string> token;      ///< set for the single-token form
  span token_where;
  expr_id value;
};

using statement_node = std::variant<assign, import_stmt, alphabet_decl, predicate_def, next_decl>;
struct statement {
  statement_node node;
  span where;  ///< whole statement
};

/// A parsed program: statements in order, expressions in an arena.
struct program {
  source_ptr source;
  dialect lang = dialect::crasp;
  std::vector<statement> statements;
  std::vector<expr> exprs;

  /// Adds an expression to the arena and returns its id.
  expr_id add(expr e) {
    exprs.push_back(std::move(e));
    return expr_id{static_cast<std::uint32_t>(exprs.size() - 1)};
  }
  [[nodiscard]] const expr& at(expr_id id) const { return exprs.at(id.v); }
};

}  // namespace crasp::ast
