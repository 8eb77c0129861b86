// The transformer model as a value: explicit weight matrices, named residual dimensions, a causal
// forward pass in plain Eigen (float64 and float32). The lowering passes fill it; nothing here knows
// about C-RASP programs or the interpreter. File format: include/crasp/model_io.hpp.
#pragma once

#include <Eigen/Core>

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "crasp/diagnostic.hpp"

namespace crasp::model {

/// How positions enter the model: not at all (NoPE), through a learned-style absolute table added
/// to the token embedding (APE), or by rotating query/key pairs inside attention heads (RoPE).
enum class positional { nope, ape, rope };

/// Dense column-major matrix / column vector in the working precision.
template <class T> using matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;
template <class T> using vector = Eigen::Matrix<T, Eigen::Dynamic, 1>;

/// y = (x - mean(x)) / sqrt(var(x) + eps) [* gain] [+ bias], per position, population variance.
/// Disabled means the identity. The construction uses gain and bias absent and eps = 0.
template <class T> struct basic_layer_norm {
  bool enabled = false;                ///< false: the sublayer output is x + f(x) unchanged
  T eps = 0;                           ///< added to the variance; 0 is allowed (and used)
  std::optional<vector<T>> gain;       ///< d_model, multiplies elementwise when present
  std::optional<vector<T>> bias;       ///< d_model, added when present
};

/// One causal softmax attention head: out_i = Wo · sum_{j<=i} softmax_j(q_i · k_j) v_j with
/// q = Wq x, k = Wk x, v = Wv x. No 1/sqrt(d_head) scaling: sharpness lives in the weights.
template <class T> struct basic_head {
  std::string name;  ///< for inspection only (may be empty)
  matrix<T> wq;      ///< d_head x d_model
  matrix<T> wk;      ///< d_head x d_model
  matrix<T> wv;      ///< d_value x d_model (d_value usually == d_head)
  matrix<T> wo;      ///< d_model x d_value
  /// RoPE: rotary[k] = omega_k rotates the coordinate pair (2k, 2k+1) of q and k at position p by
  /// the angle p * omega_k (counter-clockwise). Pairs past rotary.size() are not rotated. Empty:
  /// no rotation. At most d_head / 2 entries, each positive with omega_k * max_len at most
  /// max_rotary_angle.
  std::vector<double> rotary;
};

/// The largest rotary angle omega_k * max_len a model may reach at its designed length (2^32
/// radians). The angle p * omega_k is computed in double, within 2^-53 of its size: up to 2^32
/// it is within 2^-21 rad (5e-7) of exact, so cos and sin keep about 21 correct bits. Past it
/// the error grows to a whole turn (2^55 rad), and a frequency like 1e308 overflows to an
/// infinite angle at position 2. Compiled models stay below 2^26 (omega <= pi, max_len <= 2^24).
inline constexpr double max_rotary_angle = 4294967296.0;

/// Position-wise feed-forward unit: W2 · ReLU(W1 x [+ b1]) [+ b2].
template <class T> struct basic_ffn {
  std::string name;               ///< for inspection only (may be empty)
  matrix<T> w1;                   ///< d_ff x d_model (d_ff may be 0: the FFN adds nothing)
  std::optional<vector<T>> b1;    ///< d_ff
  matrix<T> w2;                   ///< d_model x d_ff
  std::optional<vector<T>> b2;    ///< d_model
};

/// One post-norm layer: x = LN_attn(x + sum_h head_h(x)); x = LN_ffn(x + FFN(x)).
template <class T> struct basic_layer {
  std::string name;                     ///< for inspection only (may be empty)
  std::vector<basic_head<T>> heads;     ///< may be empty
  basic_layer_norm<T> ln_attn;          ///< after the attention sublayer
  basic_ffn<T> ffn;
  basic_layer_norm<T> ln_ffn;           ///< after the FFN sublayer
};

/// A whole model. Hyperparameters are the shapes of its matrices: d_model is
/// residual_names.size(), d_ff of a layer is ffn.w1.rows(), d_head of a head is wq.rows().
/// Scalar is double (the stored, canonical form) or float (see cast()).
template <class T> struct basic_model {
  std::vector<std::string> vocab;          ///< token strings by id, including the BOS token
  int bos = 0;                             ///< id of the internal beginning-of-sequence token
  /// Designed maximum sequence length, counted in positions fed to forward() (BOS included).
  /// APE models have exactly max_len table columns and refuse longer inputs; NoPE/RoPE models
  /// run longer inputs but are only designed up to max_len.
  int max_len = 0;
  positional pe = positional::nope;
  std::vector<std::string> residual_names; ///< one unique non-empty name per residual dimension
  matrix<T> embed;                         ///< d_model x vocab: column t is token t's embedding
  /// APE table, present exactly when pe == ape: rows x max_len, where row r adds to residual
  /// dimension (*pos_rows)[r], or to dimension r when pos_rows is unset (then rows = d_model).
  /// A compiled model's table writes only its positional dimensions (bits of i, periodic
  /// predicates), so it lists them instead of storing rows of zeros.
  std::optional<matrix<T>> pos_embed;
  std::optional<std::vector<int>> pos_rows;  ///< strictly increasing residual dimensions
  std::vector<basic_layer<T>> layers;
  matrix<T> unembed;                       ///< n_out x d_model: scores = unembed · residual
  std::vector<std::string> output_labels;  ///< n_out labels ("accept", "reject", NEXT tokens...)
  /// Free-form provenance, saved with the model: the program it was compiled from, and what the
  /// compile-time check measured ("check.f64", "check.f32"). Not used by the forward pass.
  std::map<std::string, std::string> info;

  /// Number of residual dimensions.
  [[nodiscard]] int d_model() const { return static_cast<int>(residual_names.size()); }
  /// Index of the residual dimension called `name`, if any.
  [[nodiscard]] std::optional<int> residual_index(std::string_view name) const;
  /// Id of token `text`, if it is in the vocabulary.
  [[nodiscard]] std::optional<int> token_id(std::string_view text) const;
  /// Index of output label `label`, if any.
  [[nodiscard]] std::optional<int> output_index(std::string_view label) const;
};

using model = basic_model<double>;      ///< canonical (stored) form
using model_f32 = basic_model<float>;   ///< converted once by the caller with cast<float>()
using layer = basic_layer<double>;      ///< layer of a float64 model
using head = basic_head<double>;        ///< head of a float64 model
using ffn = basic_ffn<double>;          ///< FFN of a float64 model
using layer_norm = basic_layer_norm<double>;  ///< LayerNorm of a float64 model

/// The same model in another precision (every weight rounded once; rotary stays double).
template <class To, class From> basic_model<To> cast(const basic_model<From>& m);

/// Architecture at a glance.
struct summary {
  int layers = 0;
  int heads = 0;            ///< total over all layers
  int max_heads = 0;        ///< most heads in one layer
  int d_model = 0;
  int max_d_ff = 0;
  int max_d_head = 0;
  int vocab = 0;
  int n_out = 0;
  int max_len = 0;
  /// Every stored tensor element: embeddings, head matrices, FFN weights and biases, LayerNorm
  /// gains and biases, unembedding. Rotary frequencies and eps are hyperparameters, not counted.
  std::size_t parameters = 0;
};

/// Summarizes a model (assumes nothing; reads shapes as they are).
template <class T> summary summarize(const basic_model<T>& m);

/// Checks every shape, name, id and value (finite weights, eps >= 0, rotary frequencies positive
/// and within max_rotary_angle at max_len) against the conventions above. Returns one error per
/// problem, with origin naming the offending tensor or field.
template <class T> diagnostics validate(const basic_model<T>& m);

/// One residual snapshot: "embed", then "L<l>.attn" and "L<l>.ffn" for every layer l (after the
/// sublayer's LayerNorm). `value` is d_model x n.
template <class T> struct named_residual {
  std::string name;   ///< "embed", "L0.attn", "L0.ffn", ...
  matrix<T> value;    ///< d_model x n
};

/// Forward pass output for one sequence.
template <class T> struct forward_result {
  matrix<T> scores;                             ///< n_out x n: output scores at every position
  std::vector<named_residual<T>> residuals;     ///< filled only with keep_residuals
};

/// Keys per block of the attention's blocked pairwise summation: forward() sums every weighted
/// sum of values and every softmax denominator over blocks of at most this many keys, whose sums
/// are added in balanced trees (src/model/attention.hpp gives the exact order, which the
/// key/value cache of crasp/decoder.hpp repeats). The certified lengths of compiled models
/// (compile_stats) rely on the resulting error bound (attention_sum_terms).
inline constexpr int attention_sum_block = 64;

/// The k of the rounding bound gamma_k of such a sum over n keys: at most attention_sum_block
/// products per block, then ceil(log2(number of blocks)) additions.
constexpr double attention_sum_terms(double n) {
  if (n <= attention_sum_block) return n;
  double depth = 0;
  for (double blocks = 1; blocks * attention_sum_block < n; blocks *= 2) ++depth;
  return attention_sum_block + depth;
}

/// Softmax truncation: forward() gives weight exactly 0 to a key whose score is more than this
/// far below the query's maximum score (e^-64 in float64, e^-40 in float32), instead of
/// computing a weight that no sum of fewer than 2^31 keys can distinguish from 0 at that
/// precision; in float32 those weights were also subnormal numbers, each costing a microcode
/// assist. The certified lengths include the dropped mass: at most 2 (n - 1) e^-cutoff times the
/// largest value read, relative to a denominator of at least 1 (docs/precision.md).
template <class T> inline constexpr double attention_cutoff = sizeof(T) >= 8 ? 64.0 : 40.0;

/// Query-key pairs a causal forward pass over `positions` positions scores, summed over all
/// heads: heads x n(n+1)/2, the part of its cost that grows with the square of the length.
template <class T> double attention_pairs(const basic_model<T>& m, std::size_t positions) {
  std::size_t heads = 0;
  for (const auto& l : m.layers) heads += l.heads.size();
  const auto n = static_cast<double>(positions);
  return static_cast<double>(heads) * n * (n + 1) / 2;
}

/// Default limit on the attention pairs (attention_pairs) that one verification, one input of a
/// transformer run or one compiled variant of a crasp check may need. Attention-bound models score
/// about 4e7 pairs/s on one core (docs/performance.md), so this is some minutes of work; past it
/// the work is refused up front instead of running for hours.
inline constexpr double default_max_attention = 2e10;

/// Options of forward().
struct forward_options {
  bool keep_residuals = false;  ///< also return the residual after every sublayer
};

namespace detail {
template <class T> struct model_weights;
template <class T> struct forward_slot;
}

template <class T> class prepared_model;

/// The buffers of the forward pass (residual, FFN hidden units, per-head projections, key/value
/// store), to hand from one prepared_model to the next: a far-bin run of a wide model fills
/// hundreds of MB of them, and fresh memory is faulted in and zeroed by the kernel page by page
/// (a model run after another of about the same width reuses the first one's pages instead).
template <class T> class forward_buffers {
 public:
  forward_buffers();
  ~forward_buffers();
  forward_buffers(forward_buffers&&) noexcept;
  forward_buffers& operator=(forward_buffers&&) noexcept;

 private:
  friend class prepared_model<T>;
  std::unique_ptr<detail::forward_slot<T>> slot_;
};

/// A model's weight matrices arranged for the forward pass: a matrix that is mostly zeros (under
/// a tenth non-zero, as in compiled models) or small (at most 4096 entries) is multiplied as a
/// sparse matrix, column by column, the others as dense GEMMs; heads whose query or key weights
/// are all zero are uniform and run as prefix means.
/// Building one scans every weight once; forward(m, ...) builds one per call, so callers running
/// many forward passes on one model build it once and pass it instead. It refers to `m`, which
/// must outlive it and stay unchanged.
/// It also keeps the forward pass's buffers (residual, FFN hidden units, per-head projections,
/// key/value store) from call to call: a far-bin instance of a wide model needs hundreds of MB of
/// them, and fresh ones are fresh pages the kernel zeroes and faults in (over a third of a
/// `crasp check` of the catalogue's widest model). Calls from several threads at once stay safe:
/// the one that finds the buffers in use runs on buffers of its own.
template <class T> class prepared_model {
 public:
  explicit prepared_model(const basic_model<T>& m);
  /// The same, running on `buffers` (see forward_buffers).
  prepared_model(const basic_model<T>& m, forward_buffers<T> buffers);
  ~prepared_model();
  prepared_model(prepared_model&&) noexcept;
  prepared_model& operator=(prepared_model&&) noexcept;
  prepared_model(const prepared_model&) = delete;
  prepared_model& operator=(const prepared_model&) = delete;

  [[nodiscard]] const basic_model<T>& model() const { return *m_; }
  [[nodiscard]] const detail::model_weights<T>& weights() const { return *w_; }
  /// The forward pass's reused buffers (src/model/forward.cpp); they hold no result.
  [[nodiscard]] detail::forward_slot<T>& slot() const { return *buffers_.slot_; }
  /// Hands the buffers on (this model gets fresh, empty ones). Not while a forward() on this
  /// model is running.
  [[nodiscard]] forward_buffers<T> release_buffers();

 private:
  const basic_model<T>* m_;
  std::unique_ptr<const detail::model_weights<T>> w_;
  forward_buffers<T> buffers_;  ///< reused from call to call
};

/// Runs the model on one sequence of token ids exactly as given (position p is column p; the
/// caller puts BOS first, see with_bos()). Precondition: validate(m) is empty. Errors (a token
/// id out of range, an APE input longer than max_len) go to `diags` and yield nullopt. Column p
/// depends on tokens 0..p only, computed the same way whatever follows them; model::decoder
/// (crasp/decoder.hpp) computes one more column at a time from a key/value cache.
template <class T>
std::optional<forward_result<T>> forward(const basic_model<T>& m, std::span<const int> tokens,
                                         diagnostics& diags, const forward_options& opts = {});
template <class T>
std::optional<forward_result<T>> forward(const prepared_model<T>& m, std::span<const int> tokens,
                                         diagnostics& diags, const forward_options& opts = {});

/// Runs a batch of sequences: position-wise work (projections, FFN, LayerNorm, unembedding) is one
/// matrix product over all sequences' positions side by side; attention stays within a sequence.
template <class T>
std::optional<std::vector<forward_result<T>>> forward_batch(
    const basic_model<T>& m, std::span<const std::vector<int>> batch, diagnostics& diags,
    const forward_options& opts = {});
template <class T>
std::optional<std::vector<forward_result<T>>> forward_batch(
    const prepared_model<T>& m, std::span<const std::vector<int>> batch, diagnostics& diags,
    const forward_options& opts = {});

/// Attention scores of one head on a residual x (d_model x n, one sequence): entry (j, i) is
/// q_i · k_j after rotary rotation for j <= i and -infinity for j > i (masked). For inspection
/// and margin checks; forward() computes the same scores.
template <class T> matrix<T> attention_scores(const basic_head<T>& h, const matrix<T>& x);

/// `ids` with m.bos prepended.
template <class T> std::vector<int> with_bos(const basic_model<T>& m, std::span<const int> ids) {
  std::vector<int> out;
  out.reserve(ids.size() + 1);
  out.push_back(m.bos);
  out.insert(out.end(), ids.begin(), ids.end());
  return out;
}

/// "nope", "ape" or "rope".
std::string_view to_string(positional pe);
/// Parses "nope", "ape" or "rope".
std::optional<positional> parse_positional(std::string_view text);

// Instantiated for float and double in src/model/.
extern template struct basic_model<double>;
extern template struct basic_model<float>;
extern template basic_model<float> cast<float, double>(const basic_model<double>&);
extern template basic_model<double> cast<double, float>(const basic_model<float>&);
extern template basic_model<double> cast<double, double>(const basic_model<double>&);
extern template summary summarize(const basic_model<double>&);
extern template summary summarize(const basic_model<float>&);
extern template diagnostics validate(const basic_model<double>&);
extern template diagnostics validate(const basic_model<float>&);
extern template matrix<double> attention_scores(const basic_head<double>&, const matrix<double>&);
extern template matrix<float> attention_scores(const basic_head<float>&, const matrix<float>&);
extern template std::optional<forward_result<double>> forward(const basic_model<double>&,
    std::span<const int>, diagnostics&, const forward_options&);
extern template std::optional<forward_result<float>> forward(const basic_model<float>&,
    std::span<const int>, diagnostics&, const forward_options&);
extern template std::optional<std::vector<forward_result<double>>> forward_batch(
    const basic_model<double>&, std::span<const std::vector<int>>, diagnostics&,
    const forward_options&);
extern template std::optional<std::vector<forward_result<float>>> forward_batch(
    const basic_model<float>&, std::span<const std::vector<int>>, diagnostics&,
    const forward_options&);
extern template class forward_buffers<double>;
extern template class forward_buffers<float>;
extern template class prepared_model<double>;
extern template class prepared_model<float>;
extern template std::optional<forward_result<double>> forward(const prepared_model<double>&,
    std::span<const int>, diagnostics&, const forward_options&);
extern template std::optional<forward_result<float>> forward(const prepared_model<float>&,
    std::span<const int>, diagnostics&, const forward_options&);
extern template std::optional<std::vector<forward_result<double>>> forward_batch(
    const prepared_model<double>&, std::span<const std::vector<int>>, diagnostics&,
    const forward_options&);
extern template std::optional<std::vector<forward_result<float>>> forward_batch(
    const prepared_model<float>&, std::span<const std::vector<int>>, diagnostics&,
    const forward_options&);

}  // namespace crasp::model
