// Drawing words from a regular language for training and test sets: uniform members and
// non-members of a given length, and "boundary" words, the hard cases that uniform draws almost
// never are. A non-member drawn uniformly is usually wrong early and obviously (an unopened
// bracket at position 1); a boundary non-member is a member broken at one position where the
// automaton is one symbol away from rejecting forever, such as the a^13 b^13 that a bounded
// Dyck language D_12 rejects but a plain bracket counter accepts.
//
// Uniform sampling counts paths: for each length, the number of accepted completions from each
// state (path_counts.hpp), computed lazily up to the longest length asked and kept; memory and
// time are O(n * states) for length n, and lengths with n * states above 2^27 are refused
// (nullopt, NaN). Every draw comes from the engine passed in, through portable draws, so a seed
// gives the same words on every platform.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "regular/dfa.hpp"
#include "regular/path_counts.hpp"

namespace crasp::regular {

/// A drawn word and how it was made ("substitution", "swap" or "edit"; see sampler::boundary).
struct sample {
  /// The word, over the dfa's alphabet.
  std::vector<std::string> word;
  /// How it was made.
  std::string kind;
};

/// Samples words of a fixed length from a dfa's language and its complement.
class sampler {
 public:
  /// Keeps its own copy of `d`; an invalid dfa (see dfa::valid) is read as the empty language.
  explicit sampler(dfa d);

  /// The automaton sampled from.
  [[nodiscard]] const dfa& automaton() const { return dfa_; }

  /// A member of length n, uniform among all of them; nullopt when there is none. Each symbol is
  /// drawn with probability proportional to the accepted completions of its target state.
  std::optional<std::vector<std::string>> member(std::size_t n, std::mt19937_64& rng);
  /// A non-member of length n over the alphabet, uniform among all of them; nullopt when none.
  std::optional<std::vector<std::string>> non_member(std::size_t n, std::mt19937_64& rng);
  /// log2 of the number of members of length n: -infinity when there is none, NaN when n is
  /// too long to count (see above).
  double log2_members(std::size_t n);
  /// log2 of the number of non-members of length n, as log2_members.
  double log2_non_members(std::size_t n);

  /// A non-member of length n near the boundary of the language. A boundary state is a live
  /// state q with a symbol s into a dead state. Draw a boundary state uniformly among those that
  /// members of length n pass through; then a position p < n with probability proportional to
  /// the members that are in q after p symbols; then such a member w uniformly (a uniform prefix
  /// of length p reaching q, a uniform accepted completion from q), and s uniformly among q's
  /// symbols into dead states. Break w at p, either way with probability 1/2: "substitution"
  /// sets w[p] = s; "swap" exchanges w[p] with a later s (chosen uniformly), which keeps every
  /// symbol's count, so a program that only counts symbols cannot tell the result from a
  /// member. (Drawing q uniformly rather than in proportion to its members is deliberate: see
  /// boundary.cpp.) When no member of length n passes through a boundary state before its end
  /// (parity and (aa)* have none at all), "edit" substitutes one uniform position of a uniform
  /// member by another symbol. Only non-members are returned; after 100 failed tries (a swap
  /// with no later s, an edit that stays a member), or when there is no member of length n,
  /// nullopt.
  std::optional<sample> boundary(std::size_t n, std::mt19937_64& rng);
  /// A member of length n that passes through a boundary state, drawn as in boundary() before
  /// it is broken: a hard positive, such as a Dyck word that reaches the depth bound. nullopt
  /// when no member of length n passes through one.
  std::optional<std::vector<std::string>> boundary_member(std::size_t n, std::mt19937_64& rng);

 private:
  /// A member drawn through a boundary state, before it is broken.
  struct boundary_draw {
    std::vector<std::uint32_t> word;
    std::size_t position;  ///< p: the word is in the boundary state after p symbols
    std::uint32_t which;   ///< index into boundary_states_
  };

  /// The automaton (valid, see the constructor).
  dfa dfa_;
  /// Inverse transitions: (source, symbol) pairs into t are preds_[pred_begin_[t] ..
  /// pred_begin_[t + 1]), for drawing prefixes backwards from their last state.
  std::vector<std::size_t> pred_begin_;
  /// See pred_begin_.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> preds_;
  /// Accepted completions, rejected completions, and words from the start, per length.
  detail::count_table members_, non_members_, forward_;
  /// Boundary states (live, with a symbol into a dead state).
  std::vector<std::uint32_t> boundary_states_;
  /// Parallel to boundary_states_: the symbols into dead states.
  std::vector<std::vector<std::uint32_t>> dead_symbols_;
  /// The length position_weights_ was prepared for.
  std::optional<std::size_t> prepared_;
  /// Per boundary state, the weight of each position p < n (relative within the state); empty
  /// when no member of length n passes through the state before its end.
  std::vector<std::vector<double>> position_weights_;

  /// A uniform word of `length` from q to a state counted by `table` (grown to `length`, with
  /// a positive count at q).
  std::vector<std::uint32_t> completion(const detail::count_table& table, std::uint32_t q,
                                        std::size_t length, std::mt19937_64& rng) const;
  /// A uniform word of `length` from the start to q (forward_ grown, with a positive count).
  std::vector<std::uint32_t> prefix(std::uint32_t q, std::size_t length,
                                    std::mt19937_64& rng) const;
  /// A uniform word of length n from the start counted by `table`, growing it; nullopt if none.
  std::optional<std::vector<std::uint32_t>> draw(detail::count_table& table, std::size_t n,
                                                 std::mt19937_64& rng);
  /// Grows the tables and computes position_weights_ for length n; false when too long.
  bool prepare(std::size_t n);
  /// A member through a boundary state (see boundary()); nullopt when none passes one.
  std::optional<boundary_draw> draw_through_boundary(std::size_t n, std::mt19937_64& rng);
  /// The "edit" fallback of boundary().
  std::optional<sample> edit(std::size_t n, std::mt19937_64& rng);
  /// Whether the dfa accepts a word of symbol indices.
  [[nodiscard]] bool accepted(const std::vector<std::uint32_t>& word) const;
  /// Symbol indices as names.
  [[nodiscard]] std::vector<std::string> spell(const std::vector<std::uint32_t>& word) const;
};

}  // namespace crasp::regular
