// The forward pass: post-norm residual layers over a d_model x N residual holding every position
// of every sequence side by side. Position-wise work is one GEMM over all N columns; attention is
// causal within each sequence, computed in query chunks so memory stays O(n · chunk); heads whose
// scores are all 0 (uniform counting heads) are prefix means instead (prefix_mean.hpp), and
// mostly-zero weight matrices are multiplied as sparse ones (linear.hpp).
#include "crasp/model.hpp"
#include "model/linear.hpp"
#include "model/prefix_mean.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace crasp::model {

namespace {

using Eigen::Index;

// Query columns per attention chunk: bounds the score block to n x chunk.
constexpr Index attention_chunk = 256;

// V · E with blocked pairwise summation over the inner (key) dimension: blocks of at most
// pairwise_block keys are ordinary GEMMs, and block results are added in a balanced tree, so
// every entry is a sum of at most pairwise_block products followed by ceil(log2(blocks))
// additions. Its rounding error is then bounded by gamma_{block + depth} instead of gamma_n,
// which is what the certified float32 range of counts over non-integer values rests on
// (docs/precision.md); the cost is that of the plain product plus one addition per level.
template <class T>
matrix<T> pairwise_product(const Eigen::Ref<const matrix<T>>& v,
                           const Eigen::Ref<const matrix<T>>& e) {
  const Index m = v.cols();
  if (m <= attention_sum_block) return v * e;
  // Split at a multiple of the block size near the middle, so the tree stays balanced.
  const Index blocks = (m + attention_sum_block - 1) / attention_sum_block;
  const Index left = (blocks / 2) * attention_sum_block;
  matrix<T> out = pairwise_product<T>(v.leftCols(left), e.topRows(left));
  out += pairwise_product<T>(v.rightCols(m - left), e.bottomRows(m - left));
  return out;
}

template <class T> void apply_layer_norm(const basic_layer_norm<T>& ln, matrix<T>& x) {
  if (!ln.enabled) return;
  const Index d = x.rows();
  if (d == 0) return;
  for (Index c = 0; c < x.cols(); ++c) {
    T* p = x.data() + c * d;
    T mean = 0;
    for (Index r = 0; r < d; ++r) mean += p[r];
    mean /= static_cast<T>(d);
    T var = 0;  // two-pass: centered squares, no cancellation
    for (Index r = 0; r < d; ++r) var += (p[r] - mean) * (p[r] - mean);
    var /= static_cast<T>(d);
    const T denom = std::sqrt(var + ln.eps);
    for (Index r = 0; r < d; ++r) p[r] = (p[r] - mean) / denom;
  }
  if (ln.gain) x.array().colwise() *= ln.gain->array();
  if (ln.bias) x.colwise() += *ln.bias;
}

// Rotates pairs (2k, 2k+1) of columns [begin, begin + n) by position * rotary[k]; angles are
// computed in double, then rounded to T.
template <class T>
void rotate_columns(matrix<T>& qk, const std::vector<double>& rotary, Index begin, Index n) {
  for (std::size_t k = 0; k < rotary.size(); ++k) {
    const Index r = 2 * static_cast<Index>(k);
    for (Index p = 0; p < n; ++p) {
      const double angle = static_cast<double>(p) * rotary[k];
      const T c = static_cast<T>(std::cos(angle));
      const T s = static_cast<T>(std::sin(angle));
      const T x = qk(r, begin + p);
      const T y = qk(r + 1, begin + p);
      qk(r, begin + p) = x * c - y * s;
      qk(r + 1, begin + p) = x * s + y * c;
    }
  }
}

// The score block of attention, reused by every chunk, head and forward pass of a thread: a
// fresh n x chunk block per chunk cost a page fault per 4 KiB touched (a quarter of a forward
// pass over ur at n = 4097). Blocks over 64 MiB are returned to the allocator after the head.
template <class T>
class workspace {
 public:
  T* get(Index size) {
    auto& buf = buffer();
    if (static_cast<Index>(buf.size()) < size) buf.resize(static_cast<std::size_t>(size));
    return buf.data();
  }
  ~workspace() {
    auto& buf = buffer();
    if (buf.size() * sizeof(T) > (std::size_t{64} << 20)) std::vector<T>().swap(buf);
  }

