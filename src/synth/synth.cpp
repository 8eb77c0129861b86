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
#include "task_source/answer.hpp"

namespace crasp {

namespace {

using clock_type = std::chrono::steady_clock;
using sources::task_instance;

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

  // Plain C-RASP first: a program without positions witnesses NoPE as well as APE, and the
  // smallest program overall may use positions where a plain one exists (#a == #b written with
  // i % 2). Counterexamples found in that phase stay in the training set.
  if (!o.nope && o.plain_first) {
    synth_options plain = o;
    plain.nope = true;
    // Its share counts from its own start: answering the validation set through a spec's
    // oracle can take much of it (tens of seconds on a loaded machine), which left the plain
    // phase stopping at size 1.
    const double limit = since(t0) + o.time_limit * o.plain_share;
    const auto plain_stop = [&] {
      return (o.cancel != nullptr && o.cancel->load()) ||
             since(t0) - report.check_seconds > limit;
    };
    if (!synth::run_loop(plain, setup, state, plain_stop, report, diags, o.plain_rounds))
      return std::nullopt;
    for (auto& r : report.rounds) r.plain = true;
    if (report.found) {
      report.plain_first = "found";
    } else {
      report.plain_first = fmt::format("none up to size {} ({})", report.complete_size,
                                       report.stopped);
    }
  }
  const bool cancelled = o.cancel != nullptr && o.cancel->load();
  report.grammar =
      o.nope ? fmt::format("plain C-RASP (no local reads, no periodic predicates), constants 0 .. {}",
                           o.max_constant)
             : fmt::format("local reads up to j == i - {}, periodic i % m for m up to {}, "
                           "constants 0 .. {}",
                           o.max_shift, o.max_modulus, o.max_constant);
  if (!report.found && !cancelled) {
    if (!report.plain_first.empty() && o.progress)
      o.progress("plain C-RASP: " + report.plain_first + "; now with positions");
    report.stopped.clear();
    if (!synth::run_loop(o, setup, state, stop, report, diags)) return std::nullopt;
  }
  report.seconds = since(t0) - report.check_seconds;
  return report;
}

}  // namespace crasp
