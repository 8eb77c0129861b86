// The weight matrices of a forward pass, each multiplied the cheaper way. A compiled C-RASP model
// is wide and almost empty: every comparison, Boolean and count reads and writes a handful of
// named residual dimensions, so its FFN and projection matrices hold about 0.05-0.3 % non-zeros
// at 150 symbols (UF: 103k of 9.9M weights). Multiplying them as sparse matrices skips the exact
// zeros: every output is the same sum of the same non-zero products, only in column order rather
// than the dense GEMM's blocking, and within the same rounding bound (a sum of k non-zero terms
// rounds within gamma_k whatever its order, and k is at most the dense dimension). Dense matrices
// stay dense GEMMs.
//
// The sparse product computes each column of W · x alone, in a fixed order, so a column's result
// does not depend on how many columns are multiplied with it; a dense GEMM's blocking does. The
// key/value cache (model::decoder) relies on that to reproduce forward()'s rows to the bit, which
// is why small matrices, where the GEMM's speed does not matter, take the sparse path too.
#pragma once

#include <Eigen/SparseCore>

#include <optional>
#include <vector>

#include "crasp/model.hpp"

namespace crasp::model::detail {

/// One weight matrix W, applied as W · x.
template <class T> class linear {
 public:
  /// Density below which the sparse product is used. Not tuned: a sparse product costs several
  /// times a dense GEMM per multiply-add, and the matrices that matter sit far from the line
  /// (compiled models 0.05-0.3 % non-zero, dense random models 100 %).
  static constexpr double sparse_below = 0.1;
  /// Matrices of at most this many entries (a 64 x 64 block) are multiplied as sparse ones
  /// whatever their density: column by column, so that their columns match a one-column product
  /// exactly (above). Not tuned either; compiled models' dense matrices are small FFN layers.
  static constexpr Eigen::Index small_entries = 4096;

  explicit linear(const matrix<T>& w) : dense_(&w) {
    if (w.size() == 0) return;
    const auto nonzeros = (w.array() != T(0)).count();
    if (w.size() <= small_entries ||
        static_cast<double>(nonzeros) < sparse_below * static_cast<double>(w.size()))
      sparse_ = w.sparseView(T(0), T(0));  // keeps exactly the non-zero entries
  }

  /// Whether the product runs column by column (sparse); false: a dense GEMM.
  [[nodiscard]] bool by_columns() const { return sparse_.has_value(); }

  [[nodiscard]] matrix<T> operator*(const matrix<T>& x) const {
    matrix<T> out;
    apply(x, out);
    return out;
  }
  /// out = W · x, into out's storage when it already has the size. x and out are matrices or
  /// maps of one (a map must have the size already).
  template <class X, class Out> void apply(const X& x, Out& out) const {
    if (sparse_) out.noalias() = *sparse_ * x;
    else out.noalias() = *dense_ * x;
  }
  /// out += W · x.
  void add_to(const matrix<T>& x, matrix<T>& out) const {
    matrix<T> tmp;
    add_to(x, out, tmp);
  }
  /// out += W · x with `tmp` as the sparse product's buffer (reused by a caller that runs many
  /// small products). The sparse product is summed apart and then added, as Eigen evaluates
  /// `out += sparse * x`; the dense one accumulates into out.
  template <class X> void add_to(const X& x, matrix<T>& out, matrix<T>& tmp) const {
    if (sparse_) {
      tmp.noalias() = *sparse_ * x;
      out += tmp;
    } else {
      out.noalias() += *dense_ * x;
    }
  }

 private:
  const matrix<T>* dense_;
  std::optional<Eigen::SparseMatrix<T, Eigen::ColMajor>> sparse_;
};

/// The matrices of one head, one FFN, one model: built once per prepared_model (a scan of every
/// weight, small next to one position's dense work on a wide model).
template <class T> struct head_weights {
  linear<T> wq, wk, wv, wo;
  explicit head_weights(const basic_head<T>& h) : wq(h.wq), wk(h.wk), wv(h.wv), wo(h.wo) {}
};
template <class T> struct ffn_weights {
  linear<T> w1, w2;
  explicit ffn_weights(const basic_ffn<T>& f) : w1(f.w1), w2(f.w2) {}
};
template <class T> struct model_weights {
  std::vector<std::vector<head_weights<T>>> heads;  ///< [layer][head]
  std::vector<ffn_weights<T>> ffns;                 ///< [layer]
  linear<T> unembed;
  explicit model_weights(const basic_model<T>& m) : unembed(m.unembed) {
    for (const auto& l : m.layers) {
      heads.emplace_back();
      for (const auto& h : l.heads) heads.back().emplace_back(h);
      ffns.emplace_back(l.ffn);
    }
  }
};

}  // namespace crasp::model::detail
