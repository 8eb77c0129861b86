// The position-wise parts of a layer (embedding, LayerNorm, FFN), shared by forward() and the
// key/value cache (model::decoder) so that both compute a column with the same operations. Each
// works column by column or elementwise, so a column's result does not depend on the others;
// the matrix products are detail::linear's (linear.hpp says when those are column-exact).
#pragma once

#include <cmath>

#include "crasp/model.hpp"
#include "model/linear.hpp"

namespace crasp::model::detail {

/// x.col(c) = embedding of tokens[c] at position first + c (plus its APE column). The caller has
/// checked the ids and the APE table's length.
template <class T>
void embed(const basic_model<T>& m, std::span<const int> tokens, Eigen::Index first, matrix<T>& x,
           Eigen::Index column = 0) {
  for (std::size_t p = 0; p < tokens.size(); ++p) {
    const Eigen::Index c = column + static_cast<Eigen::Index>(p);
    x.col(c) = m.embed.col(tokens[p]);
    if (!m.pos_embed) continue;
    const Eigen::Index t = first + static_cast<Eigen::Index>(p);
    if (!m.pos_rows) {
      x.col(c) += m.pos_embed->col(t);
    } else {
      const std::vector<int>& rows = *m.pos_rows;
      for (std::size_t r = 0; r < rows.size(); ++r)
        x(rows[r], c) += (*m.pos_embed)(static_cast<Eigen::Index>(r), t);
    }
  }
}

/// LayerNorm of every column of x, in place (two-pass variance: centered squares).
template <class T> void apply_layer_norm(const basic_layer_norm<T>& ln, matrix<T>& x) {
  if (!ln.enabled) return;
  const Eigen::Index d = x.rows();
  if (d == 0) return;
  for (Eigen::Index c = 0; c < x.cols(); ++c) {
    T* p = x.data() + c * d;
    T mean = 0;
    for (Eigen::Index r = 0; r < d; ++r) mean += p[r];
    mean /= static_cast<T>(d);
    T var = 0;
    for (Eigen::Index r = 0; r < d; ++r) var += (p[r] - mean) * (p[r] - mean);
    var /= static_cast<T>(d);
    const T denom = std::sqrt(var + ln.eps);
    for (Eigen::Index r = 0; r < d; ++r) p[r] = (p[r] - mean) / denom;
  }
  if (ln.gain) x.array().colwise() *= ln.gain->array();
  if (ln.bias) x.colwise() += *ln.bias;
}

/// out += FFN(x) = W2 · ReLU(W1 x [+ b1]) [+ b2], with the caller's buffers for the hidden
/// units (d_ff x columns: a matrix, resized here, or a map of that size) and for a sparse product
/// before it is added (linear::add_to), which the caller keeps from call to call.
template <class T, class Hidden>
void add_ffn(const basic_ffn<T>& f, const ffn_weights<T>& w, const matrix<T>& x, matrix<T>& out,
             Hidden& hidden, matrix<T>& tmp) {
  if (f.w1.rows() == 0) return;
  w.w1.apply(x, hidden);
  if (f.b1) hidden.colwise() += *f.b1;
  hidden = hidden.cwiseMax(T(0));
  w.w2.add_to(hidden, out, tmp);
  if (f.b2) out.colwise() += *f.b2;
}

}  // namespace crasp::model::detail
