// crasp::synthesize (synth.hpp): the counterexample-guided loop around the enumerator and the
// solver, and the final check of what it finds.
#include "crasp/synth.hpp"

#include <algorithm>
#include <chrono>
#include <random>
#include <set>

#include <fmt/format.h>

#include "crasp/frontend.hpp"
#include "crasp/task_spec.hpp"
#include "synth/search.hpp"
#include "synth/values.hpp"
#include "task_check/engines.hpp"
#include "task_check/internal.hpp"

namespace crasp {

namespace {

using clock_type = std::chrono::steady_clock;
using check_detail::task_instance;

double since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

bool valid(const synth_options& o, diagnostics& diags) {
  const auto bad = [&](const std::string& m) {
    diags.error("synth", m);
    return false;
  };
  if (o.task.empty()) return bad("no task given");
  if (o.max_size == 0 || o.max_size > 64) return bad("the largest size must be 1 .. 64");
  if (!(o.time_limit > 0)) return bad("the time limit must be positive");
  if (o.search_vocab == 0) return bad("the search vocabulary needs at least one symbol");
  if (o.max_shift > synth::layout::max_shift)
    return bad(fmt::format("local reads go back at most {} positions", synth::layout::max_shift));
  if (o.max_memory_mib == 0) return bad("the memory cap must be positive");
  if (o.threads > 256) return bad("at most 256 threads");
  return true;
}

}  // namespace

std::optional<synth_report> synthesize(const synth_options& o, diagnostics& diags) {
  if (!valid(o, diags)) return std::nullopt;
  const auto t0 = clock_type::now();
  synth_report report;
  report.task = o.task;

  // Where instances come from, and the family of symbols the program is written over.
  synth::task_setup setup;
  if (!synth::setup_task(o, setup, diags)) return std::nullopt;
  report.source = setup.source_name;
  report.format = setup.format;
  report.search_vocab = setup.family.size();

  const auto stop = [&] {
    // The final checks of refuted candidates come on top of the search's time, as the last one
    // does.
    return (o.cancel != nullptr && o.cancel->load()) ||
           since(t0) - report.check_seconds > o.time_limit;
  };
  synth::search_state state;
  if (!synth::initial_training(o, setup, state, diags)) return std::nullopt;
  if (!synth::validation_set(o, setup, state, diags)) return std::nullopt;

  for (;;) {
    synth::round_result round = synth::search_round(o, setup, state, stop);
    report.candidates += round.candidates;
    report.kept_per_size = round.kept_per_size;
    report.searched = round.kept;
    report.complete_size = round.complete_size;
    synth_round log{state.training.size(), round.positions, round.size, round.kept, {}, {}, round.seconds};
    if (round.stopped.rfind("internal error", 0) == 0) {
      diags.error("synth", round.stopped);
      return std::nullopt;
    }
    if (!round.program) {
      report.stopped = round.stopped;
      report.rounds.push_back(log);
      break;
    }
    log.program = round.program->text;
    const auto refuted = synth::validate(o, setup, state, *round.program, diags);
    if (diags.has_errors()) return std::nullopt;
    if (refuted) {
      // The rules agree with every training decision by construction; a training instance
      // refuting them means the search and the interpreter read the program differently, and
      // adding it again would only repeat the round until the time limit.
      const auto same_input = [&](const task_instance& t) { return t.input == refuted->input; };
      if (std::any_of(state.training.begin(), state.training.end(), same_input)) {
        diags.error("synth", fmt::format("internal error: the candidate found disagrees with its own "
                                         "training instance {}", synth::describe(*refuted)));
        return std::nullopt;
      }
      log.counterexample = synth::describe(*refuted);
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
      continue;
    }
    report.rounds.push_back(log);
    report.size = round.program->size;
    report.depth = round.program->depth;
    report.program = synth::annotate(o, setup, state, report, *round.program);
    report.program_class = round.program->klass;
    // An interrupt during the search's last round leaves the check out too.
    const bool cancelled = o.cancel != nullptr && o.cancel->load();
    if (o.verify && !cancelled) {
      const auto t1 = clock_type::now();
      report.check = synth::final_check(o, setup, report.program, diags);
      report.check_seconds += since(t1);
      if (!report.check) return std::nullopt;
      const task_result& checked = report.check->tasks.front();
      report.verified = synth::exact(checked);
      // A program its own check refutes is not found: its counterexample joins the training
      // set and the search goes on, as for a refutation by the validation set.
      if (checked.witness && checked.witness->found) {
        const auto& w = *checked.witness;
        task_instance cex{w.input, w.expected, w.length, "the final check: " + w.origin};
        report.rounds.back().counterexample = synth::describe(cex) + " (the final check)";
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
                                           synth::describe(cex)));
          return std::nullopt;
        }
        state.training.push_back(std::move(cex));
        if (stop()) {
          report.stopped =
              o.cancel != nullptr && o.cancel->load() ? "interrupted" : "time limit reached";
          break;
        }
        continue;
      }
    }
    report.found = true;
    break;
  }
  report.seconds = since(t0) - report.check_seconds;
  return report;
}

}  // namespace crasp
