// A plain-text format for hand-written DFAs, for languages that are easier to draw than to write
// as a regex (or that come from another tool), and a writer for the same format. Reading always
// minimizes, so a text and any regex of the same language give the same dfa.
//
// The format, line by line:
//
//   # a comment runs from '#' to the end of the line; blank lines are ignored
//   alphabet a b <sep>   exactly one such line: the symbols, separated by spaces or tabs, in
//                        the order the dfa keeps them (a symbol is any run of non-space
//                        characters without '#'; at most 1,000 distinct symbols)
//   start q0             exactly one such line: the start state
//   accept q0 q2         any number of such lines (possibly none): accepting states
//   q0 a q1              a transition FROM SYMBOL TO; any number of lines, in any order
//
// The keyword lines may come anywhere, before or after the transitions. A state is any name
// (the same characters as a symbol) except the keywords alphabet, start and accept; states
// exist by being mentioned, at most 100,000 of them. Repeating a transition is harmless; giving
// one (state, symbol) two different targets is an error. A missing transition goes to an
// implicit rejecting sink, so a text need list only the transitions that can lead to
// acceptance.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "regular/dfa.hpp"

namespace crasp::regular {

/// A parsed DFA text, or the first error.
struct dfa_text_result {
  /// The minimized dfa (see minimize()); nullopt on error.
  std::optional<dfa> automaton;
  /// 1-based line and byte column of the error; both 0 for a file-wide error (a missing line).
  std::size_t line = 0, column = 0;
  /// Short lower-case message, e.g. "symbol 'c' is not in the alphabet"; empty on success.
  std::string error;
};

/// Reads the format above.
dfa_text_result parse_dfa_text(std::string_view text);

/// Writes `d` in the format above, states named q0, q1, ... by their index. Dead states (from
/// which nothing is accepted, such as the sink) and every transition into them are left out,
/// to be restored as the implicit sink; so parse_dfa_text(to_text(d)) gives back minimize(d),
/// which is d itself for every dfa this module returns. Symbols must be writable: non-empty,
/// without whitespace or '#'.
std::string to_text(const dfa& d);

}  // namespace crasp::regular
