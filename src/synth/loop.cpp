// The counterexample-guided loop of crasp synth (search.hpp): rounds of enumeration over the
// training set, each candidate validated and then checked, every refutation joining the training
// set, until a program survives or the search stops.
#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "synth/search.hpp"

namespace crasp::synth {

namespace {

using clock_type = std::chrono::steady_clock;

double since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

}  // namespace

bool run_loop(const synth_options& o, task_setup& setup, search_state& state,
              const std::function<bool()>& stop, synth_report& report, diagnostics& diags,
              std::size_t max_rounds) {
  const std::size_t first_round = report.rounds.size();
  const auto out_of_rounds = [&] {
    if (max_rounds == 0 || report.rounds.size() - first_round < max_rounds) return false;
    report.stopped = fmt::format("{} rounds of counterexamples", max_rounds);
    return true;
  };
  for (;;) {
    round_result round = search_round(o, setup, state, stop);
    report.candidates += round.candidates;
    report.kept_per_size = round.kept_per_size;
    report.searched = round.kept;
    report.complete_size = round.complete_size;
    synth_round log{state.training.size(), round.positions, round.size, round.kept, {}, {}, round.seconds};
    log.complete_size = round.complete_size;
    if (round.internal_error) {
      diags.error("synth", round.stopped);
      return false;
    }
    if (!round.program) {
      report.stopped = round.stopped;
      report.rounds.push_back(log);
      break;
    }
    log.program = round.program->text;
    const auto refuted = validate(o, setup, state, *round.program, diags);
    if (diags.has_errors()) return false;
    if (refuted) {
      // The rules agree with every training decision by construction; a training instance
      // refuting them means the search and the interpreter read the program differently, and
      // adding it again would only repeat the round until the time limit.
      const auto same_input = [&](const task_instance& t) { return t.input == refuted->input; };
      if (std::any_of(state.training.begin(), state.training.end(), same_input)) {
        diags.error("synth", fmt::format("internal error: the candidate found disagrees with its own "
                                         "training instance {}", describe(*refuted)));
        return false;
      }
      log.counterexample = describe(*refuted);
      report.partial = round.program->text;
      report.rounds.push_back(log);
      if (o.progress)
        o.progress(fmt::format("round {}: size {} candidate refuted by {}", report.rounds.size(),
                               round.size, log.counterexample));
      state.training.push_back(*refuted);
      if (stop()) {
        report.stopped = o.cancel != nullptr && o.cancel->load() ? "interrupted" : "time limit reached";
        break;
      }
      if (out_of_rounds()) break;
      continue;
    }
    report.rounds.push_back(log);
    report.size = round.program->size;
    report.depth = round.program->depth;
    report.program = annotate(o, setup, state, report, *round.program);
    report.program_class = round.program->klass;
    // An interrupt during the search's last round leaves the check out too.
    const bool cancelled = o.cancel != nullptr && o.cancel->load();
    if (o.verify && !cancelled) {
      const auto t1 = clock_type::now();
      report.check = final_check(o, setup, report.program, diags);
      report.check_seconds += since(t1);
      if (!report.check) return false;
      const task_result& checked = report.check->tasks.front();
      report.verified = exact(checked);
      // A program its own check refutes is not found: its counterexample joins the training
      // set and the search goes on, as for a refutation by the validation set.
      if (checked.witness && checked.witness->found) {
        const auto& w = *checked.witness;
        task_instance cex{w.input, w.expected, w.length, "the final check: " + w.origin};
        report.rounds.back().counterexample = describe(cex) + " (the final check)";
        report.partial = round.program->text;
        report.program.clear();
        report.check.reset();
        report.verified = false;
        if (o.progress)
          o.progress(fmt::format("round {}: size {} candidate refuted by the final check: {}",
                                 report.rounds.size(), round.size,
                                 report.rounds.back().counterexample));
        const auto same_input = [&](const task_instance& t) { return t.input == cex.input; };
        if (std::any_of(state.training.begin(), state.training.end(), same_input)) {
          diags.error("synth", fmt::format("internal error: the candidate found disagrees with "
                                           "its own training instance {}",
                                           describe(cex)));
          return false;
        }
        state.training.push_back(std::move(cex));
        if (stop()) {
          report.stopped =
              o.cancel != nullptr && o.cancel->load() ? "interrupted" : "time limit reached";
          break;
        }
        if (out_of_rounds()) break;
        continue;
      }
    }
    report.found = true;
    break;
  }
  return true;
}

}  // namespace crasp::synth
