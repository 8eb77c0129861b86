// Incremental forward pass with a key/value cache, for generation: running one more position
// costs one position's work plus its attention over the cached keys, instead of a forward pass
// over the whole sequence. The model is causal, so earlier positions never change when tokens are
// appended, and caching every layer's keys and values (and, for uniform heads, their prefix-mean
// sums) is exact.
#pragma once

#include <cstddef>
#include <memory>
#include <span>

#include "crasp/diagnostic.hpp"
#include "crasp/model.hpp"

namespace crasp::model {

namespace detail {
template <class T> struct decoder_state;
}

/// One sequence run position after position. Appending positions computes, for each new position
/// and each layer, its residual column, its queries, keys and values, its attention over every
/// cached key and itself, the FFN and LayerNorm, and at the end the output scores of the last new
/// position. Each row is computed with forward()'s operations in forward()'s order: for a model
/// whose weight matrices are all multiplied column by column (sparse or small, as in every compiled
/// model; src/model/linear.hpp) the scores equal forward()'s last column of the same tokens to the
/// bit. A large dense matrix is a GEMM in forward() and a product over the new columns here, so
/// those rows may differ in the last bits, within the same rounding bounds (docs/precision.md).
///
/// It refers to the prepared model, which must outlive it. Buffers are kept from call to call:
/// appending one position allocates nothing but the cache's amortized growth.
template <class T> class decoder {
 public:
  explicit decoder(const prepared_model<T>& m);
  ~decoder();
  decoder(decoder&&) noexcept;
  decoder& operator=(decoder&&) noexcept;
  decoder(const decoder&) = delete;
  decoder& operator=(const decoder&) = delete;

  /// Runs `ids` as positions size(), size() + 1, ... of the sequence (the first call's ids start
  /// with the BOS, as forward()'s do). Returns the output scores (n_out) of the last of them,
  /// valid until the next call; nullptr, with an error in `diags` and nothing appended, when an id
  /// is not in the vocabulary or an APE model's table has no column for a position. Empty `ids`
  /// return the last scores again (nullptr, with an error, before any position).
  const vector<T>* append(std::span<const int> ids, diagnostics& diags);

  /// Positions run so far.
  [[nodiscard]] std::size_t size() const;
  /// Forgets every position (keeps the buffers), to run another sequence.
  void clear();
  /// The prepared model it runs.
  [[nodiscard]] const prepared_model<T>& prepared() const;

 private:
  std::unique_ptr<detail::decoder_state<T>> s_;
};

extern template class decoder<double>;
extern template class decoder<float>;

}  // namespace crasp::model
