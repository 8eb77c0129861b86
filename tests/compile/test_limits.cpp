// The checks can fail: models pushed past what they were built for must be caught by verify(),
// not silently trusted. Each case breaks one designed quantity on purpose.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <utility>

#include "crasp/compile.hpp"
#include "crasp/model.hpp"
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

namespace {

// n statements, each counting the one before: every link adds a layer and residual dimensions,
// so the weights grow with the square of n (the hostile-input report's 4,000-statement chain
// asked for 3.9 GiB).
std::string chain(int n) {
  std::string text = "alphabet A = { \"a\" \"b\" }\nS1 = #[j <= i] \"a\" > 0\n";
  for (int k = 2; k <= n; ++k)
    text += "S" + std::to_string(k) + " = #[j <= i] S" + std::to_string(k - 1) + " > 0 && \"a\"\n";
  return text;
}

std::optional<crasp::compiled_program> compile_capped(const crasp::ir::program& p,
                                                      positional pe, std::uint64_t cap,
                                                      crasp::diagnostics& diags) {
  crasp::compile_options o;
  o.pe = pe;
  o.max_len = 64;
  o.max_model_bytes = cap;
  return crasp::compile(p, o, diags);
}

}  // namespace

TEST_CASE("the model's size is known before assembly and matches the model", "[limits][size]") {
  for (const std::string& text :
       {std::string(dyck), chain(12),
        std::string("alphabet A = { \"a\" \"b\" }\nX = #[j <= i, j == i - 1] \"a\" > #[j <= i] \"b\"\n")}) {
    const auto p = lowering_test::load(text);
    for (positional pe : {positional::ape, positional::rope}) {
      crasp::diagnostics diags;
      const auto c = compile_capped(p, pe, 0, diags);
      INFO(crasp::render(diags));
      REQUIRE(c);
      const auto s = crasp::model::summarize(c->model);
      CHECK(c->stats.size.parameters == s.parameters);
      CHECK(c->stats.size.bytes == 8 * s.parameters);
      CHECK(c->stats.size.d_model == static_cast<std::uint64_t>(s.d_model));
      CHECK(c->stats.size.layers == static_cast<std::uint64_t>(s.layers));
      CHECK(c->stats.size.max_d_ff == static_cast<std::uint64_t>(s.max_d_ff));
    }
  }
}

TEST_CASE("a model over the size cap is refused with its size, its cause and the cap",
          "[limits][size]") {
  const auto p = lowering_test::load(chain(200));
  crasp::diagnostics free_diags;
  const auto uncapped = compile_capped(p, positional::nope, 0, free_diags);
  REQUIRE(uncapped);
  const std::uint64_t bytes = uncapped->stats.size.bytes;
  CHECK(uncapped->stats.size.layers >= 200);  // one layer (or two) per link

  crasp::diagnostics diags;
  const auto refused = compile_capped(p, positional::nope, bytes / 2, diags);
  CHECK_FALSE(refused);
  REQUIRE(diags.error_count() == 1);
  const std::string text = crasp::render(diags);
  CHECK_THAT(text, Catch::Contains("the compiled model is too large"));
  CHECK_THAT(text, Catch::Contains(std::to_string(uncapped->stats.size.parameters) + " parameters"));
  CHECK_THAT(text, Catch::Contains("over the limit of"));
  CHECK_THAT(text, Catch::Contains("grow with depth x width"));

  crasp::diagnostics fits_diags;
  CHECK(compile_capped(p, positional::nope, bytes, fits_diags));  // the cap is inclusive
  // The default cap (2 GiB) lets every bundled-size program through.
  CHECK(crasp::compile_options{}.max_model_bytes == crasp::default_max_model_bytes);
}

TEST_CASE("a wide model over the cap names the statements its width comes from",
          "[limits][size]") {
  std::string text = "alphabet S = { \"s0\" .. \"s39\" }\n";
  text += "P[a in S, b in S] = #[j <= i] (tok(a) || tok(b)) > #[j <= i] tok(b)\n";
  text += "X = any a in S: any b in S: P[a, b]\n";
  const auto p = lowering_test::load(text);
  crasp::diagnostics diags;
  CHECK_FALSE(compile_capped(p, positional::nope, 1 << 16, diags));
  const std::string rendered = crasp::render(diags);
  INFO(rendered);
  CHECK_THAT(rendered, Catch::Contains("P[...]"));
}

TEST_CASE("verify's slack and margin describe the model in the precision it ran",
          "[limits][precision]") {
  // M = 4 * 4097: the clamp of a constant far above max_len has pre-activations near 7e7,
  // beyond float32's exact integers, so M x and M x - 1 round to the same number and the
  // Boolean comes out a clean, wrong 0 (the input probe alone saw slack 0.997 and the margin
  // was 1, next to the mismatches).
  const auto p = lowering_test::load("alphabet A = { \"a\" \"b\" }\nL = #[j <= i] \"a\" < 9000\n");
  const auto c = lowering_test::compile(p, positional::ape, 4096);
  CHECK(c.stats.certified_f32 == 0);
  for (crasp::precision prec : {crasp::precision::f64, crasp::precision::f32}) {
    crasp::verify_options o;
    o.prec = prec;
    o.exhaustive_length = 4;
    o.random_per_bucket = 1;
    crasp::diagnostics diags;
    const auto r = crasp::verify(p, c, o, diags);
    REQUIRE(r);
    double slack = 1, margin = 1;
    for (const auto& b : r->buckets) {
      slack = std::min(slack, b.min_slack);
      margin = std::min(margin, b.min_output_margin);
    }
    if (prec == crasp::precision::f64) {
      CHECK(r->ok());
      CHECK(slack > 0.99);
      CHECK(margin > 0.99);
    } else {
      REQUIRE_FALSE(r->ok());
      CHECK(slack <= 0);
      CHECK(margin <= 0);
      // Every bucket with a mismatch says so in its margin.
      for (const auto& b : r->buckets)
        if (b.mismatches > 0) CHECK(b.min_output_margin <= 0);
    }
  }
}
