// The communication analysis's soundness guard on generated programs (docs/communication.md):
// with a program as its own task, the prefix classes measured never exceed the program's own
// bound (alice + 1)^C * 2^L. A violation is a bug in the analysis or in the interpreter.
#include <catch2/catch.hpp>

#include <cmath>

#include "crasp/communication.hpp"
#include "crasp/frontend.hpp"
#include "program.hpp"

TEST_CASE("random programs never exceed their own communication bound", "[random][communication]") {
  crasp::communication_options o;
  o.max_length = 7;
  o.budget = 512;  // exhaustive over up to 3 tokens at n = 5, sampled past it
  std::size_t analysed = 0, measured = 0, above_one = 0;
  for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
    const std::string source = rnd::print(rnd::generate(seed));
    const auto loaded = crasp::load_text("random.crasp", source);
    if (!loaded.ok()) continue;  // the generator's rare programs the checker refuses
    INFO("seed " << seed << "\n" << source);
    o.task = "random program " + std::to_string(seed);
    crasp::diagnostics diags;
    const auto r = crasp::analyze_communication(*loaded.program, o, diags);
    REQUIRE(r);
    REQUIRE(r->bound);
    CHECK(r->within_bound);
    for (const auto& m : r->splits) {
      if (!m.skipped.empty()) continue;
      ++measured;
      above_one += m.classes > 1;
      CHECK(std::log2(static_cast<double>(m.classes)) <= r->bound->log2_classes(m.alice) + 1e-9);
    }
    ++analysed;
  }
  // Not vacuous: most generated programs load, and many tell prefixes apart.
  CHECK(analysed >= 900);
  CHECK(measured >= 5 * analysed);
  CHECK(above_one >= analysed);
}
