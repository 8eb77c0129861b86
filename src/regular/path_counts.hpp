// Private to src/regular: path counts through a dfa, one level per word length, and portable
// random draws, the two ingredients of uniform sampling (sample.hpp). Counts grow exponentially
// with length, so each level is stored divided by its own maximum, with the log2 of the divisor
// kept aside: nothing overflows at a million symbols, and sampling only ever compares counts of
// the same level. Whether a count is zero is tracked exactly, apart from the doubles, so that
// "no word of this length" never depends on rounding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "regular/dfa.hpp"

namespace crasp::regular::detail {

/// A double in [0, 1) from 53 random bits (std::uniform_real_distribution differs between
/// standard libraries; this does not, so a seed means the same draws everywhere).
double uniform01(std::mt19937_64& rng);
/// An index in [0, n), n > 0, without modulo bias.
std::size_t uniform_index(std::size_t n, std::mt19937_64& rng);
/// An index drawn with probability weights[i] / sum; nullopt when every weight is 0.
std::optional<std::size_t> weighted_index(const std::vector<double>& weights, std::mt19937_64& rng);

/// Rescaled counts of paths of each length, grown level by level on demand.
class count_table {
 public:
  /// backward: level L counts, per state, the words of length L from that state to a state
  /// marked in `level0` (accepted completions). forward: level L counts, per state, the words of
  /// length L from a marked state (the start) to that state.
  enum class direction { backward, forward };
  /// Most entries (levels x states) a table may hold: 2^27 doubles, 1 GiB.
  static constexpr std::size_t max_entries = std::size_t{1} << 27;

  count_table() = default;
  count_table(std::vector<bool> level0, direction dir);

  /// Computes the levels up to `level` from d's transitions; false (nothing added) when that
  /// would exceed max_entries.
  bool grow(const dfa& d, std::size_t level);
  /// Levels computed so far (at least 1).
  [[nodiscard]] std::size_t levels() const { return scale_.size(); }
  /// The count of (level, q) divided by the level's maximum.
  [[nodiscard]] double scaled(std::size_t level, std::uint32_t q) const {
    return values_[level * states_ + q];
  }
  /// Whether the count of (level, q) is non-zero (exact).
  [[nodiscard]] bool positive(std::size_t level, std::uint32_t q) const {
    return positive_[level * states_ + q];
  }
  /// log2 of the count of (level, q); -infinity when it is zero.
  [[nodiscard]] double log2_count(std::size_t level, std::uint32_t q) const;

 private:
  std::size_t states_ = 0;
  direction direction_ = direction::backward;
  std::vector<double> values_;
  std::vector<bool> positive_;
  std::vector<double> scale_;  ///< log2 of the divisor of each level
};

}  // namespace crasp::regular::detail
