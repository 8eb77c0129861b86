// A compiled model run past the range it is guaranteed for is reported as such: the runtime adds
// a warning past the certified range (per precision, from the model's info) and past the
// designed length (NoPE/RoPE; APE refuses), and says nothing inside the certified range.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "crasp/compile.hpp"
#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"
#include "crasp/transformer.hpp"

namespace {

using tokens = std::vector<std::string>;
using crasp::length_trust;

crasp::ir::program load(const std::string& path) {
  auto loaded = crasp::load_file(path);
  INFO(crasp::render(loaded.diags));
  REQUIRE(loaded.program);
  return std::move(*loaded.program);
}

crasp::compiled_program compiled(const crasp::ir::program& p, crasp::model::positional pe,
                                 int max_len) {
  crasp::compile_options o;
  o.pe = pe;
  o.max_len = max_len;
  // Plain Booleans: the tests need models certified for less than they are run on.
  o.boolean_mode = crasp::booleans::plain;
  crasp::diagnostics diags;
  auto c = crasp::compile(p, o, diags);
  INFO(crasp::render(diags));
  REQUIRE(c);
  return std::move(*c);
}

// "<bos> b1 .. bn <sep>" with bits from `rng`.
tokens prompt(std::size_t n, std::mt19937_64& rng) {
  tokens t{"<bos>"};
  for (std::size_t k = 0; k < n; ++k) t.push_back(rng() % 2 ? "1" : "0");
  t.push_back("<sep>");
  return t;
}

}  // namespace

TEST_CASE("the certified lengths travel with the model, per precision", "[trust]") {
  const auto p = load(CRASP_PROGRAMS_DIR "/bin_majority_interleave.crasp");
  const auto c = compiled(p, crasp::model::positional::ape, 256);
  REQUIRE(crasp::certified_length(c.model) == c.stats.certified_f64);
  const auto f32 = crasp::model::cast<float>(c.model);
  REQUIRE(crasp::certified_length(f32) == c.stats.certified_f32);
  // This program's float32 certificate is short (its comparison results are counted again):
  // the test needs lengths on both sides of it.
  REQUIRE(c.stats.certified_f32 >= 4);
  REQUIRE(c.stats.certified_f32 < 200);
  CHECK(c.stats.certified_f64 == 256);

  const auto cert = static_cast<std::size_t>(c.stats.certified_f32);
  CHECK(crasp::trust_at(f32, cert) == length_trust::certified);
  CHECK(crasp::trust_at(f32, cert + 1) == length_trust::designed);
  CHECK(crasp::trust_at(c.model, cert + 1) == length_trust::certified);

  // A model that records no certificate (not compiled by crasp) is never called certified.
  auto foreign = c.model;
  foreign.info.clear();
  CHECK_FALSE(crasp::certified_length(foreign));
  CHECK(crasp::trust_at(foreign, 1) == length_trust::designed);
}

TEST_CASE("a run past the certified range warns; a run inside it does not", "[trust]") {
  const auto p = load(CRASP_PROGRAMS_DIR "/bin_majority_interleave.crasp");
  const auto c = compiled(p, crasp::model::positional::ape, 256);
  const auto f32 = crasp::model::cast<float>(c.model);
  const auto cert = static_cast<std::size_t>(c.stats.certified_f32);
  std::mt19937_64 rng(7);

  // Inside: prompt plus its 4-token answer stays within the certificate.
  const tokens inside = prompt(cert - 6, rng);
  crasp::diagnostics quiet;
  auto gen = crasp::generate_transformer(f32, inside, 8, "in", quiet);
  REQUIRE(gen);
  CHECK(inside.size() + gen->continuation.size() <= cert);
  CHECK(quiet.empty());

  // Past it: the answer still comes (and is right here), with one warning naming the range.
  const tokens past = prompt(cert + 20, rng);
  crasp::diagnostics diags;
  auto d = crasp::decide(f32, past, "in", diags);
  REQUIRE(d);
  REQUIRE(diags.items().size() == 1);
  const auto& w = diags.items().front();
  CHECK(w.level == crasp::severity::warning);
  CHECK(w.origin == "in");
  CHECK(w.message == "input of " + std::to_string(past.size()) +
                         " tokens is past the model's certified f32 range of " +
                         std::to_string(cert) +
                         " tokens (worst-case rounding bound); the answer is not guaranteed exact");

  // The same input in float64 is certified: no warning.
  crasp::diagnostics f64;
  REQUIRE(crasp::decide(c.model, past, "in", f64));
  CHECK(f64.empty());

  // Generation warns once, for the longest sequence it decided on.
  crasp::diagnostics gen_diags;
  REQUIRE(crasp::generate_transformer(f32, past, 8, "in", gen_diags));
  CHECK(gen_diags.warning_count() == 1);
  CHECK_FALSE(gen_diags.has_errors());
}

TEST_CASE("wrong answers past the designed length come with a warning, never silently",
          "[trust]") {
  // Majority with a NoPE model designed for 8 tokens: its comparison clamp is too shallow for
  // long inputs whose counts differ by one, so some answers there are wrong. Every one of them
  // must carry the past-design warning.
  const auto p = load(CRASP_PROGRAMS_DIR "/bin_majority.crasp");
  const auto c = compiled(p, crasp::model::positional::nope, 8);
  std::mt19937_64 rng(3);
  std::size_t wrong = 0;
  for (int trial = 0; trial < 40; ++trial) {
    // Near-ties: n ones and n + 1 zeros (or the reverse) in random order.
    const std::size_t n = 100 + rng() % 100;
    tokens t{"<bos>"};
    std::vector<std::string> bits(n, "1");
    bits.insert(bits.end(), n + 1, "0");
    std::shuffle(bits.begin(), bits.end(), rng);
    if (trial % 2)
      for (auto& b : bits) b = b == "1" ? "0" : "1";
    t.insert(t.end(), bits.begin(), bits.end());
    t.push_back("<sep>");

    crasp::diagnostics expected_diags;
    auto expected = crasp::generate(p, t, 1, "in", expected_diags);
    REQUIRE(expected);
    crasp::diagnostics diags;
    auto d = crasp::decide(c.model, t, "in", diags);
    REQUIRE(d);
    const bool agrees = d->next.size() == 1 && expected->continuation.size() == 1 &&
                        d->next.front() == expected->continuation.front();
    if (!agrees) ++wrong;
    // Right or wrong, the answer is flagged.
    REQUIRE(diags.warning_count() == 1);
    CHECK(diags.items().front().message.find("longer than the model's designed maximum of 8") !=
          std::string::npos);
  }
  // The check can fail: the model really is wrong out there.
  CHECK(wrong > 0);
}

TEST_CASE("an APE model refuses an input past its designed length", "[trust]") {
  const auto p = load(CRASP_PROGRAMS_DIR "/bin_majority.crasp");
  const auto c = compiled(p, crasp::model::positional::ape, 8);
  std::mt19937_64 rng(5);
  crasp::diagnostics diags;
  CHECK_FALSE(crasp::decide(c.model, prompt(20, rng), "in", diags));
  CHECK(diags.has_errors());
}
