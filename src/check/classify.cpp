// Classification: a program needs positions (C-RASP[pos]) exactly when some node reads another
// position than i (a guarded count with an offset i - j > 0) or depends on i itself (a periodic
// predicate that is not constant); its depth is the deepest chain of nested counts. A guard that
// only admits j == i, or a predicate true (or false) at every i, is computable without positions,
// and the compiler (positional_reason in src/compile/positions_needed.cpp) agrees: NoPE compiles them.
#include <algorithm>

#include "check/context.hpp"

namespace crasp::checker {
namespace {

bool needs_positions(const ir::op& operation) {
  if (const auto* c = std::get_if<ir::count>(&operation))
    return c->local && std::any_of(c->offsets.begin(), c->offsets.end(), [](auto o) { return o != 0; });
  if (const auto* p = std::get_if<ir::periodic>(&operation))
    return std::any_of(p->residues.begin(), p->residues.end(),
                       [&](bool r) { return r != p->residues.front(); });
  return false;
}

}  // namespace

void classify(ir::program& p) {
  p.klass = ir::program_class::crasp;
  p.depth = 0;
  for (const ir::node& n : p.nodes) {
    p.depth = std::max(p.depth, n.depth);
    if (needs_positions(n.operation)) p.klass = ir::program_class::crasp_pos;
  }
}

}  // namespace crasp::checker
