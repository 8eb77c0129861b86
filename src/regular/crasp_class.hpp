// Which regular languages C-RASP expresses without positions (crasp's NoPE column), decided on
// the minimal DFA with the balanced-labelling rounds of balance.hpp.
//
// Yang, Veseli, Barloy, Cadilhac, Krebs, Paperman, Straubing, Hahn (2026, arXiv 2608.13433)
// characterize the regular languages of C-RASP: a language is in it exactly when, in every
// strongly connected component of its minimal DFA, the rounds of balanced labellings end with
// every state in a class of its own. Their published labels put Σ*b (the last token is b)
// outside, which a program reading the current token decides, so the class they characterize
// is C-RASP whose answer does not read the current token (as when the answer is read at an end
// marker); call it C-RASP⁻. crasp's programs read it. Two facts connect the classes:
//  - C-RASP⁻ is contained in crasp's class, and so is every language whose components' final
//    labels (the current token with every potential) determine each edge's target: a program
//    then knows the state after every prefix (the witness construction);
//  - if crasp's class contains L, then for every symbol a C-RASP⁻ contains the right quotient
//    L a⁻¹ = {w : w a ∈ L}: a program's answer on w a, with the last token fixed to a, unfolds
//    into counts over w alone (docs/regular.md gives the argument). So a quotient outside
//    C-RASP⁻ puts L outside crasp's class.
// The decision says yes by the first, no by the second, and unknown when neither applies.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "regular/balance.hpp"
#include "regular/dfa.hpp"

namespace crasp::regular {

/// The rounds on one component and what they separate.
struct component_verdict {
  component_balance balance;
  /// One state and no edge inside: nothing to separate.
  bool trivial = false;
  /// Every state of the component in a class of its own (Yang et al.'s criterion).
  bool potentials_separate = true;
  /// Each final label is carried by edges of one target only (edges leaving the component
  /// included), so that the label a program reads names the state it reaches.
  bool labels_determine = true;
  /// When the potentials do not separate: two states (of the DFA) in one class, the smallest.
  std::optional<std::pair<std::uint32_t, std::uint32_t>> merged;
  /// When the labels do not determine: two edges (indices into balance.edges) with one final
  /// label and different targets.
  std::optional<std::pair<std::size_t, std::size_t>> clash;
};

/// The rounds on every component of one automaton.
struct automaton_balance {
  /// In topological order from the start state (a component before those it leads to).
  std::vector<component_verdict> components;
  /// component[q]: the index into `components` of state q's component.
  std::vector<std::uint32_t> component;
  /// Every component's potentials separate: the language is in C-RASP⁻.
  [[nodiscard]] bool potentials_separate() const;
  /// Every component's labels determine their targets: a program reading the current token
  /// tracks the state.
  [[nodiscard]] bool labels_determine() const;
};

/// The rounds on every component of `minimal` (a minimize()d DFA).
automaton_balance balance_automaton(const dfa& minimal);

/// crasp's answer for the NoPE column.
enum class crasp_answer { yes, no, unknown };

/// The decision for one regular language.
struct crasp_decision {
  crasp_answer answer = crasp_answer::unknown;
  /// The rounds on the language's own minimal DFA.
  automaton_balance language;
  /// For `no`: the symbol a whose right quotient L a⁻¹ is outside C-RASP⁻, the quotient's
  /// minimal DFA and its rounds.
  std::optional<std::uint32_t> quotient_symbol;
  std::optional<dfa> quotient;
  std::optional<automaton_balance> quotient_balance;
};

/// Decides `minimal` (a minimize()d DFA).
crasp_decision decide_crasp(const dfa& minimal);

/// The right quotient by symbol a, {w : w a ∈ L}: the same transitions, state q accepting when
/// delta[q][a] is; minimal.
dfa right_quotient(const dfa& d, std::uint32_t a);

/// The shortlex-least word reaching each state from the start (empty for the start state);
/// nullopt for a state no word reaches.
std::vector<std::optional<std::vector<std::string>>> access_words(const dfa& d);

}  // namespace crasp::regular
