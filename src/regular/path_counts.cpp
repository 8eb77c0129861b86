// Rescaled path counts and portable random draws (see path_counts.hpp).
#include "regular/path_counts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace crasp::regular::detail {

double uniform01(std::mt19937_64& rng) {
  return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

std::size_t uniform_index(std::size_t n, std::mt19937_64& rng) {
  const std::uint64_t bound = n;
  constexpr std::uint64_t top = std::numeric_limits<std::uint64_t>::max();
  // Values above the last whole multiple of n would favour small indices; draw again.
  const std::uint64_t rejected = (top % bound + 1) % bound;
  for (;;) {
    const std::uint64_t x = rng();
    if (x <= top - rejected) return static_cast<std::size_t>(x % bound);
  }
}

std::optional<std::size_t> weighted_index(const std::vector<double>& weights,
                                          std::mt19937_64& rng) {
  double total = 0;
  for (const double w : weights) total += w;
  if (!(total > 0)) return std::nullopt;
  const double r = uniform01(rng) * total;
  double sum = 0;
  std::optional<std::size_t> last;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] <= 0) continue;
    sum += weights[i];
    if (r < sum) return i;
    last = i;
  }
  return last;  // r fell past the rounded sum: the last positive weight
}

count_table::count_table(std::vector<bool> level0, direction dir)
    : states_(level0.size()), direction_(dir), positive_(std::move(level0)), scale_{0.0} {
  values_.reserve(states_);
  for (std::size_t q = 0; q < states_; ++q) values_.push_back(positive_[q] ? 1.0 : 0.0);
}

bool count_table::grow(const dfa& d, std::size_t level) {
  if (level < levels()) return true;
  if (states_ == 0 || level >= max_entries / states_) return false;
  values_.reserve((level + 1) * states_);
  positive_.reserve((level + 1) * states_);
  std::vector<double> next(states_);
  std::vector<bool> reached(states_);
  while (levels() <= level) {
    const std::size_t prev = (levels() - 1) * states_;
    std::fill(next.begin(), next.end(), 0.0);
    std::fill(reached.begin(), reached.end(), false);
    for (std::size_t q = 0; q < states_; ++q) {
      const auto& row = d.delta[q];
      if (direction_ == direction::backward) {
        for (const std::uint32_t t : row) {
          next[q] += values_[prev + t];
          if (positive_[prev + t]) reached[q] = true;
        }
      } else if (positive_[prev + q]) {
        for (const std::uint32_t t : row) {
          next[t] += values_[prev + q];
          reached[t] = true;
        }
      }
    }
    const double top = *std::max_element(next.begin(), next.end());
    const double divisor = top > 0 ? top : 1.0;
    for (std::size_t q = 0; q < states_; ++q) {
      values_.push_back(next[q] / divisor);
      positive_.push_back(reached[q]);
    }
    scale_.push_back(scale_.back() + std::log2(divisor));
  }
  return true;
}

double count_table::log2_count(std::size_t level, std::uint32_t q) const {
  if (!positive(level, q)) return -std::numeric_limits<double>::infinity();
  const double v = scaled(level, q);
  // A count below 2^-1074 of its level's maximum underflows to 0; its log is then at most this.
  return scale_[level] + (v > 0 ? std::log2(v) : -1075.0);
}

}  // namespace crasp::regular::detail
