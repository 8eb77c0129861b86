// Decision procedures for C-RASP[pos] positional predicates (private to src/check).
//
// A positional predicate is written over i, j, integer constants, + - * (by a constant), %
// (by a positive constant), comparisons and && || !. It is first copied into a small tree
// (`ptree`, with named predicates substituted), then normalised atom by atom into linear forms
// a*i + b*j + c + sum(coef * (inner % m)). From the linear forms follow exactly:
//  - translation invariance (a guard): every comparison has a + b == 0 and every modulus term has
//    a + b == 0 (mod m), so the predicate is a function of d = i - j;
//  - a threshold T past which every comparison has a fixed sign (|a| d > bound of the rest) and a
//    period L (lcm of moduli): for d >= T the predicate is periodic in d with period L.
// So evaluating on [0, T + L) decides locality (false on [T, T+L)) and periodicity
// (phi(x) == phi(x + L) on [0, T)) exactly; no sampling is involved.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "crasp/diagnostic.hpp"

namespace crasp::checker {

enum class pkind { int_const, bool_const, var_i, var_j, add, sub, mul, mod, neg, cmp, and_, or_, not_ };
enum class pcmp { lt, le, eq, ne, ge, gt };

/// One node of a positional expression; operands are indices into ptree::nodes.
struct pnode {
  pkind k = pkind::int_const;
  pcmp op = pcmp::eq;       ///< for cmp
  std::int64_t value = 0;   ///< for int_const / bool_const
  int a = -1, b = -1;
  span where;
};

/// A positional expression, built from the AST (or from an import) by the checker.
struct ptree {
  std::vector<pnode> nodes;
  int add(pnode n) {
    nodes.push_back(n);
    return static_cast<int>(nodes.size()) - 1;
  }
  int konst(std::int64_t v) { return add(pnode{pkind::int_const, pcmp::eq, v, -1, -1, {}}); }
  int var(bool j) { return add(pnode{j ? pkind::var_j : pkind::var_i, pcmp::eq, 0, -1, -1, {}}); }
  int bin(pkind k, int a, int b) { return add(pnode{k, pcmp::eq, 0, a, b, {}}); }
  int compare(pcmp op, int a, int b) { return add(pnode{pkind::cmp, op, 0, a, b, {}}); }
};

/// Why a predicate was rejected; the caller words the message around the predicate's text.
struct pos_error {
  enum class reason {
    bad_modulus,    ///< `%` by a non-constant or a constant <= 0
    nonlinear,      ///< `*` without a constant side
    uses_j,         ///< j in a unary predicate
    not_invariant,  ///< a guard atom depends on i and j separately (detail says how)
    not_local,      ///< guard true for infinitely many d (colocal: true for all large d)
    not_periodic,   ///< unary predicate not periodic
    too_large,      ///< threshold or period beyond the decision limit
    overflow,       ///< constants too large to normalise
  } why = reason::not_local;
  span where;              ///< the offending atom or term (whole predicate for not_local/periodic)
  std::string detail;      ///< e.g. "i and j separately", "i alone"
  bool colocal = false;    ///< for not_local: true for every large d
  std::vector<std::uint32_t> complement;  ///< for colocal: the finitely many d where it is false
  std::uint64_t threshold = 0, period = 0;
};

/// A decided guard: either every d >= 0 (an unguarded count) or the finite offset set.
struct guard_result {
  bool all = false;
  std::vector<std::uint32_t> offsets;  ///< sorted, when !all
};

/// Largest threshold and period the procedures evaluate.
inline constexpr std::uint64_t decision_limit = 1000000;

/// Decides a binary predicate psi(i, j) (for j <= i) rooted at `root`.
std::variant<guard_result, pos_error> decide_guard(const ptree& t, int root);

/// Decides a unary predicate phi(i): returns its residues over the minimal period
/// (phi(i) == residues[i % size]).
std::variant<std::vector<bool>, pos_error> decide_periodic(const ptree& t, int root);

/// Prints an offset set as a guard condition over i and j: `i - j == 1`, `i - j <= 2`,
/// `i - j >= 2 && i - j <= 4`, joined by ` || ` (sorted `offsets`, non-empty).
std::string offsets_condition(const std::vector<std::uint32_t>& offsets);

/// Prints residues as `i % m == r || ...` (`false` when none holds, `true` when all do).
std::string residues_condition(const std::vector<bool>& residues);

}  // namespace crasp::checker