 private:
  static std::vector<T>& buffer() {
    thread_local std::vector<T> buf;
    return buf;
  }
};

// Adds Wo · attention(x) of one head to `out` for every sequence [begins[s], begins[s+1]).
template <class T>
void add_head(const basic_head<T>& h, const detail::head_weights<T>& w, const matrix<T>& x,
              const std::vector<Index>& begins, matrix<T>& out) {
  if (detail::uniform_head(h)) {
    // Every score is 0: prefix means, linear in n, same rounding bound (prefix_mean.hpp).
    const matrix<T> v = w.wv * x;
    matrix<T> mixed(v.rows(), x.cols());
    for (std::size_t s = 0; s + 1 < begins.size(); ++s)
      detail::prefix_means(v, begins[s], begins[s + 1] - begins[s], mixed);
    w.wo.add_to(mixed, out);
    return;
  }
  matrix<T> q = w.wq * x;
  matrix<T> k = w.wk * x;
  const matrix<T> v = w.wv * x;
  matrix<T> mixed = matrix<T>::Zero(v.rows(), x.cols());
  workspace<T> scores;
  for (std::size_t s = 0; s + 1 < begins.size(); ++s) {
    const Index b = begins[s];
    const Index n = begins[s + 1] - b;
    matrix<T> vx(v.rows() + 1, n);
    rotate_columns(q, h.rotary, b, n);
    rotate_columns(k, h.rotary, b, n);
    for (Index q0 = 0; q0 < n; q0 += attention_chunk) {
      const Index q1 = std::min(n, q0 + attention_chunk);
      // e(j, c) = exp(score(j, q0 + c) - max_j score), zero for j > q0 + c (causal mask).
      Eigen::Map<matrix<T>> e(scores.get(q1 * (q1 - q0)), q1, q1 - q0);
      e.noalias() = k.middleCols(b, q1).transpose() * q.middleCols(b + q0, q1 - q0);
      for (Index c = 0; c < q1 - q0; ++c) {
        const Index last = q0 + c;  // keys 0..last are visible
        T* col = e.data() + c * e.rows();
        // Eigen's vectorized exp and reductions over the visible keys (a Map, not an expression).
        Eigen::Map<Eigen::Array<T, Eigen::Dynamic, 1>> visible(col, last + 1);
        const T mx = visible.maxCoeff();
        // Weights below e^-cutoff of the largest are exactly 0 (attention_cutoff); clamping
        // before exp keeps it away from subnormal results, which are slow to compute.
        const T cut = static_cast<T>(-attention_cutoff<T>);
        visible = (visible - mx < cut).select(T(0), (visible - mx).max(cut).exp());
        for (Index j = last + 1; j < e.rows(); ++j) col[j] = 0;
      }
      // The values with a row of ones below them: the same pairwise product gives the weighted
      // sums and the softmax denominators, both with the short error bound.
      vx.topRows(v.rows()) = v.middleCols(b, q1);
      vx.row(v.rows()).setOnes();
      const matrix<T> block = pairwise_product<T>(vx.leftCols(q1), e);
      // Normalize after the weighted sum: with equal scores the sum of 0/1 values is exact and a
      // single division rounds it correctly.
      for (Index c = 0; c < block.cols(); ++c) {
        const T sum = block(v.rows(), c);
        for (Index r = 0; r < v.rows(); ++r) mixed(r, b + q0 + c) = block(r, c) / sum;
      }
    }
  }
  w.wo.add_to(mixed, out);
}

template <class T>
void add_ffn(const basic_ffn<T>& f, const detail::ffn_weights<T>& w, const matrix<T>& x, matrix<T>& out) {
  if (f.w1.rows() == 0) return;
  matrix<T> hidden = w.w1 * x;
  if (f.b1) hidden.colwise() += *f.b1;
  hidden = hidden.cwiseMax(T(0));
  w.w2.add_to(hidden, out);
  if (f.b2) out.colwise() += *f.b2;
}

template <class T> void snapshot(std::vector<named_residual<T>>& into, std::string name, const matrix<T>& x) {
  into.push_back({std::move(name), x});
}

}  // namespace

template <class T>
prepared_model<T>::prepared_model(const basic_model<T>& m)
    : m_(&m), w_(std::make_unique<const detail::model_weights<T>>(m)) {}
template <class T> prepared_model<T>::~prepared_model() = default;
template <class T> prepared_model<T>::prepared_model(prepared_model&&) noexcept = default;
template <class T>
prepared_model<T>& prepared_model<T>::operator=(prepared_model&&) noexcept = default;

template <class T>
std::optional<std::vector<forward_result<T>>> forward_batch(const basic_model<T>& m,
                                                            std::span<const std::vector<int>> batch,
                                                            diagnostics& diags,
                                                            const forward_options& opts) {
  return forward_batch(prepared_model<T>(m), batch, diags, opts);
}

