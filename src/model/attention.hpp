// Softmax attention of one query over the keys it sees, shared by forward() and the key/value
// cache (model::decoder): both call attend() for query i with the same keys 0..i, so both compute
// row i with the same operations in the same order, and a cached step reproduces forward()'s row
// to the bit. forward() used to score whole chunks of queries with GEMMs, whose order of
// summation depended on where a query fell in its chunk; now no row depends on the sequence
// length or on what is computed next to it.
//
// Summation order, for query i over n = i + 1 keys (docs/precision.md):
//   - scores q · k_j: a running sum over the d_head coordinates, in order;
//   - weights exp(s_j - max s): Eigen's vectorized exp over the n scores of a buffer aligned at
//     key 0 (the packet/scalar split of exp depends only on n), 0 below e^-attention_cutoff;
//   - value sums and the softmax denominator (the values stored with a 1 below them): a running
//     sum over the keys of each 64-key block, then the whole blocks before i's block added as
//     dyadic segments of balanced trees, smallest first, to the running sum of i's own block:
//     exactly the order of the prefix means of uniform heads (prefix_mean.hpp). A term is rounded
//     once as a product, at most 63 times in its block and floor(log2 K) + 1 times among the
//     segments (K = i / 64 whole blocks), so at most 65 + floor(log2 K) = 64 + ceil(log2(K + 1))
//     times: attention_sum_terms(n), the bound the certificates use (n itself when n <= 64);
//   - one division per output (normalize after summing).
// forward() and the cache run this same code on the same keys, values and query for row i (the
// storage is laid out alike, whatever its capacity), so they agree whatever the compiler makes
// of it. Each sum is written as a loop whose every entry adds its terms one at a time, starting
// from 0, so vectorizing across entries does not change an entry's value either (short of FMA
// contraction, which the default x86-64 build cannot do).
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <vector>

#include "crasp/model.hpp"

