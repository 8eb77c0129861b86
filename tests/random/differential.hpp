// One differential case: a random program checked by crasp and compiled, then inputs run through
// every engine. The reference evaluator is compared with the interpreter on every statement at
// every position; each compiled model is compared with the interpreter on the answer at every
// position its certificate covers (positions past it are only tallied).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engines.hpp"
#include "program.hpp"

namespace rnd {

struct run_options {
  int max_len = 48;             ///< designed length of every compiled model
  bool exact_booleans = false;  ///< compile_options::boolean_mode exact (else plain)
  /// Engine to check ("interpreter", "ape-f32", ...); empty: all. The shrinker narrows to one.
  std::string only;
};

/// A failed comparison. `engine` is "interpreter" (against the reference evaluator), a model
/// engine (against the interpreter), or "check" / "compile" / "run" when crasp rejected or failed
/// on a program the generator built as well-typed.
struct disagreement {
  std::string engine;
  std::vector<std::string> input;
  std::size_t position = 0;  ///< 0-based
  std::string what;          ///< the statement or "answer", expected and actual values
};

/// What was compared, per engine: inputs, positions, and model positions past the certificate
/// (compared but not required to agree) with the disagreements found there.
struct tally_entry {
  std::size_t inputs = 0, positions = 0, uncertified = 0, uncertified_mismatches = 0;
};
using tally = std::map<std::string, tally_entry>;

struct prepared {
  program prog;
  std::string source;
  crasp::ir::program ir;
  std::vector<model_engine> models;
};

std::variant<prepared, disagreement> prepare(const program& p, const run_options& opts);

/// Runs one input (length >= 1, at most opts.max_len) through the engines; the first
/// disagreement, if any.
std::optional<disagreement> run_input(const prepared& c, const std::vector<std::string>& input,
                                      const run_options& opts, tally* counts = nullptr);

/// prepare + run_input: does this program disagree on this input for opts.only?
std::optional<disagreement> compare_case(const program& p, const std::vector<std::string>& input,
                                         const run_options& opts);

/// Everything a failure message needs: engine, source, input, position, values.
std::string describe(const disagreement& d, const std::string& source);

}  // namespace rnd
