// crasp check: per task, the expressibility verdict with its evidence. A task is one of the
// catalogue (tasks.hpp) or a user's task spec (task_spec.hpp, docs/tasks.md). For a task with a
// witness program: the program's accuracy against the task's reference per length bin (training
// lengths, test lengths, and far past them), by the interpreter and by every compiled transformer
// that applies (APE, RoPE, NoPE; float64 and float32), and an exhaustive search over short inputs
// for a counterexample. For a catalogue task without one: the published impossibility result.
// Every wrong candidate gets the shortest counterexample crasp finds. Published (or, for a spec,
// the user's own) trained-model accuracies ride along for comparison. docs/check.md explains what
// a verdict does and does not mean. Nothing here prints, exits or throws for bad input: problems
// go to `diags`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "crasp/communication.hpp"
#include "crasp/reduction.hpp"
#include "crasp/regular.hpp"
#include "crasp/diagnostic.hpp"
#include "crasp/ir.hpp"
#include "crasp/model.hpp"
#include "crasp/published.hpp"
#include "crasp/tasks.hpp"
#include "crasp/verify.hpp"  // precision

namespace crasp {

struct task_check_options;

/// What `--synth`'s search found for a task without a witness.
struct found_program {
  std::string program;  ///< the program's .crasp text; empty when none was found
  /// What happened: "found: size 9, depth 3, C-RASP (0.41 s)", "none up to size 14 (...)",
  /// "the search could not run (see the errors)".
  std::string outcome;
};

/// A program search for one task (a catalogue name or a spec path) under the check's options.
/// Called from the check's worker threads, one task per call; errors go to `diags`.
using witness_search = std::function<found_program(
    const std::string& task, const task_check_options& options, diagnostics& diags)>;

/// What crasp check runs and on which lengths. The defaults are the Born fine-tuning setup
/// (train 4..100, test 101..200) plus two far bins at 10x and 100x the longest training length.
struct task_check_options {
  /// Catalogue task names (tasks::find) and task spec files (names ending in ".toml",
  /// docs/tasks.md), in report order; empty means the whole catalogue.
  std::vector<std::string> tasks;
  /// metrics.json files written by `python3 -m crasp_model train` (docs/training.md): each
  /// config's mean accuracy per length bin is shown beside its task's verdicts (a series with
  /// source "crasp_model train"). A file for a task not checked is an error.
  std::vector<std::string> trained_metrics;
  std::size_t train_lo = 4, train_hi = 100;
  std::size_t test_lo = 101, test_hi = 200;
  /// One single-length bin per factor f, at f * train_hi.
  std::vector<std::size_t> far_factors = {10, 100};
  /// Compiled variants; NoPE applies only to plain C-RASP programs.
  std::vector<model::positional> encodings = {model::positional::ape, model::positional::rope,
                                              model::positional::nope};
  std::vector<precision> precisions = {precision::f64, precision::f32};
  /// Instances per train / test bin (lengths uniform in the bin) and per far bin.
  std::size_t samples = 20;
  std::size_t far_samples = 2;
  /// A far bin of length L draws max(far_samples, min(samples, far_tokens / L)) instances, so
  /// the 10x bin (1,000 tokens, cheap) gets as many as a train bin and the 100x bin (10,000
  /// tokens; attention is quadratic in L) far_samples. 0: every far bin draws far_samples.
  std::size_t far_tokens = 20000;
  /// Hard instances crasp adds of its own per train / test bin and per far bin, for a spec that
  /// can answer any input (an oracle, a regular language): one-edit neighbours of sampled
  /// instances whose answer differs, and inputs of long runs (docs/tasks.md).
  std::size_t adversarial = 10;
  std::size_t far_adversarial = 2;
  /// Symbols of a catalogue task whose vocabulary varies (retrieval, copying, majority: k of
  /// tasks::symbols), clamped to the task's range; 0 keeps check_vocab's paper setup. Tasks with
  /// a fixed alphabet and task specs ignore it.
  std::size_t vocab = 0;
  /// The counterexample search tries every input up to this length (content tokens for a
  /// catalogue task, input tokens for a spec with an oracle) while the inputs enumerated stay
  /// within exhaustive_budget, then (for wrong candidates) random inputs of each longer length up
  /// to test_hi.
  std::size_t exhaustive_len = 12;
  std::size_t exhaustive_budget = 200000;
  /// Longest wait, in seconds, for the next line of a spec's generator or oracle.
  double oracle_timeout = 10;
  std::uint64_t seed = 1;
  /// Directory of the bundled programs (the repository's programs/).
  std::string programs_dir = "programs";
  /// Searched before programs_dir when not empty: a catalogue task whose program (or candidate)
  /// this folder holds runs that file instead; the others keep the bundled ones.
  std::string override_dir;
  /// Caps on each compiled variant: its float64 weights (compile_options::max_model_bytes) and
  /// the attention query-key pairs of all its instances (model::attention_pairs). A variant over
  /// either cap is not run; the task reports it as a problem.
  std::uint64_t max_model_bytes = default_max_model_bytes;
  double max_attention = model::default_max_attention;
  /// `--synth`: a task without a witness program first gets `synth_search` with these limits;
  /// a program found becomes its witness, checked like any other. crasp synth provides the
  /// search (synth_witness_search() in synth.hpp): it sits above crasp check in the build, so the
  /// caller plugs it in.
  bool synth = false;
  double synth_time_limit = 60;
  std::size_t synth_max_size = 14;
  witness_search synth_search;
  /// The communication analysis (communication.hpp) of every task, lengths 2 .. its max length,
  /// at most that many answers per length: a spec without a passing witness whose prefix
  /// classes grow exponentially gets `no (communication ...)`; a catalogue task shows the
  /// computed line beside its published verdict. `--no-communication` turns it off.
  bool communication = true;
  std::size_t communication_max_length = 10;
  std::size_t communication_budget = 1024;
  /// Worker threads over tasks (0: hardware concurrency). Results do not depend on it.
  unsigned threads = 0;
  /// Called after each unit of work (thread-safe: calls are serialized); `what` names it.
  std::function<void(std::size_t done, std::size_t total, const std::string& what)> progress;
};

/// A length bin: inputs of lo..hi content tokens (as tasks::generate counts them).
struct check_bin {
  std::string name;  ///< "train", "test", "10x", "100x"
  std::size_t lo = 0, hi = 0;
  std::size_t samples = 0;  ///< instances drawn per task (crasp's adversarial ones come on top)
  /// Adversarial instances crasp adds per task where the task can answer any input
  /// (task_check_options::adversarial, or far_adversarial for a far bin).
  std::size_t adversarial = 0;
};

/// Accuracy of one engine on one bin.
struct bin_result {
  std::size_t lo = 0, hi = 0;  ///< lengths actually drawn (a task may cap them, e.g. N <= k)
  std::size_t total = 0;       ///< 0: the task has no input in this bin
  std::size_t correct = 0;
  /// The first wrong instance, rendered "input => got (expected ...)", if any.
  std::string first_failure;
  /// Compiled models: every instance of the bin lies within the model's certified range in
  /// this precision (worst-case rounding bound), so its accuracy is guaranteed, not only
  /// measured. Always true for the interpreter (exact integer semantics).
  bool certified = false;
  [[nodiscard]] double accuracy() const {
    return total == 0 ? 0 : static_cast<double>(correct) / static_cast<double>(total);
  }
};

/// Which engine answered: the interpreter (the reference semantics) or a compiled model.
enum class engine_kind { interpreter, compiled };

/// Why an engine did not run, when it did not.
enum class engine_skip {
  none,            ///< it ran
  not_applicable,  ///< it cannot apply (NoPE for a C-RASP[pos] program): no evidence missing
  failed,          ///< it should have run and did not (no compile, over a size or attention cap)
};

/// One engine's results: the interpreter or a compiled model.
struct engine_result {
  std::string name;  ///< "interpreter", "APE f64", "RoPE f32", ... (engine_name of the fields below)
  bool applicable = true;  ///< false: not run (skipped says why, in kind; note in words)
  std::string note;  ///< why not applicable, or the model's size and certified range
  std::vector<bin_result> bins;  ///< parallel to check_report::bins
  engine_kind kind = engine_kind::interpreter;
  model::positional pe = model::positional::ape;  ///< compiled models only
  precision prec = precision::f64;                ///< compiled models only
  engine_skip skipped = engine_skip::none;
};

/// "interpreter", or a compiled model's encoding and precision: "APE f64", "NoPE f32".
std::string engine_name(engine_kind kind, model::positional pe, precision prec);
/// "APE", "RoPE" or "NoPE".
std::string_view encoding_name(model::positional pe);

/// The search for a counterexample to a program: a wrong candidate (which it should refute), or
/// the witness (which it should not).
struct candidate_result {
  std::string program;        ///< the file as the report names it ("nrfirst.crasp", a spec path)
  bool found = false;
  std::size_t length = 0;     ///< the counterexample's length (the task's unit; the shortest found)
  /// Whether every shorter input was tried (the exhaustive search reached past it).
  bool shortest = false;
  std::size_t searched = 0;   ///< instances tried
  std::size_t exhaustive_len = 0;  ///< every input up to this length was tried (0: none)
  /// Which inputs the exhaustive phase tried, and in what unit its length counts ("every token
  /// string over the programs' 5 tokens", "inputs shaped like the generator's: ...").
  std::string exhaustive_space;
  /// Why no exhaustive search ran (a spec without an oracle, or without input tokens); empty
  /// when it ran. A witness is not called "yes" without it.
  std::string exhaustive_skipped;
  std::vector<std::string> input, expected, got;
  std::string origin;         ///< where the counterexample came from ("exhaustive", "oracle, input 17", ...)
  std::vector<bin_result> bins;  ///< the program's interpreter accuracy per bin
};

/// The published trained-model results for a task (empty when the papers report none in text).
std::vector<published_series> published_results(tasks::task_id id);

/// Everything crasp check found about one task.
struct task_result {
  std::string task;
  std::string source = "catalogue";  ///< "catalogue", or the path of the task spec
  std::string description;           ///< a spec's description (empty for catalogue tasks)
  std::string category;              ///< catalogue category; "task spec" for a spec
  tasks::answer_format format = tasks::answer_format::accept;
  std::string program;        ///< witness program file, empty if none
  /// With --synth: the program crasp synth found for a task without a witness (its text), or
  /// why none was found ("none up to size 14 (time limit)"); empty otherwise.
  std::string synthesized;
  std::string synth_outcome;
  std::string program_class;  ///< "C-RASP" or "C-RASP[pos]" (empty without a program)
  std::size_t vocab = 0;      ///< vocabulary size used (symbols the programs read)
  /// Final verdicts: the literature's, confirmed or upgraded by the witness program (a plain
  /// C-RASP witness proves NoPE expressibility); for a spec, what the witness shows (see
  /// docs/check.md and docs/tasks.md).
  tasks::verdict nope, ape;
  std::optional<bool> paper_nope, paper_ape;
  /// Whether the final verdict matches the paper's table (true where the paper gives none).
  bool agrees_nope = true, agrees_ape = true;
  /// A spec's `expect` and whether the C-RASP[pos] verdict agrees with it ("no" and "unknown"
  /// agree with any verdict but yes: testing cannot prove an impossibility).
  std::optional<tasks::expressible> expect;
  bool agrees_expect = true;
  /// Instances the witness was judged on: the interpreter's bins and the counterexample search.
  std::size_t tested = 0;
  /// Per bin, how its instances were made, by kind: "sampled" (the task's own distribution),
  /// "data", and crasp's adversarial kinds ("one-edit", "run-length"; a regular language's
  /// "boundary", ...). Empty for catalogue tasks, whose generators are the papers'.
  std::vector<std::map<std::string, std::size_t>> mix;
  /// The adversarial instances among them (every kind but "sampled" and "data").
  [[nodiscard]] std::size_t adversarial() const;
  std::vector<engine_result> engines;      ///< interpreter first; empty without a program
  /// The counterexample search on the witness (exhaustive short inputs, then the bins); nullopt
  /// without a witness. found = the witness is wrong: the verdict is "refuted".
  std::optional<candidate_result> witness;
  std::vector<candidate_result> candidates;  ///< one per wrong candidate, in spec order
  std::vector<published_series> published;
  /// The communication analysis (nullopt when off, or when it could not run: why in
  /// communication_error).
  std::optional<communication_report> communication;
  std::string communication_error;
  /// A spec's declared reduction (`reduces_from`, reduction.hpp), checked: when the map holds,
  /// the source's published no carries over. nullopt without one, or when it could not be
  /// checked (why in reduction_error).
  std::optional<reduction_report> reduction;
  std::string reduction_error;
  /// The catalogue task a spec is up to renaming symbols (find_renaming), when one is; run with
  /// the communication analysis. Its published no decides a spec that nothing else decided.
  std::optional<renaming_match> same_as;
  /// A regular-language spec's decision (`regex` or `dfa`; crasp/regular.hpp, docs/regular.md).
  /// Its no decides the NoPE column of a spec nothing else decided (not for labels `next`,
  /// which it does not determine); for a yes its witness is the spec's when the spec names
  /// none, and is checked like any witness.
  std::optional<regular_decision> regular;
  /// False when a witness is wrong somewhere, a candidate survives, a program could not be
  /// loaded or compiled, a verdict disagrees with the paper or with `expect`, or a spec's
  /// generator or oracle failed.
  bool ok = true;
  std::vector<std::string> problems;  ///< why not ok, one line each
  /// Protocol and input errors while running a spec (a generator that crashed, an oracle that
  /// stopped answering, a token outside the program's alphabet), located in the spec.
  diagnostics errors;
  double seconds = 0;
};

struct check_report {
  task_check_options options;  ///< as run (progress dropped)
  std::vector<check_bin> bins;
  std::vector<task_result> tasks;
  double seconds = 0;
  [[nodiscard]] bool ok() const {
    for (const auto& t : tasks)
      if (!t.ok) return false;
    return true;
  }
};

/// The vocabulary size k crasp check runs a catalogue task with (tasks::symbols(task, k) are its
/// symbols): the papers' setups, 5 symbols for retrieval and copying with repeats, 150 distinct
/// symbols for UF, UB, sort and unique_copy, 26 letters for majority, the fixed alphabet
/// otherwise. It differs from the catalogue's `default_vocab` for UF and UB (5, which suits small
/// examples); `crasp tasks` shows it.
std::size_t check_vocab(const tasks::task_spec& task);

/// check_vocab(task), or `requested` clamped to the task's range when the task's vocabulary
/// varies and `requested` is not 0 (task_check_options::vocab).
std::size_t check_vocab(const tasks::task_spec& task, std::size_t requested);

/// The bins the options describe: train, test, then one per far factor (none when far_samples
/// is 0).
std::vector<check_bin> check_bins(const task_check_options& options);

/// The final verdicts of a task given its witness program's class (nullopt: no program) and
/// whether the witness was exact everywhere it ran: a witness that fails proves nothing, and a
/// cited "yes" is then shown as unknown (a failing witness never shows yes); a plain C-RASP
/// witness makes NoPE "yes" even where the literature says otherwise (the disagreement is
/// reported, not hidden). `program` names the witness file in reasons (default: the bundled one);
/// `not_run` says the witness answered right wherever it ran but some compiled variant could not
/// be built or run (over a size or attention limit), which the reason then says instead.
std::pair<tasks::verdict, tasks::verdict> final_verdicts(const tasks::task_spec& task,
                                                         std::optional<ir::program_class> witness,
                                                         bool witness_exact,
                                                         const std::string& program = {},
                                                         bool not_run = false);

/// The final verdicts of a user's task: C-RASP[pos] "yes" exactly when the witness was exact on
/// every bin, engine and searched input, was run on at least one (`tested` instances in all),
/// and the exhaustive search of short inputs ran (`search`, the witness's counterexample
/// search); NoPE "yes" when that witness is also plain C-RASP; "unknown" otherwise (without a
/// witness, with one that is refuted or fails on a model, with nothing to test it on, or without
/// the exhaustive search).
std::pair<tasks::verdict, tasks::verdict> spec_verdicts(const std::string& witness,
                                                        std::optional<ir::program_class> klass,
                                                        bool witness_exact,
                                                        const candidate_result* search,
                                                        std::size_t tested);

/// How a verdict cell reads: "yes", "no", "unknown", "refuted" when the witness has a
/// counterexample; a spec's yes with its evidence, "yes (witness; exhaustive to length 9, 4213
/// instances)", or "yes (found; ...)" when the witness is a program crasp synth found (a
/// catalogue task's: "yes (found)").
std::string verdict_label(const task_result& t, bool nope);

/// Runs the check. Returns nullopt (with errors in `diags`) for unusable options and for
/// unusable specs, before anything runs: an unknown task name, empty or inverted bins, zero
/// samples, a spec with errors (TOML syntax, keys, files, programs that do not load or do not
/// fit the format). Problems with a single task met while running (a bundled program that fails
/// to load, a generator that crashes) are recorded in its task_result instead.
std::optional<check_report> check(const task_check_options& options, diagnostics& diags);

/// Checks the one task of options.tasks with `program` (.crasp text, loaded with the task's
/// vocabulary) as its witness in place of its own, as crasp synth's final check of a program it
/// found (the verdict reads "yes (found)"; wrong candidates are not searched). Returns nullopt
/// (errors in `diags`) for unusable options or a spec that does not open.
std::optional<check_report> check_found_program(const task_check_options& options,
                                                const std::string& program, diagnostics& diags);

/// The report as JSON (schema in docs/check.md), pretty-printed with two-space indentation.
std::string check_report_json(const check_report& report);

/// Accuracy against length, one panel per task: the compiled program's engines, the wrong
/// candidate if any, and the published trained-model results. A standalone SVG document.
std::string check_plot_svg(const check_report& report);

}  // namespace crasp
