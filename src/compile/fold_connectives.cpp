// Fold connectives: an AND whose single user is an AND (an OR whose single user is an OR) is
// not lowered by itself: its user's unit takes its operands directly, so a whole tree of one
// connective is one ReLU unit (logic.cpp) instead of one unit, and one FFN level, per node. A
// node with several users, an output, or a matching family's root (lowered as a head, not as an
// OR) keeps its own unit. The result is the same for plain and exact Booleans, so it is computed
// once, before either lowering.
#include <variant>

#include "compile/plan.hpp"

namespace crasp::lower {

void fold_connectives(compile_plan& plan) {
  const ir::program& program = plan.program;
  const std::size_t n = program.nodes.size();
  plan.inlined.assign(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    const auto& op = program.nodes[i].operation;
    const bool is_and = std::holds_alternative<ir::and_>(op);
    const bool is_or = std::holds_alternative<ir::or_>(op) && plan.family_at[i] == nullptr;
    if (!(is_and || is_or) || plan.users[i] != 1) continue;
    bool is_root = false;
    for (auto r : plan.roots) is_root = is_root || r == i;
    if (is_root) continue;
    // The single user: the first reachable node above i that reads it.
    for (std::size_t j = i + 1; j < n; ++j) {
      if (!plan.reach[j]) continue;
      bool uses = false;
      plan.for_each_model_operand(j, [&](ir::node_id c) { uses = uses || c == i; });
      if (!uses) continue;
      const bool or_user = std::holds_alternative<ir::or_>(program.nodes[j].operation) &&
                           plan.family_at[j] == nullptr;
      plan.inlined[i] = (is_and && std::holds_alternative<ir::and_>(program.nodes[j].operation)) ||
                        (is_or && or_user);
      break;
    }
  }
}

}  // namespace crasp::lower
