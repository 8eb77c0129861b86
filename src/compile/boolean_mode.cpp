// Choose the Boolean mode. A comparison clamp's output is 0 or 1 only up to rounding; a
// cleaning clamp after it makes it exactly 0 or 1 (docs/compiler.md, "Exact Booleans"), which
// lets counts of comparison results stay exact far longer in float32, at the cost of one FFN
// level per comparison level. opts.boolean_mode asks for plain or exact; automatic lowers plain
// first and pays for the exact lowering only when plain leaves part of the designed length
// uncertified in float32, then keeps it only when it certifies more and still fits the cap.
#include <cmath>
#include <memory>
#include <utility>

#include "compile/plan.hpp"

namespace crasp::lower {

void choose_boolean_mode(compile_plan& plan) {
  const compile_options& opts = plan.opts;
  const double f32 = std::ldexp(1.0, -24);
  plan.lowered = lower_nodes(plan, opts.boolean_mode == booleans::exact);
  plan.slope = plan.lowered->compare_slope();
  plan.plain_f32 = -1;
  // Without comparisons both modes build the same model: nothing to choose.
  if (opts.boolean_mode != booleans::automatic || plan.lowered->stats.comparisons == 0) return;
  plan.plain_f32 = plan.lowered->b.certified_length(f32, plan.slope);
  if (plan.plain_f32 >= plan.lowered->b.max_len()) return;
  std::unique_ptr<lowering> exact = lower_nodes(plan, true);
  const model_size s = exact->b.size(exact->b.layers_used());
  const bool fits = opts.max_model_bytes == 0 || s.bytes <= opts.max_model_bytes;
  if (fits && exact->b.certified_length(f32, plan.slope) > plan.plain_f32)
    plan.lowered = std::move(exact);
}

}  // namespace crasp::lower
