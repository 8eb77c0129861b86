// The values an expression takes at every position of a set of training instances, laid out
// side by side: Booleans as bitsets (64 positions per word), counts as 32-bit vectors. Two
// expressions with equal values here are observationally equivalent for the search: only one of
// them is kept (enumerate.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace crasp::synth {

using word = std::uint64_t;
using bits = std::vector<word>;          ///< one bit per position
using ints = std::vector<std::int32_t>;  ///< one count per position

/// Symbol variables of a template (`next[a in Sym]`, `any s in Sym: ...`): a token test may read
/// one instead of a fixed token. A template is evaluated once per assignment of its variables
/// (a copy of every training instance per assignment), so two templates are equivalent exactly
/// when they agree on every copy.
inline constexpr std::uint32_t no_token = 0xFFFFFFFFU;
struct assignment {
  std::uint32_t a = no_token;  ///< the rule's own symbol (`next[a in Sym]`)
  std::uint32_t s = no_token;  ///< the quantified symbol (`any s` / `all s`)
};

/// Training instances as one row of positions, once per assignment (copy), copy-major. Within
/// a copy, instances that share a prefix share its positions: a position is a distinct prefix
/// (a node of the instances' prefix tree), numbered in order of first appearance, so a prefix's
/// parent comes before it. Every operation of the grammar is causal (its value at a position
/// reads that prefix only), so an expression's value on a prefix is the same in every instance
/// that has it, and comparing values over the distinct prefixes compares them over every
/// position of every instance: the behaviours kept are exactly those of a flat layout, with
/// fewer positions when the training set holds all short strings (510 instead of 3,586 for
/// every binary string up to length 8).
class layout {
 public:
  /// `instances`: token ids (indices into the search's alphabet), each at least one token long;
  /// `copies`: the variable assignments (one empty assignment when the search has no variables).
  explicit layout(const std::vector<std::vector<std::uint32_t>>& instances,
                  std::vector<assignment> copies = {assignment{}});

  /// The largest local read `shift` supports.
  static constexpr std::uint32_t max_shift = 8;

  [[nodiscard]] std::size_t positions() const { return tokens_.size(); }
  [[nodiscard]] std::size_t words() const { return (tokens_.size() + 63) / 64; }
  /// Instances over all copies (instance k of copy c is number c * instances + k).
  [[nodiscard]] std::size_t instances() const { return lengths_.size() * copies_.size(); }
  [[nodiscard]] std::size_t length(std::size_t k) const { return lengths_[k % lengths_.size()]; }
  /// The position of token i (0-based) of instance k.
  [[nodiscard]] std::size_t position(std::size_t k, std::size_t i) const {
    return k / lengths_.size() * per_copy_ + at_[starts_[k % lengths_.size()] + i];
  }
  /// The position of token `flat` of copy 0 counted over the instances laid end to end (how
  /// make_problem numbers decisions).
  [[nodiscard]] std::uint32_t position_of_flat(std::size_t flat) const { return at_[flat]; }
  [[nodiscard]] std::uint32_t token(std::size_t p) const { return tokens_[p]; }
  /// The prefix's length minus one: the index of its last token in its instances.
  [[nodiscard]] std::uint32_t index(std::size_t p) const { return index_[p]; }
  /// Positions per copy, and the assignments.
  [[nodiscard]] std::size_t per_copy() const { return per_copy_; }
  [[nodiscard]] const std::vector<assignment>& copies() const { return copies_; }

  // Leaves of the grammar.
  [[nodiscard]] bits token_test(std::uint32_t token) const;
  /// `tok(a)` (variable 0) or `tok(s)` (variable 1): the token equals the copy's symbol.
  [[nodiscard]] bits variable_test(int variable) const;
  [[nodiscard]] bits constant(bool value) const;
  /// index % modulus == residue.
  [[nodiscard]] bits periodic(std::uint32_t modulus, std::uint32_t residue) const;

  // Operations; operands have this layout's size. Each writes `out` (resized as needed), so
  // the search can evaluate a candidate into a scratch buffer and copy only what it keeps.
  void negate(std::span<const word> a, bits& out) const;  ///< keeps the padding bits clear
  /// `exists[j <= i, j == i - c] a`: a at index - c within the same instance, false before it
  /// (c <= max_shift).
  void shift(std::span<const word> a, std::uint32_t c, bits& out) const;
  /// `#[j <= i] a`: the number of true positions up to and including p, per instance.
  void count(std::span<const word> a, ints& out) const;
  /// `exists[j <= i] a`: whether a held anywhere up to and including p, per instance.
  void exists(std::span<const word> a, bits& out) const;

  // The same, returning the result.
  [[nodiscard]] bits negate(const bits& a) const { bits o; negate(a, o); return o; }
  [[nodiscard]] bits shift(const bits& a, std::uint32_t c) const { bits o; shift(a, c, o); return o; }
  [[nodiscard]] ints count(const bits& a) const { ints o; count(a, o); return o; }
  [[nodiscard]] bits exists(const bits& a) const { bits o; exists(a, o); return o; }

 private:
  std::vector<std::uint32_t> tokens_;
  std::vector<std::uint32_t> index_;
  /// ancestor_[c - 1][p]: the position c tokens before p (valid where index(p) >= c).
  std::vector<std::vector<std::uint32_t>> ancestor_;
  std::vector<std::uint32_t> copy_;  ///< the copy of each position
  std::vector<assignment> copies_;
  std::size_t per_copy_ = 0;
  std::vector<std::size_t> lengths_, starts_;  ///< per instance of a copy: length, flat start
  std::vector<std::uint32_t> at_;  ///< flat token of copy 0 -> its position
  bits padding_mask_;  ///< ones on real positions
  std::vector<bits> shift_mask_;  ///< [c]: ones where index >= c (a shift by c may land there)
  /// [c][w]: every position of word w that a shift by c reads reads the position c before it,
  /// so the word shifts as a whole (the tails of instances; a shared prefix's branches do not).
  std::vector<std::vector<bool>> linear_;
};

[[nodiscard]] inline bool test(std::span<const word> b, std::size_t p) { return (b[p / 64] >> (p % 64)) & 1U; }
inline void set(bits& b, std::size_t p) { b[p / 64] |= word{1} << (p % 64); }

/// Bitwise combinations (same sizes).
void both(std::span<const word> a, std::span<const word> b, bits& out);
void either(std::span<const word> a, std::span<const word> b, bits& out);
[[nodiscard]] inline bits both(const bits& a, const bits& b) { bits o; both(a, b, o); return o; }
[[nodiscard]] inline bits either(const bits& a, const bits& b) { bits o; either(a, b, o); return o; }

enum class relation { lt, le, eq };
/// a R b position by position; `b` may be a constant (a vector of one value, broadcast).
void compare(const ints& a, relation r, const ints& b, std::size_t positions, bits& out);
[[nodiscard]] inline bits compare(const ints& a, relation r, const ints& b, std::size_t positions) {
  bits o;
  compare(a, r, b, positions, o);
  return o;
}
/// c = a + b, c = a - b.
void add(const ints& a, const ints& b, ints& out);
void subtract(const ints& a, const ints& b, ints& out);

/// A 64-bit hash of a value vector, for the behaviour table.
[[nodiscard]] std::uint64_t hash_of(std::span<const word> v);
[[nodiscard]] std::uint64_t hash_of(std::span<const std::int32_t> v);

}  // namespace crasp::synth
