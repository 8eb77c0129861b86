// Per-position answers about a word, in the label formats crasp trains and checks against, so
// that a regular language can be posed as a sequence task and not only as a yes/no one.
#pragma once

#include <string>
#include <vector>

#include "regular/dfa.hpp"

namespace crasp::regular {

/// At every position i, the set of legal next symbols after w[0..i]: the symbols whose target
/// from the state reached is live (some continuation is accepted), in alphabet order, then
/// "<eos>" when w[0..i] is itself a member; written as one label "{a,b}", "{b,<eos>}",
/// "{<eos>}", or "{}" after a dead prefix (or once a token outside the alphabet is read). This
/// is the "set of legal next characters" formulation of Bhattamishra et al. (2020) and Huang et
/// al. (2025). One label per token; none for the empty prefix.
std::vector<std::string> next_set_labels(const dfa& d, const std::vector<std::string>& word);

/// The label next_set_labels writes after a prefix that reaches state q (`live` is d.live()).
std::string next_set_label(const dfa& d, const std::vector<bool>& live, std::uint32_t q);

/// Every label next_set_labels can write at a position of a member: one per live state that a
/// non-empty prefix reaches, in state order, without repeats (the label words a program
/// answering the next-symbol sets needs).
std::vector<std::string> next_set_words(const dfa& d);

/// The name of each state as a label of the labels format `state`: "q(" + the shortlex-least
/// word reaching it + ")", its symbols joined without spaces when every symbol is one
/// character ("q(ab)"), with spaces otherwise ("q(t1 t2)"); "q()" for the start state.
std::vector<std::string> state_names(const dfa& d);

/// At every position i, the name (state_names) of the state after w[0..i]; "q?" once a token
/// outside the alphabet is read.
std::vector<std::string> state_labels(const dfa& d, const std::vector<std::string>& word);

/// At every position i, whether w[0..i] is a member (false once a token outside the alphabet
/// is read).
std::vector<bool> prefix_membership(const dfa& d, const std::vector<std::string>& word);

}  // namespace crasp::regular
