// The C-RASP decision for regular languages (crasp_class.hpp): components in topological
// order, the rounds on each, the two criteria, and the right quotients when neither says yes.
#include "regular/crasp_class.hpp"

#include <algorithm>

namespace crasp::regular {
namespace {

// Strongly connected components (Tarjan, iterative), numbered in topological order from the
// start: a component gets a smaller number than every component it reaches.
std::vector<std::uint32_t> components_of(const dfa& d, std::uint32_t& count) {
  const std::size_t n = d.states(), k = d.alphabet.size();
  constexpr std::uint32_t unset = UINT32_MAX;
  std::vector<std::uint32_t> index(n, unset), low(n, 0), comp(n, unset);
  std::vector<std::uint32_t> stack;
  std::vector<bool> on(n, false);
  std::uint32_t next = 0, found = 0;
  struct frame {
    std::uint32_t q, a;
  };
  for (std::uint32_t root = 0; root < n; ++root) {
    if (index[root] != unset) continue;
    std::vector<frame> calls{{root, 0}};
    index[root] = low[root] = next++;
    stack.push_back(root);
    on[root] = true;
    while (!calls.empty()) {
      auto& f = calls.back();
      if (f.a < k) {
        const auto t = d.delta[f.q][f.a++];
        if (index[t] == unset) {
          index[t] = low[t] = next++;
          stack.push_back(t);
          on[t] = true;
          calls.push_back({t, 0});
        } else if (on[t]) {
          low[f.q] = std::min(low[f.q], index[t]);
        }
        continue;
      }
      const auto q = f.q;
      calls.pop_back();
      if (!calls.empty()) low[calls.back().q] = std::min(low[calls.back().q], low[q]);
      if (low[q] != index[q]) continue;
      for (;;) {
        const auto s = stack.back();
        stack.pop_back();
        on[s] = false;
        comp[s] = found;
        if (s == q) break;
      }
      ++found;
    }
  }
  // Tarjan finishes a component after every component it reaches: reverse the numbering.
  for (auto& c : comp) c = found - 1 - c;
  count = found;
  return comp;
}

component_verdict judge(component_balance b) {
  component_verdict v;
  v.trivial = b.rounds.empty();
  if (!v.trivial) {
    const auto& cls = b.rounds.back().cls;
    for (std::size_t i = 0; i < cls.size() && !v.merged; ++i)
      for (std::size_t j = i + 1; j < cls.size(); ++j)
        if (cls[i] == cls[j]) {
          v.merged = std::pair{b.states[i], b.states[j]};
          break;
        }
    v.potentials_separate = !v.merged;
    v.clash = label_clash(b.edges, b.final_label);
    v.labels_determine = !v.clash;
  }
  v.balance = std::move(b);
  return v;
}

}  // namespace

bool automaton_balance::potentials_separate() const {
  return std::all_of(components.begin(), components.end(),
                     [](const component_verdict& c) { return c.potentials_separate; });
}

bool automaton_balance::labels_determine() const {
  return std::all_of(components.begin(), components.end(),
                     [](const component_verdict& c) { return c.labels_determine; });
}

automaton_balance balance_automaton(const dfa& minimal) {
  automaton_balance out;
  std::uint32_t count = 0;
  out.component = components_of(minimal, count);
  std::vector<std::vector<std::uint32_t>> members(count);
  for (std::uint32_t q = 0; q < minimal.states(); ++q) members[out.component[q]].push_back(q);
  for (std::uint32_t c = 0; c < count; ++c)
    out.components.push_back(
        judge(balance_component(minimal, members[c], out.component, c)));
  return out;
}

dfa right_quotient(const dfa& d, std::uint32_t a) {
  dfa q = d;
  for (std::size_t s = 0; s < d.states(); ++s) q.accepting[s] = d.accepting[d.delta[s][a]];
  return minimize(q);
}

crasp_decision decide_crasp(const dfa& minimal) {
  crasp_decision out;
  out.language = balance_automaton(minimal);
  if (out.language.potentials_separate() || out.language.labels_determine()) {
    out.answer = crasp_answer::yes;
    return out;
  }
  for (std::uint32_t a = 0; a < minimal.alphabet.size(); ++a) {
    dfa q = right_quotient(minimal, a);
    auto qb = balance_automaton(q);
    if (qb.potentials_separate()) continue;
    out.answer = crasp_answer::no;
    out.quotient_symbol = a;
    out.quotient = std::move(q);
    out.quotient_balance = std::move(qb);
    return out;
  }
  return out;
}

std::vector<std::optional<std::vector<std::string>>> access_words(const dfa& d) {
  std::vector<std::optional<std::vector<std::string>>> out(d.states());
  if (d.states() == 0) return out;
  // Breadth-first in alphabet order reaches each state first by its shortlex-least word when
  // the alphabet is in the order words are compared in; crasp's alphabets are.
  out[d.start] = std::vector<std::string>{};
  std::vector<std::uint32_t> queue{d.start};
  for (std::size_t h = 0; h < queue.size(); ++h) {
    const auto q = queue[h];
    for (std::uint32_t a = 0; a < d.alphabet.size(); ++a) {
      const auto t = d.delta[q][a];
      if (out[t]) continue;
      auto w = *out[q];
      w.push_back(d.alphabet[a]);
      out[t] = std::move(w);
      queue.push_back(t);
    }
  }
  return out;
}

}  // namespace crasp::regular
