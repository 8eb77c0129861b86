// Next-symbol sets and prefix membership (see labels.hpp): one run of the dfa over the word.
#include "regular/labels.hpp"

#include "regular/crasp_class.hpp"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace crasp::regular {
namespace {

// The state after each prefix w[0..i]; nullopt from the first token outside the alphabet on.
std::vector<std::optional<std::uint32_t>> trace(const dfa& d,
                                                const std::vector<std::string>& word) {
  std::unordered_map<std::string_view, std::uint32_t> index;
  for (std::size_t i = 0; i < d.alphabet.size(); ++i)
    index.emplace(d.alphabet[i], static_cast<std::uint32_t>(i));
  std::vector<std::optional<std::uint32_t>> states;
  states.reserve(word.size());
  std::optional<std::uint32_t> q = d.start;
  for (const auto& token : word) {
    const auto it = index.find(token);
    q = q && it != index.end() ? std::optional(d.delta[*q][it->second]) : std::nullopt;
    states.push_back(q);
  }
  return states;
}

// The label of state q (nullopt: after a token outside the alphabet), as next_set_labels
// writes it.
std::string label_of(const dfa& d, const std::vector<bool>& live, std::optional<std::uint32_t> q) {
  std::string label = "{";
  if (q) {
    for (std::size_t s = 0; s < d.alphabet.size(); ++s)
      if (live[d.delta[*q][s]]) label += (label.size() > 1 ? "," : "") + d.alphabet[s];
    if (d.accepting[*q]) label += label.size() > 1 ? ",<eos>" : "<eos>";
  }
  return label + "}";
}

}  // namespace

std::vector<std::string> state_names(const dfa& d) {
  bool spaced = false;
  for (const auto& s : d.alphabet) spaced = spaced || s.size() != 1;
  std::vector<std::string> names;
  for (const auto& w : access_words(d)) {
    std::string name = "q(";
    if (w)
      for (std::size_t k = 0; k < w->size(); ++k) name += (spaced && k > 0 ? " " : "") + (*w)[k];
    names.push_back(name + ")");
  }
  return names;
}

std::vector<std::string> state_labels(const dfa& d, const std::vector<std::string>& word) {
  const auto names = state_names(d);
  std::vector<std::string> labels;
  labels.reserve(word.size());
  for (const auto& q : trace(d, word)) labels.push_back(q ? names[*q] : "q?");
  return labels;
}

std::string next_set_label(const dfa& d, const std::vector<bool>& live, std::uint32_t q) {
  return label_of(d, live, q);
}

std::vector<std::string> next_set_labels(const dfa& d, const std::vector<std::string>& word) {
  const auto live = d.live();
  std::vector<std::string> labels;
  labels.reserve(word.size());
  for (const auto& q : trace(d, word)) labels.push_back(label_of(d, live, q));
  return labels;
}

std::vector<std::string> next_set_words(const dfa& d) {
  const auto live = d.live();
  // Breadth-first from the start's successors: only states reached by a non-empty prefix are
  // ever labelled (the empty prefix has no label).
  std::vector<bool> seen(d.states(), false);
  std::vector<std::uint32_t> queue;
  for (const auto t : d.delta[d.start])
    if (!seen[t]) {
      seen[t] = true;
      queue.push_back(t);
    }
  for (std::size_t k = 0; k < queue.size(); ++k)
    for (const auto t : d.delta[queue[k]])
      if (!seen[t]) {
        seen[t] = true;
        queue.push_back(t);
      }
  std::vector<std::string> words;
  for (std::uint32_t q = 0; q < d.states(); ++q) {
    if (!seen[q] || !live[q]) continue;
    auto w = label_of(d, live, q);
    if (std::find(words.begin(), words.end(), w) == words.end()) words.push_back(std::move(w));
  }
  return words;
}

std::vector<bool> prefix_membership(const dfa& d, const std::vector<std::string>& word) {
  std::vector<bool> members;
  members.reserve(word.size());
  for (const auto& q : trace(d, word)) members.push_back(q && d.accepting[*q]);
  return members;
}

}  // namespace crasp::regular
