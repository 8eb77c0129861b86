// Uniform causal attention without the n x n score block. A head whose query or key weights are
// all zero scores every visible key 0, so softmax weighs keys 0..i equally and the head's output
// at i is the mean of the values v_0 .. v_i (Yang & Chiang 2024's counting heads). forward()
// computes those means as prefix sums in O(n · d_value · log n) instead of O(n^2 · d_value), one
// position at a time (prefix_mean_state), so the key/value cache can continue them.
//
// The sums keep the rounding bound the certified float32 ranges rest on (attention_sum_terms in
// crasp/model.hpp: gamma_k with k = 64 + ceil(log2(n / 64)) for n keys; the general path,
// attention.hpp, sums its weighted values in this same order). Keys are split into blocks of attention_sum_block; a query at i reads
//   - the running sum of its own block up to i (at most 63 roundings per term),
//   - the prefix of the K = i / 64 whole blocks before it as dyadic segments (the binary digits of
//     K), each segment the balanced-tree sum of 2^t aligned block sums (t roundings),
// added smallest segment first. A term of the t-th largest of the L segments goes through t_1 -
// (t - 1) tree levels and t additions, so at most t_1 + 1 = floor(log2 K) + 1 in all; a term of
// the running block sum through at most L <= floor(log2 K) + 1. Every term is therefore rounded
// at most 64 + floor(log2 K) times, and floor(log2 K) <= ceil(log2(n / 64)) for n = i + 1 keys.
// The count i + 1 is an exact integer below 2^24, and one division rounds the mean, as in the
// general path (normalize after summing).
#pragma once

#include <bit>
#include <vector>

#include "crasp/model.hpp"

namespace crasp::model::detail {

/// Whether every score of `h` is 0 whatever the input: all of Wq or all of Wk is zero.
template <class T> bool uniform_head(const basic_head<T>& h) {
  return h.wq.size() == 0 || h.wk.size() == 0 || h.wq.isZero(0) || h.wk.isZero(0);
}

/// The prefix means of one uniform head over one sequence, one position at a time: push() takes
/// the value at the next position and gives the mean of every value so far. forward() pushes a
/// whole sequence; the key/value cache (model::decoder) keeps one per head and pushes each new
/// position, so a cached step computes exactly forward()'s mean (same sums, same order).
template <class T> class prefix_mean_state {
 public:
  explicit prefix_mean_state(Eigen::Index rows = 0) { clear(rows); }

  /// Forgets every position; values have `rows` entries from now on.
  void clear(Eigen::Index rows) {
    rows_ = rows, count_ = 0;
    running_.resize(rows);
    acc_.resize(rows);
    for (auto& level : levels_) level.clear();
  }

  /// Appends the value v (rows entries) at position count() and writes into out (rows entries)
  /// the mean of the values at positions 0 .. count().
  void push(const T* v, T* out) {
    using Eigen::Index;
    constexpr Index block = attention_sum_block;
    const Eigen::Map<const vector<T>> value(v, rows_);
    const Index i = count_;
    if (i % block == 0) running_ = value;
    else running_ += value;
    acc_ = running_;
    // Whole blocks before i's block, smallest dyadic segment first.
    auto k = static_cast<std::size_t>(i / block);
    while (k != 0) {
      const int t = std::countr_zero(k);
      acc_ += column(static_cast<std::size_t>(t), static_cast<Index>((k >> t) - 1));
      k &= k - 1;
    }
    Eigen::Map<vector<T>>(out, rows_) = acc_ / static_cast<T>(i + 1);
    if (++count_ % block == 0) close_block();
  }

  /// Positions pushed since the last clear().
  [[nodiscard]] Eigen::Index count() const { return count_; }

 private:
  // levels_[t] holds, column after column, the sums of blocks [j·2^t, (j+1)·2^t) of whole blocks.
  [[nodiscard]] Eigen::Map<const vector<T>> column(std::size_t t, Eigen::Index j) const {
    return Eigen::Map<const vector<T>>(levels_[t].data() + j * rows_, rows_);
  }
  void append(std::size_t t, const vector<T>& sum) {
    if (levels_.size() <= t) levels_.resize(t + 1);
    levels_[t].insert(levels_[t].end(), sum.data(), sum.data() + rows_);
  }
  // The running sum is the sum of whole block W - 1: store it, and every tree sum it completes
  // (level t holds W >> t sums; an even count there completes one at level t + 1).
  void close_block() {
    const auto whole = static_cast<std::size_t>(count_ / attention_sum_block);
    append(0, running_);
    for (std::size_t t = 0; ((whole >> t) & 1) == 0; ++t) {
      const auto j = static_cast<Eigen::Index>(whole >> t);
      pair_ = column(t, j - 2) + column(t, j - 1);
      append(t + 1, pair_);
    }
  }

  Eigen::Index rows_ = 0, count_ = 0;
  vector<T> running_, acc_, pair_;
  std::vector<std::vector<T>> levels_;
};

/// mixed.col(b + i) = mean of v.col(b) .. v.col(b + i) for i in [0, n): the uniform head's output
/// before Wo, for the sequence occupying columns [b, b + n) of v and mixed.
template <class T>
void prefix_means(const matrix<T>& v, Eigen::Index b, Eigen::Index n, matrix<T>& mixed) {
  prefix_mean_state<T> state(v.rows());
  for (Eigen::Index i = 0; i < n; ++i) state.push(v.col(b + i).data(), mixed.col(b + i).data());
}

}  // namespace crasp::model::detail
