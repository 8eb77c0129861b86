// The forward pass: post-norm residual layers over a d_model x N residual holding every position
// of every sequence side by side. Position-wise work is one product over all N columns (layers.hpp);
// attention is causal within each sequence, one query at a time over the keys it sees
// (attention.hpp), and heads whose scores are all 0 (uniform counting heads) are prefix means
// instead (prefix_mean.hpp). Mostly-zero and small weight matrices are multiplied as sparse ones
// (linear.hpp). Every row is computed as model::decoder computes it when it appends that
// position to its key/value cache.
#include "crasp/model.hpp"
#include "model/attention.hpp"
#include "model/layers.hpp"
#include "model/linear.hpp"
#include "model/prefix_mean.hpp"
#include "support/huge_pages.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace crasp::model {

namespace {

using Eigen::Index;

/// Buffers one forward_batch() call reuses from head to head and layer to layer. A batch of
/// far-bin instances makes every one of them d_model x N (hundreds of MB at N = 20,000), and
/// fresh allocations of that size are fresh mmap()s: page faults and zeroing were a third of a
/// `crasp check` of the wide catalogue models before these were kept.
template <class T> struct head_buffers {
  matrix<T> v, q, k, mixed, tmp;
};

/// Gives m the shape rows x cols; a new buffer is marked for huge pages before its first touch.
/// The contents are unspecified (every caller overwrites them).
template <class T> void shape(matrix<T>& m, Index rows, Index cols) {
  if (m.rows() == rows && m.cols() == cols) return;
  m.resize(rows, cols);
  support::advise_huge_pages(m.data(), static_cast<std::size_t>(m.size()) * sizeof(T));
}

// Adds Wo · attention(x) of one head to `out` for every sequence [begins[s], begins[s+1]).
template <class T>
void add_head(const basic_head<T>& h, const detail::head_weights<T>& w, const matrix<T>& x,
              const std::vector<Index>& begins, matrix<T>& out, head_buffers<T>& buf) {
  matrix<T>& v = buf.v;
  matrix<T>& mixed = buf.mixed;
  shape(v, h.wv.rows(), x.cols());
  w.wv.apply(x, v);
  shape(mixed, v.rows(), x.cols());
  shape(buf.tmp, h.wo.rows(), x.cols());
  if (detail::uniform_head(h)) {
    // Every score is 0: prefix means, linear in n, same rounding bound (prefix_mean.hpp).
    for (std::size_t s = 0; s + 1 < begins.size(); ++s)
      detail::prefix_means(v, begins[s], begins[s + 1] - begins[s], mixed);
    w.wo.add_to(mixed, out, buf.tmp);
    return;
  }
  matrix<T>& q = buf.q;
  matrix<T>& k = buf.k;
  shape(q, h.wq.rows(), x.cols());
  shape(k, h.wk.rows(), x.cols());
  w.wq.apply(x, q);
  w.wk.apply(x, k);
  detail::key_value_store<T> kv;
  detail::attention_scratch<T> scratch;
  for (std::size_t s = 0; s + 1 < begins.size(); ++s) {
    const Index b = begins[s];
    const Index n = begins[s + 1] - b;
    detail::rotate_columns(q, h.rotary, b, n);
    detail::rotate_columns(k, h.rotary, b, n);
    kv.clear(k.rows(), v.rows());
    kv.append(k.middleCols(b, n), v.middleCols(b, n));
    for (Index i = 0; i < n; ++i)
      detail::attend(kv, q.col(b + i).data(), i + 1, scratch, mixed.col(b + i).data());
  }
  w.wo.add_to(mixed, out, buf.tmp);
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
  matrix<T> x;
  shape(x, d, begins.back());
  for (std::size_t s = 0; s < batch.size(); ++s) detail::embed(m, std::span(batch[s]), 0, x, begins[s]);
  const detail::model_weights<T>& weights = pm.weights();
  matrix<T> hidden, tmp, delta;
  shape(delta, d, x.cols());
  shape(tmp, d, x.cols());
  head_buffers<T> buf;
  std::vector<named_residual<T>> snaps;
  if (opts.keep_residuals) snapshot(snaps, "embed", x);
  for (std::size_t l = 0; l < m.layers.size(); ++l) {
    const basic_layer<T>& layer = m.layers[l];
    delta.setZero();
    for (std::size_t h = 0; h < layer.heads.size(); ++h)
      add_head(layer.heads[h], weights.heads[l][h], x, begins, delta, buf);
    x += delta;
    detail::apply_layer_norm(layer.ln_attn, x);
    if (opts.keep_residuals) snapshot(snaps, fmt::format("L{}.attn", l), x);
    delta.setZero();
    shape(hidden, layer.ffn.w1.rows(), x.cols());
    detail::add_ffn(layer.ffn, weights.ffns[l], x, delta, hidden, tmp);
    x += delta;
    detail::apply_layer_norm(layer.ln_ffn, x);
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
  detail::rotate_columns(q, h.rotary, 0, x.cols());
  detail::rotate_columns(k, h.rotary, 0, x.cols());
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
