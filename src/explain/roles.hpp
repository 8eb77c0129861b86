// Attention metrics and head roles (crasp/explain.hpp) from attention weights and token ids.
#pragma once

#include <string>
#include <vector>

#include "crasp/explain.hpp"

namespace crasp::explain_detail {

/// Causal softmax of attention scores as model::attention_scores returns them ((j, i): key j,
/// query i, -inf above the diagonal), transposed: row i is query i's weights over keys j <= i.
model::matrix<double> attention_weights(const model::matrix<double>& scores);

/// The Born-paper metrics (attention_metrics) of weights `a` on token ids `ids` (position 0 is
/// BOS and is never an earlier copy). Per query, the weight on earlier program positions
/// (1 <= j < i) is renormalized to 1; queries with none are skipped. `through`: the weights of an
/// earlier head whose output this head's value reads; the metrics are then those of the
/// composed weights, where the information comes from.
attention_metrics born_metrics(const model::matrix<double>& a, const std::vector<int>& ids,
                               const model::matrix<double>* through = nullptr);

/// Mean weight on i - 1 over queries i >= 2, and on position 0 over queries i >= 1.
double previous_token_weight(const model::matrix<double>& a);
double bos_weight(const model::matrix<double>& a);

/// A share as the report prints it ("37%"), "n/a" for NaN (metrics without queries).
std::string percent(double x);

/// Sets h.role and h.role_text from what the head reads and writes, its measured weights and
/// metrics. `uniform`: its query or key weights are all zero.
void classify(head_explanation& h, bool uniform, bool rotary);

}  // namespace crasp::explain_detail
