// Next-symbol sets and prefix membership (see labels.hpp): one run of the dfa over the word.
#include "regular/labels.hpp"

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

}  // namespace

std::vector<std::string> next_set_labels(const dfa& d, const std::vector<std::string>& word) {
  const auto live = d.live();
  std::vector<std::string> labels;
  labels.reserve(word.size());
  for (const auto& q : trace(d, word)) {
    std::string label = "{";
    if (q) {
      for (std::size_t s = 0; s < d.alphabet.size(); ++s)
        if (live[d.delta[*q][s]]) label += (label.size() > 1 ? "," : "") + d.alphabet[s];
      if (d.accepting[*q]) label += label.size() > 1 ? ",<eos>" : "<eos>";
    }
    labels.push_back(label + "}");
  }
  return labels;
}

std::vector<bool> prefix_membership(const dfa& d, const std::vector<std::string>& word) {
  std::vector<bool> members;
  members.reserve(word.size());
  for (const auto& q : trace(d, word)) members.push_back(q && d.accepting[*q]);
  return members;
}

}  // namespace crasp::regular
