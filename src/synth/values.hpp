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

/// Training instances as one flat row of positions. Position p belongs to instance
/// `instance_of[p]` and is its `index[p]`-th token (0-based, BOS excluded: the first token of
/// an instance is index 0).
class layout {
 public:
  /// `instances`: token ids (indices into the search's alphabet), each at least one token long.
  explicit layout(const std::vector<std::vector<std::uint32_t>>& instances);

  [[nodiscard]] std::size_t positions() const { return tokens_.size(); }
  [[nodiscard]] std::size_t words() const { return (tokens_.size() + 63) / 64; }
  [[nodiscard]] std::size_t instances() const { return starts_.size(); }
  /// First position of instance k, and one past its last.
  [[nodiscard]] std::size_t begin(std::size_t k) const { return starts_[k]; }
  [[nodiscard]] std::size_t end(std::size_t k) const {
    return k + 1 < starts_.size() ? starts_[k + 1] : tokens_.size();
  }
  [[nodiscard]] std::uint32_t token(std::size_t p) const { return tokens_[p]; }
  [[nodiscard]] std::uint32_t index(std::size_t p) const { return index_[p]; }

  // Leaves of the grammar.
  [[nodiscard]] bits token_test(std::uint32_t token) const;
  [[nodiscard]] bits constant(bool value) const;
  /// index % modulus == residue.
  [[nodiscard]] bits periodic(std::uint32_t modulus, std::uint32_t residue) const;

  // Operations; operands have this layout's size.
  [[nodiscard]] bits negate(const bits& a) const;  ///< keeps the padding bits clear
  /// `exists[j <= i, j == i - c] a`: a at index - c within the same instance, false before it.
  [[nodiscard]] bits shift(const bits& a, std::uint32_t c) const;
  /// `#[j <= i] a`: the number of true positions up to and including p, per instance.
  [[nodiscard]] ints count(const bits& a) const;

 private:
  std::vector<std::uint32_t> tokens_;
  std::vector<std::uint32_t> index_;
  std::vector<std::size_t> starts_;
  bits padding_mask_;  ///< ones on real positions
};

[[nodiscard]] inline bool test(const bits& b, std::size_t p) { return (b[p / 64] >> (p % 64)) & 1U; }
inline void set(bits& b, std::size_t p) { b[p / 64] |= word{1} << (p % 64); }

/// Bitwise combinations (same sizes).
[[nodiscard]] bits both(const bits& a, const bits& b);
[[nodiscard]] bits either(const bits& a, const bits& b);

enum class relation { lt, le, eq };
/// a R b position by position; `b` may be a constant (a vector of one value, broadcast).
[[nodiscard]] bits compare(const ints& a, relation r, const ints& b, std::size_t positions);

/// A 64-bit hash of a value vector, for the behaviour table.
[[nodiscard]] std::uint64_t hash_of(std::span<const word> v);
[[nodiscard]] std::uint64_t hash_of(std::span<const std::int32_t> v);

}  // namespace crasp::synth
