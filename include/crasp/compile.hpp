// Lowering a checked program (ir::program) to an explicit transformer (crasp::model::model).
// The construction is written up in docs/compiler.md: Booleans are exact 0/1 residual entries,
// unguarded counts are uniform causal attention over an internal BOS position (value #P/(i+2)),
// comparisons are two-ReLU clamps whose slope is chosen from the designed maximum length, and
// APE guards are attention heads matching the bits of i - c against the bits of j; RoPE guards
// do the same with rotations by pi/2^k, and RoPE periodic predicates read BOS by phase.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "crasp/diagnostic.hpp"
#include "crasp/ir.hpp"
#include "crasp/model.hpp"

namespace crasp {

/// Default designed maximum input length (program tokens, without the internal BOS).
inline constexpr int default_max_len = 4096;

/// Longest designed length compile() accepts for any encoding: at 2^24 positions float32 can no
/// longer count them exactly (the uniform heads' sums), and the comparison slope 4 * max_len
/// would leave float32's exact integers.
inline constexpr int max_design_len = 1 << 24;
/// Longest designed length of an APE model, whose table stores its positional dimensions per position.
inline constexpr int max_ape_len = 1 << 20;
/// Default cap on a compiled model's weights: 2 GiB of float64 (268,435,456 parameters).
inline constexpr std::uint64_t default_max_model_bytes = std::uint64_t{2} << 30;

/// Name of the internal beginning-of-sequence token every compiled model puts at position 0.
inline constexpr const char* model_bos_token = "<crasp:bos>";
/// Name of the token an open-vocabulary program's unknown input tokens map to.
inline constexpr const char* model_other_token = "<crasp:other>";

/// How comparison results are kept in a compiled model.
enum class booleans {
  automatic,  ///< exact when that certifies a longer float32 range than plain (and fits), else plain
  plain,      ///< the comparison clamp's output as computed
  exact,      ///< every comparison result cleaned to exactly 0 or 1
};

struct compile_options {
  model::positional pe = model::positional::ape;
  /// Longest input (program tokens, BOS excluded) the model is built for; the model's max_len is
  /// this plus one. Comparison slopes and guard-head sharpness are chosen from it.
  int max_len = default_max_len;
  /// Whether every comparison clamp is followed by a cleaning clamp whose output is exactly 0 or
  /// 1 in floating point (docs/compiler.md, "Exact Booleans"): one more FFN level per
  /// comparison level, in exchange for exact counts of comparison results and a far longer
  /// certified float32 range. By default (automatic) only where that range gets longer.
  booleans boolean_mode = booleans::automatic;
  /// Largest model compile() builds, in bytes of float64 weights (8 per parameter). The size is
  /// computed from the lowering's sparse description before any matrix is allocated; a larger
  /// model is refused with an error naming its size and what makes it large. 0: no cap.
  std::uint64_t max_model_bytes = default_max_model_bytes;
  /// Lower token-selected count families (`any s: tok(s) && #[j <= i] (K_s && B) >= t`, the
  /// retrieval pattern) to one matching head each, width O(k) instead of k counts
  /// (docs/compiler.md, "Matching heads"). Off: every count of the family is lowered alone.
  bool matching_heads = true;
};

/// The size of a compiled model's dense weights, known before they are allocated.
struct model_size {
  std::uint64_t d_model = 0;     ///< residual dimensions
  std::uint64_t layers = 0;
  std::uint64_t max_d_ff = 0;    ///< FFN units of the widest layer
  std::uint64_t widest_layer = 0;  ///< index of that layer
  std::uint64_t table = 0;       ///< parameters of the APE table (positional dimensions x positions)
  std::uint64_t attention = 0;   ///< parameters of every head (query, key, value, output)
  std::uint64_t ffn = 0;         ///< parameters of every FFN (both matrices)
  std::uint64_t parameters = 0;  ///< all stored elements, as model::summarize counts them
  std::uint64_t bytes = 0;       ///< parameters * 8 (float64); the float32 copy is half of it
};

/// The scale a probed quantity is measured in.
enum class probe_scale {
  unit,  ///< an integer (guard reads, comparisons of local counts)
  u,     ///< an integer multiple of u = 1/(p+2) at 0-based program position p (global counts)
};

/// A decision point inside a compiled model: a linear form over one residual snapshot whose
/// value, in the probe's scale, should be an integer (or, with `node`, exactly that node's
/// value); the gadget reading it tolerates an error of `tolerance` (in the same scale).
/// verify() reports the smallest slack, 1 - error/tolerance.
struct probe {
  std::string name;       ///< what is decided, e.g. "compare BIGRAM[\"t0\",\"t1\"]"
  int snapshot = 0;       ///< index into forward_result::residuals: 0 embed, 2l+1 L<l>.attn, 2l+2 L<l>.ffn
  std::vector<std::pair<int, double>> form;  ///< (residual dimension, coefficient)
  probe_scale scale = probe_scale::unit;
  double tolerance = 0.25;
  /// When set, the form must equal this IR node's value (the interpreter's, at every position),
  /// not merely some integer: a comparison result rounded to the wrong 0 or 1 is caught.
  std::optional<ir::node_id> node;
};

/// What the lowering produced, besides the model itself.
struct compile_stats {
  int counts = 0;          ///< unguarded counts (value rows of uniform heads)
  int guard_reads = 0;     ///< values read through positional (guard) heads
  int comparisons = 0;     ///< comparison clamps
  int logic_units = 0;     ///< FFN hidden units for AND/OR/min/max/select/conversions
  int matching = 0;        ///< token-selected count families lowered to matching heads
  bool exact_booleans = false;  ///< cleaning clamps used (asked for, or chosen by automatic)
  /// With booleans::automatic when exact Booleans were chosen: what plain ones certified in
  /// float32 (program tokens); -1 otherwise.
  int plain_certified_f32 = -1;
  double compare_slope = 0;  ///< slope M of the u-scale comparison clamp (0 without comparisons)
  double guard_beta = 0;     ///< sharpness of positional heads (APE), 0 without guards
  /// Longest input (program tokens) that a worst-case rounding-error analysis of the model
  /// guarantees exact in float64 / float32 (at most the designed max_len; 0: not even one
  /// token). Measured ranges are usually far longer: see docs/compiler.md.
  int certified_f64 = 0;
  int certified_f32 = 0;
  /// The model's size, computed before assembly (the cap of compile_options::max_model_bytes
  /// is checked against it).
  model_size size;
};

/// A compiled program.
struct compiled_program {
  model::model model;           ///< validated; output_labels explained in docs/compiler.md
  std::vector<probe> probes;    ///< decision points, for margins (not saved with the model)
  compile_stats stats;
};

/// Compiles `program` (which must have passed check_program()). Only what the output depends on (the
/// last statement of an acceptor, the NEXT rules of a generator) is compiled. Refuses, with an
/// error at the offending statement, a C-RASP[pos] program with pe == nope; refuses max_len < 1
/// or past max_design_len (an APE table past max_ape_len), and a model whose weights would
/// exceed opts.max_model_bytes (before allocating them). RoPE models get positions only from
/// rotary heads.
std::optional<compiled_program> compile(const ir::program& program, const compile_options& opts,
                                        diagnostics& diags);

}  // namespace crasp
