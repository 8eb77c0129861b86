// The pieces of crasp::synthesize (synth.cpp): a task's instance source and symbol family
// (task_setup.cpp), one round of enumeration and solving (round.cpp), and the validation and
// final check of a candidate program (validate.cpp).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "crasp/synth.hpp"
#include "task_source/source.hpp"

namespace crasp::synth {

using sources::task_instance;

/// The task as the search sees it.
struct task_setup {
  std::string source_name = "catalogue";
  tasks::answer_format format = tasks::answer_format::accept;
  const tasks::task_spec* catalogue = nullptr;      ///< null for a spec
  std::shared_ptr<const task_file> spec;            ///< null for a catalogue task
  std::unique_ptr<sources::instance_source> source;  ///< instances over the search vocabulary
  std::vector<std::string> family;  ///< symbols read through variables (empty: none)
  std::string family_name;          ///< the alphabet they form in the program ("Sym")
};

/// Fills `setup` for options.task; false with an error for an unknown task or a broken spec.
bool setup_task(const synth_options& o, task_setup& setup, diagnostics& diags);

/// The training set, and the validation instances every candidate must pass.
struct search_state {
  std::vector<task_instance> training;
  std::vector<task_instance> validation;  ///< shortest first
  sources::enumeration searched;     ///< the short inputs among them (how far, or why not)
};

/// The shortest instances, up to options.initial_positions positions.
bool initial_training(const synth_options& o, task_setup& setup, search_state& state,
                      diagnostics& diags);
/// Every short input (up to the budget), the spec's data outside the bins, then the instances
/// of every bin of the final check, shortest first within each.
bool validation_set(const synth_options& o, task_setup& setup, search_state& state,
                    diagnostics& diags);

/// A program consistent with the training set.
struct candidate {
  std::string text;          ///< rules and alphabets, without the explanatory header
  std::string klass;         ///< "C-RASP" or "C-RASP[pos]"
  std::size_t size = 0, depth = 0;
  std::optional<ir::program> program;  ///< loaded over the search's vocabulary
};

struct round_result {
  std::optional<candidate> program;
  std::string stopped;  ///< why there is none
  /// The search itself went wrong (a program it wrote does not load): `stopped` says how, and
  /// the run ends with that error rather than a "none found".
  bool internal_error = false;
  std::size_t size = 0, complete_size = 0, kept = 0, candidates = 0, positions = 0;
  std::vector<std::size_t> kept_per_size;
  double seconds = 0;
};

/// Enumerates by size over the training set until every goal has a rule, a limit is reached or
/// `stop` says so.
round_result search_round(const synth_options& o, const task_setup& setup,
                          const search_state& state, const std::function<bool()>& stop);

/// The first validation instance the candidate gets wrong (nullopt: none).
std::optional<task_instance> validate(const synth_options& o, const task_setup& setup,
                                      const search_state& state, const candidate& c,
                                      diagnostics& diags);
/// "a b b => False (expected True)"-style rendering of an instance.
std::string describe(const task_instance& inst);

/// The program text with its explanatory header.
std::string annotate(const synth_options& o, const task_setup& setup, const search_state& state,
                     const synth_report& report, const candidate& c);

/// Rounds of the counterexample-guided loop with `o`'s grammar until a program survives its
/// validation and final check (report.found), or the search stops (report.stopped says why),
/// after at most `max_rounds` rounds when that is not 0: every refutation joins state.training,
/// rounds are appended to report.rounds. False on an error (in `diags`).
bool run_loop(const synth_options& o, task_setup& setup, search_state& state,
              const std::function<bool()>& stop, synth_report& report, diagnostics& diags,
              std::size_t max_rounds = 0);

/// crasp check's run of the task with `program` as the witness (over the check's vocabulary).
std::optional<check_report> final_check(const synth_options& o, const task_setup& setup,
                                       const std::string& program, diagnostics& diags);
/// Whether the check found the witness exact: every engine right on every bin it ran, no
/// counterexample, and at least one instance tested.
bool exact(const task_result& r);

}  // namespace crasp::synth
