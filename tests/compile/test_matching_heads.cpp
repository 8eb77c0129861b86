// Matching heads: recognition of token-selected count families (src/interpret/matching_find.cpp)
// and their lowering to one attention head (matching_head.cpp), checked against the interpreter
// with the family's own value probed at every position, in APE and RoPE, float64 and float32.
#include <catch2/catch.hpp>

#include <string>

#include <fmt/format.h>

#include "interpret/matching.hpp"
#include "crasp/compile.hpp"
#include "crasp/frontend.hpp"
#include "crasp/verify.hpp"
#include "sanitized.hpp"

namespace {

using crasp::model::positional;

crasp::ir::program load(const std::string& text) {
  auto loaded = crasp::load_text("test.crasp", text);
  INFO(crasp::render(loaded.diags));
  REQUIRE(loaded.program);
  return std::move(*loaded.program);
}

crasp::ir::program load_program(const std::string& name, int symbols) {
  crasp::check_options opts;
  std::vector<std::string> items;
  for (int s = 0; s < symbols; ++s) items.push_back(fmt::format("t{}", s));
  opts.alphabet_overrides["Sym"] = items;
  auto loaded = crasp::load_file(fmt::format("{}/{}.crasp", CRASP_PROGRAMS_DIR, name), opts);
  INFO(crasp::render(loaded.diags));
  REQUIRE(loaded.program);
  return std::move(*loaded.program);
}

crasp::compiled_program compile(const crasp::ir::program& p, positional pe, int max_len,
                                bool matching = true) {
  crasp::compile_options opts;
  opts.pe = pe;
  opts.max_len = max_len;
  opts.matching_heads = matching;
  crasp::diagnostics diags;
  auto c = crasp::compile(p, opts, diags);
  INFO(crasp::render(diags));
  REQUIRE(c);
  return std::move(*c);
}

/// verify() in one precision: no mismatch, and every probe (the families' values among them)
/// within its tolerance.
void verify_exact(const crasp::ir::program& p, const crasp::compiled_program& c,
                  crasp::precision prec, int exhaustive = -1) {
  crasp::verify_options opts;
  opts.prec = prec;
  opts.exhaustive_length = exhaustive;
  opts.random_per_bucket = 4;
  crasp::diagnostics diags;
  const auto report = crasp::verify(p, c, opts, diags);
  INFO(crasp::render(diags));
  REQUIRE(report);
  CHECK(report->mismatches == 0);
  for (const auto& b : report->buckets) {
    INFO("lengths " << b.min_length << ".." << b.max_length);
    CHECK(b.min_slack > 0);
  }
}

const std::string prelude = R"(alphabet Sym = { "a" "b" "c" }
predicate prev(i, j) = j == i - 1
PREV[s in Sym] = exists[prev] tok(s)
TWICE[s in Sym] = (#[j <= i] tok(s)) >= 2
OK = !tok("c")
)";

// Members "current token s, and at least t earlier positions with K_s and B".
const std::string family_t2 =
    prelude + "MATCH = any s in Sym: tok(s) && (#[j <= i] (PREV[s] && TWICE[s] && OK)) >= 2\n";
const std::string family_gt =
    prelude + "MATCH = any s in Sym: tok(s) && 1 < #[j <= i] (OK && PREV[s])\n";

}  // namespace

TEST_CASE("matching families are recognized with their keys, body and threshold", "[matching]") {
  SECTION("a threshold of 2, two key conjuncts, one shared conjunct") {
    const auto p = load(family_t2);
    const auto found = crasp::matching::find(p);
    REQUIRE(found.size() == 1);
    const auto& f = found.front();
    CHECK(f.root == p.output());
    CHECK(f.at_least == 2);
    CHECK(f.tests.size() == 3);
    CHECK(f.body.size() == 1);
    for (const auto& k : f.keys) CHECK(k.size() == 2);
  }
  SECTION("1 < #[...] is #[...] >= 2") {
    const auto p = load(family_gt);
    const auto found = crasp::matching::find(p);
    REQUIRE(found.size() == 1);
    CHECK(found.front().at_least == 2);
  }
  SECTION("the retrieval programs: one family per answer") {
    for (const char* name : {"ur", "ul", "nrfirst", "nlfirst"}) {
      INFO(name);
      const auto p = load_program(name, 7);
      const auto found = crasp::matching::find(p);
      CHECK(found.size() == 7);
      for (const auto& f : found) {
        CHECK(f.tests.size() == 7);
        CHECK(f.at_least == 1);
      }
    }
  }
}

