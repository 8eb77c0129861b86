// The layout shares the positions of common prefixes: every operation must give, at the
// position of token i of instance k, what it gives on that instance alone (computed here
// directly from the definitions), including across copies and for instances that are prefixes
// of others or repeated.
#include <catch2/catch.hpp>

#include <vector>

#include "strings.hpp"
#include "synth/values.hpp"

namespace {

using namespace crasp::synth;
using synth_test::instances;

void check_against_definitions(const instances& data, const std::vector<assignment>& copies) {
  const layout l(data, copies);
  // An irregular operand: true on token 1, and on every third position.
  bits a(l.words(), 0);
  for (std::size_t p = 0; p < l.positions(); ++p)
    if (l.token(p) == 1 || p % 3 == 0) set(a, p);
  const ints counted = l.count(a);
  const bits seen = l.exists(a);
  for (std::size_t k = 0; k < l.instances(); ++k) {
    INFO("instance " << k);
    REQUIRE(l.length(k) == data[k % data.size()].size());
    std::int32_t c = 0;
    bool any = false;
    for (std::size_t i = 0; i < l.length(k); ++i) {
      const std::size_t p = l.position(k, i);
      CHECK(l.index(p) == i);
      CHECK(l.token(p) == data[k % data.size()][i]);
      c += test(a, p) ? 1 : 0;
      any = any || test(a, p);
      CHECK(counted[p] == c);
      CHECK(test(seen, p) == any);
      for (std::uint32_t s = 1; s <= layout::max_shift; ++s) {
        const bool want = i >= s && test(a, l.position(k, i - s));
        CHECK(test(l.shift(a, s), p) == want);
      }
    }
  }
}

}  // namespace

TEST_CASE("shared prefixes: count, exists and local reads as on each instance alone") {
  check_against_definitions(synth_test::all_strings(2, 7), {assignment{}});
  // Prefixes of others, repeats, long tails (whole words shift at once there), three copies.
  instances data{{0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0, 1, 0, 1, 1, 0, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 1,
                  0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 0, 0, 1, 0,
                  1, 0, 1, 1, 0, 1, 1, 0, 1, 0, 1},
                 {0, 1}, {0, 1, 1}, {2}, {0, 1}, {1, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}};
  check_against_definitions(data, {{no_token, 0}, {no_token, 1}, {no_token, 2}});
}

TEST_CASE("shared prefixes: one position per distinct prefix") {
  const auto data = synth_test::all_strings(2, 8);
  const layout l(data);
  CHECK(l.positions() == 510);  // 2 + 4 + ... + 256, against 3,586 tokens
  // Decisions numbered over the instances laid end to end map to the instance's last prefix.
  std::size_t flat = 0;
  for (std::size_t k = 0; k < data.size(); ++k) {
    flat += data[k].size();
    CHECK(l.position_of_flat(flat - 1) == l.position(k, data[k].size() - 1));
  }
}
