// Regression files: a shrunk failing case saved as a .crasp program whose leading comments hold
// the input and the reference evaluator's values, so that a replay needs neither the generator
// nor the seed. Format (every line a .crasp comment, then the program):
//
//   // random-differential regression: ape-f32 disagreed
//   // answer (certified to 48): expected 1, got 0
//   // input: a b a
//   // expect S0: 1 0 1            (one line per statement, crasp's names, every position)
//   // expect answer: 1 0 1        (the answer: values, or NEXT sets like {a,b})
//   S0 = ...
#pragma once

#include <string>
#include <vector>

#include "differential.hpp"

namespace rnd {

/// Writes the case into `dir` (created if needed) as `<engine>-<hash>.crasp`; returns the path.
std::string write_regression(const std::string& dir, const program& p,
                             const std::vector<std::string>& input, const disagreement& d);

/// Replays one file: checks it, runs the interpreter (every statement and the answer) and every
/// compiled model (the answer, where certified) against the recorded values. One message per
/// failure; empty when everything agrees.
std::vector<std::string> replay(const std::string& path, const run_options& opts = {});

/// Replays every `.crasp` file of a folder (a missing or empty folder replays nothing).
struct folder_replay {
  std::size_t files = 0;
  std::vector<std::string> failures;
};
folder_replay replay_folder(const std::string& dir);

}  // namespace rnd
