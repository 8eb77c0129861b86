// The final verdicts: the literature's, confirmed or upgraded by what the witness program shows.
#include "crasp/task_check.hpp"

namespace crasp {

std::pair<tasks::verdict, tasks::verdict> final_verdicts(const tasks::task_spec& task,
                                                         std::optional<ir::program_class> witness,
                                                         bool witness_exact) {
  tasks::verdict nope = task.nope, ape = task.ape;
  const std::string where = "programs/" + task.program;
  if (!witness) return {nope, ape};
  if (!witness_exact) {
    // A wrong program witnesses nothing; the cited result stands on its own.
    const std::string warn = "; the bundled " + where + " is wrong on some tested input";
    nope.reason += warn;
    ape.reason += warn;
    return {nope, ape};
  }
  // A correct program in the class is the verdict's proof (checked here by testing, on every
  // tested length, against the task's reference).
  ape = {tasks::expressible::yes, ape.reason + "; witness " + where};
  if (*witness == ir::program_class::crasp) {
    std::string reason = "witness " + where + " is plain C-RASP (no positional predicate)";
    if (task.nope.value == tasks::expressible::no)
      reason += "; the literature says no: " + task.nope.reason;
    nope = {tasks::expressible::yes, std::move(reason)};
  }
  return {nope, ape};
}

}  // namespace crasp
