// Differential verification: a compiled model against the interpreter (the ground truth), on
// every input up to a short length and on random inputs at lengths spread up to the designed
// maximum. One forward pass over an input of length n checks all n prefixes (the decision at
// every position), so every bucket also covers the shorter lengths inside it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "crasp/compile.hpp"
#include "crasp/diagnostic.hpp"
#include "crasp/ir.hpp"

namespace crasp {

enum class precision { f64, f32 };

struct verify_options {
  precision prec = precision::f64;
  /// Longest length checked exhaustively (every sequence over the input alphabet); -1 picks the
  /// largest length (at most 16, where random buckets begin) whose total count of sequences
  /// stays within `exhaustive_budget`. An explicit length past 5e7 sequences is an error.
  int exhaustive_length = -1;
  std::size_t exhaustive_budget = 20000;
  /// Random inputs per length bucket; bucket ends double from 16 up to the model's max_len - 1.
  /// Lengths are uniform within a bucket; tokens are uniform over the input alphabet for half
  /// of the inputs and over a random two-token sub-alphabet for the other half (where counts
  /// come close enough to exercise comparisons). Deterministic for a given seed.
  std::size_t random_per_bucket = 8;
  std::uint64_t seed = 1;
  /// Limit on the attention pairs (model::attention_pairs) the planned inputs may need, counting
  /// every random input at its bucket's longest length. Past it, verify fails before running
  /// anything, unless `fit_attention` is set: then the longest random buckets are left out until
  /// the plan fits (the report's buckets say how far the check went).
  double max_attention = model::default_max_attention;
  bool fit_attention = false;
  /// Called after each bucket (exhaustive lengths count as one bucket each); may be empty.
  std::function<void(std::size_t done, std::size_t total)> progress;
};

/// Agreement and margins over one range of lengths.
struct length_bucket {
  int min_length = 0;  ///< inclusive (program tokens)
  int max_length = 0;  ///< inclusive
  bool exhaustive = false;
  std::size_t inputs = 0;     ///< sequences run
  std::size_t decisions = 0;  ///< positions compared (every prefix of every input)
  std::size_t mismatches = 0;
  /// Smallest probe slack (1 - error/tolerance over all probes and positions; 1 is exact, <= 0
  /// can flip a decision) and smallest output margin seen. When the residual snapshots of one
  /// input would exceed 256 MiB (deep models on long inputs), probes are read on the longest
  /// prefix that fits; decisions are still compared at every position.
  double min_slack = 1;
  double min_output_margin = 1;
};

/// A prefix on which model and interpreter disagree.
struct counterexample {
  std::vector<std::string> tokens;  ///< the shortest disagreeing prefix found
  std::string expected;             ///< the interpreter's answer, formatted as `crasp run` prints it
  std::string actual;               ///< the model's answer
};

struct verify_report {
  std::vector<length_bucket> buckets;
  std::size_t inputs = 0;
  std::size_t decisions = 0;
  std::size_t mismatches = 0;
  /// Upper bound on the attention pairs the plan needed (see verify_options::max_attention), and
  /// the longest length the random buckets left out for it would have reached (0: none left out).
  double attention_pairs = 0;
  int left_out_to = 0;
  std::optional<counterexample> shortest;  ///< set when mismatches > 0
  [[nodiscard]] bool ok() const { return mismatches == 0; }
};

/// Checks `compiled` (built from `program`) in the chosen precision. Input tokens are the
/// program's vocabulary (plus one unknown token, "<unk>", for an open vocabulary). Inputs on
/// which the interpreter overflows are skipped. Returns nullopt only on internal errors (a
/// malformed model, one whose outputs answer another kind of question than the program, probes
/// outside the model, an exhaustive length too large; diags explain); mismatches are reported
/// in the result, not as errors.
std::optional<verify_report> verify(const ir::program& program, const compiled_program& compiled,
                                    const verify_options& opts, diagnostics& diags);

/// The report as JSON: certified (the worst-case bound passed in, per bucket whether it is
/// within it), buckets, inputs, decisions, mismatches, ok and the counterexample (docs/cli.md,
/// `crasp verify --json`). One line, no indentation.
std::string verify_report_json(const verify_report& report, int certified);

}  // namespace crasp
