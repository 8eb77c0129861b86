// Uniform causal attention without the n x n score block. A head whose query or key weights are
// all zero scores every visible key 0, so softmax weighs keys 0..i equally and the head's output
// at i is the mean of the values v_0 .. v_i (Yang & Chiang 2024's counting heads). forward()
// computes those means as prefix sums in O(n · d_value · log n) instead of O(n^2 · d_value).
//
// The sums keep the rounding bound the certified float32 ranges rest on (attention_sum_terms in
// crasp/model.hpp: gamma_k with k = 64 + ceil(log2(n / 64)) for n keys, as the blocked pairwise
// GEMM of the general path). Keys are split into blocks of attention_sum_block; a query at i reads
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

/// mixed.col(b + i) = mean of v.col(b) .. v.col(b + i) for i in [0, n): the uniform head's output
/// before Wo, for the sequence occupying columns [b, b + n) of v and mixed.
template <class T>
void prefix_means(const matrix<T>& v, Eigen::Index b, Eigen::Index n, matrix<T>& mixed) {
  using Eigen::Index;
  constexpr Index block = attention_sum_block;
  const Index rows = v.rows();
  // levels[t].col(j): the sum of blocks [j·2^t, (j+1)·2^t), whole blocks only.
  std::vector<matrix<T>> levels;
  const Index whole = n / block;
  if (whole > 0) {
    levels.emplace_back(rows, whole);
    for (Index j = 0; j < whole; ++j) {
      auto s = levels[0].col(j);
      s = v.col(b + j * block);
      for (Index c = 1; c < block; ++c) s += v.col(b + j * block + c);
    }
    while (levels.back().cols() >= 2) {
      const matrix<T>& below = levels.back();
      matrix<T> up(rows, below.cols() / 2);
      for (Index j = 0; j < up.cols(); ++j) up.col(j) = below.col(2 * j) + below.col(2 * j + 1);
      levels.push_back(std::move(up));
    }
  }
  vector<T> running(rows), acc(rows);
  for (Index i = 0; i < n; ++i) {
    if (i % block == 0) running = v.col(b + i);
    else running += v.col(b + i);
    acc = running;
    // Whole blocks before i's block, smallest dyadic segment first.
    auto k = static_cast<std::size_t>(i / block);
    while (k != 0) {
      const int t = std::countr_zero(k);
      acc += levels[static_cast<std::size_t>(t)].col(static_cast<Index>((k >> t) - 1));
      k &= k - 1;
    }
    mixed.col(b + i) = acc / static_cast<T>(i + 1);
  }
}

}  // namespace crasp::model::detail
