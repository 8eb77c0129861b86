// Private to src/task_check: the pieces check.cpp puts together. A task to check, catalogue or
// spec alike, becomes a task_plan: its programs (loaded), its answer format, and an
// instance_source that draws the instances of a bin, enumerates short inputs with their reference
// answers for the counterexample search, and draws random instances of one length.
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
#include "task_check/adversarial.hpp"
#include "task_spec/protocols.hpp"

namespace crasp::check_detail {

using spec_detail::task_instance;
using tokens = std::vector<std::string>;

/// The instances of one bin, each with its reference answer.
struct bin_instances {
  std::size_t lo = 0, hi = 0;  ///< lengths actually drawn (0, 0 when the task has none in the bin)
  std::vector<task_instance> items;
  /// How they were made: "sampled" (the source's own distribution), "data", and the kinds of
  /// adversarial instance (adversarial.hpp).
  std::map<std::string, std::size_t> mix;
};

/// Sets bin.lo and bin.hi to the shortest and longest length among its items.
void measure_lengths(bin_instances& bin);

/// Instances bin `b` of check_bins(options) draws from the source's distribution, and
/// adversarial ones crasp adds (train and test bins: options.samples and options.adversarial;
/// far bins: options.far_samples and options.far_adversarial).
std::size_t bin_samples(const task_check_options& options, std::size_t b);
std::size_t bin_adversarial(const task_check_options& options, std::size_t b);

/// How far an exhaustive enumeration of short inputs got.
struct enumeration {
  std::size_t covered = 0;  ///< every input of this length or shorter was visited (0: none)
  std::string space;        ///< which inputs, and where their tokens come from
  std::string skipped;      ///< why nothing was enumerated (empty when the search ran)
};

/// A program a task runs: the witness or a wrong candidate.
struct task_program {
  std::string label;  ///< as the report names it
  std::optional<ir::program> program;
  std::string load_error;  ///< why it did not load (catalogue tasks record it as a problem)
};

/// Where a task's instances and reference answers come from.
class instance_source {
 public:
  virtual ~instance_source() = default;
  /// The instances of one bin: `count` lengths drawn uniformly in the bin (within the task's
  /// limits), and up to `adversarial` hard instances of crasp's own near them where the source
  /// can answer any input. Returns false (with errors in `diags`) when a protocol failed.
  virtual bool draw(const check_bin& bin, std::size_t count, std::size_t adversarial,
                    std::mt19937_64& rng, bin_instances& out, diagnostics& diags) = 0;
  /// Visits short inputs with their reference answers, shortest first, while `visit` returns
  /// true and the options' budget lasts, and says in `out` how far it got. A source that cannot
  /// enumerate visits nothing and says why in out.skipped: that is never silent, since a verdict
  /// of yes needs the search.
  virtual bool enumerate(const task_check_options& options,
                         const std::function<bool(const task_instance&)>& visit,
                         enumeration& out, diagnostics& diags) = 0;
  /// Random instances of exactly `length` for the wrong candidates' search (none when the
  /// source has none of that length).
  virtual bool random(std::size_t length, std::size_t count, std::mt19937_64& rng,
                      std::vector<task_instance>& out, diagnostics& diags) = 0;
  /// The first length the random search starts from, given that enumerate covered `covered`.
  [[nodiscard]] virtual std::size_t random_from(std::size_t covered) const = 0;
  /// Whether a counterexample found after the enumeration (which covered `covered`, in the
  /// source's own measure of length) is a shortest one.
  [[nodiscard]] virtual bool shortest_at(const task_instance& inst, std::size_t covered) const = 0;
  /// How the source answers inputs it did not draw, for the instances a witness's comparisons
  /// point to (program_boundary.hpp); `out.answer` stays empty when it cannot (a generator
  /// without an oracle, a catalogue task). False when learning the input shape failed.
  virtual bool answerer(answering& out, diagnostics& diags) {
    (void)out, (void)diags;
    return true;
  }
  /// Fixed instances every program is also judged on (a spec's data outside the bins).
  [[nodiscard]] virtual const std::vector<task_instance>& fixed() const {
    static const std::vector<task_instance> none;
    return none;
  }
};

/// Everything run_task needs about one task.
struct task_plan {
  task_result head;  ///< name, source, category, format, vocab, program, published, paper verdicts
  const tasks::task_spec* catalogue = nullptr;  ///< literature verdicts; null for a spec
  std::optional<task_program> witness;
  std::vector<task_program> candidates;
  std::unique_ptr<instance_source> source;
  std::shared_ptr<const task_file> spec;  ///< null for a catalogue task
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

/// The instance source of a catalogue task with vocabulary size k (crasp synth searches over a
/// smaller vocabulary than the check's).
std::unique_ptr<instance_source> catalogue_source(const tasks::task_spec& task, std::size_t k);

/// crasp check --synth: runs crasp synth's search for a plan without a witness and, when it
/// finds a program, makes it the plan's witness (head.synthesized holds its text); either way
/// head.synth_outcome says what happened. Errors of the search go to head.errors.
void synthesize_witness(task_plan& plan, const task_check_options& options);

/// Makes `text` the plan's witness, loaded with the plan's vocabulary (a catalogue task's
/// family alphabet set to the check's symbols, a spec's `alphabets` applied).
void adopt_witness(task_plan& plan, const std::string& text);

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
