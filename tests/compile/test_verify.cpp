// verify() on hand-built models against small programs: agreement, the bucket plan, probe slack,
// and counterexamples when a model is deliberately wrong.
#include <catch2/catch.hpp>

#include "crasp/verify.hpp"
#include "hand_models.hpp"

using crasp::diagnostics;
using tokens = std::vector<std::string>;

namespace {

const char* const count_program = "alphabet S = { \"a\" \"b\" }\nC = #[j <= i] \"a\"\n";

crasp::compiled_program wrap(crasp::model::model m) {
  crasp::compiled_program c;
  c.model = std::move(m);
  return c;
}

crasp::verify_report checked(const crasp::ir::program& program, const crasp::compiled_program& c,
                             const crasp::verify_options& opts = {}) {
  diagnostics diags;
  auto report = crasp::verify(program, c, opts, diags);
  INFO(crasp::render(diags));
  REQUIRE(report);
  CHECK(diags.empty());
  return *report;
}

}  // namespace

TEST_CASE("verify accepts a correct count model and plans its buckets", "[verify]") {
  const auto program = hand::load("count.crasp", count_program);
  const auto compiled = wrap(hand::count_a());  // max_len 64: inputs up to 63 tokens
  for (auto prec : {crasp::precision::f64, crasp::precision::f32}) {
    crasp::verify_options opts;
    opts.prec = prec;
    std::vector<std::size_t> done;
    opts.progress = [&](std::size_t d, std::size_t total) {
      CHECK(total == 16);
      done.push_back(d);
    };
    const auto report = checked(program, compiled, opts);
    CHECK(report.ok());
    CHECK_FALSE(report.shortest);
    // Two tokens: 2 + 4 + ... + 2^13 = 16382 sequences fit the budget of 20000, 2^14 more do not.
    REQUIRE(report.buckets.size() == 16);
    CHECK(done.size() == 16);
    CHECK(done.back() == 16);
    for (int l = 1; l <= 13; ++l) {
      const auto& b = report.buckets[static_cast<std::size_t>(l - 1)];
      CHECK(b.exhaustive);
      CHECK(b.min_length == l);
      CHECK(b.inputs == (std::size_t{1} << l));
      CHECK(b.decisions == (std::size_t{1} << l));
    }
    CHECK(report.buckets[13].min_length == 14);
    CHECK(report.buckets[13].max_length == 16);
    CHECK(report.buckets[15].min_length == 33);
    CHECK(report.buckets[15].max_length == 63);
    CHECK(report.buckets[15].inputs == 8);
    CHECK(report.buckets[15].min_output_margin > 0.99);
    CHECK(report.inputs == 16382 + 3 * 8);
  }
}

TEST_CASE("verify honours an explicit exhaustive length and the seed", "[verify]") {
  const auto program = hand::load("count.crasp", count_program);
  const auto compiled = wrap(hand::count_a());
  crasp::verify_options opts;
  opts.exhaustive_length = 3;
  opts.random_per_bucket = 5;
  const auto a = checked(program, compiled, opts);
  const auto b = checked(program, compiled, opts);
  REQUIRE(a.buckets.size() == 3 + 3);
  CHECK(a.buckets[3].min_length == 4);
  CHECK(a.decisions == b.decisions);  // same seed, same inputs
  CHECK(a.decisions > 2 + 4 + 8 + 5 * 4);

  diagnostics diags;
  opts.exhaustive_length = 40;  // 2^40 sequences
  CHECK_FALSE(crasp::verify(program, compiled, opts, diags));
  CHECK(diags.has_errors());
}

TEST_CASE("verify finds the shortest counterexample of a wrong model", "[verify]") {
  const auto program = hand::load("b.crasp", "alphabet S = { \"a\" \"b\" }\nL = \"b\"\n");
  const auto report = checked(program, wrap(hand::last_is_a()));
  CHECK_FALSE(report.ok());
  CHECK(report.mismatches == report.decisions);  // the model answers the opposite everywhere
  REQUIRE(report.shortest);
  CHECK(report.shortest->tokens.size() == 1);
  CHECK(report.shortest->expected == (report.shortest->tokens[0] == "b" ? "True" : "False"));
  CHECK(report.shortest->actual == (report.shortest->tokens[0] == "a" ? "True" : "False"));
}

