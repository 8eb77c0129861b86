// The checks can fail: models pushed past what they were built for must be caught by verify(),
// not silently trusted. Each case breaks one designed quantity on purpose.
#include <catch2/catch.hpp>

#include <utility>

#include "crasp/compile.hpp"
#include "crasp/verify.hpp"
#include "lowering_harness.hpp"

using crasp::model::positional;

namespace {

crasp::verify_report verified(const crasp::ir::program& p, const crasp::compiled_program& c,
                              std::size_t samples = 6) {
  crasp::verify_options o;
  o.random_per_bucket = samples;
  o.exhaustive_budget = 2000;
  crasp::diagnostics diags;
  auto r = crasp::verify(p, c, o, diags);
  INFO(crasp::render(diags));
  REQUIRE(r);
  return *r;
}

const char* const dyck = R"crasp(alphabet P = { "(" ")" }
BAL = #[j <= i] "(" >= #[j <= i] ")"
BAD = #[j <= i] !BAL
X = BAD == 0 && #[j <= i] "(" == #[j <= i] ")"
)crasp";

}  // namespace

TEST_CASE("a NoPE model run past its designed length is caught", "[limits]") {
  const auto p = lowering_test::load(dyck);
  auto c = lowering_test::compile(p, positional::nope, 16);
  REQUIRE(verified(p, c).ok());
  // The comparison slope was chosen for 16 positions; claiming 512 makes verify test lengths the
  // clamps cannot resolve (a true comparison at u < 2/M yields less than 1).
  c.model.max_len = 513;
  const auto report = verified(p, c);
  CHECK_FALSE(report.ok());
  REQUIRE(report.shortest);
  CHECK(report.shortest->tokens.size() > 16);
}

TEST_CASE("verify's slack sees an error before it flips a decision", "[limits]") {
  const auto p = lowering_test::load(dyck);
  auto c = lowering_test::compile(p, positional::nope, 256);
  const auto exact = verified(p, c);
  REQUIRE(exact.ok());
  double exact_slack = 1;
  for (const auto& b : exact.buckets) exact_slack = std::min(exact_slack, b.min_slack);
  CHECK(exact_slack > 0.99);
  // A slightly wrong count value row (1% too large) is still decided right at short lengths,
  // but the probes see it.
  for (auto& layer : c.model.layers)
    for (auto& head : layer.heads)
      if (head.rotary.empty() && head.wv.rows() > 1) head.wv.row(1) *= 1.01;
  const auto skewed = verified(p, c);
  double skewed_slack = 1;
  for (const auto& b : skewed.buckets) skewed_slack = std::min(skewed_slack, b.min_slack);
  CHECK(skewed_slack < 0.9);
}

TEST_CASE("a guard head with too little sharpness is caught, APE and RoPE", "[limits][rope]") {
  const auto p = lowering_test::load(R"(alphabet A = { "a" "b" }
X = #[j <= i, j == i - 1] "a" + #[j <= i] "b" > #[j <= i] "a"
)");
  // APE bit-matching heads and rotary heads both score the target of the read of i - 1 at least
  // 2 beta above any other key; a quarter of that lets the other keys' weight through (far above
  // u/4), and the local count, moved to the u scale and compared, goes wrong at long lengths.
  for (auto [pe, head_name] : {std::pair{positional::ape, "read["},
                               std::pair{positional::rope, "rope.read["}}) {
    INFO(crasp::model::to_string(pe));
    auto c = lowering_test::compile(p, pe, 512);
    REQUIRE(verified(p, c).ok());
    int weakened = 0;
    for (auto& layer : c.model.layers)
      for (auto& head : layer.heads)
        if (head.name.find(head_name) != std::string::npos) {
          head.wq /= 4.0;
          ++weakened;
        }
    REQUIRE(weakened > 0);
    const auto report = verified(p, c);
    CHECK_FALSE(report.ok());
    REQUIRE(report.shortest);
    CHECK(report.shortest->tokens.size() > 2);
  }
}
