// Find matching heads: token-selected count families (`any s: tok(s) && #[j <= i] (K_s && B)
// >= t`, the retrieval pattern; matching.hpp). Lowered node by node a family is k counts; as a
// matching head it is one attention head of width O(k) (matching_head.cpp). A family's root
// then reads the family's operands instead of its OR tree, so the counts under it are no longer
// reachable: reach and users are recomputed, and no later pass lowers or folds them.
//
// Only reachable OR trees are searched, so an unused statement's families cost nothing.
#include "compile/plan.hpp"

namespace crasp::lower {

void find_matching_heads(compile_plan& plan) {
  if (!plan.opts.matching_heads) return;
  plan.families = matching::find(plan.program, plan.reach);
  if (plan.families.empty()) return;
  // family_at points into families, which no pass resizes from here on.
  for (const auto& f : plan.families) {
    plan.family_at[f.root] = &f;
    plan.family_operands.push_back(f.operands());
  }
  mark_reachable(plan);
}

}  // namespace crasp::lower
