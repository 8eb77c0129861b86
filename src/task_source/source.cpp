// What every instance source shares (source.hpp).
#include "task_source/source.hpp"

#include <algorithm>

namespace crasp::sources {

void measure_lengths(bin_instances& bin) {
  for (const auto& inst : bin.items) {
    bin.lo = bin.lo == 0 ? inst.length : std::min(bin.lo, inst.length);
    bin.hi = std::max(bin.hi, inst.length);
  }
}

}  // namespace crasp::sources
