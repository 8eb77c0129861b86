// Communication bounds: how many prefixes of a task must be told apart, and what that rules out.
//
// Split an input after its a-th content token: Alice holds the prefix x, Bob the suffix y. A
// C-RASP[pos] program's values at Bob's positions depend on x only through, for each unguarded
// count, its value over Alice's positions (one of a + 1 numbers) and, for each local count, its
// body at the last `max offset` of Alice's positions (that many bits). So a program with C
// unguarded counts and L such bits leaves at most (a + 1)^C * 2^L prefix classes. Prefixes that a
// task's answers at Bob's positions tell apart pairwise (for some suffix valid after both) must
// fall into different classes: finding D of them at one (n, a) proves that no program with
// (a + 1)^C * 2^L < D solves the task at length n. Huang et al. (2025, arXiv 2410.02140, Theorem
// 12) turn the same argument into their "no" for copying with repeats; docs/communication.md.
//
// Nothing here prints, exits or throws for bad input: errors go to the diagnostics.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "crasp/diagnostic.hpp"
#include "crasp/ir.hpp"
#include "crasp/tasks.hpp"

namespace crasp {

/// What one analysis measures and how much work it may do.
struct communication_options {
  /// A catalogue task name, a task spec (FILE.toml), or a program (FILE.crasp / FILE.cr, run by
  /// the interpreter as its own task: the soundness guard's setting).
  std::string task;
  std::size_t min_length = 2;   ///< shortest input measured (content tokens)
  std::size_t max_length = 14;  ///< longest input measured (content tokens)
  /// Split points a to measure at each length n (content tokens Alice holds); empty: a = n / 2.
  std::vector<std::size_t> splits;
  /// Answers asked per (n, a) at most: up to it every prefix and suffix is enumerated (exact
  /// counts); past it prefixes and suffixes are sampled (a lower bound, and said so).
  std::size_t budget = 200'000;
  std::size_t vocab = 0;  ///< vocabulary size k of a catalogue task with a variable one (0: default)
  std::uint64_t seed = 1;
  double oracle_timeout = 10;  ///< seconds a spec's oracle may take per line
  /// Called with a short description of each (n, a) as it starts (progress); may be empty.
  std::function<void(const std::string&)> progress;
};

/// The measurement at one length and split.
struct split_measure {
  std::size_t n = 0;  ///< content tokens of the inputs
  std::size_t a = 0;  ///< content tokens Alice holds
  std::size_t alice = 0;  ///< positions Alice holds (her content tokens and the frame before them)
  std::size_t prefixes = 0;  ///< prefixes asked about
  std::size_t suffixes = 0;  ///< suffixes asked about
  std::size_t queries = 0;   ///< answers asked (prefixes x suffixes, less invalid inputs)
  /// Prefixes the task's answers tell apart pairwise: exact when `exact`, else a lower bound.
  std::size_t classes = 0;
  /// Whether every prefix and suffix of this shape was asked and no answer was left open (an
  /// input outside the task leaves a pair open: classes is then a lower bound too).
  bool exact = false;
  /// Largest S such that no program with S unguarded counts and no local guard solves the task
  /// at this length: the largest S with (alice + 1)^S < classes (0: rules nothing out).
  std::size_t ruled_out_counts = 0;
  /// Why nothing was measured here ("" when something was): the frame does not fit, or no
  /// input of this length is in the task (distinct-token tasks have none past k).
  std::string skipped;
};

/// How the class counts grow with the length.
enum class class_growth {
  polynomial,    ///< bounded by a polynomial of small degree over the range
  exponential,   ///< the degree a polynomial would need grows at every length of the range
  inconclusive,  ///< too few lengths, too few instances, or neither fits
};

/// What the analysis concludes, as a kind; communication_report::verdict says it in words.
enum class communication_outcome {
  no,              ///< prefix classes grow exponentially: "no (communication: ...)"
  unknown,         ///< nothing ruled out over the range, or the classes grow polynomially
  published_yes,   ///< a catalogue task with a published yes: its witness settles it
  within_bound,    ///< a program as its own task: every measurement within its bound
  bound_violated,  ///< a program as its own task: a measurement above its bound (a bug)
};

/// A program's own bound: C unguarded counts and L local bits (src/communication/bound.cpp).
struct program_bound {
  std::size_t counts = 0;      ///< unguarded count statements (nodes)
  std::size_t local_bits = 0;  ///< sum over local counts of their largest offset
  /// log2 of (alice + 1)^counts * 2^local_bits: the most prefix classes of `alice` positions.
  [[nodiscard]] double log2_classes(std::size_t alice) const;
};

/// The bound of a program's counts (every count node, shared ones once).
program_bound bound_of(const ir::program& program);

/// The whole analysis of one task.
struct communication_report {
  std::string task;                   ///< as given
  std::string source;                 ///< "catalogue", "spec" or "program"
  std::string format;                 ///< accept, labels, continuation or count
  std::vector<std::string> symbols;   ///< the content tokens prefixes and suffixes are made of
  std::string shape;                  ///< where the frame tokens go ("" for bare strings)
  /// A catalogue task's published C-RASP[pos] verdict with its reason ("" for the others).
  std::string published;
  /// The same verdict's value (nullopt for the others).
  std::optional<tasks::expressible> published_value;
  std::vector<split_measure> splits;  ///< in order of n, then a
  class_growth growth = class_growth::inconclusive;
  std::string growth_reason;  ///< the fit and the range it used, or why there is none
  /// For a program as the task: its bound, and whether every measurement stayed within it (a
  /// violation is a bug in this analysis or in the interpreter).
  std::optional<program_bound> bound;
  bool within_bound = true;
  /// "no (communication: ...)", "no program with <= S counts at n = ..", or "unknown (...)":
  /// the verdict words of docs/communication.md.
  std::string verdict;
  communication_outcome outcome = communication_outcome::unknown;  ///< what `verdict` says
  double seconds = 0;
};

/// The measurement that rules out the most counts (the first of them), or null when none
/// measured anything.
const split_measure* strongest(const communication_report& report);

/// Runs the analysis. Returns nullopt with errors in `diags` when the task does not load or its
/// oracle fails.
std::optional<communication_report> analyze_communication(const communication_options& options,
                                                          diagnostics& diags);

/// The same with `program` as its own task (options.task only names it in the report): every
/// token string over its vocabulary (plus one token it does not name, when its vocabulary is
/// open) answered by the interpreter, and every measurement checked against bound_of(program).
std::optional<communication_report> analyze_communication(const ir::program& program,
                                                          const communication_options& options,
                                                          diagnostics& diags);

/// The report as an SVG plot: log2 classes against a, one point per measurement (hollow for a
/// lower bound), beside the envelopes of programs with S = 1..4 unguarded counts.
std::string communication_plot_svg(const communication_report& report);

/// The report as JSON text (schema crasp-communication/1, docs/communication.md).
std::string to_json(const communication_report& report);

}  // namespace crasp
