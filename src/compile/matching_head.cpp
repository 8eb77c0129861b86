// Matching heads: a family OR_s [tok(s) and #{j <= i : K_s(j) and B(j)} >= t] (matching.hpp)
// as one attention head and one clamp, width O(k) for k members.
//
// Query rows beta * tok_s (one per member) and beta * ONE; key rows 2 K_s - 1 and 2 BOS - 1,
// where K_s is the conjunction of the member's key conjuncts and every key row is -1 at the BOS
// column. At a position whose token is s the score of column j is
//   beta (2 K_s(j) - 1) + beta (2 BOS(j) - 1),
// 0 for BOS and for the m program positions with K_s, -2 beta for every other column. The head
// thus averages over BOS and the matching positions: its value rows give
//   r_B = #{K_s and B} / (m + 1),    r_BOS = 1 / (m + 1),
// and [#{K_s and B} >= t] = [r_B - t r_BOS >= 0]. That difference is an integer multiple of
// 1/(m + 1) >= u = 1/(p + 2), so the u-scale comparison clamp decides it with the margins of
// every other comparison. At a token that is no member the query is beta * ONE alone: BOS
// scores 2 beta above every other column, r_B is about 0, r_BOS about 1, and the clamp says
// false, as the family does. beta is chosen so that the non-matching columns' total weight is
// below 1/(64 (t + 1) L) of BOS's (L model positions).
//
// The head's key is the member set with their key conjunctions, so every family over the same
// keys (UR's next[a] for each answer a) shares one head, each adding a value row for its B.
// The compiled UR model is then the paper's circuit: a previous-token head (the guard read
// inside PREV[s]) followed by an induction head matching the current token against it.
#include <cmath>
#include <variant>

#include <fmt/format.h>

#include "compile/lowering.hpp"

namespace crasp::lower {

form_at lowering::conjunct_sum(const std::vector<ir::node_id>& parts) {
  form_at out{affine{}, 0};
  for (ir::node_id p : parts) {
    out.f.add(unit(p).f);
    out.ready = std::max(out.ready, unit(p).ready);
  }
  out.f.add(one, -static_cast<double>(parts.size()) + 1);
  return out;
}

form_at lowering::conjunction(const std::vector<ir::node_id>& parts) {
  if (parts.empty()) return form_at{affine::of(one), 0};
  if (parts.size() == 1) return unit(parts.front());
  auto it = conjunctions_.find(parts);
  if (it != conjunctions_.end()) return it->second;
  std::string name = "and";
  for (ir::node_id p : parts) name += (name.size() == 3 ? ":" : "&") + labels[p];
  const form_at sum = conjunct_sum(parts);
  const form_at out = relu_sum(name, sum.ready, {{sum.f, 1.0}});
  ++stats.logic_units;
  return conjunctions_.emplace(parts, out).first->second;
}

form_at lowering::exact_key(const std::vector<ir::node_id>& parts) {
  // Token tests are exact, and so is an AND of exact values (or of cleaned comparisons). A key
  // made by a comparison clamp carries its rounding, and every key error moves the head's
  // scores: cleaned once, the key makes every score exact (certify.cpp).
  bool exact = true;
  for (ir::node_id p : parts)
    exact = exact && (std::holds_alternative<ir::token_test>(prog.nodes[p].operation) ||
                      reps[p].exact01);
  if (exact || exact_booleans || parts.empty()) return conjunction(parts);
  auto it = exact_keys_.find(parts);
  if (it != exact_keys_.end()) return it->second;
  // The cleaning clamp reads sum - (k - 1) directly: its output is 0 for anything up to 1/4
  // (the sum of k near-0/1 values is then at most k - 1 + 1/4), exactly 1 within 1/4 of 1, so
  // it is the AND as well, one FFN level earlier than cleaning the AND's unit.
  return exact_keys_.emplace(parts, clean("key:" + labels[parts.front()], conjunct_sum(parts)))
      .first->second;
}

void lowering::lower_matching(ir::node_id n, const matching::family& f) {
  const form_at body = conjunction(f.body);
  std::vector<form_at> keys;
  int ready = body.ready;
  std::string key = "match";
  for (std::size_t s = 0; s < f.tests.size(); ++s) {
    keys.push_back(exact_key(f.keys[s]));
    ready = std::max({ready, keys.back().ready, unit(f.tests[s]).ready});
    key += fmt::format(":{}", f.tests[s]);
    for (ir::node_id k : f.keys[s]) key += fmt::format(",{}", k);
  }
  const int slot = attn_slot_after(ready);
  const int layer = layer_of(slot);
  key += fmt::format("#{}@{}", f.at_least, layer);  // beta depends on t

  const double L = b.max_len();
  const double beta = 0.5 * std::log(64.0 * static_cast<double>(f.at_least + 1) * L * L);
  builder::head_shape shape;
  shape.name = "match[" + labels[f.tests.front()] + (f.tests.size() > 1 ? "..]" : "]");
  shape.beta = beta;
  shape.matching = true;
  shape.active_rows = 2;  // the current token's row (tokens exclude each other) and ONE's
  for (std::size_t s = 0; s < f.tests.size(); ++s) {
    shape.q.push_back(unit(f.tests[s]).f.scaled(beta));
    affine k = keys[s].f.scaled(2.0);
    k.add(one, -1.0);
    k.add(bos, -2.0 * b.at_bos(keys[s].f));  // -1 at the BOS column
    shape.k.push_back(std::move(k));
  }
  shape.q.push_back(affine::of(one, beta));
  affine kb = affine::of(bos, 2.0);
  kb.add(one, -1.0);
  shape.k.push_back(std::move(kb));

  // Within one head the first read shares the BOS weight; later families add their body only.
  // The head's key includes the layer, so a shared head never holds reads of two layers.
  auto bos_read = match_bos_.find(key);
  if (bos_read == match_bos_.end()) {
    const int d = b.dim("match.bos:" + labels[n]);
    b.read(layer, key, shape, affine::of(bos), d, /*mask=*/false);
    bos_read = match_bos_.emplace(key, form_at{affine::of(d), slot}).first;
  }
  const int d = b.dim("match:" + labels[n]);
  b.read(layer, key, shape, body.f, d, /*mask=*/true);

  const affine x = affine::of(d) - bos_read->second.f.scaled(static_cast<double>(f.at_least));
  const form_at out = clamp_ge("match:" + labels[n], x, /*u_scale=*/true, slot);
  // The family's value as computed, against the interpreter's value of the OR node.
  probes.push_back(probe{"result of " + labels[n], out.ready, out.f.terms, probe_scale::unit,
                         0.25, n});
  auto& rep = reps[n];
  rep.unit = out;
  rep.unit_bound = 1;
  ++stats.matching;
}

}  // namespace crasp::lower
