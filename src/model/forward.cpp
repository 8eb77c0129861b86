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
#include <mutex>
#include <utility>

namespace crasp::model {

namespace detail {

/// Buffers a forward pass reuses from head to head and layer to layer. A batch of far-bin
/// instances makes every one of them d_model x N (hundreds of MB at N = 20,000), and fresh
/// allocations of that size are fresh mmap()s: page faults and zeroing were a third of a
/// `crasp check` of the wide catalogue models before these were kept, first per call and now
/// per prepared_model (the far bins' instances of one length reuse them as they are).
template <class T> struct head_buffers {
  matrix<T> v, q, k, mixed, tmp;
  key_value_store<T> kv;
  attention_scratch<T> scratch;
};
template <class T> struct forward_workspace {
  matrix<T> x, tmp, delta;
  vector<T> hidden;  ///< storage of every layer's FFN hidden units (d_ff x N)
  head_buffers<T> heads;
};
/// A prepared_model's workspace, lent to one call at a time.
template <class T> struct forward_slot {
  std::mutex busy;
  forward_workspace<T> ws;
};

}  // namespace detail

namespace {

using Eigen::Index;
using detail::head_buffers;

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
  detail::key_value_store<T>& kv = buf.kv;
  detail::attention_scratch<T>& scratch = buf.scratch;
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
forward_buffers<T>::forward_buffers() : slot_(std::make_unique<detail::forward_slot<T>>()) {}
template <class T> forward_buffers<T>::~forward_buffers() = default;
template <class T> forward_buffers<T>::forward_buffers(forward_buffers&&) noexcept = default;
template <class T>
forward_buffers<T>& forward_buffers<T>::operator=(forward_buffers&&) noexcept = default;

template <class T>
prepared_model<T>::prepared_model(const basic_model<T>& m)
    : m_(&m), w_(std::make_unique<const detail::model_weights<T>>(m)) {}
template <class T>
prepared_model<T>::prepared_model(const basic_model<T>& m, forward_buffers<T> buffers)
    : m_(&m), w_(std::make_unique<const detail::model_weights<T>>(m)), buffers_(std::move(buffers)) {
  if (!buffers_.slot_) buffers_.slot_ = std::make_unique<detail::forward_slot<T>>();  // moved-from
}
template <class T> forward_buffers<T> prepared_model<T>::release_buffers() {
  return std::exchange(buffers_, forward_buffers<T>());
}
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

  // This call's buffers: the prepared model's, unless another thread is using them.
  std::unique_lock lock(pm.slot().busy, std::try_to_lock);
  std::unique_ptr<detail::forward_workspace<T>> own;
  if (!lock.owns_lock()) own = std::make_unique<detail::forward_workspace<T>>();
  detail::forward_workspace<T>& ws = own ? *own : pm.slot().ws;

  const Index d = m.d_model();
  matrix<T>& x = ws.x;
  shape(x, d, begins.back());
  for (std::size_t s = 0; s < batch.size(); ++s) detail::embed(m, std::span(batch[s]), 0, x, begins[s]);
  const detail::model_weights<T>& weights = pm.weights();
  matrix<T>& delta = ws.delta;
  shape(delta, d, x.cols());
  head_buffers<T>& buf = ws.heads;
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
    // The hidden units in one store for every layer: d_ff differs from layer to layer, and a
    // matrix resized to each would be a fresh d_ff x N allocation (fresh pages) per layer.
    const Index d_ff = layer.ffn.w1.rows();
    if (ws.hidden.size() < d_ff * x.cols()) {
      ws.hidden.resize(d_ff * x.cols());
      support::advise_huge_pages(ws.hidden.data(), static_cast<std::size_t>(ws.hidden.size()) * sizeof(T));
    }
    Eigen::Map<matrix<T>> hidden(ws.hidden.data(), d_ff, x.cols());
    detail::add_ffn(layer.ffn, weights.ffns[l], x, delta, hidden, ws.tmp);
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
template class forward_buffers<double>;
template class forward_buffers<float>;
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
