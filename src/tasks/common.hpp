// Private helpers shared by the task families: portable random draws, symbol names, and the
// per-family entry points that src/tasks/tasks.cpp dispatches to.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "crasp/tasks.hpp"

namespace crasp::regular {
struct dfa;
}  // namespace crasp::regular

namespace crasp::tasks::detail {

using tokens = std::vector<std::string>;
using answer = std::optional<tokens>;

// --- random draws -------------------------------------------------------------------------
// std distributions are implementation-defined; these use only mt19937_64's raw output so that
// a seed means the same instance everywhere.

/// Uniform integer in [0, n); n must be > 0. Rejection sampling, no modulo bias.
inline std::size_t below(std::mt19937_64& rng, std::size_t n) {
  const std::uint64_t bound = static_cast<std::uint64_t>(n);
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;  // accept [0, limit)
  std::uint64_t x = rng();
  while (x >= limit) x = rng();
  return static_cast<std::size_t>(x % bound);
}

/// Uniform integer in [lo, hi]; requires lo <= hi.
inline std::size_t between(std::mt19937_64& rng, std::size_t lo, std::size_t hi) {
  return lo + below(rng, hi - lo + 1);
}

/// A fair coin.
inline bool coin(std::mt19937_64& rng) {
  return (rng() >> 63) != 0;
}

/// Fisher-Yates shuffle with below().
template <class T>
void shuffle(std::vector<T>& v, std::mt19937_64& rng) {
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(rng, i)]);
}

// --- symbols ------------------------------------------------------------------------------

/// "t<i>".
std::string t_symbol(std::size_t i);
/// The index of a canonical "t<digits>" token (no sign, no leading zero except "t0").
std::optional<std::size_t> t_index(std::string_view token);

/// Calls f(digits) for every string of length `len` over {0..base-1}, lexicographically.
template <class F>
void for_each_word(std::size_t base, std::size_t len, F&& f) {
  std::vector<std::size_t> digits(len, 0);
  if (base == 0 && len > 0) return;
  for (;;) {
    f(digits);
    std::size_t i = len;
    while (i > 0 && digits[i - 1] + 1 == base) digits[--i] = 0;
    if (i == 0) return;
    ++digits[i - 1];
  }
}

/// Prompt `<bos> body... <sep>`.
tokens framed(const tokens& body);
/// The body of a `<bos> body <sep>` prompt, or nullopt if the frame is wrong or the body is
/// empty or contains a control token.
std::optional<tokens> unframe(const tokens& input);

// --- families -----------------------------------------------------------------------------
// Each family: solve (nullopt = precondition violated), generate with an already effective
// length and vocabulary, and enumerate appending to `out`.

answer solve_retrieval(task_id id, const tokens& input);
instance generate_retrieval(task_id id, std::size_t length, std::mt19937_64& rng, std::size_t k);
void enumerate_retrieval(task_id id, std::size_t max_len, std::size_t k, std::vector<tokens>& out);

answer solve_distinct(task_id id, const tokens& input);
instance generate_distinct(task_id id, std::size_t length, std::mt19937_64& rng, std::size_t k);
void enumerate_distinct(task_id id, std::size_t max_len, std::size_t k, std::vector<tokens>& out);

answer solve_copy(task_id id, const tokens& input);
instance generate_copy(task_id id, std::size_t length, std::mt19937_64& rng, std::size_t k);
void enumerate_copy(task_id id, std::size_t max_len, std::size_t k, std::vector<tokens>& out);

/// parity and addition (fixed alphabets, so no k).
answer solve_arithmetic(task_id id, const tokens& input);
instance generate_arithmetic(task_id id, std::size_t length, std::mt19937_64& rng);
void enumerate_arithmetic(task_id id, std::size_t max_len, std::vector<tokens>& out);

answer solve_majority(task_id id, const tokens& input);
instance generate_majority(task_id id, std::size_t length, std::mt19937_64& rng, std::size_t k);
void enumerate_majority(task_id id, std::size_t max_len, std::size_t k, std::vector<tokens>& out);

/// Membership of a string in a formal language; nullopt if empty or a token is not a symbol.
std::optional<bool> member(task_id id, const tokens& input);
instance generate_language(task_id id, std::size_t length, std::mt19937_64& rng);

// The suite's regular languages (regular_languages.cpp), whose reference is a minimal DFA.
/// Whether the acceptor task `id` answers and draws from its language's automaton.
bool is_regular_language(task_id id);
/// The minimal DFA of the language of acceptor task `id` (one of the suite's, or aa_star), built
/// once and kept; nullptr for any other task.
const regular::dfa* regular_automaton(task_id id);
std::vector<std::string> regular_alphabet(task_id id);
std::optional<bool> regular_member(task_id id, const tokens& input);
instance generate_regular(task_id id, std::size_t length, std::mt19937_64& rng);

// The suite's languages posed as labels tasks (regular_labels.cpp).
/// For a `_next` or `_prefix` task: the acceptor task of its language, and whether the labels
/// are the legal next symbols (else prefix membership); nullopt for any other task.
struct labelling {
  task_id language;
  bool next;
};
std::optional<labelling> labelled_language(task_id id);
/// One label per input token; nullopt for an empty input, a token outside the alphabet, or
/// (for a `_next` task) a non-member.
answer solve_labels(task_id id, const tokens& input);
instance generate_labels(task_id id, std::size_t length, std::mt19937_64& rng);
void enumerate_labels(task_id id, std::size_t max_len, std::vector<tokens>& out);
/// The tokens a correct answer is made of (see tasks::output_tokens).
std::vector<std::string> label_words(task_id id);

/// The period c of a "copy every c-th token" language (copy_every_1, _2, _3), 0 for any other
/// task.
inline std::size_t copy_period(task_id id) {
  switch (id) {
    case task_id::copy_every_1:
      return 1;
    case task_id::copy_every_2:
      return 2;
    case task_id::copy_every_3:
      return 3;
    default:
      return 0;
  }
}

/// Appends the `_next` and `_prefix` tasks to a catalogue that holds every acceptor of the
/// formal-language suite (catalogue_labels.cpp).
void add_labelled_languages(std::vector<task_spec>& catalogue);

/// Fills in category, program, candidate and the verdicts of every catalogue entry
/// (src/tasks/verdicts.cpp).
void attach_verdicts(std::vector<task_spec>& catalogue);

}  // namespace crasp::tasks::detail
