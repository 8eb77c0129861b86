// Regular expressions over tokens, compiled to minimal DFAs so that a regular language can serve
// as a task specification. The syntax is a small, strict subset of the usual one, with `<name>`
// added so that special tokens such as <bos> and <sep> can be written:
//
//   a            a symbol: any single character except whitespace and the metacharacters
//                | ( ) * + ? [ ] { } . \ < >   (a multi-byte UTF-8 character is one symbol)
//   \*           an escaped character: the one-character symbol `*` (any non-space character
//                may be escaped; only metacharacters need it)
//   <bos>        one multi-character symbol, named with its angle brackets: "<bos>"
//   .            any symbol of the alphabet
//   [ab<sep>]    any one of the listed symbols; [^ab] any alphabet symbol but those. Inside a
//                class metacharacters other than ^ (first) must be escaped, and there are no
//                ranges: '-' is a symbol, but only first, last or escaped (so [a-z] is refused
//                rather than silently meaning {a, -, z})
//   x* x+ x?     zero or more, one or more, zero or one
//   x{m} x{m,} x{m,n}   bounded repetition, bounds at most 1000; a repetition cannot directly
//                follow another (write (x*)? rather than x*?)
//   xy           concatenation;  x|y alternation (lowest precedence);  (x) grouping
//   ()           the empty word; an empty branch, as in (a|), is the empty word too
//   whitespace   ignored everywhere, so `a b` is `ab` and `< bos>` is an error
//
// The alphabet: when one is given, it is the DFA's alphabet in that order and every symbol the
// regex names must belong to it; when none is given, it is the symbols the regex names, in order
// of first appearance. `.` and `[^..]` range over this final alphabet.
//
// Limits keep any input from running away: 10,000 bytes of text, parenthesis nesting depth 200,
// 20,000 NFA states (repetitions are expanded), 20,000 DFA states and a bounded amount of work
// during subset construction.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "regular/dfa.hpp"

namespace crasp::regular {

/// A compiled regex, or the first error.
struct regex_result {
  /// The minimal, canonically numbered DFA (see minimize()); nullopt on error.
  std::optional<dfa> automaton;
  /// 1-based byte column of the error in the text; 0 when the error is in the alphabet argument.
  std::size_t column = 0;
  /// Short lower-case message, e.g. "unbalanced ')'"; empty on success.
  std::string error;
};

/// Compiles `text` (syntax above) to its minimal DFA, over `alphabet` when it is non-empty
/// (distinct, non-empty symbol names) and over the regex's own symbols otherwise.
regex_result compile_regex(std::string_view text, const std::vector<std::string>& alphabet = {});

}  // namespace crasp::regular
