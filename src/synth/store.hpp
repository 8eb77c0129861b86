// Where the enumerator keeps the values of its expressions, compactly: Booleans as their bitsets
// back to back, counts in the narrowest integer type that holds every value of the vector (one
// byte per position while counts stay within -128 .. 127, as they do on short training
// instances), each in chunks that never move, so a value's address stays valid while others are
// added. A count's packed form is canonical (the narrowest width, zero padding), so two counts
// are equal exactly when their packed bytes are: the behaviour table compares those.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "synth/values.hpp"

namespace crasp::synth {

/// A count vector packed at its narrowest width (1, 2 or 4 bytes per position), in words whose
/// unused tail bytes are zero.
struct packed {
  std::uint8_t width = 1;
  std::vector<word> data;
};

/// Packs `v` (every value representable at the chosen width, so unpack gives it back exactly).
void pack(const ints& v, packed& out);
/// The words a packed count of `n` positions at `width` bytes each takes.
[[nodiscard]] constexpr std::size_t packed_words(std::size_t n, std::uint8_t width) {
  return (n * width + sizeof(word) - 1) / sizeof(word);
}
/// Reads `n` values packed at `width` from `data` into `out`.
void unpack(const word* data, std::uint8_t width, std::size_t n, ints& out);

/// Fixed-size records in chunks of about 1 MiB: appending never moves a record.
class chunked {
 public:
  explicit chunked(std::size_t record_words);
  /// Copies a record of record_words words; returns its index.
  std::uint32_t add(const word* record);
  [[nodiscard]] const word* at(std::uint32_t i) const {
    return chunks_[i / per_chunk_].get() + static_cast<std::size_t>(i % per_chunk_) * record_;
  }
  [[nodiscard]] std::size_t record_words() const { return record_; }
  [[nodiscard]] std::size_t bytes() const { return chunks_.size() * per_chunk_ * record_ * sizeof(word); }

 private:
  std::size_t record_, per_chunk_;
  std::uint32_t count_ = 0;
  std::vector<std::unique_ptr<word[]>> chunks_;
};

/// The values of kept expressions. A Boolean's slot indexes its bitset; a count's slot holds its
/// width's store in the top two bits and its index in that store below.
class value_store {
 public:
  explicit value_store(std::size_t positions);
  std::uint32_t add_boolean(std::span<const word> v);
  std::uint32_t add_count(const packed& v);
  [[nodiscard]] std::span<const word> boolean(std::uint32_t slot) const {
    return {bools_.at(slot), bools_.record_words()};
  }
  [[nodiscard]] std::uint8_t count_width(std::uint32_t slot) const { return std::uint8_t{1} << (slot >> 30); }
  [[nodiscard]] std::span<const word> count_data(std::uint32_t slot) const;
  /// The count at `slot`, unpacked.
  void count(std::uint32_t slot, ints& out) const;
  /// Memory held by the values.
  [[nodiscard]] std::size_t bytes() const;

 private:
  std::size_t positions_;
  chunked bools_;
  chunked counts_[3];  // widths 1, 2, 4
};

}  // namespace crasp::synth
