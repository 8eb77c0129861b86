// Task sources: a task opened from the catalogue or from a spec, the same way for every stage
// that works on tasks (crasp check, synth, the communication analysis, reductions). An opened
// task holds its programs (loaded with the task's vocabulary), its answer format and an
// instance_source that draws the instances of a range of lengths, enumerates short inputs with
// their reference answers, draws random instances of one length and, where it can, answers
// inputs it did not draw. Nothing here prints, exits or throws for bad input.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "crasp/diagnostic.hpp"
#include "crasp/ir.hpp"
#include "crasp/task_spec.hpp"
#include "crasp/tasks.hpp"
#include "task_source/adversarial.hpp"
#include "task_source/protocols.hpp"

namespace crasp::sources {

using spec_detail::task_instance;
using tokens = std::vector<std::string>;

/// A range of input lengths (content tokens, as tasks::generate counts them).
struct length_range {
  std::size_t lo = 0, hi = 0;
};

/// What opening a task needs besides its name.
struct source_options {
  /// Directory of the bundled programs, and a folder searched before it (empty: none) whose
  /// files replace the bundled ones of the same name.
  std::string programs_dir = "programs";
  std::string override_dir;
  /// Longest wait, in seconds, for the next line of a spec's generator or oracle.
  double oracle_timeout = 10;
  /// The enumeration of short inputs: every input up to this length while the inputs stay
  /// within the budget.
  std::size_t exhaustive_len = 12;
  std::size_t exhaustive_budget = 200000;
  /// The length ranges the caller will draw from: a spec's data outside all of them become the
  /// source's fixed() instances.
  std::vector<length_range> ranges;
};

/// The source options of a check's settings: `o` has the fields above under the same names
/// (crasp::task_check_options, whose stage is above this one, hence the template) and `bins`
/// are its length bins (anything with lo and hi). crasp check and crasp synth both open their
/// tasks through it, so the two read the same settings the same way.
template <class CheckOptions, class Bins>
source_options source_options_of(const CheckOptions& o, const Bins& bins) {
  source_options s;
  s.programs_dir = o.programs_dir;
  s.override_dir = o.override_dir;
  s.oracle_timeout = o.oracle_timeout;
  s.exhaustive_len = o.exhaustive_len;
  s.exhaustive_budget = o.exhaustive_budget;
  for (const auto& b : bins) s.ranges.push_back({b.lo, b.hi});
  return s;
}

/// The instances of one range, each with its reference answer.
struct bin_instances {
  std::size_t lo = 0, hi = 0;  ///< lengths actually drawn (0, 0 when the task has none in the bin)
  std::vector<task_instance> items;
  /// How they were made: "sampled" (the source's own distribution), "data", and the kinds of
  /// adversarial instance (adversarial.hpp).
  std::map<std::string, std::size_t> mix;
};

/// Sets bin.lo and bin.hi to the shortest and longest length among its items.
void measure_lengths(bin_instances& bin);

/// How far an exhaustive enumeration of short inputs got.
struct enumeration {
  std::size_t covered = 0;  ///< every input of this length or shorter was visited (0: none)
  std::string space;        ///< which inputs, and where their tokens come from
  std::string skipped;      ///< why nothing was enumerated (empty when the search ran)
};

/// A program a task runs: the witness or a wrong candidate.
struct task_program {
  std::string label;  ///< as reports name it
  std::optional<ir::program> program;
  std::string load_error;  ///< why it did not load (catalogue tasks record it as a problem)
};

/// Where a task's instances and reference answers come from.
class instance_source {
 public:
  virtual ~instance_source() = default;
  /// The instances of one range: `count` lengths drawn uniformly in it (within the task's
  /// limits), and up to `adversarial` hard instances of crasp's own near them where the source
  /// can answer any input. Returns false (with errors in `diags`) when a protocol failed.
  virtual bool draw(const length_range& range, std::size_t count, std::size_t adversarial,
                    std::mt19937_64& rng, bin_instances& out, diagnostics& diags) = 0;
  /// Visits short inputs with their reference answers, shortest first, while `visit` returns
  /// true and the options' budget lasts, and says in `out` how far it got. A source that cannot
  /// enumerate visits nothing and says why in out.skipped: that is never silent, since a verdict
  /// of yes needs the search.
  virtual bool enumerate(const source_options& options,
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
  /// point to; `out.answer` stays empty when it cannot (a generator without an oracle, a
  /// catalogue task). False when learning the input shape failed.
  virtual bool answerer(answering& out, diagnostics& diags) {
    (void)out, (void)diags;
    return true;
  }
  /// Fixed instances every program is also judged on (a spec's data outside the ranges).
  [[nodiscard]] virtual const std::vector<task_instance>& fixed() const {
    static const std::vector<task_instance> none;
    return none;
  }
};

/// A task opened from the catalogue or from a spec.
struct opened_task {
  std::string name;                  ///< the catalogue name, or the spec's `name`
  std::string origin = "catalogue";  ///< "catalogue", or the path of the spec
  tasks::answer_format format = tasks::answer_format::accept;
  std::size_t vocab = 0;  ///< symbols the inputs are made of
  const tasks::task_spec* catalogue = nullptr;  ///< null for a spec
  std::shared_ptr<const task_file> spec;        ///< null for a catalogue task
  std::optional<task_program> witness;
  std::vector<task_program> candidates;
  std::unique_ptr<instance_source> source;
};

/// A catalogue task with vocabulary size k: its bundled programs (or the override folder's)
/// loaded with the task's family alphabet set to its k symbols (a program that does not load is
/// recorded in its load_error), and its own generator, enumerator and solver as the source.
opened_task open_catalogue(const tasks::task_spec& task, std::size_t k,
                           const source_options& options);

/// The instance source alone of a catalogue task with vocabulary size k (crasp synth searches
/// over a smaller vocabulary than the check's).
std::unique_ptr<instance_source> catalogue_source(const tasks::task_spec& task, std::size_t k);

/// A spec: parsed and validated, its programs loaded with its alphabets and matched against its
/// format, its data read and checked against the programs' alphabets, its source built (a
/// regular language, or its generator, oracle and data). Returns nullopt with located errors in
/// `diags`: everything here happens before any task runs, so that a broken spec is refused up
/// front instead of failing half way through a report.
std::optional<opened_task> open_spec(const std::string& path, const source_options& options,
                                     diagnostics& diags);

/// "C-RASP" or "C-RASP[pos]".
std::string class_name(const ir::program& program);

}  // namespace crasp::sources
