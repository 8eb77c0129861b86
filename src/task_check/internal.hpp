// Private to src/task_check: the pieces check.cpp puts together. A task to check, catalogue or
// spec alike, is opened by the task-source stage (task_source/source.hpp: its programs, its
// answer format, its instance source) and becomes a task_plan: the opened task and the result
// being filled in.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "crasp/frontend.hpp"
#include "crasp/task_check.hpp"
#include "crasp/task_spec.hpp"
#include "crasp/tasks.hpp"
#include "task_source/source.hpp"

namespace crasp::check_detail {

using sources::answering;
using sources::bin_instances;
using sources::enumeration;
using sources::instance_source;
using sources::task_instance;
using sources::task_program;
using tokens = std::vector<std::string>;

/// What opening a task for this check needs (task_source/source.hpp): the program folders, the
/// oracle's timeout, the short-input search's limits and the bins' lengths.
sources::source_options source_options_of(const task_check_options& options);

using sources::measure_lengths;

/// Everything run_task needs about one task: the opened task and the result being filled in.
struct task_plan : sources::opened_task {
  task_result head;  ///< name, source, category, format, vocab, program, published, paper verdicts
};

/// What one `crasp_model train` metrics.json says: the task it trained on and, per config, the
/// mean accuracy per length bin (series source "crasp_model train", pe the config's label with
/// its seed count). Errors name the file and what is wrong.
struct trained_metrics {
  std::string path;
  std::string task;
  std::vector<published_series> series;
};
std::optional<trained_metrics> read_trained_metrics(const std::string& path, diagnostics& diags);

/// crasp check --synth: runs options.synth_search for a plan without a witness and, when it
/// finds a program, makes it the plan's witness (head.synthesized holds its text); either way
/// head.synth_outcome says what happened. Errors of the search go to head.errors.
void search_witness(task_plan& plan, const task_check_options& options);

/// Makes `text` the plan's witness, loaded with the plan's vocabulary (a catalogue task's
/// family alphabet set to the check's symbols, a spec's `alphabets` applied), under `label`; a
/// synthesized witness replaces the candidates, a built one keeps them.
void adopt_witness(task_plan& plan, const std::string& text,
                   const std::string& label = "synthesized program", bool keep_candidates = false);

/// A regular-language spec (`regex` or `dfa`): crasp regular's decision into head.regular, and
/// its witness as the plan's when the spec names none (regular.cpp).
void decide_language(task_plan& plan);

/// Runs one task's check as crasp::check does (bins drawn with the task's own seeded stream).
/// `tick` is called once per unit of work (work_units).
task_result run_task(task_plan& plan, const task_check_options& options,
                     const std::vector<check_bin>& bins,
                     const std::function<void(const std::string&)>& tick);

/// A catalogue task's plan (its programs loaded with the check's vocabulary; a program that does
/// not load is recorded in the program's load_error).
task_plan plan_catalogue(const tasks::task_spec& task, const task_check_options& options);

/// A spec's plan: the spec parsed, its programs loaded with its alphabets and matched against
/// its format, its data read. Returns nullopt with located errors in `diags`.
std::optional<task_plan> plan_spec(const std::string& path, const task_check_options& options,
                                   diagnostics& diags);

/// Fills the witness's and the candidates' counterexample searches in `r` (r.witness and
/// r.candidates), given the bins already drawn.
bool search_counterexamples(task_plan& plan, const task_check_options& options,
                            const std::vector<bin_instances>& bins, std::mt19937_64& rng,
                            task_result& r);

/// Fills `r` with the interpreter's and each compiled model's accuracy on `bins`; `tick` is
/// called once per (engine, bin) unit of work.
void run_engines(const task_plan& plan, const ir::program& program,
                 const task_check_options& options, const std::vector<bin_instances>& bins,
                 task_result& r, const std::function<void(const std::string&)>& tick);

/// Units of work (for progress) a task costs with these options.
std::size_t work_units(const task_plan& plan, const task_check_options& options);

}  // namespace crasp::check_detail