namespace crasp::model::detail {

using Eigen::Index;

/// Rotates pairs (2k, 2k+1) of columns [begin, begin + n) of q or k by position * rotary[k], the
/// column begin + p being at position first + p; angles are computed in double, then rounded to T.
template <class T>
void rotate_columns(matrix<T>& qk, const std::vector<double>& rotary, Index begin, Index n,
                    Index first = 0) {
  for (std::size_t k = 0; k < rotary.size(); ++k) {
    const Index r = 2 * static_cast<Index>(k);
    for (Index p = 0; p < n; ++p) {
      const double angle = static_cast<double>(first + p) * rotary[k];
      const T c = static_cast<T>(std::cos(angle));
      const T s = static_cast<T>(std::sin(angle));
      const T x = qk(r, begin + p);
      const T y = qk(r + 1, begin + p);
      qk(r, begin + p) = x * c - y * s;
      qk(r + 1, begin + p) = x * s + y * c;
    }
  }
}

/// Keys or values summed side by side in attend()'s loops: 16 doubles or 32 floats, eight SSE
/// registers of running sums.
template <class T> inline constexpr Index lanes = 128 / sizeof(T);
/// Entries of one SSE register: stored values are padded to a multiple of it.
template <class T> inline constexpr Index packet = 16 / sizeof(T);

/// The (rotated) keys and the values of one head over one sequence, laid out for attend(): keys
/// in panels of lanes<T> keys, coordinate after coordinate (panel t holds key t·L + l's coordinate
/// r at r·L + l), so the scores of a panel's keys are computed side by side from contiguous
/// memory; values as columns with a 1 below them. Grows by doubling; clear() keeps the storage.
template <class T> class key_value_store {
 public:
  static constexpr Index L = lanes<T>;
  static constexpr Index P = packet<T>;

  void clear(Index d_head, Index d_value) {
    d_head_ = d_head, rows_ = d_value + 1, size_ = 0;
    const Index padded = (rows_ + P - 1) / P * P;
    if (keys_.rows() != L * d_head_ || values_.rows() != padded) {
      keys_.resize(L * d_head_, 0);
      values_.resize(padded, 0);
    }
  }
  /// Appends the columns of k (d_head x m) and v (d_value x m) as keys size() .. size() + m - 1.
  void append(const Eigen::Ref<const matrix<T>>& k, const Eigen::Ref<const matrix<T>>& v) {
    const Index m = k.cols();
    // Nothing to append; a store that has never grown has no storage, and a block of it at a
    // non-zero row would offset a null pointer (undefined behaviour).
    if (m == 0) return;
    if (size_ + m > values_.cols()) grow(size_ + m);
    for (Index c = 0; c < m; ++c) {
      const Index j = size_ + c;
      T* panel = keys_.data() + (j / L) * keys_.rows() + j % L;
      for (Index r = 0; r < d_head_; ++r) panel[r * L] = k(r, c);
    }
    values_.block(0, size_, rows_ - 1, m) = v;
    values_.block(rows_ - 1, size_, 1, m).setOnes();
    size_ += m;
  }
  [[nodiscard]] Index size() const { return size_; }
  [[nodiscard]] Index d_head() const { return d_head_; }
  [[nodiscard]] Index rows() const { return rows_; }  ///< d_value + 1
  /// Rows stored per value: rows() padded with zeros to a multiple of packet<T>.
  [[nodiscard]] Index stride() const { return values_.rows(); }
  /// Panel t: coordinate r of key t·L + l at [r·L + l]; lanes past size() hold 0.
  [[nodiscard]] const T* panel(Index t) const { return keys_.data() + t * keys_.rows(); }
  [[nodiscard]] const T* value(Index j) const { return values_.data() + j * stride(); }

 private:
  void grow(Index need) {
    const Index cap = std::max<Index>({need, 2 * values_.cols(), L});
    const Index panels = (cap + L - 1) / L;
    const Index old = keys_.cols();
    keys_.conservativeResize(L * d_head_, panels);
    keys_.rightCols(panels - old).setZero();
    const Index cols = values_.cols();
    values_.conservativeResize(values_.rows(), panels * L);
    values_.rightCols(panels * L - cols).setZero();  // the padding rows stay 0
  }

  Index d_head_ = 0, rows_ = 1, size_ = 0;
  matrix<T> keys_;    ///< (L · d_head) x panels
  matrix<T> values_;  ///< stride x capacity: column j is value j over a 1, then zeros
};

/// Buffers of attend(), reused from query to query.
template <class T> struct attention_scratch {
  vector<T> weights;  ///< one per visible key; aligned at key 0 (see exp above)
  matrix<T> blocks;   ///< rows x at least K: weighted sums of the whole blocks
  vector<T> acc;      ///< rows
};

/// Rows [r0, r0 + K·P) of the sums of w[j] · value(j) over keys [j0, j1), running sums in key
/// order held in K registers.
template <int K, class T>
void weighted_rows(const key_value_store<T>& kv, const T* w, Index j0, Index j1, Index r0, T* out) {
  using tile = Eigen::Array<T, K * packet<T>, 1>;
  tile acc = tile::Zero();
  // A key whose weight is exactly 0 (below the cutoff: most keys of a sharp head) is skipped.
  // That changes no sum: its terms are +-0 (values are finite), and adding +-0 to a running sum
  // that started at +0 leaves it as it is (round to nearest makes -0 only from -0 + -0, so the
  // sum is never -0).
  for (Index j = j0; j < j1; ++j)
    if (w[j] != T(0)) acc += Eigen::Map<const tile>(kv.value(j) + r0) * w[j];
  Eigen::Map<tile>(out + r0) = acc;
}

/// Sums of w[j] · value(j) over keys [j0, j1), each entry a running sum in key order, into out
/// (stride() entries: the padding rows' sums are 0).
template <class T>
void weighted_sum(const key_value_store<T>& kv, const T* w, Index j0, Index j1, T* out) {
  constexpr Index P = packet<T>;
  constexpr Index full = lanes<T> / P;  // registers per pass
  const Index stride = kv.stride();
  Index r0 = 0;
  for (; r0 + full * P <= stride; r0 += full * P)
    weighted_rows<full>(kv, w, j0, j1, r0, out);
  switch ((stride - r0) / P) {  // the rest in one pass
    case 0: break;
    case 1: weighted_rows<1>(kv, w, j0, j1, r0, out); break;
    case 2: weighted_rows<2>(kv, w, j0, j1, r0, out); break;
    case 3: weighted_rows<3>(kv, w, j0, j1, r0, out); break;
    case 4: weighted_rows<4>(kv, w, j0, j1, r0, out); break;
    case 5: weighted_rows<5>(kv, w, j0, j1, r0, out); break;
    case 6: weighted_rows<6>(kv, w, j0, j1, r0, out); break;
    default: weighted_rows<7>(kv, w, j0, j1, r0, out); break;
  }
}

/// out[0 .. d_value) = sum_{j < n} softmax_j(q · k_j) v_j over the first n keys of kv.
template <class T>
void attend(const key_value_store<T>& kv, const T* q, Index n, attention_scratch<T>& s, T* out) {
  constexpr Index block = attention_sum_block;
  constexpr Index L = lanes<T>;
  const Index panels = (n + L - 1) / L;
  if (s.weights.size() < panels * L) s.weights.resize(std::max(panels * L, 2 * s.weights.size()));
  T* e = s.weights.data();
  // Scores, a panel of keys side by side, each a running sum over the coordinates. The lanes of
  // the last panel past n are computed and not used.
  const Index d_head = kv.d_head();
  using lane_array = Eigen::Array<T, L, 1>;
  for (Index t = 0; t < panels; ++t) {
    const T* p = kv.panel(t);
    lane_array acc = lane_array::Zero();
    for (Index r = 0; r < d_head; ++r) acc += Eigen::Map<const lane_array>(p + r * L) * q[r];
    Eigen::Map<lane_array>(e + t * L) = acc;
  }
  Eigen::Map<Eigen::Array<T, Eigen::Dynamic, 1>> w(e, n);
  const T mx = w.maxCoeff();  // exact whatever the order
  // Weights below e^-cutoff of the largest are exactly 0 (attention_cutoff); clamping before exp
  // keeps it away from subnormal results, which are slow to compute.
  const T cut = static_cast<T>(-attention_cutoff<T>);
  w = (w - mx < cut).select(T(0), (w - mx).max(cut).exp());

  // Whole blocks before the query's block, then the running sum of its own block.
  const Index rows = kv.stride();
  const Index whole = (n - 1) / block;
  // Doubling only when the columns run out: the scratch is reused across heads of different
  // widths, and doubling on a change of rows as well grew it without bound.
  if (s.blocks.cols() < whole)
    s.blocks.resize(rows, std::max(whole, 2 * s.blocks.cols()));
  else if (s.blocks.rows() != rows)
    s.blocks.resize(rows, s.blocks.cols());
  for (Index b = 0; b < whole; ++b)
    weighted_sum(kv, e, b * block, (b + 1) * block, s.blocks.col(b).data());
  s.acc.resize(rows);
  weighted_sum(kv, e, whole * block, n, s.acc.data());
  // Dyadic segments of `whole`, smallest first; each the balanced tree of its 2^t aligned block
  // sums, reduced in place into its first column (prefix_mean.hpp builds the same trees).
  auto k = static_cast<std::size_t>(whole);
  while (k != 0) {
    const int t = std::countr_zero(k);
    const Index first = static_cast<Index>(k) - (Index{1} << t);
    for (Index half = 1; half < (Index{1} << t); half *= 2)
      for (Index c = first; c < static_cast<Index>(k); c += 2 * half)
        s.blocks.col(c) += s.blocks.col(c + half);
    s.acc += s.blocks.col(first);
    k &= k - 1;
  }
  const Index d_value = kv.rows() - 1;
  const T sum = s.acc(d_value);
  for (Index r = 0; r < d_value; ++r) out[r] = s.acc(r) / sum;
}

}  // namespace crasp::model::detail
