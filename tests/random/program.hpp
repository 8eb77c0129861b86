// The random-program tests' own representation of a .crasp program: a plain value tree, separate
// from crasp::ast on purpose, so that the generator, the printer, the reference evaluator and the
// shrinker share nothing with the library they test. The library only ever sees printed source.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rnd {

enum class ty { boolean, count };
enum class cmp_op { lt, le, eq, ne, ge, gt };
const char* cmp_text(cmp_op op);
bool cmp_holds(cmp_op op, std::int64_t a, std::int64_t b);

/// A positional expression over i and j (guards ψ(i, j), unary predicates φ(i)).
struct pos {
  enum kind { i, j, lit, add, sub, mul, mod, cmp, and_, or_, not_, true_, false_ } k = lit;
  std::int64_t value = 0;  ///< lit; the constant factor of mul; the modulus of mod
  cmp_op op = cmp_op::eq;  ///< cmp
  std::vector<pos> kids;
};

/// The guard of a count or exists.
struct guard {
  enum form {
    none,          ///< `#P`
    plain,         ///< `#[j <= i] P`
    inline_le,     ///< `#[j <= i, ψ] P`
    inline_bare,   ///< `#[ψ] P`
    named,         ///< `#[NAME] P`
    named_le,      ///< `#[j <= i, NAME] P`
  } form = none;
  pos psi;       ///< inline forms
  int pred = -1;  ///< named forms: index of the binary predicate statement
};

enum class ek {
  // Booleans
  tok_lit, tok_var, bool_lit, not_, and_, or_, cmp, periodic, exists, any, all,
  // counts
  int_lit, count, add, sub, scale, neg, min, max, cond, sum,
  // either type: a statement (family instance) or a unary predicate by name
  ref, pred_ref,
};

struct expr {
  ek k = ek::bool_lit;
  std::int64_t value = 0;      ///< bool_lit, int_lit, the factor of scale
  std::string text;            ///< token of tok_lit, variable of tok_var and quantifiers
  std::string alphabet;        ///< quantifiers
  cmp_op op = cmp_op::eq;      ///< cmp; the `where` comparison of a quantifier
  std::string where_var;       ///< quantifiers: `where text OP where_var` (empty: no filter)
  int target = -1;             ///< ref: statement index; pred_ref: predicate statement index
  std::vector<std::string> args;  ///< ref to a family: bound variables or literal tokens ("\"a\"")
  guard g;                     ///< count, exists
  pos phi;                     ///< periodic: the inline φ(i)
  int style = 0;               ///< printing variant only (never changes the meaning)
  std::vector<expr> kids;      ///< operands (cond: condition, then, else)
};

struct statement {
  enum form { assign, family, predicate1, predicate2, import_, next_tok, next_family } form = assign;
  std::string name;  ///< statement, family, predicate or import name; next: the token
  ty type = ty::boolean;
  std::vector<std::string> params;     ///< family / next_family: variable names
  std::vector<std::string> param_abc;  ///< and their alphabets
  expr value;  ///< assign, family, next forms
  pos pred;    ///< predicates and imports: φ(i) or ψ(i, j)
};

struct alphabet {
  std::string name;
  std::vector<std::string> items;  ///< in declaration order (which is the symbol order)
  bool range = false;              ///< printed as `"a" .. "c"`
};

struct program {
  std::vector<alphabet> alphabets;  ///< empty: an open vocabulary
  std::vector<statement> stmts;
  [[nodiscard]] const alphabet& abc(const std::string& name) const;
  [[nodiscard]] bool is_generator() const;
};

/// What the tests feed a program: its vocabulary if declared (plus every named token), else the
/// named tokens and one token the program never names ("z").
std::vector<std::string> input_alphabet(const program& p);

/// Number of expression and positional nodes, for the shrinker's notion of "smaller".
std::size_t size(const program& p);

/// The program as .crasp source text (print.cpp).
std::string print(const program& p);

struct gen_options {
  int max_statements = 5;
  int max_depth = 3;
};
/// A well-typed random program from `seed` (generate.cpp).
program generate(std::uint64_t seed, const gen_options& opts = {});

}  // namespace rnd
