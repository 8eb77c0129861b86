// Token-selected counts ("matching families"): the pattern behind induction heads.
//
// After family expansion a retrieval program such as UR holds, per answer a,
//   any s in Sym: tok(s) && #[j <= i] (PREV[s] && tok(a)) >= 1
// an OR over k members, each "the current token is s, and at least t earlier positions satisfy
// a condition that names s". Lowered node by node that is k counts (k^2 over all answers). The
// same value is one attention head: the query is the current token, the key says which s each
// position j matches (K_s(j)), and the head averages the shared part B of the condition over
// the matching positions (src/compile/matching_head.cpp, docs/compiler.md "Matching heads").
//
// The recognition lives in the interpret stage, the earlier of its two users: the interpreter
// evaluates a recognized family in one pass (interpret/family.cpp), the compiler lowers it to one
// head.
//
// find() recognizes the pattern syntactically, so the program keeps its meaning: a member's
// counted condition is a conjunction, split into the conjuncts every member shares (B) and the
// rest (K_s), and the family's value is exactly
//   OR_s [ tok(s)(i) and #{ j <= i : K_s(j) and B(j) } >= t ].
#pragma once

#include <cstdint>
#include <vector>

#include "crasp/ir.hpp"

namespace crasp::matching {

/// One recognized family rooted at an OR node.
struct family {
  ir::node_id root = 0;
  std::vector<ir::node_id> tests;              ///< the token_test node of each member
  std::vector<std::vector<ir::node_id>> keys;  ///< K_s: member-specific conjuncts (sorted)
  std::vector<ir::node_id> body;               ///< B: conjuncts shared by every member (sorted)
  std::int64_t at_least = 1;                   ///< t >= 1

  /// The nodes the family's value is computed from (tests, every key conjunct, the body),
  /// sorted and without duplicates: what the compiler lowers instead of the OR tree.
  [[nodiscard]] std::vector<ir::node_id> operands() const;
};

/// Every maximal OR tree of `program` that is a matching family of at least two members, in
/// increasing root order. `wanted[n]` (when not empty) restricts the roots to nodes it marks.
std::vector<family> find(const ir::program& program, const std::vector<bool>& wanted = {});

}  // namespace crasp::matching
