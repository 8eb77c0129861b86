// Record the certified ranges: the longest inputs that certify.cpp's worst-case rounding
// analysis guarantees the model computes exactly, in float64 and in float32. They go into the
// stats and into the model's info, so that a run of a saved model can tell when its input
// leaves the range. The analysis counts model positions; n positions certify n - 1 program
// tokens (the internal BOS takes one).
#include <algorithm>
#include <cmath>
#include <string>

#include "compile/plan.hpp"

namespace crasp::lower {

void record_certified(compile_plan& plan) {
  const lowering& L = *plan.lowered;
  compile_stats& stats = plan.result.stats;
  const double f32 = std::ldexp(1.0, -24);
  stats.certified_f64 = std::max(0, L.b.certified_length(std::ldexp(1.0, -53), plan.slope) - 1);
  // choose_boolean_mode already measured plain Booleans' float32 range when it kept them.
  const int chosen_f32 = plan.plain_f32 >= 0 && !L.exact_booleans
                             ? plan.plain_f32
                             : L.b.certified_length(f32, plan.slope);
  stats.certified_f32 = std::max(0, chosen_f32 - 1);
  // With exact Booleans chosen automatically, what plain ones would have certified.
  if (plan.plain_f32 >= 0 && L.exact_booleans)
    stats.plain_certified_f32 = std::max(0, plan.plain_f32 - 1);
  plan.result.model.info["certified.f64"] = std::to_string(stats.certified_f64);
  plan.result.model.info["certified.f32"] = std::to_string(stats.certified_f32);
}

}  // namespace crasp::lower
