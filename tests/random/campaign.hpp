// A campaign: many random programs, each with exhaustive short inputs and random longer ones,
// through every engine (differential.hpp). Sizes come from the environment so that the default
// test stays small while a developer can run a long one:
//
//   CRASP_RANDOM_PROGRAMS   programs to generate (default 200; 40 under sanitizers)
//   CRASP_RANDOM_SEED       seed of the first program (default 1); program k uses seed + k
//   CRASP_RANDOM_INPUTS     random inputs per program beyond the exhaustive ones (default 12)
//   CRASP_RANDOM_MAX_LEN    designed length of the models and longest random input (default 48)
//   CRASP_RANDOM_STATEMENTS, CRASP_RANDOM_DEPTH  program size bounds (default 5 and 3)
//   CRASP_RANDOM_REGRESSIONS  where shrunk failures are written (default tests/random/regressions)
//   CRASP_RANDOM_MAX_FAILURES  failures shrunk and reported before the run stops (default 10)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "differential.hpp"

namespace rnd {

struct campaign_options {
  std::size_t programs = 200;
  std::uint64_t seed = 1;
  std::size_t random_inputs = 12;
  std::size_t exhaustive_budget = 256;  ///< sequences of the exhaustive length (all prefixes too)
  int max_len = 48;
  gen_options shape;
  std::string regressions_dir;
  std::size_t max_failures = 10;  ///< shrink and report at most this many, then stop
  static campaign_options from_environment();
};

struct failure {
  std::uint64_t seed = 0;
  disagreement original;
  std::string source;
  std::string shrunk_source;
  std::vector<std::string> shrunk_input;
  std::string file;  ///< the regression file written
};

struct campaign_result {
  tally counts;
  std::size_t programs = 0;
  std::size_t exact_boolean_programs = 0;
  std::vector<failure> failures;
  [[nodiscard]] std::string summary() const;
};

/// Inputs for one program: every sequence of the longest length whose count fits the budget
/// (capped at 6), then random ones up to max_len, half over a random two-token sub-alphabet.
std::vector<std::vector<std::string>> inputs_for(const program& p, const campaign_options& o,
                                                 std::uint64_t seed);

campaign_result run_campaign(const campaign_options& o);

}  // namespace rnd
