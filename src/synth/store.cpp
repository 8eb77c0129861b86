// See store.hpp.
#include "synth/store.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>

namespace crasp::synth {

namespace {

constexpr std::size_t chunk_bytes = std::size_t{1} << 20;

std::uint32_t width_index(std::uint8_t width) { return width == 1 ? 0 : width == 2 ? 1 : 2; }

}  // namespace

void pack(const ints& v, packed& out) {
  std::int32_t lo = 0, hi = 0;
  for (const std::int32_t x : v) {
    lo = std::min(lo, x);
    hi = std::max(hi, x);
  }
  const auto fits = [&](auto t) {
    using T = decltype(t);
    return lo >= std::numeric_limits<T>::min() && hi <= std::numeric_limits<T>::max();
  };
  out.width = fits(std::int8_t{}) ? 1 : fits(std::int16_t{}) ? 2 : 4;
  out.data.assign(packed_words(v.size(), out.width), 0);
  auto* bytes = reinterpret_cast<unsigned char*>(out.data.data());
  const auto write = [&](auto t) {
    using T = decltype(t);
    for (std::size_t p = 0; p < v.size(); ++p) {
      const auto x = static_cast<T>(v[p]);
      std::memcpy(bytes + p * sizeof(T), &x, sizeof(T));
    }
  };
  if (out.width == 1) write(std::int8_t{});
  else if (out.width == 2) write(std::int16_t{});
  else write(std::int32_t{});
}

void unpack(const word* data, std::uint8_t width, std::size_t n, ints& out) {
  out.resize(n);
  const auto* bytes = reinterpret_cast<const unsigned char*>(data);
  const auto read = [&](auto t) {
    using T = decltype(t);
    for (std::size_t p = 0; p < n; ++p) {
      T x;
      std::memcpy(&x, bytes + p * sizeof(T), sizeof(T));
      out[p] = x;
    }
  };
  if (width == 1) read(std::int8_t{});
  else if (width == 2) read(std::int16_t{});
  else read(std::int32_t{});
}

chunked::chunked(std::size_t record_words)
    : record_(std::max<std::size_t>(record_words, 1)),
      per_chunk_(std::max<std::size_t>(1, chunk_bytes / (record_ * sizeof(word)))) {}

std::uint32_t chunked::add(const word* record) {
  if (count_ % per_chunk_ == 0) chunks_.push_back(std::make_unique<word[]>(per_chunk_ * record_));
  std::memcpy(chunks_.back().get() + static_cast<std::size_t>(count_ % per_chunk_) * record_, record,
              record_ * sizeof(word));
  return count_++;
}

value_store::value_store(std::size_t positions)
    : positions_(positions),
      bools_((positions + 63) / 64),
      counts_{chunked(packed_words(positions, 1)), chunked(packed_words(positions, 2)),
              chunked(packed_words(positions, 4))} {}

std::uint32_t value_store::add_boolean(std::span<const word> v) { return bools_.add(v.data()); }

std::uint32_t value_store::add_count(const packed& v) {
  const std::uint32_t w = width_index(v.width);
  return w << 30 | counts_[w].add(v.data.data());
}

std::span<const word> value_store::count_data(std::uint32_t slot) const {
  const chunked& c = counts_[slot >> 30];
  return {c.at(slot & 0x3FFFFFFFU), c.record_words()};
}

void value_store::count(std::uint32_t slot, ints& out) const {
  unpack(count_data(slot).data(), count_width(slot), positions_, out);
}

std::size_t value_store::bytes() const {
  return bools_.bytes() + counts_[0].bytes() + counts_[1].bytes() + counts_[2].bytes();
}

}  // namespace crasp::synth
