// The reference evaluator: the random program's tree evaluated straight from the definitions in
// docs/language.md, one whole position vector at a time, every count recounted over j <= i at
// every position (quadratic), every guard and predicate evaluated as written at (i, j). It shares
// no code with crasp: no AST, no checker, no offset sets, no IR.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "program.hpp"

namespace rnd {

/// One value statement (a family gives one per instance, named as crasp names them:
/// `F["a","b"]`) with its value at every position (Booleans as 0/1).
struct named_values {
  std::string name;
  std::vector<std::int64_t> values;
};

struct evaluation {
  std::vector<named_values> statements;  ///< definition order, instances in symbol order
  /// The program's answer at every position: the last statement's value (acceptors), or the
  /// sorted set of tokens whose NEXT rule holds, as "{a,b}" (generators).
  std::vector<std::string> answers;
};

/// Throws std::logic_error on a program the evaluator cannot give a meaning to (an unbound name),
/// which the shrinker treats as an invalid candidate.
evaluation evaluate(const program& p, const std::vector<std::string>& input);

/// "{a,b}" from a set of tokens (sorted here).
std::string next_set(std::vector<std::string> tokens);

}  // namespace rnd
