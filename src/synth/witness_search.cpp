// crasp check --synth: the search as a step of the check. crasp check cannot call crasp synth
// itself (synth is built on check), so it takes the search as task_check_options::synth_search,
// and this is the one crasp synth provides.
#include <fmt/format.h>

#include "crasp/synth.hpp"

namespace crasp {

witness_search synth_witness_search() {
  return [](const std::string& task, const task_check_options& options, diagnostics& diags) {
    synth_options o;
    o.task = task;
    o.time_limit = options.synth_time_limit;
    o.max_size = options.synth_max_size;
    o.check = options;
    o.check.progress = nullptr;
    o.verify = false;  // the check itself is what follows
    o.threads = 1;     // the check already runs one task per thread
    const auto report = synthesize(o, diags);
    if (!report) return found_program{"", "the search could not run (see the errors)"};
    if (!report->found)
      return found_program{"", fmt::format("none up to size {} ({}; {}; {} behaviours, {:.2f} s)",
                                            report->complete_size, report->stopped,
                                            report->grammar, report->searched, report->seconds)};
    return found_program{report->program,
                         fmt::format("found: size {}, depth {}, {} ({:.2f} s)", report->size,
                                     report->depth, report->program_class, report->seconds)};
  };
}

}  // namespace crasp
