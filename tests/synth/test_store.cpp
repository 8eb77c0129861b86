// The compact value store: a count packs at the narrowest width that holds all its values and
// unpacks to exactly the same vector; equal counts pack to equal words and different counts to
// different words (what the behaviour table relies on); stored values never move.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "synth/store.hpp"

using namespace crasp::synth;

namespace {

ints round_trip(const ints& v, std::uint8_t& width) {
  packed p;
  pack(v, p);
  width = p.width;
  REQUIRE(p.data.size() == packed_words(v.size(), p.width));
  ints out;
  unpack(p.data.data(), p.width, v.size(), out);
  return out;
}

}  // namespace

TEST_CASE("counts round-trip exactly at the narrowest width") {
  struct example {
    ints v;
    std::uint8_t width;
  };
  constexpr auto i16 = std::numeric_limits<std::int16_t>::max();
  constexpr auto i32 = std::numeric_limits<std::int32_t>::max();
  const example examples[] = {
      {{0}, 1},
      {{1, 2, 3, 127, -128}, 1},
      {{128}, 2},
      {{-129, 5}, 2},
      {{i16, -i16 - 1, 0, 3, 9, 11, 13}, 2},
      {{i16 + 1}, 4},
      {{i32, -i32 - 1, 7}, 4},
  };
  for (const auto& e : examples) {
    std::uint8_t width = 0;
    CHECK(round_trip(e.v, width) == e.v);
    CHECK(width == e.width);
  }
  // Random vectors of every length up to 40 (tails within a word), values of every scale.
  std::mt19937 rng(7);
  for (std::size_t n = 1; n <= 40; ++n)
    for (const std::int32_t scale : {3, 200, 40000, 2000000000}) {
      ints v(n);
      // In 64 bits: rng() % 2*scale exceeds int32 for the largest scale (UBSan caught it).
      for (auto& x : v)
        x = static_cast<std::int32_t>(static_cast<std::int64_t>(rng() % (2ULL * static_cast<std::uint64_t>(scale))) - scale);
      std::uint8_t width = 0;
      CHECK(round_trip(v, width) == v);
    }
}

TEST_CASE("packed counts are equal exactly when the counts are") {
  packed a, b;
  pack({1, 2, 3}, a);
  pack({1, 2, 3}, b);
  CHECK((a.width == b.width && a.data == b.data));
  pack({1, 2, 4}, b);
  CHECK(a.data != b.data);
  pack({1, 2, 300}, b);  // wider: a different width, so a different hash (enumerate.cpp)
  CHECK(a.width != b.width);
}

TEST_CASE("the store gives back every value, across chunks") {
  const std::size_t positions = 300;
  value_store store(positions);
  std::vector<std::uint32_t> slots;
  std::vector<ints> counts;
  std::vector<bits> bools;
  std::mt19937 rng(3);
  // Enough values for several 1 MiB chunks of each kind.
  for (std::size_t k = 0; k < 12000; ++k) {
    ints v(positions);
    const std::int32_t scale = k % 3 == 0 ? 100 : k % 3 == 1 ? 1000 : 100000;
    for (auto& x : v) x = static_cast<std::int32_t>(rng() % static_cast<std::uint32_t>(scale));
    packed p;
    pack(v, p);
    slots.push_back(store.add_count(p));
    counts.push_back(v);
    bits b((positions + 63) / 64);
    for (auto& w : b) w = (static_cast<word>(rng()) << 32 | rng()) & (k % 2 ? ~word{0} : word{0xF0F0});
    b.back() &= (word{1} << (positions % 64)) - 1;
    slots.push_back(store.add_boolean(b));
    bools.push_back(b);
  }
  const word* first = store.boolean(slots[1]).data();
  for (std::size_t k = 0; k < counts.size(); ++k) {
    ints out;
    store.count(slots[2 * k], out);
    REQUIRE(out == counts[k]);
    const auto b = store.boolean(slots[2 * k + 1]);
    REQUIRE(std::vector<word>(b.begin(), b.end()) == bools[k]);
  }
  CHECK(store.boolean(slots[1]).data() == first);
  CHECK(store.bytes() >= 12000 * (300 + 600 + 1200) / 3 + 12000 * 40);
}
