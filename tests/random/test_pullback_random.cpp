// pull_back on generated programs (the closure step of a reduction, docs/communication.md): the
// built program on w equals the original on h(w) for random uniform maps and frames.
#include <catch2/catch.hpp>

#include "../reduction/pullback_check.hpp"
#include "crasp/frontend.hpp"
#include "program.hpp"

TEST_CASE("random programs: the pulled-back program agrees with the original on h(w)",
          "[random][reduction]") {
  std::size_t built = 0, compared = 0;
  std::mt19937_64 rng(11);
  for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
    const std::string source = rnd::print(rnd::generate(seed));
    const auto loaded = crasp::load_text("random.crasp", source);
    if (!loaded.ok()) continue;  // the generator's rare programs the checker refuses
    const crasp::ir::program& p = *loaded.program;
    const std::size_t m = 1 + seed % 3;
    const crasp::word_map h = pullback_check::random_map(p, 2 + seed % 2, m, seed % 3, seed / 3 % 3, rng);
    crasp::diagnostics d;
    const auto q = crasp::pull_back(p, h, d);
    INFO("seed " << seed << " map " << h.describe() << "\n" << source << crasp::render(d));
    REQUIRE(q);
    const auto r = pullback_check::compare(p, *q, h, 3, 2, 12, rng);
    INFO(r.mismatch);
    CHECK(r.mismatch.empty());
    compared += r.compared;
    ++built;
  }
  CHECK(built >= 900);
  CHECK(compared >= 20 * built);
}
