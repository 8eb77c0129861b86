// model::decoder: forward() restricted to the new columns, with each head's earlier keys and
// values (general heads) or prefix-mean sums (uniform heads) kept from call to call. The
// position-wise parts and the attention of one query are forward()'s own functions (layers.hpp,
// attention.hpp, prefix_mean.hpp), which is what makes a cached row equal forward()'s.
#include "crasp/decoder.hpp"

#include <fmt/format.h>

#include "model/attention.hpp"
#include "model/layers.hpp"
#include "model/linear.hpp"
#include "model/prefix_mean.hpp"

namespace crasp::model {

namespace detail {

// What one head keeps of the positions run so far: keys and values of a general head, or the
// prefix-mean sums of a uniform one; and its buffers over the new columns (per head, since heads
// differ in shape: shared ones would be reallocated at every step).
template <class T> struct head_cache {
  bool uniform = false;
  key_value_store<T> kv;
  prefix_mean_state<T> means;
  matrix<T> q, k, v, mixed;
  attention_scratch<T> scratch;
};

template <class T> struct decoder_state {
  const prepared_model<T>* pm;
  Eigen::Index n = 0;                             // positions run
  std::vector<std::vector<head_cache<T>>> heads;  // [layer][head]
  std::vector<matrix<T>> hidden;                  // [layer]: FFN units over the new columns
  // d_model x new columns (tmp: every sparse product before it is added), and the last column's
  // scores, reused from call to call.
  matrix<T> x, delta, tmp, last_x, scores;
  vector<T> last;  // scores of the last position run

  explicit decoder_state(const prepared_model<T>& m) : pm(&m), hidden(m.model().layers.size()) {
    for (const auto& layer : m.model().layers) {
      heads.emplace_back(layer.heads.size());
      for (std::size_t h = 0; h < layer.heads.size(); ++h)
        heads.back()[h].uniform = uniform_head(layer.heads[h]);
    }
    reset();
  }

  void reset() {
    n = 0;
    const auto& layers = pm->model().layers;
    for (std::size_t l = 0; l < layers.size(); ++l)
      for (std::size_t h = 0; h < layers[l].heads.size(); ++h) {
        const basic_head<T>& head = layers[l].heads[h];
        heads[l][h].kv.clear(head.wk.rows(), head.wv.rows());
        heads[l][h].means.clear(head.wv.rows());
      }
  }

  // Wo · attention of head h of layer l over the new columns of x, added to delta.
  void add_head(std::size_t l, std::size_t h) {
    const basic_head<T>& head = pm->model().layers[l].heads[h];
    const head_weights<T>& w = pm->weights().heads[l][h];
    head_cache<T>& c = heads[l][h];
    const Eigen::Index m = x.cols();
    w.wv.apply(x, c.v);
    c.mixed.resize(c.v.rows(), m);
    if (c.uniform) {
      for (Eigen::Index j = 0; j < m; ++j) c.means.push(c.v.col(j).data(), c.mixed.col(j).data());
    } else {
      w.wq.apply(x, c.q);
      w.wk.apply(x, c.k);
      rotate_columns(c.q, head.rotary, 0, m, n);
      rotate_columns(c.k, head.rotary, 0, m, n);
      c.kv.append(c.k, c.v);
      for (Eigen::Index j = 0; j < m; ++j)
        attend(c.kv, c.q.col(j).data(), n + j + 1, c.scratch, c.mixed.col(j).data());
    }
    w.wo.add_to(c.mixed, delta, tmp);
  }

  void run(std::span<const int> ids) {
    const basic_model<T>& model = pm->model();
    const model_weights<T>& weights = pm->weights();
    const Eigen::Index d = model.d_model();
    const auto m = static_cast<Eigen::Index>(ids.size());
    x.resize(d, m);
    embed(model, ids, n, x);
    for (std::size_t l = 0; l < model.layers.size(); ++l) {
      const basic_layer<T>& layer = model.layers[l];
      delta.setZero(d, m);
      for (std::size_t h = 0; h < layer.heads.size(); ++h) add_head(l, h);
      x += delta;
      apply_layer_norm(layer.ln_attn, x);
      delta.setZero();
      add_ffn(layer.ffn, weights.ffns[l], x, delta, hidden[l], tmp);
      x += delta;
      apply_layer_norm(layer.ln_ffn, x);
    }
    last_x = x.col(m - 1);
    weights.unembed.apply(last_x, scores);
    last = scores.col(0);
    n += m;
  }
};

}  // namespace detail

template <class T>
decoder<T>::decoder(const prepared_model<T>& m)
    : s_(std::make_unique<detail::decoder_state<T>>(m)) {}
template <class T> decoder<T>::~decoder() = default;
template <class T> decoder<T>::decoder(decoder&&) noexcept = default;
template <class T> decoder<T>& decoder<T>::operator=(decoder&&) noexcept = default;

template <class T> std::size_t decoder<T>::size() const { return static_cast<std::size_t>(s_->n); }
template <class T> void decoder<T>::clear() { s_->reset(); }
template <class T> const prepared_model<T>& decoder<T>::prepared() const { return *s_->pm; }

template <class T>
const vector<T>* decoder<T>::append(std::span<const int> ids, diagnostics& diags) {
  const basic_model<T>& m = s_->pm->model();
  if (ids.empty()) {
    if (s_->n == 0) diags.error("<input>", "no positions to run");
    return s_->n == 0 ? nullptr : &s_->last;
  }
  // forward()'s checks and wording, with positions counted from the start of the sequence.
  const auto vocab = static_cast<int>(m.vocab.size());
  for (std::size_t p = 0; p < ids.size(); ++p) {
    if (ids[p] < 0 || ids[p] >= vocab) {
      diags.error("<input>", fmt::format("token id {} at position {} is not in the vocabulary",
                                         ids[p], size() + p));
      return nullptr;
    }
  }
  const std::size_t length = size() + ids.size();
  if (m.pos_embed && static_cast<Eigen::Index>(length) > m.pos_embed->cols()) {
    diags.error("<input>", fmt::format("length {} exceeds the APE table's {} positions", length,
                                       m.pos_embed->cols()));
    return nullptr;
  }
  s_->run(ids);
  return &s_->last;
}

template class decoder<double>;
template class decoder<float>;

}  // namespace crasp::model
