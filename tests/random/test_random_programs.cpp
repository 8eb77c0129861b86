// Random-program differential testing (docs/testing.md): generated programs through the
// reference evaluator, crasp's interpreter and every compiled model. A disagreement is shrunk,
// saved under tests/random/regressions/ and fails the test with the original and shrunk cases.
#include <catch2/catch.hpp>

#include <iostream>

#include "campaign.hpp"

TEST_CASE("random programs agree across the reference, the interpreter and compiled models",
          "[random]") {
  const auto opts = rnd::campaign_options::from_environment();
  const auto result = rnd::run_campaign(opts);
  std::cout << "random programs, seeds " << opts.seed << ".." << opts.seed + opts.programs - 1
            << ": " << result.summary();
  for (const auto& f : result.failures) {
    INFO("seed " << f.seed << " (rerun: CRASP_RANDOM_SEED=" << f.seed << " CRASP_RANDOM_PROGRAMS=1)\n"
                 << rnd::describe(f.original, f.source) << "shrunk:\n"
                 << f.shrunk_source << "input: " << rnd::join(f.shrunk_input) << "\nsaved: "
                 << (f.file.empty() ? "(not saved)" : f.file));
    FAIL_CHECK(f.original.engine << " disagreed");
  }
  CHECK((result.programs == opts.programs || result.failures.size() >= opts.max_failures));
  // Not vacuous: every engine really ran, and the models were compared at certified positions.
  for (const char* engine : {"interpreter", "ape-f64", "ape-f32", "rope-f64", "rope-f32", "nope-f64", "nope-f32"}) {
    INFO(engine);
    CHECK(result.counts.count(engine) == 1);
    if (result.counts.count(engine)) CHECK(result.counts.at(engine).positions > 0);
  }
}
