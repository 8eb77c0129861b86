// Private to src/regular: the regex syntax tree and its parser, kept apart from the automaton
// construction in regex.cpp so that each half stays small. The syntax is documented in regex.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crasp::regular::detail {

/// Longest regex text, in bytes.
constexpr std::size_t max_regex_bytes = 10000;
/// Deepest nesting of parentheses.
constexpr std::size_t max_regex_depth = 200;
/// Largest bound of {m,n}.
constexpr std::uint32_t max_repetition = 1000;

/// One node of the syntax tree; children are indices into regex_syntax::nodes.
struct regex_node {
  enum class kind { symbols, concat, alternation, repeat };
  kind type = kind::symbols;
  /// symbols: the listed symbol names (one for a plain symbol, none for '.').
  std::vector<std::string> names;
  /// symbols: the node matches every alphabet symbol *not* in `names` ('.' and [^..]).
  bool negated = false;
  /// concat (none = the empty word), alternation (two or more), repeat (exactly one).
  std::vector<std::uint32_t> children;
  /// repeat: between `min` and `max` copies, or at least `min` when `unbounded`.
  std::uint32_t min = 0, max = 0;
  bool unbounded = false;
  /// 1-based byte column where the node's text starts (the operator, for a repeat).
  std::size_t column = 0;
};

/// A parsed regex.
struct regex_syntax {
  std::vector<regex_node> nodes;
  std::uint32_t root = 0;
  /// Every symbol the regex names, in order of first appearance.
  std::vector<std::string> symbols;
};

/// The syntax tree, or the first error (1-based byte column and message).
struct regex_parse_result {
  std::optional<regex_syntax> syntax;
  std::size_t column = 0;
  std::string error;
};

/// Parses `text`; when `alphabet` is non-empty, a symbol outside it is an error at its column.
/// Recursion is bounded by the nesting limit, so no input can overflow the stack.
regex_parse_result parse_regex(std::string_view text, const std::vector<std::string>& alphabet);

}  // namespace crasp::regular::detail
