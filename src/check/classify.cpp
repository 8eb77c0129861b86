// Classification: a program needs positions (C-RASP[pos]) exactly when some node is a guarded
// count or a periodic predicate; its depth is the deepest chain of nested counts.
#include <algorithm>

#include "check/context.hpp"

namespace crasp::checker {

void classify(ir::program& p) {
  p.klass = ir::program_class::crasp;
  p.depth = 0;
  for (const ir::node& n : p.nodes) {
    p.depth = std::max(p.depth, n.depth);
    const auto* c = std::get_if<ir::count>(&n.operation);
    if ((c && c->local) || std::holds_alternative<ir::periodic>(n.operation))
      p.klass = ir::program_class::crasp_pos;
  }
}

}  // namespace crasp::checker
