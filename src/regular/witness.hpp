// A C-RASP program (crasp's .crasp text, no positional predicates) that tracks the state of a
// minimal DFA, built from the balanced-labelling rounds when the decision (crasp_class.hpp) is
// yes: the witness that settles it.
//
// The construction, component by component in topological order: a component is entered once
// (by an edge from an earlier one, or at the start) and left at most once. While in it, round
// k's potentials are linear combinations of counts of round k's labels since the entry, plus
// the entry state's potential; a label of round k + 1 is a label of round k with the values of
// round k's potentials at the position; the final labels name the state reached (or the
// component left, and the state entered in the next). Counting starts at the entry and does not
// stop at the exit: the values after it are never read, because the first exit, computed from
// exact counts, makes the component's `out_` true for good.
#pragma once

#include <optional>
#include <string>

#include "regular/crasp_class.hpp"
#include "regular/dfa.hpp"

namespace crasp::regular {

/// What the program answers at every position.
enum class tracking_output {
  /// Last statement `accept`: the prefix is in the language. An acceptor, and the program of
  /// the labels format `member` (its last statement at every position).
  accept,
  /// `next` rules, one per label word of labels.hpp's next_set_labels ("{a,b}", "{b,<eos>}"):
  /// the legal next symbols after the prefix, the labels format `next`.
  next_sets,
  /// `next` rules, one per state, named by labels.hpp's state_names ("q(ab)"): the state after
  /// the prefix, the labels format `state`.
  states,
};

/// The program, or nullopt with `why` set when the rounds do not name every state (the
/// decision is not yes by its labels), a weight or potential does not fit a 32-bit constant, or a token cannot
/// be written as a crasp string.
std::optional<std::string> tracking_program(const dfa& minimal, const automaton_balance& rounds,
                                            tracking_output output, std::string& why);

}  // namespace crasp::regular
