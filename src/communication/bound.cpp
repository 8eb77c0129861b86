// A program's own bound on prefix classes (include/crasp/communication.hpp): each unguarded
// count is Alice's part (one of alice + 1 numbers) plus Bob's, each local count needs its body
// at Alice's last `max offset` positions (one bit each); everything else Bob computes.
#include <cmath>
#include <variant>

#include "crasp/communication.hpp"

namespace crasp {

double program_bound::log2_classes(std::size_t alice) const {
  return static_cast<double>(counts) * std::log2(static_cast<double>(alice) + 1) +
         static_cast<double>(local_bits);
}

program_bound bound_of(const ir::program& program) {
  program_bound b;
  for (const ir::node& n : program.nodes) {
    const auto* c = std::get_if<ir::count>(&n.operation);
    if (!c) continue;
    if (!c->local) ++b.counts;
    else if (!c->offsets.empty()) b.local_bits += c->offsets.back();  // offsets are sorted
  }
  return b;
}

}  // namespace crasp
