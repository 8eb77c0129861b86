// The lowering pass proper: every reachable node, in id order (operands first), handed to the
// per-primitive file that builds its gadget (tokens.cpp, count.cpp, position.cpp, rope.cpp,
// compare.cpp, arith.cpp, logic.cpp, matching_head.cpp), then the unembedding (output.cpp).
// Nodes no output depends on, AND/OR nodes folded into their user and the counts inside a
// matching family are skipped. choose_boolean_mode calls it once per Boolean mode it tries; each
// call builds a fresh lowering, so the two candidates share nothing.
#include <memory>
#include <type_traits>
#include <variant>

#include "compile/plan.hpp"

namespace crasp::lower {

std::unique_ptr<lowering> lower_nodes(const compile_plan& plan, bool exact_booleans) {
  const ir::program& program = plan.program;
  auto owned = std::make_unique<lowering>(program, plan.opts);
  lowering& L = *owned;
  L.exact_booleans = exact_booleans;
  L.family_at = plan.family_at;
  L.inlined = plan.inlined;
  for (std::size_t i = 0; i < program.nodes.size(); ++i) {
    if (!plan.reach[i] || L.inlined[i]) continue;
    const auto id = static_cast<ir::node_id>(i);
    if (plan.family_at[i] != nullptr) {
      L.lower_matching(id, *plan.family_at[i]);
      L.reps[i].lowered = true;
      continue;
    }
    std::visit(
        [&](const auto& op) {
          using T = std::decay_t<decltype(op)>;
          if constexpr (std::is_same_v<T, ir::token_test>) {
            L.lower_token(id, op);
          } else if constexpr (std::is_same_v<T, ir::bool_const> ||
                               std::is_same_v<T, ir::int_const>) {
            L.lower_constant(id);
          } else if constexpr (std::is_same_v<T, ir::count>) {
            if (op.local) {
              L.lower_local_count(id, op);
            } else {
              L.lower_count(id, op);
            }
          } else if constexpr (std::is_same_v<T, ir::periodic>) {
            // Under RoPE there is no APE table to read i mod m from: phase heads on BOS.
            if (plan.opts.pe == model::positional::rope) {
              L.lower_periodic_rope(id, op);
            } else {
              L.lower_periodic(id, op);
            }
          } else if constexpr (std::is_same_v<T, ir::compare>) {
            L.lower_compare(id, op);
          } else if constexpr (std::is_same_v<T, ir::not_> || std::is_same_v<T, ir::and_> ||
                               std::is_same_v<T, ir::or_>) {
            L.lower_logic(id);
          } else {
            L.lower_arith(id);
          }
        },
        program.nodes[i].operation);
    L.reps[i].lowered = true;
  }
  L.lower_outputs();
  return owned;
}

}  // namespace crasp::lower
