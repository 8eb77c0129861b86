// The formal languages whose reference is written by hand (Dyck-1, a^n b^n, ...; languages.cpp),
// as opposed to the suite's minimal DFAs (regular_languages.cpp). Each language supplies its
// membership test and its members; hand_language turns them into an acceptor task with the
// catalogue's mix of members and near-miss non-members (language_gen.cpp).
#pragma once

#include <cstddef>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "tasks/record.hpp"

namespace crasp::tasks::detail {

/// An acceptor over single-character symbols. generate() draws member or non-member with
/// probability 1/2 each, at the nearest length that has one; non-members are candidate()s
/// checked with member() and redrawn, falling back on certain_nonmember().
class hand_language : public task_behaviour {
 public:
  /// A word, one char per symbol.
  using word = std::string;

  /// `alphabet`: the symbols, one char each, in symbol order.
  explicit hand_language(std::string alphabet) : alphabet_(std::move(alphabet)) {}

  std::vector<std::string> symbols(std::size_t k) const override;
  answer solve(const tokens& input) const override;
  instance generate(std::size_t length, std::mt19937_64& rng, std::size_t k) const override;
  void enumerate(std::size_t max_len, std::size_t k, std::vector<tokens>& out) const override;

 protected:
  [[nodiscard]] const std::string& alphabet() const { return alphabet_; }

  /// Membership of a non-empty word over the alphabet.
  [[nodiscard]] virtual bool member(const word& w) const = 0;
  /// Whether some member, or some non-member, has length n >= 1.
  [[nodiscard]] virtual bool has_member(std::size_t n) const = 0;
  [[nodiscard]] virtual bool has_nonmember(std::size_t n) const { return n >= 1; }
  /// A member of length n (has_member(n) holds).
  virtual word make_member(std::size_t n, std::mt19937_64& rng) const = 0;
  /// One candidate non-member of length n, which may still be a member: a random word a quarter
  /// of the time, else a member with one token changed or two swapped, else near_miss().
  virtual word candidate(std::size_t n, std::mt19937_64& rng) const;
  /// The language's own near miss (counts off by one, the right tokens in the wrong order); by
  /// default insert_some().
  virtual word near_miss(std::size_t n, std::mt19937_64& rng) const { return insert_some(n, rng); }
  /// A non-member of length n (has_nonmember(n) holds), to fall back on.
  [[nodiscard]] virtual word certain_nonmember(std::size_t n) const = 0;

  /// A member of the longest shorter length that has one, with random tokens inserted up to n.
  word insert_some(std::size_t n, std::mt19937_64& rng) const;
  /// A uniform character of `from`.
  static char pick(std::mt19937_64& rng, std::string_view from);
  /// n uniform characters of `from`.
  static word random_word(std::size_t n, std::string_view from, std::mt19937_64& rng);

 private:
  // Membership of a token string; nullopt when it is empty or a token is not a symbol.
  std::optional<bool> member_of(const tokens& input) const;
  // The length nearest to n (shorter first on equal distance) with a word of the wanted class.
  std::size_t length_for(std::size_t n, bool want_member) const;

  std::string alphabet_;
};

}  // namespace crasp::tasks::detail
