// Deterministic finite automata over named symbols (tokens), the common currency of the regular
// module: regexes and hand-written DFA texts compile to one, and the sampler and the label
// writers read one. Keeping automata minimal and canonically numbered makes language equality a
// plain `==`, which is what tests and caches want.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crasp::regular {

/// A complete DFA. Symbols are whole tokens ("a", "<bos>"), so words are token vectors.
struct dfa {
  /// Symbol names in a fixed order; a symbol's index is its column in `delta`.
  std::vector<std::string> alphabet;
  /// delta[state][symbol index] = next state; every row has alphabet.size() entries (complete).
  std::vector<std::vector<std::uint32_t>> delta;
  /// accepting[state], parallel to delta.
  std::vector<bool> accepting;
  std::uint32_t start = 0;

  /// Number of states.
  [[nodiscard]] std::size_t states() const { return delta.size(); }
  /// Whether the tables are consistent (at least one state, complete rows, targets and start in
  /// range, no duplicate symbol); every other function here assumes it.
  [[nodiscard]] bool valid() const;
  /// The index of the symbol called `name`, or nullopt when it is not in the alphabet.
  [[nodiscard]] std::optional<std::uint32_t> symbol(std::string_view name) const;
  /// The state reached from `start` by `word`; nullopt when a token is outside the alphabet.
  [[nodiscard]] std::optional<std::uint32_t> run(const std::vector<std::string>& word) const;
  /// Whether `word` is in the language; false when a token is outside the alphabet.
  [[nodiscard]] bool accepts(const std::vector<std::string>& word) const;
  /// live()[q]: an accepting state is reachable from q (q itself included).
  [[nodiscard]] std::vector<bool> live() const;

  /// Equal tables; for minimize()d automata over the same alphabet, equal languages.
  friend bool operator==(const dfa&, const dfa&) = default;
};

/// The minimal complete DFA of d's language over d's alphabet: unreachable states dropped,
/// equivalent states merged (Hopcroft), a rejecting sink kept when some word is dead, and states
/// numbered in breadth-first order from the start (symbols in alphabet order), so that equal
/// languages over the same alphabet give identical automata. A dfa with no states is read as
/// the empty language.
dfa minimize(const dfa& d);

/// The complement over the same alphabet (accepting flipped; minimal and canonical if d is).
dfa complement(const dfa& d);

}  // namespace crasp::regular
