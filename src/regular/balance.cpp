// The rounds of balanced labellings on one component (balance.hpp).
#include "regular/balance.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace crasp::regular {
namespace {

// Ids for keys in first-seen order.
template <class Key>
class interner {
 public:
  std::uint32_t operator()(const Key& k) {
    auto [it, fresh] = ids_.try_emplace(k, static_cast<std::uint32_t>(ids_.size()));
    return it->second;
  }
  [[nodiscard]] std::size_t size() const { return ids_.size(); }

 private:
  std::map<Key, std::uint32_t> ids_;
};

// Renumbers labels so that those some inside edge carries come first; returns their count.
std::size_t inside_first(const std::vector<component_edge>& edges, std::vector<std::uint32_t>& label) {
  std::map<std::uint32_t, std::uint32_t> id;
  for (std::size_t e = 0; e < edges.size(); ++e)
    if (edges[e].inside) id.try_emplace(label[e], static_cast<std::uint32_t>(id.size()));
  const std::size_t inside = id.size();
  for (std::size_t e = 0; e < edges.size(); ++e)
    if (!edges[e].inside) id.try_emplace(label[e], static_cast<std::uint32_t>(id.size()));
  for (auto& l : label) l = id.at(l);
  return inside;
}

// One round: the balanced weightings over the inside labels and the potentials they give.
void solve_round(const std::vector<std::uint32_t>& index_of, std::size_t states,
                 const std::vector<component_edge>& edges, balance_round& r) {
  // Spanning tree by breadth-first search from states[0]: path[i] counts the labels on the
  // tree path to states[i].
  std::vector<std::vector<std::int64_t>> path(states);
  std::vector<bool> seen(states, false), tree(edges.size(), false);
  std::vector<std::vector<std::size_t>> out(states);
  for (std::size_t e = 0; e < edges.size(); ++e)
    if (edges[e].inside) out[index_of[edges[e].from]].push_back(e);
  path[0].assign(r.inside_labels, 0);
  seen[0] = true;
  std::vector<std::size_t> queue{0};
  for (std::size_t h = 0; h < queue.size(); ++h)
    for (auto e : out[queue[h]]) {
      const auto t = index_of[edges[e].to];
      if (seen[t]) continue;
      seen[t] = true;
      tree[e] = true;
      path[t] = path[queue[h]];
      ++path[t][r.label[e]];
      queue.push_back(t);
    }
  homogeneous_system system(r.inside_labels);
  std::vector<std::int64_t> row(r.inside_labels);
  for (std::size_t e = 0; e < edges.size(); ++e) {
    if (!edges[e].inside || tree[e]) continue;
    const auto& ps = path[index_of[edges[e].from]];
    const auto& pt = path[index_of[edges[e].to]];
    for (std::size_t l = 0; l < r.inside_labels; ++l) row[l] = pt[l] - ps[l];
    --row[r.label[e]];
    system.add(row);
  }
  r.weight = system.integer_nullspace();
  r.potential.assign(r.weight.size(), std::vector<integer>(states));
  for (std::size_t b = 0; b < r.weight.size(); ++b)
    for (std::size_t i = 0; i < states; ++i) {
      integer p = 0;
      for (std::size_t l = 0; l < r.inside_labels; ++l)
        if (path[i][l] != 0) p += r.weight[b][l] * path[i][l];
      r.potential[b][i] = p;
    }
}

}  // namespace

std::optional<std::pair<std::size_t, std::size_t>> label_clash(
    const std::vector<component_edge>& edges, const std::vector<std::uint32_t>& label) {
  std::map<std::uint32_t, std::size_t> first;
  for (std::size_t e = 0; e < edges.size(); ++e) {
    const auto [it, fresh] = first.try_emplace(label[e], e);
    if (!fresh && edges[it->second].to != edges[e].to) return std::pair{it->second, e};
  }
  return std::nullopt;
}

component_balance balance_component(const dfa& d, const std::vector<std::uint32_t>& states,
                                    const std::vector<std::uint32_t>& component, std::uint32_t c) {
  component_balance out;
  out.states = states;
  std::vector<std::uint32_t> index_of(d.states(), 0);
  for (std::size_t i = 0; i < states.size(); ++i) index_of[states[i]] = static_cast<std::uint32_t>(i);
  bool any_inside = false;
  for (auto q : states)
    for (std::uint32_t a = 0; a < d.alphabet.size(); ++a) {
      const auto t = d.delta[q][a];
      out.edges.push_back({q, a, t, component[t] == c});
      any_inside = any_inside || component[t] == c;
    }
  std::vector<std::uint32_t> label(out.edges.size());
  for (std::size_t e = 0; e < out.edges.size(); ++e) label[e] = out.edges[e].symbol;
  if (!any_inside) {
    out.final_label = label;
    return out;
  }
  std::vector<std::uint32_t> cls(states.size(), 0);
  std::size_t classes = 1, labels = 0;
  for (;;) {
    balance_round r;
    r.label = label;
    r.inside_labels = inside_first(out.edges, r.label);
    labels = 0;
    for (auto l : r.label) labels = std::max<std::size_t>(labels, l + 1);
    r.labels = labels;
    solve_round(index_of, states.size(), out.edges, r);
    // Classes: the previous class and this round's potentials.
    interner<std::pair<std::uint32_t, std::vector<integer>>> class_ids;
    r.cls.resize(states.size());
    for (std::size_t i = 0; i < states.size(); ++i) {
      std::vector<integer> p;
      for (const auto& pb : r.potential) p.push_back(pb[i]);
      r.cls[i] = class_ids({cls[i], std::move(p)});
    }
    r.classes = class_ids.size();
    // Next labels: the label and the value each edge carries at its target.
    interner<std::pair<std::uint32_t, std::vector<integer>>> label_ids;
    std::vector<std::uint32_t> next(out.edges.size());
    for (std::size_t e = 0; e < out.edges.size(); ++e) {
      const auto& ed = out.edges[e];
      std::vector<integer> v;
      for (std::size_t b = 0; b < r.weight.size(); ++b) {
        const integer w = r.label[e] < r.inside_labels ? r.weight[b][r.label[e]] : integer(0);
        v.push_back(r.potential[b][index_of[ed.from]] + w);
      }
      next[e] = label_ids({r.label[e], std::move(v)});
    }
    const bool finer = r.classes > classes || label_ids.size() > labels;
    const bool enough = r.classes == states.size() && !label_clash(out.edges, next);
    classes = r.classes;
    cls = r.cls;
    label = std::move(next);
    out.rounds.push_back(std::move(r));
    if (!finer || enough) break;
  }
  out.final_label = label;
  return out;
}

}  // namespace crasp::regular
