// The explain report as JSON (crasp/explain.hpp documents the fields). NaN metrics (no repeated
// token) are null: JSON has no NaN.
#include <cmath>

#include <nlohmann/json.hpp>

#include "crasp/explain.hpp"

namespace crasp {
namespace {

using json = nlohmann::ordered_json;

json number(double x) { return std::isnan(x) ? json(nullptr) : json(x); }

json metrics(const attention_metrics& m) {
  return {{"queries", m.queries}, {"same_token", number(m.same_token)},
          {"induction", number(m.induction)}, {"anti_induction", number(m.anti_induction)}};
}

json head(const head_explanation& h) {
  json attention = json::array();
  for (Eigen::Index i = 0; i < h.attention.rows(); ++i) {
    json row = json::array();
    for (Eigen::Index j = 0; j <= i; ++j) row.push_back(h.attention(i, j));
    attention.push_back(std::move(row));
  }
  return {{"layer", h.layer},
          {"index", h.index},
          {"name", h.name},
          {"role", std::string(to_string(h.role))},
          {"role_text", h.role_text},
          {"previous_token", number(h.previous_token)},
          {"bos", number(h.bos)},
          {"direct", metrics(h.direct)},
          {"composed", h.composed ? metrics(*h.composed) : json(nullptr)},
          {"composed_with", h.composed_with},
          {"statements", h.statements},
          {"query_reads", h.query_reads},
          {"key_reads", h.key_reads},
          {"value_reads", h.value_reads},
          {"writes", h.writes},
          {"attention", std::move(attention)}};
}

}  // namespace

std::string explain_json(const std::vector<explanation>& panels) {
  json out = {{"panels", json::array()}};
  for (const auto& e : panels) {
    json heads = json::array(), ffns = json::array();
    for (const auto& h : e.heads) heads.push_back(head(h));
    for (const auto& f : e.ffns)
      ffns.push_back({{"layer", f.layer}, {"name", f.name}, {"units", f.units},
                      {"statements", f.statements}, {"reads", f.reads}, {"writes", f.writes}});
    out["panels"].push_back({{"title", e.title},
                             {"positional", std::string(model::to_string(e.pe))},
                             {"tokens", e.tokens},
                             {"decisions", e.decisions},
                             {"heads", std::move(heads)},
                             {"ffns", std::move(ffns)},
                             {"statement_source", e.statement_source}});
  }
  // Invalid UTF-8 in tokens is replaced, not thrown: the library never throws across its API.
  return out.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace crasp
