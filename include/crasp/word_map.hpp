// A uniform letter-to-word map: each symbol of a source task goes to a word of m target tokens,
// with fixed frame tokens around the image. A task spec declares one (`reduction_map`, with
// `reduces_from`); crasp/reduction.hpp pulls programs back along one and checks that one
// preserves answers. Nothing here prints, exits or throws for bad input.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "crasp/diagnostic.hpp"

namespace crasp {

/// A uniform letter-to-word map with the target's frame tokens around its image.
struct word_map {
  std::vector<std::string> symbols;              ///< the source's symbols (the domain)
  std::vector<std::vector<std::string>> words;   ///< h(symbols[s]); all of the same length m >= 1
  std::vector<std::string> before;               ///< target tokens before h(w)
  std::vector<std::string> after;                ///< target tokens after h(w)

  /// m, the length of every image word (0 for an empty map).
  [[nodiscard]] std::size_t width() const { return words.empty() ? 0 : words.front().size(); }
  /// before + h(w) + after; nullopt when w has a symbol outside the map.
  [[nodiscard]] std::optional<std::vector<std::string>> apply(
      const std::vector<std::string>& w) const;
  /// "0 -> a a, 1 -> a b" (and the frame, when there is one).
  [[nodiscard]] std::string describe() const;
};

/// Checks that the map is uniform: at least one symbol, no symbol twice, every word of one
/// length m >= 1. Errors (under `origin`) say what is wrong.
bool validate(const word_map& h, const std::string& origin, diagnostics& diags);

}  // namespace crasp
