// explain(): one forward pass keeping every residual, then per head its weights recomputed from
// the residual it reads (model::attention_scores, float64), what it reads and writes, its metrics
// and role; per FFN what it reads and writes.
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "crasp/explain.hpp"
#include "crasp/transformer.hpp"
#include "explain/labels.hpp"
#include "explain/roles.hpp"

namespace crasp {

std::string_view to_string(head_role role) {
  switch (role) {
    case head_role::uniform: return "uniform count";
    case head_role::previous_token: return "previous-token";
    case head_role::bos: return "BOS";
    case head_role::phase: return "phase";
    case head_role::induction: return "induction";
    case head_role::anti_induction: return "anti-induction";
    case head_role::matching: return "matching";
    case head_role::mixed: return "mixed";
  }
  return "mixed";
}

namespace {

using namespace explain_detail;

// Residual dimensions a matrix reads (non-zero columns) or writes (non-zero rows).
std::vector<std::string> used(const model::matrix<double>& w, const std::vector<std::string>& names,
                              bool columns) {
  std::vector<std::string> out;
  // An FFN without hidden units has an empty matrix, whose data pointer is null: a row or column
  // of it would offset that pointer (undefined behaviour), and none of them can be non-zero.
  if (w.size() == 0) return out;
  const auto count = columns ? w.cols() : w.rows();
  for (Eigen::Index k = 0; k < count && k < static_cast<Eigen::Index>(names.size()); ++k) {
    const bool nonzero = columns ? (w.col(k).array() != 0).any() : (w.row(k).array() != 0).any();
    if (nonzero) out.push_back(names[static_cast<std::size_t>(k)]);
  }
  return out;
}

std::string decision_text(const model::model& m, output_kind kind, const model::vector<double>& s,
                          std::size_t pos) {
  const model_decision d = read_decision(m, kind, s, pos);
  switch (kind) {
    case output_kind::boolean: return d.value ? "accept" : "reject";
    case output_kind::count: return std::to_string(d.value);
    case output_kind::next: {
      if (d.next.empty()) return "<none>";
      std::string out;
      for (const auto& t : d.next) out += (out.empty() ? "" : " ") + t;
      return out;
    }
  }
  return {};
}

// Which heads' outputs each residual dimension carries, directly or through FFN units (a unit
// passes on the sources of every dimension it reads to every dimension it writes).
using provenance = std::vector<std::set<std::size_t>>;

void add_head_writes(provenance& prov, const model::head& hw, std::size_t head) {
  for (Eigen::Index d = 0; d < hw.wo.rows(); ++d)
    if ((hw.wo.row(d).array() != 0).any()) prov[static_cast<std::size_t>(d)].insert(head);
}

void add_ffn_writes(provenance& prov, const model::ffn& f) {
  const provenance before = prov;
  for (Eigen::Index u = 0; u < f.w1.rows(); ++u) {
    std::set<std::size_t> from;
    for (Eigen::Index d = 0; d < f.w1.cols(); ++d)
      if (f.w1(u, d) != 0) from.insert(before[static_cast<std::size_t>(d)].begin(), before[static_cast<std::size_t>(d)].end());
    if (from.empty()) continue;
    for (Eigen::Index d = 0; d < f.w2.rows(); ++d)
      if (f.w2(d, u) != 0) prov[static_cast<std::size_t>(d)].insert(from.begin(), from.end());
  }
}

// The earlier previous-token head (if any) behind most of what this head's value reads: only such
// a head shifts where information comes from by a known offset.
const head_explanation* value_source(const model::head& hw, const provenance& prov,
                                     const std::vector<head_explanation>& earlier) {
  std::vector<std::size_t> overlap(earlier.size(), 0);
  for (Eigen::Index d = 0; d < hw.wv.cols(); ++d)
    if ((hw.wv.col(d).array() != 0).any())
      for (std::size_t h : prov[static_cast<std::size_t>(d)]) ++overlap[h];
  const head_explanation* best = nullptr;
  std::size_t best_overlap = 0;
  for (std::size_t h = 0; h < earlier.size(); ++h) {
    if (earlier[h].role != head_role::previous_token) continue;
    if (overlap[h] > best_overlap) best = &earlier[h], best_overlap = overlap[h];
  }
  return best;
}

}  // namespace

std::optional<explanation> explain(const model::model& m, const std::vector<std::string>& tokens,
                                   const ir::program* program, const std::string& origin,
                                   diagnostics& diags) {
  // A language model trained by `crasp_model train --arch crasp` scores every token with a
  // logit (`logit:TOKEN`), read by argmax: none of the compiled conventions, but its heads,
  // FFNs and residual stream are drawn like any model's, with the argmax as its decision.
  const bool logits = !m.output_labels.empty() &&
                      std::all_of(m.output_labels.begin(), m.output_labels.end(),
                                  [](const std::string& l) { return l.rfind("logit:", 0) == 0; });
  std::optional<output_kind> kind;
  if (!logits) {
    kind = model_output_kind(m, origin, diags);
    if (!kind) return std::nullopt;
  }
  if (tokens.empty()) {
    diags.error(origin, "empty input: explain needs at least one token");
    return std::nullopt;
  }
  const auto ids = encode_for_model(m, tokens, origin, diags);
  if (!ids) return std::nullopt;
  const auto fwd = model::forward(m, std::span<const int>(*ids), diags, {.keep_residuals = true});
  if (!fwd) return std::nullopt;

  explanation e;
  e.pe = m.pe;
  e.tokens.push_back(m.vocab.at(static_cast<std::size_t>(m.bos)));
  e.tokens.insert(e.tokens.end(), tokens.begin(), tokens.end());
  e.residual_names = m.residual_names;
  e.residuals = fwd->residuals;
  e.output_labels = m.output_labels;
  e.scores = fwd->scores;
  for (std::size_t p = 0; p < tokens.size(); ++p) {
    const auto col = e.scores.col(static_cast<Eigen::Index>(p + 1));
    if (logits) {
      Eigen::Index best = 0;
      col.maxCoeff(&best);
      e.decisions.push_back(m.output_labels[static_cast<std::size_t>(best)].substr(6));
    } else {
      e.decisions.push_back(decision_text(m, *kind, col, p));
    }
  }

  const auto& names = m.residual_names;
  std::vector<std::string> labels;
  provenance prov(names.size());
  for (std::size_t l = 0; l < m.layers.size(); ++l) {
    const model::layer& layer = m.layers[l];
    // The residual the layer's heads read: the embedding or the previous layer's FFN output.
    const model::matrix<double>& x = e.residuals[2 * l].value;
    for (std::size_t k = 0; k < layer.heads.size(); ++k) {
      const model::head& hw = layer.heads[k];
      head_explanation h;
      h.layer = static_cast<int>(l), h.index = static_cast<int>(k);
      h.name = hw.name.empty() ? fmt::format("L{}.H{}", l, k) : hw.name;
      h.attention = attention_weights(model::attention_scores(hw, x));
      h.query_reads = used(hw.wq, names, true);
      h.key_reads = used(hw.wk, names, true);
      h.value_reads = used(hw.wv, names, true);
      h.writes = used(hw.wo, names, false);
      h.statements = statements_of(h.writes);
      h.previous_token = previous_token_weight(h.attention);
      h.bos = bos_weight(h.attention);
      h.direct = born_metrics(h.attention, *ids);
      if (const head_explanation* src = value_source(hw, prov, e.heads)) {
        h.composed = born_metrics(h.attention, *ids, &src->attention);
        h.composed_with = src->name;
      }
      const bool uniform = !(hw.wq.array() != 0).any() || !(hw.wk.array() != 0).any();
      classify(h, uniform, !hw.rotary.empty());
      labels.insert(labels.end(), h.statements.begin(), h.statements.end());
      e.heads.push_back(std::move(h));
    }
    // Written after all heads of the layer: they read the residual from before it.
    for (std::size_t k = 0; k < layer.heads.size(); ++k)
      add_head_writes(prov, layer.heads[k], e.heads.size() - layer.heads.size() + k);
    add_ffn_writes(prov, layer.ffn);
    ffn_explanation f;
    f.layer = static_cast<int>(l);
    f.name = layer.ffn.name.empty() ? fmt::format("L{}.ffn", l) : layer.ffn.name;
    f.units = static_cast<int>(layer.ffn.w1.rows());
    f.reads = used(layer.ffn.w1, names, true);
    f.writes = used(layer.ffn.w2, names, false);
    f.statements = statements_of(f.writes);
    labels.insert(labels.end(), f.statements.begin(), f.statements.end());
    e.ffns.push_back(std::move(f));
  }
  if (program) e.statement_source = statement_sources(*program, labels);
  return e;
}

}  // namespace crasp
