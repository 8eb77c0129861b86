// What a transformer does on one input, head by head: attention weights, the role each head plays
// (previous-token, induction, anti-induction, uniform count, BOS, phase, matching), the program
// statements each head and FFN computes, and the residual stream by named dimension. Works on any
// model in crasp's format; a compiled model's names make the statements readable. Rendered as a
// self-contained HTML page or an SVG figure (`crasp explain`, docs/explain.md). No printing.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crasp/diagnostic.hpp"
#include "crasp/ir.hpp"
#include "crasp/model.hpp"

namespace crasp {

/// What a head does on the explained input, from its weights and its measured attention.
enum class head_role {
  uniform,         ///< query or key weights all zero: the same weight on every position <= i
  previous_token,  ///< most weight on position i - 1
  bos,             ///< most weight on position 0 (the internal BOS)
  phase,           ///< a rotary head reading a periodic predicate (RoPE phase head)
  induction,       ///< its information comes from the token after an earlier copy of the current one
  anti_induction,  ///< ... from the token before an earlier copy of the current one
  matching,        ///< query selects by the current token, key by another property
  mixed,           ///< none of the above dominates
};

/// Short name of a role ("previous-token", "anti-induction", ...).
std::string_view to_string(head_role role);

/// The attention-score metrics of the Born-a-Transformer analysis (Veitsman, Jobanputra et al.
/// 2025, arXiv 2505.21785, Section 4.4), as crasp measures them on one input: over the query
/// positions i whose token occurred earlier (at program positions j < i), how the head's weight
/// on earlier program positions (1 <= j' < i, renormalized to 1: BOS is where counting heads put
/// their default weight, and i itself is no earlier copy) splits between those earlier copies
/// (same_token), the tokens right after them (j + 1: induction) and right before them (j - 1:
/// anti-induction); averaged over the queries that put any weight there. `queries` == 0: NaN.
struct attention_metrics {
  double same_token = 0;
  double induction = 0;
  double anti_induction = 0;
  std::size_t queries = 0;
};

/// One attention head on the input.
struct head_explanation {
  int layer = 0;
  int index = 0;        ///< within the layer
  std::string name;     ///< the model's name for it (may be empty)
  /// Attention weights, n x n for n positions (BOS included): row i is query i's distribution
  /// over keys j <= i, computed from the residual the head reads, in float64.
  model::matrix<double> attention;
  head_role role = head_role::mixed;
  std::string role_text;                 ///< one or two sentences, for the report
  std::vector<std::string> query_reads;  ///< residual dimensions the query weights read
  std::vector<std::string> key_reads;    ///< ... the key weights read
  std::vector<std::string> value_reads;  ///< ... the value weights read
  std::vector<std::string> writes;       ///< residual dimensions its output writes
  std::vector<std::string> statements;   ///< program statements (or nodes) behind `writes`
  double previous_token = 0;  ///< mean weight on i - 1 over queries i >= 2 (NaN for n <= 2)
  double bos = 0;             ///< mean weight on position 0 over queries i >= 1
  attention_metrics direct;   ///< on the head's own attention
  /// When the value reads what an earlier head wrote (V-composition), the metrics of the
  /// composed attention (this head's weights times that head's): where its information comes
  /// from. `composed_with` names that earlier head.
  std::optional<attention_metrics> composed;
  std::string composed_with;
};

/// One FFN sublayer.
struct ffn_explanation {
  int layer = 0;
  std::string name;
  int units = 0;                        ///< hidden ReLU units
  std::vector<std::string> reads;       ///< residual dimensions W1 reads
  std::vector<std::string> writes;      ///< residual dimensions W2 writes
  std::vector<std::string> statements;  ///< program statements (or nodes) behind `writes`
};

/// The model on one input.
struct explanation {
  std::string title;                 ///< the program or model file
  std::vector<std::string> tokens;   ///< per position, BOS included
  model::positional pe = model::positional::nope;
  std::vector<head_explanation> heads;  ///< layer by layer
  std::vector<ffn_explanation> ffns;    ///< one per layer
  std::vector<std::string> residual_names;
  std::vector<model::named_residual<double>> residuals;  ///< embed, L0.attn, L0.ffn, ...
  std::vector<std::string> output_labels;
  model::matrix<double> scores;      ///< n_out x n
  std::vector<std::string> decisions;  ///< per program position: what the outputs say there
  /// Source text of the statements named in heads/ffns, when the program was given.
  std::map<std::string, std::string> statement_source;
};

/// Explains `m` (validated, float64) on program tokens `tokens` (BOS is added). `program`, when
/// given, is what `m` was compiled from: statement names then come with their source text, next
/// rules as `crasp expand` prints them, and bare node ids (`n102`, in models saved by earlier
/// builds) with the rule that uses them. Errors (unknown tokens, an input past an
/// APE table) go to `diags` under `origin`.
std::optional<explanation> explain(const model::model& m, const std::vector<std::string>& tokens,
                                   const ir::program* program, const std::string& origin,
                                   diagnostics& diags);

/// A standalone HTML page (inline SVG and CSS, no script, no external resource) with every
/// explanation side by side: per head a `<figure class="head">` heatmap with token labels, its
/// role, metrics, reads/writes and statements; per FFN its statements; the residual stream by
/// named dimension; and a table comparing the heads' induction / anti-induction metrics.
std::string explain_html(const std::vector<explanation>& panels, std::string_view title);

/// The attention heatmaps alone as one SVG figure (panels side by side, heads stacked), for docs.
std::string explain_svg(const std::vector<explanation>& panels);

/// JSON: {"panels": [{"title", "tokens", "heads": [{"layer", "index", "name", "role",
/// "role_text", "previous_token", "bos", "direct": {...}, "composed": {...} | null,
/// "composed_with", "statements", "attention": [[...]]}], "ffns": [...], "decisions"}]}.
std::string explain_json(const std::vector<explanation>& panels);

}  // namespace crasp
