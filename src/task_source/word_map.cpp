// Letter-to-word maps (crasp/word_map.hpp): applying, describing and validating one.
#include "crasp/word_map.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

namespace crasp {

std::optional<std::vector<std::string>> word_map::apply(const std::vector<std::string>& w) const {
  std::vector<std::string> out = before;
  out.reserve(before.size() + w.size() * width() + after.size());
  for (const std::string& x : w) {
    const auto it = std::find(symbols.begin(), symbols.end(), x);
    if (it == symbols.end()) return std::nullopt;
    const auto& word = words[static_cast<std::size_t>(it - symbols.begin())];
    out.insert(out.end(), word.begin(), word.end());
  }
  out.insert(out.end(), after.begin(), after.end());
  return out;
}

std::string word_map::describe() const {
  std::string out;
  for (std::size_t s = 0; s < symbols.size(); ++s)
    out += fmt::format("{}{} -> {}", s ? ", " : "", symbols[s], fmt::join(words[s], " "));
  if (!before.empty() || !after.empty())
    out += fmt::format(" (inside {} ... {})", fmt::join(before, " "), fmt::join(after, " "));
  return out;
}

bool validate(const word_map& h, const std::string& origin, diagnostics& diags) {
  if (h.symbols.empty() || h.symbols.size() != h.words.size()) {
    diags.error(origin, "the map must send every source symbol to a word");
    return false;
  }
  std::set<std::string> seen;
  for (std::size_t s = 0; s < h.symbols.size(); ++s) {
    if (!seen.insert(h.symbols[s]).second) {
      diags.error(origin, fmt::format("the map names the symbol '{}' twice", h.symbols[s]));
      return false;
    }
    if (h.words[s].empty() || h.words[s].size() != h.width()) {
      diags.error(origin, fmt::format("the map is not uniform: '{}' goes to {} tokens, '{}' to {} "
                                      "(every symbol must go to a word of the same length m >= 1)",
                                      h.symbols.front(), h.width(), h.symbols[s], h.words[s].size()));
      return false;
    }
  }
  return true;
}

}  // namespace crasp