TEST_CASE("near misses are not matching families", "[matching]") {
  const std::string cases[] = {
      // thresholds differ between members
      "MATCH = (tok(\"a\") && #[j <= i] PREV[\"a\"] >= 1) || (tok(\"b\") && #[j <= i] PREV[\"b\"] >= 2)\n",
      // a member with a third conjunct outside the count
      "MATCH = any s in Sym: tok(s) && OK && (#[j <= i] PREV[s]) >= 1\n",
      // a threshold that always holds
      "MATCH = any s in Sym: tok(s) && (#[j <= i] PREV[s]) >= 0\n",
      // a guarded (local) count
      "MATCH = any s in Sym: tok(s) && (#[prev] tok(s)) >= 1\n",
      // one member only
      "MATCH = tok(\"a\") && (#[j <= i] PREV[\"b\"]) >= 1\n",
      // an upper bound, not a threshold
      "MATCH = any s in Sym: tok(s) && (#[j <= i] PREV[s]) <= 1\n",
  };
  for (const auto& c : cases) {
    INFO(c);
    const auto p = load(prelude + c);
    CHECK(crasp::matching::find(p).empty());
  }
}

TEST_CASE("matching heads compute their family's value at every position", "[matching]") {
  for (const auto* text : {&family_t2, &family_gt}) {
    const auto p = load(*text);
    for (positional pe : {positional::ape, positional::rope}) {
      INFO(crasp::model::to_string(pe));
      const auto c = compile(p, pe, 256);
      CHECK(c.stats.matching == 1);
      verify_exact(p, c, crasp::precision::f64, 7);
      verify_exact(p, c, crasp::precision::f32, 7);
    }
  }
}

TEST_CASE("retrieval programs compile to matching heads and stay exact", "[matching]") {
  for (const char* name : {"ur", "ul", "nrfirst", "nlfirst"}) {
    const auto p = load_program(name, 5);
    for (positional pe : {positional::ape, positional::rope}) {
      INFO(name << " " << crasp::model::to_string(pe));
      const auto with = compile(p, pe, 512);
      const auto without = compile(p, pe, 512, /*matching=*/false);
      CHECK(with.stats.matching == 5);
      CHECK(without.stats.matching == 0);
      CHECK(with.stats.size.d_model < without.stats.size.d_model);
      // Every input up to 3 tokens; the random inputs up to 511 reach the families' values at
      // every position (probed), whatever the rest of the program gates them with.
      verify_exact(p, with, crasp::precision::f64, 3);
      verify_exact(p, with, crasp::precision::f32, 3);
    }
  }
}

TEST_CASE("matching heads keep the width linear in the vocabulary", "[matching]") {
#if CRASP_TEST_SANITIZED
  const int large = 60;  // the expansion alone is slow under the sanitizers
#else
  const int large = 150;
#endif
  for (const char* name : {"ur", "nlfirst"}) {
    INFO(name);
    const auto small = compile(load_program(name, 20), positional::ape, 4096);
    const auto big = compile(load_program(name, large), positional::ape, 4096);
    const double ratio = static_cast<double>(big.stats.size.d_model) /
                         static_cast<double>(small.stats.size.d_model);
    CHECK(ratio < 1.2 * large / 20.0);
    CHECK(big.stats.size.bytes < (std::uint64_t{64} << 20));
  }
}

TEST_CASE("retrieval models over 150 symbols are certified in both precisions", "[matching]") {
#if CRASP_TEST_SANITIZED
  const int symbols = 40, max_len = 512;  // the expansion alone is slow under the sanitizers
#else
  const int symbols = 150, max_len = 4096;
#endif
  for (const char* name : {"ur", "ul", "nrfirst", "nlfirst"}) {
    INFO(name);
    const auto p = load_program(name, symbols);
    const auto c = compile(p, positional::ape, max_len);
    CHECK(c.stats.matching == symbols);
    CHECK(c.stats.size.bytes < (std::uint64_t{64} << 20));
    CHECK(c.stats.certified_f64 == max_len);
    CHECK(c.stats.certified_f32 == max_len);
  }
}

TEST_CASE("exists over a single offset is the read itself, no clamp", "[matching]") {
  const auto p = load(prelude + "OUT = PREV[\"a\"] && tok(\"b\")\n");
  for (positional pe : {positional::ape, positional::rope}) {
    const auto c = compile(p, pe, 256);
    CHECK(c.stats.comparisons == (pe == positional::rope ? 1 : 0));  // RoPE: the read's gate
    verify_exact(p, c, crasp::precision::f64, 6);
    verify_exact(p, c, crasp::precision::f32, 6);
  }
}