template <class T>
std::optional<std::vector<forward_result<T>>> forward_batch(const prepared_model<T>& pm,
                                                            std::span<const std::vector<int>> batch,
                                                            diagnostics& diags,
                                                            const forward_options& opts) {
  const basic_model<T>& m = pm.model();
  const Index vocab = static_cast<Index>(m.vocab.size());
  std::vector<Index> begins{0};
  bool ok = true;
  for (std::size_t s = 0; s < batch.size(); ++s) {
    const std::vector<int>& seq = batch[s];
    const std::string where = batch.size() == 1 ? "<input>" : fmt::format("<input {}>", s);
    for (std::size_t p = 0; p < seq.size(); ++p) {
      if (seq[p] < 0 || seq[p] >= vocab) {
        diags.error(where, fmt::format("token id {} at position {} is not in the vocabulary", seq[p], p));
        ok = false;
        break;
      }
    }
    if (m.pos_embed && static_cast<Index>(seq.size()) > m.pos_embed->cols()) {
      diags.error(where, fmt::format("length {} exceeds the APE table's {} positions", seq.size(),
                                     m.pos_embed->cols()));
      ok = false;
    }
    begins.push_back(begins.back() + static_cast<Index>(seq.size()));
  }
  if (!ok) return std::nullopt;

  const Index d = m.d_model();
  matrix<T> x(d, begins.back());
  for (std::size_t s = 0; s < batch.size(); ++s) {
    for (std::size_t p = 0; p < batch[s].size(); ++p) {
      const Index c = begins[s] + static_cast<Index>(p);
      x.col(c) = m.embed.col(batch[s][p]);
      if (m.pos_embed) x.col(c) += m.pos_embed->col(static_cast<Index>(p));
    }
  }
  const detail::model_weights<T>& weights = pm.weights();
  std::vector<named_residual<T>> snaps;
  if (opts.keep_residuals) snapshot(snaps, "embed", x);
  for (std::size_t l = 0; l < m.layers.size(); ++l) {
    const basic_layer<T>& layer = m.layers[l];
    matrix<T> delta = matrix<T>::Zero(d, x.cols());
    for (std::size_t h = 0; h < layer.heads.size(); ++h)
      add_head(layer.heads[h], weights.heads[l][h], x, begins, delta);
    x += delta;
    apply_layer_norm(layer.ln_attn, x);
    if (opts.keep_residuals) snapshot(snaps, fmt::format("L{}.attn", l), x);
    delta.setZero();
    add_ffn(layer.ffn, weights.ffns[l], x, delta);
    x += delta;
    apply_layer_norm(layer.ln_ffn, x);
    if (opts.keep_residuals) snapshot(snaps, fmt::format("L{}.ffn", l), x);
  }
  const matrix<T> scores = weights.unembed * x;

  std::vector<forward_result<T>> out(batch.size());
  for (std::size_t s = 0; s < batch.size(); ++s) {
    const Index b = begins[s];
    const Index n = begins[s + 1] - b;
    out[s].scores = scores.middleCols(b, n);
    for (const named_residual<T>& r : snaps) out[s].residuals.push_back({r.name, r.value.middleCols(b, n)});
  }
  return out;
}

template <class T>
std::optional<forward_result<T>> forward(const prepared_model<T>& m, std::span<const int> tokens,
                                         diagnostics& diags, const forward_options& opts) {
  const std::vector<std::vector<int>> one{std::vector<int>(tokens.begin(), tokens.end())};
  std::optional<std::vector<forward_result<T>>> r = forward_batch(m, std::span(one), diags, opts);
  if (!r) return std::nullopt;
  return std::move(r->front());
}

template <class T>
std::optional<forward_result<T>> forward(const basic_model<T>& m, std::span<const int> tokens,
                                         diagnostics& diags, const forward_options& opts) {
  return forward(prepared_model<T>(m), tokens, diags, opts);
}

template <class T>
matrix<T> attention_scores(const basic_head<T>& h, const matrix<T>& x) {
  matrix<T> q = h.wq * x;
  matrix<T> k = h.wk * x;
  rotate_columns(q, h.rotary, 0, x.cols());
  rotate_columns(k, h.rotary, 0, x.cols());
  matrix<T> s = k.transpose() * q;
  for (Index i = 0; i < s.cols(); ++i)
    for (Index j = i + 1; j < s.rows(); ++j) s(j, i) = -std::numeric_limits<T>::infinity();
  return s;
}

template std::optional<forward_result<double>> forward(const basic_model<double>&,
    std::span<const int>, diagnostics&, const forward_options&);
template std::optional<forward_result<float>> forward(const basic_model<float>&,
    std::span<const int>, diagnostics&, const forward_options&);
template std::optional<std::vector<forward_result<double>>> forward_batch(
    const basic_model<double>&, std::span<const std::vector<int>>, diagnostics&,
    const forward_options&);
template std::optional<std::vector<forward_result<float>>> forward_batch(
    const basic_model<float>&, std::span<const std::vector<int>>, diagnostics&,
    const forward_options&);
template class prepared_model<double>;
template class prepared_model<float>;
template std::optional<forward_result<double>> forward(const prepared_model<double>&,
    std::span<const int>, diagnostics&, const forward_options&);
template std::optional<forward_result<float>> forward(const prepared_model<float>&,
    std::span<const int>, diagnostics&, const forward_options&);
template std::optional<std::vector<forward_result<double>>> forward_batch(
    const prepared_model<double>&, std::span<const std::vector<int>>, diagnostics&,
    const forward_options&);
template std::optional<std::vector<forward_result<float>>> forward_batch(
    const prepared_model<float>&, std::span<const std::vector<int>>, diagnostics&,
    const forward_options&);
template matrix<double> attention_scores(const basic_head<double>&, const matrix<double>&);
template matrix<float> attention_scores(const basic_head<float>&, const matrix<float>&);

}  // namespace crasp::model