TEST_CASE("verify feeds an open vocabulary one unknown token", "[verify]") {
  const auto program = hand::load("a.crasp", "L = \"a\"\n");
  REQUIRE_FALSE(program.closed_vocabulary);
  crasp::verify_options opts;
  opts.exhaustive_length = 2;
  const auto report = checked(program, wrap(hand::last_is_a(true)), opts);
  CHECK(report.ok());
  CHECK(report.buckets[1].inputs == 4);  // {a, <unk>}^2

  diagnostics diags;  // without "<crasp:other>" the model cannot read the unknown token
  CHECK_FALSE(crasp::verify(program, wrap(hand::last_is_a(false)), opts, diags));
}

TEST_CASE("verify reports probe slack", "[verify]") {
  const auto program = hand::load("count.crasp", count_program);
  auto compiled = wrap(hand::count_a());
  const int frac = *compiled.model.residual_index("frac_a");
  // #a in the u scale, after the layer's FFN (snapshot 2): exact.
  compiled.probes.push_back({"count", 2, {{frac, 1.0}}, crasp::probe_scale::u, 0.25});
  crasp::verify_options opts;
  opts.exhaustive_length = 4;
  CHECK(checked(program, compiled, opts).buckets[3].min_slack > 0.99);
  // Half the count is half an integer off whenever #a is odd: error 0.5, slack 1 - 0.5/0.25.
  compiled.probes.push_back({"half", 1, {{frac, 0.5}}, crasp::probe_scale::u, 0.25});
  const auto report = checked(program, compiled, opts);
  CHECK(report.ok());  // slack is a margin, not a decision
  CHECK(report.buckets[0].min_slack == Approx(-1));

  diagnostics diags;
  compiled.probes.push_back({"bad", 9, {{frac, 1.0}}, crasp::probe_scale::unit, 0.25});
  CHECK_FALSE(crasp::verify(program, compiled, opts, diags));
}

TEST_CASE("verify compares next-token predictions", "[verify]") {
  const auto good = hand::load("alt.crasp", hand::alternate_program);
  const auto compiled = wrap(hand::alternate());
  crasp::verify_options opts;
  opts.exhaustive_length = 3;
  CHECK(checked(good, compiled, opts).ok());

  // The program never predicts b after d; the model is ambiguous there.
  const auto other = hand::load("alt2.crasp",
                                "alphabet S = { \"a\" \"b\" \"c\" \"d\" }\n"
                                "next \"a\" = \"b\" || \"d\"\nnext \"b\" = \"a\"\n");
  const auto report = checked(other, compiled, opts);
  CHECK_FALSE(report.ok());
  REQUIRE(report.shortest);
  CHECK(report.shortest->tokens == tokens{"d"});
  CHECK(report.shortest->expected == "a");
  CHECK(report.shortest->actual == "ambiguous: a b");
}

TEST_CASE("verify refuses a model that answers another question", "[verify]") {
  const auto program = hand::load("b.crasp", "alphabet S = { \"a\" \"b\" }\nL = \"b\"\n");
  diagnostics diags;
  CHECK_FALSE(crasp::verify(program, wrap(hand::count_a()), {}, diags));
  CHECK(diags.has_errors());
}

TEST_CASE("verify bounds the attention work of its plan", "[verify]") {
  const auto program = hand::load("count.crasp", count_program);
  const auto compiled = wrap(hand::count_a());  // max_len 64
  const auto pairs = [&](std::size_t tokens) {
    return crasp::model::attention_pairs(compiled.model, tokens + 1);
  };
  REQUIRE(pairs(1) > 0);
  // 2^13 exhaustive inputs of 13 tokens, then 8 random inputs in each of 14..16, 17..32, 33..63,
  // each counted at its bucket's longest length.
  const double planned = 8192 * pairs(13) + 8 * (pairs(16) + pairs(32) + pairs(63));
  CHECK(checked(program, compiled).attention_pairs == Approx(planned));

  crasp::verify_options tight;
  tight.max_attention = planned - 1;
  diagnostics diags;
  CHECK_FALSE(crasp::verify(program, compiled, tight, diags));
  CHECK(crasp::render(diags).find("attention query-key pairs") != std::string::npos);

  // Fitting instead leaves out the longest bucket, and says how far it would have gone.
  tight.fit_attention = true;
  const auto fitted = checked(program, compiled, tight);
  CHECK(fitted.ok());
  CHECK(fitted.left_out_to == 63);
  REQUIRE(fitted.buckets.size() == 15);
  CHECK(fitted.buckets.back().max_length == 32);
  CHECK(fitted.attention_pairs == Approx(planned - 8 * pairs(63)));
}
