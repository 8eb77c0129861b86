// Private helpers shared by the task families (and by crasp check's samplers): portable random
// draws, symbol names and prompt frames. The families' behaviour and the catalogue records are in
// tasks/record.hpp.
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

/// "a", "b", .. : the first n letters (n <= 26).
std::vector<std::string> letter_symbols(std::size_t n);
/// "t0" .. "t{n-1}".
std::vector<std::string> t_symbols(std::size_t n);

/// An acceptor's answer: {"True"} or {"False"}.
tokens verdict_answer(bool member);
/// Appends every word of length 1..max_len over `alphabet`, shortest first and lexicographic
/// within a length: the inputs of an acceptor.
void enumerate_words(const std::vector<std::string>& alphabet, std::size_t max_len,
                     std::vector<tokens>& out);

}  // namespace crasp::tasks::detail
