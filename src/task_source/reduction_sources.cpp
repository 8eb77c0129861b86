// The catalogue tasks a reduction may start from (crasp/task_spec.hpp): a spec's `reduces_from`
// is checked against them when the spec is read, and crasp/reduction.hpp's check_reduction
// refuses any other source.
#include "crasp/task_spec.hpp"
#include "crasp/tasks.hpp"

namespace crasp {

std::vector<std::string> reduction_sources() {
  std::vector<std::string> out;
  for (const auto& t : tasks::catalogue())
    if (t.decision && (t.ape.value == tasks::expressible::no ||
                            t.nope.value == tasks::expressible::no))
      out.push_back(t.name);
  return out;
}

}  // namespace crasp
