// Attention metrics and head roles (roles.hpp). Thresholds: a role needs at least half of the
// attention where it says (0.9 for previous-token and BOS heads, whose exact pattern the
// construction guarantees); anything weaker is "mixed" and says what it measured.
#include "explain/roles.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include <fmt/format.h>

namespace crasp::explain_detail {
namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

std::string list(const std::vector<std::string>& names, std::size_t at_most = 4) {
  std::string out;
  for (std::size_t k = 0; k < names.size() && k < at_most; ++k) out += (k ? ", " : "") + names[k];
  if (names.size() > at_most) out += fmt::format(" and {} more", names.size() - at_most);
  return out.empty() ? "nothing" : out;
}

bool has_prefix(const std::vector<std::string>& names, std::string_view prefix) {
  return std::any_of(names.begin(), names.end(),
                     [&](const std::string& n) { return n.rfind(prefix, 0) == 0; });
}

}  // namespace

std::string percent(double x) { return std::isnan(x) ? "n/a" : fmt::format("{:.0f}%", 100 * x); }

model::matrix<double> attention_weights(const model::matrix<double>& scores) {
  const auto n = scores.cols();
  model::matrix<double> a = model::matrix<double>::Zero(n, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    double top = -std::numeric_limits<double>::infinity();
    for (Eigen::Index j = 0; j <= i; ++j) top = std::max(top, scores(j, i));
    double sum = 0;
    for (Eigen::Index j = 0; j <= i; ++j) sum += a(i, j) = std::exp(scores(j, i) - top);
    for (Eigen::Index j = 0; j <= i; ++j) a(i, j) /= sum;
  }
  return a;
}

attention_metrics born_metrics(const model::matrix<double>& a, const std::vector<int>& ids,
                               const model::matrix<double>* through) {
  attention_metrics m;
  const auto n = static_cast<Eigen::Index>(ids.size());
  model::vector<double> w(n);
  for (Eigen::Index i = 2; i < n; ++i) {
    std::set<Eigen::Index> same, after, before;
    for (Eigen::Index j = 1; j < i; ++j) {
      if (ids[j] != ids[i]) continue;
      same.insert(j);
      after.insert(j + 1);              // <= i: the query itself when j = i - 1
      if (j > 1) before.insert(j - 1);  // position 0 is BOS, no program token
    }
    if (same.empty()) continue;
    // The weight on earlier program positions only, renormalized: BOS is where counting heads
    // put their default weight, and the query's own position holds no earlier copy.
    w.setZero();
    for (Eigen::Index j = 1; j < i; ++j) w(j) = a(i, j);
    const double total = w.sum();
    if (total <= 1e-9) continue;  // the head takes nothing from earlier positions here
    w /= total;
    // Composed: the earlier head moved what sits at j from the positions it attended to.
    if (through) w = (w.transpose() * *through).transpose();
    auto mass = [&](const std::set<Eigen::Index>& at) {
      double s = 0;
      for (auto j : at) s += w(j);
      return s;
    };
    m.same_token += mass(same);
    m.induction += mass(after);
    m.anti_induction += mass(before);
    ++m.queries;
  }
  if (m.queries == 0) return {nan, nan, nan, 0};
  const auto q = static_cast<double>(m.queries);
  m.same_token /= q, m.induction /= q, m.anti_induction /= q;
  return m;
}

double previous_token_weight(const model::matrix<double>& a) {
  double s = 0;
  for (Eigen::Index i = 2; i < a.rows(); ++i) s += a(i, i - 1);
  return a.rows() > 2 ? s / static_cast<double>(a.rows() - 2) : nan;
}

double bos_weight(const model::matrix<double>& a) {
  double s = 0;
  for (Eigen::Index i = 1; i < a.rows(); ++i) s += a(i, 0);
  return a.rows() > 1 ? s / static_cast<double>(a.rows() - 1) : nan;
}

void classify(head_explanation& h, bool uniform, bool rotary) {
  const std::string reads = list(h.value_reads), writes = list(h.writes);
  if (uniform) {
    h.role = head_role::uniform;
    h.role_text = fmt::format(
        "Uniform count head: query or key weights are zero, so position i gives weight 1/(i+1) to "
        "every position j <= i (BOS included) and writes the mean of {} into {}: counts as "
        "fractions of the length.", reads, writes);
    return;
  }
  if (rotary && h.name.find("phase[") != std::string::npos) {
    h.role = head_role::phase;
    h.role_text = fmt::format(
        "Phase head: rotary query/key pairs make its weights depend on the position modulo a "
        "period; it writes the periodic predicate {}.", writes);
    return;
  }
  if (h.previous_token >= 0.9) {
    h.role = head_role::previous_token;
    h.role_text = fmt::format(
        "Previous-token head: position i puts {} of its weight on i - 1 and copies {} from there "
        "into {}.", percent(h.previous_token), reads, writes);
    return;
  }
  // Where the head's information comes from: through the earlier head its value reads, if any.
  const attention_metrics& src = h.composed ? *h.composed : h.direct;
  const std::string via =
      h.composed ? fmt::format(" Its value reads what {} wrote at the attended positions ({}), so "
                               "the information comes from one position further back.",
                               h.composed_with, reads)
                 : fmt::format(" It reads {} there.", reads);
  const std::string measured = fmt::format(
      "On this input, over the {} positions whose token occurred earlier: {} of the weight on the "
      "earlier copies, {} on the tokens after them, {} on the tokens before them.",
      h.direct.queries, percent(h.direct.same_token), percent(h.direct.induction),
      percent(h.direct.anti_induction));
  const bool matching = h.name.find("match[") != std::string::npos ||
                        has_prefix(h.query_reads, "tok:");
  if (src.queries > 0 && src.induction >= 0.5 && src.induction >= src.anti_induction) {
    h.role = head_role::induction;
    h.role_text = "Induction head: it retrieves the token after an earlier copy of the current "
                  "token. " + measured + via;
    return;
  }
  if (src.queries > 0 && src.anti_induction >= 0.5) {
    h.role = head_role::anti_induction;
    h.role_text = "Anti-induction head: it retrieves the token before an earlier copy of the "
                  "current token. " + measured + via;
    return;
  }
  if (h.bos >= 0.9) {
    h.role = head_role::bos;
    h.role_text = fmt::format("BOS head: {} of the weight on position 0 (the internal BOS); it "
                              "reads {} and writes {}.", percent(h.bos), reads, writes);
    return;
  }
  if (matching) {
    h.role = head_role::matching;
    h.role_text = fmt::format(
        "Matching head: the query selects by the current token ({}), the key by {}; it writes {}. ",
        list(h.query_reads), list(h.key_reads), writes) + measured;
    return;
  }
  h.role = head_role::mixed;
  h.role_text = fmt::format("No single pattern: {} on the previous token, {} on BOS. ",
                            percent(h.previous_token), percent(h.bos)) + measured;
}

}  // namespace crasp::explain_detail
