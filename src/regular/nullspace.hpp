// Exact linear algebra for the balanced-labelling rounds (balance.cpp): the rational solutions
// of a homogeneous system with integer coefficients. Exact because a verdict rests on whether
// two potentials are equal, which floating point cannot settle.
#pragma once

#include <boost/multiprecision/cpp_int.hpp>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace crasp::regular {

using rational = boost::multiprecision::cpp_rational;
using integer = boost::multiprecision::cpp_int;

/// A homogeneous system A x = 0 in `columns` unknowns, fed one equation at a time and kept in
/// reduced row echelon form, so that a system with many redundant equations (one per cycle
/// edge of a large automaton) costs no more than its rank.
class homogeneous_system {
 public:
  explicit homogeneous_system(std::size_t columns);

  /// Adds the equation sum_j row[j] x_j = 0 (row has `columns` entries).
  void add(const std::vector<std::int64_t>& row);
  /// The rank so far.
  [[nodiscard]] std::size_t rank() const { return pivots_.size(); }
  /// A basis of the solutions, each scaled to coprime integers with a positive first nonzero
  /// entry: one vector per free unknown, in increasing order of that unknown.
  [[nodiscard]] std::vector<std::vector<integer>> integer_nullspace() const;

 private:
  std::size_t columns_;
  std::vector<std::size_t> pivots_;           ///< pivot column of each row
  std::vector<std::vector<rational>> rows_;   ///< reduced rows, pivot entry 1
};

}  // namespace crasp::regular
