// Assemble the model: the chosen lowering's sparse pieces (builder.hpp) become dense matrices,
// and what the lowering measured becomes the compiled program's probes and statistics. This is
// the only pass that allocates weights, so it runs after check_size has accepted their size.
#include <utility>

#include "compile/plan.hpp"

namespace crasp::lower {

void assemble_model(compile_plan& plan) {
  lowering& L = *plan.lowered;
  compiled_program& out = plan.result;
  out.model = L.b.assemble(L.b.layers_used(), 0);  // BOS is token 0 (lowering's constructor)
  out.probes = std::move(L.probes);
  out.stats = L.stats;
  out.stats.size = plan.size;
  // The constants the gadgets were built with, reported only when some gadget uses them.
  out.stats.compare_slope = L.stats.comparisons > 0 ? L.compare_slope() : 0.0;
  out.stats.guard_beta = L.stats.guard_reads > 0 ? L.guard_beta() : 0.0;
  out.stats.exact_booleans = L.exact_booleans;
}

}  // namespace crasp::lower
