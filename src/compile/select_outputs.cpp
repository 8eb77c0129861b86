// Select the outputs: what to compile. Only the outputs (the last statement of an acceptor,
// every next rule of a generator) and the nodes they depend on become part of the model: an
// unused statement would cost residual dimensions and layers, and could even make
// positions_needed refuse a program whose outputs need no positions.
//
// The walk also counts each node's users, which fold_connectives needs to know that an AND/OR
// has a single user. It follows operands as the model computes them (for_each_model_operand),
// so find_matching_heads can re-run it once families replace their OR trees.
#include "compile/plan.hpp"

namespace crasp::lower {

void mark_reachable(compile_plan& plan) {
  const std::size_t n = plan.program.nodes.size();
  plan.reach.assign(n, false);
  plan.users.assign(n, 0);
  for (auto r : plan.roots) {
    plan.reach[r] = true;
    ++plan.users[r];
  }
  // Operands have smaller ids than their users, so one downward sweep reaches everything.
  for (std::size_t i = n; i-- > 0;) {
    if (!plan.reach[i]) continue;
    plan.for_each_model_operand(i, [&](ir::node_id c) {
      plan.reach[c] = true;
      ++plan.users[c];
    });
  }
}

void select_outputs(compile_plan& plan) {
  const ir::program& program = plan.program;
  if (program.is_generator()) {
    for (const auto& r : program.next) plan.roots.push_back(r.value);
  } else {
    plan.roots.push_back(program.output());
  }
  // No families yet: every node reads its own operands.
  plan.family_at.assign(program.nodes.size(), nullptr);
  mark_reachable(plan);
}

}  // namespace crasp::lower
