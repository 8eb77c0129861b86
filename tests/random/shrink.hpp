// Shrinking a failing case: smaller programs (statements dropped, subexpressions replaced by an
// operand or a constant, guards and filters removed) and shorter, plainer inputs are tried
// greedily, keeping each change under which the failure persists.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "program.hpp"

namespace rnd {

/// True when the case still fails the same way. Candidates the checker rejects must return false.
using still_fails = std::function<bool(const program&, const std::vector<std::string>&)>;

struct shrunk {
  program prog;
  std::vector<std::string> input;
  std::size_t attempts = 0;  ///< candidates tried
};

/// `max_attempts` bounds the work on a failure that is expensive to reproduce.
shrunk shrink(const program& p, const std::vector<std::string>& input, const still_fails& fails,
              std::size_t max_attempts = 4000);

/// Every one-step simplification of a program (exposed for tests).
std::vector<program> simplifications(const program& p);

}  // namespace rnd
