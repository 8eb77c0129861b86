// crasp synth: find a C-RASP[pos] program for a task. Bottom-up enumeration of expressions by
// size over the positions of a training set, one expression per distinct behaviour
// (observational equivalence), output rules assembled from single expressions or small
// conjunctions / disjunctions of them, in a counterexample-guided loop: the smallest program
// consistent with the training set is run on longer instances, a failing instance joins the
// training set, and the search starts again. A program that survives is checked as crasp check
// checks a witness (bins, compiled models, short-input search). docs/synth.md explains the
// search, what a result does and does not show, and its limits. Nothing here prints, exits or
// throws for bad input: problems go to `diags`.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "crasp/diagnostic.hpp"
#include "crasp/task_check.hpp"

namespace crasp {

struct synth_options {
  /// A catalogue task name or a task spec file (ending in ".toml"), as for crasp check.
  std::string task;
  /// Largest expression size searched (token tests, `true` and `#` count 1; see docs/synth.md).
  std::size_t max_size = 14;
  /// Seconds for the search (the final check comes on top).
  double time_limit = 60;
  /// C-RASP only (NoPE): no local reads `j == i - c` and no periodic `i % m == r`.
  bool nope = false;
  /// Without `nope`: search plain C-RASP first, for at most `plain_rounds` rounds of
  /// counterexamples and `plain_share` of the time limit, and only then C-RASP[pos]. A plain
  /// program witnesses NoPE too, so a task that needs no positions gets its NoPE verdict even
  /// where a positional program is smaller. The round cap keeps the result independent of the
  /// machine's speed wherever the phase ends before the time share.
  bool plain_first = true;
  std::size_t plain_rounds = 8;
  double plain_share = 1.0 / 3;
  /// Local reads `exists[j <= i, j == i - c]` for c = 1 .. max_shift; periodic predicates for
  /// moduli 2 .. max_modulus; comparisons with constants 0 .. max_constant.
  std::size_t max_shift = 2, max_modulus = 2, max_constant = 2;
  /// Symbols of a variable vocabulary (UR's t0 .. t{k-1}, majority's letters) while searching:
  /// the program is written over the family (`next[a in Sym]`), so the same text then runs on
  /// the check's vocabulary.
  std::size_t search_vocab = 3;
  /// Memory for the kept behaviours, in MiB; past it the search stops (reported as such).
  std::size_t max_memory_mib = 1024;
  /// Threads evaluating candidates (0: all cores). The programs found do not depend on it.
  unsigned threads = 0;
  /// Positions of the first training set (the shortest instances, all of them up to a length).
  std::size_t initial_positions = 300;
  /// Instances of the short-input validation each candidate program must pass.
  std::size_t validation_budget = 20000;
  /// The final check: bins, engines, samples, seed, programs_dir (its `tasks` is ignored).
  task_check_options check;
  /// Whether to run the final check at all (false: the search and its validation only).
  bool verify = true;
  /// Progress lines ("round 2: size 9, 41,233 behaviours").
  std::function<void(const std::string&)> progress;
  /// Polled during the search: when it becomes true the search stops and reports what it has.
  const std::atomic<bool>* cancel = nullptr;
};

/// One round of the counterexample-guided loop.
struct synth_round {
  std::size_t instances = 0, positions = 0;  ///< training set
  std::size_t size = 0;                      ///< largest size enumerated
  std::size_t kept = 0;                      ///< distinct behaviours kept
  std::string program;                       ///< the candidate found (empty: none)
  std::string counterexample;                ///< the instance that refuted it, rendered
  double seconds = 0;
  bool plain = false;                        ///< a round of the plain C-RASP phase
  /// Largest size enumerated and solved completely (a round stopped inside a size did not
  /// complete it; one that found a candidate completed the size it found it at).
  std::size_t complete_size = 0;
};

struct synth_report {
  std::string task;
  std::string source = "catalogue";  ///< "catalogue" or the spec's path
  tasks::answer_format format = tasks::answer_format::accept;
  /// A program consistent with every training and validation instance was found.
  bool found = false;
  /// It was also exact in the final check (every bin, every engine, the short-input search).
  bool verified = false;
  std::string program;  ///< .crasp text (with comments saying how it was found)
  std::string program_class;  ///< "C-RASP" or "C-RASP[pos]"
  std::size_t size = 0, depth = 0;
  /// Without a program: why the search ended ("no program up to size 14", "time limit",
  /// "memory cap reached at size 11", "interrupted").
  std::string stopped;
  /// The plain C-RASP phase (plain_first): "found", or "none up to size N (why)"; empty when
  /// it did not run (--pe nope, or plain_first off).
  std::string plain_first;
  /// The expression grammar the last phase searched, with its bounds ("local reads up to
  /// j == i - 2, periodic i % m for m up to 2, constants 0 .. 2"): with `stopped`, what a
  /// "none" covers.
  std::string grammar;
  /// Every expression up to this size was enumerated in the last round.
  std::size_t complete_size = 0;
  std::vector<std::size_t> kept_per_size;  ///< the last round's distinct behaviours per size
  std::size_t searched = 0;                ///< distinct behaviours of the last round
  std::size_t candidates = 0;              ///< expressions evaluated, all rounds
  std::size_t search_vocab = 0;            ///< family symbols searched over (0: no family)
  std::vector<synth_round> rounds;
  /// The last refuted candidate (the best partial result when nothing survived).
  std::string partial;
  double seconds = 0;         ///< the search
  double check_seconds = 0;   ///< the final check
  /// The final check of the program found: crasp check's report of this one task.
  std::optional<check_report> check;
};

/// The search `crasp check --synth` runs for a task without a witness
/// (task_check_options::synth_search): synthesize() with the check's options and its synth_*
/// limits, one thread, no final check of its own (the check follows).
witness_search synth_witness_search();

/// Runs the search. Returns nullopt (errors in `diags`) for an unknown task, a spec that does
/// not load, or a task without a generator, oracle or data to search with.
std::optional<synth_report> synthesize(const synth_options& options, diagnostics& diags);

/// The report as JSON (`crasp synth --json`; schema in docs/synth.md), pretty-printed with
/// two-space indentation and a final newline.
std::string synth_report_json(const synth_report& report);

}  // namespace crasp
