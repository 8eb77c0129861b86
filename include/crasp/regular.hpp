// Which regular languages C-RASP expresses: crasp's decision for a regex or a DFA text, with its
// evidence and, for a yes, a program that tracks the minimal DFA's state (docs/regular.md).
//
// The answer is for crasp's NoPE column: programs without positional predicates, which read the
// current token. It rests on Yang et al.'s characterization (2026, arXiv 2608.13433) of the
// class that does not read it, through right quotients for a `no`, and on a constructed program
// for a `yes`.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "crasp/diagnostic.hpp"

namespace crasp {

/// A regular language as a task spec writes it: a regex (docs/tasks.md#regular-languages) or a
/// DFA text, over an alphabet (empty: the symbols the regex names, in order of appearance).
struct regular_language {
  std::string regex;     ///< used when non-empty
  std::string dfa_text;  ///< used when regex is empty
  std::vector<std::string> alphabet;
  std::string origin = "<regex>";  ///< names the language in diagnostics
};

/// What the witness of a yes answers at every position.
enum class regular_witness_output {
  accept,     ///< `accept` last: membership of the prefix (format accept, labels `member`)
  next_sets,  ///< `next` rules: the set of legal next symbols (labels `next`, "{a,b,<eos>}")
  states,     ///< `next` rules: the state after the prefix (labels `state`, "q(ab)")
};

/// crasp's answer for the NoPE column.
enum class regular_answer { yes, no, unknown };

/// "yes", "no" or "unknown".
const char* regular_answer_name(regular_answer a);

/// One strongly connected component of the minimal DFA and its rounds.
struct regular_component {
  /// Its states, each named by the shortlex-least word that reaches it ("" for the start).
  std::vector<std::string> states;
  bool trivial = false;                 ///< one state, no edge inside: nothing to separate
  std::vector<std::size_t> dimensions;  ///< per round, the balanced weightings' dimension
  bool potentials_separate = true;      ///< Yang et al.'s criterion holds here
  bool labels_determine = true;         ///< the labels a program reads name each target
};

/// The decision, its evidence, and the witness program when the answer is yes.
struct regular_decision {
  regular_answer answer = regular_answer::unknown;
  /// Yang et al.'s criterion on the language itself: in the class that does not read the
  /// current token (which their published labels give).
  bool in_yang_class = false;
  /// The reason, one sentence or two, naming the evidence.
  std::string reason;
  std::size_t states = 0;  ///< of the minimal DFA
  std::vector<regular_component> components;
  /// For `no`: the symbol a whose right quotient {w : w a in L} is outside Yang et al.'s class,
  /// and two states of the quotient's minimal DFA that no round separates, by their words.
  std::string quotient_symbol;
  std::string merged_first, merged_second;
  /// For `yes`: a .crasp program that tracks the state (statements q<n> per state of the
  /// minimal DFA) and answers as asked (`accept` last, or `next` rules), and its number of
  /// statements; empty when it cannot be written (witness_error says why).
  std::string witness;
  std::size_t witness_statements = 0;
  std::string witness_error;
};

/// Decides `language`; nullopt with an error in `diags` when the regex or DFA text is invalid.
/// For a yes, the witness answers as `output` says.
std::optional<regular_decision> decide_regular(
    const regular_language& language, diagnostics& diags,
    regular_witness_output output = regular_witness_output::accept);

}  // namespace crasp
