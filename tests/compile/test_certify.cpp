// The certified length (a worst-case rounding-error analysis of the compiled model, certify.cpp)
// against measurement: float64 is certified over the whole designed range; float32 only where
// the bound allows, far more with exact Booleans; and a certified length is never contradicted
// by verify().
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <filesystem>
#include <string>
#include <vector>

#include "crasp/compile.hpp"
#include "crasp/frontend.hpp"
#include "crasp/verify.hpp"
#include "sanitized.hpp"

namespace {

// Release: about 25 s on two cores; sanitizer builds use a shorter design.
// At a short design plain float32 is already certified almost everywhere, so fewer programs
// gain from exact Booleans.
#if CRASP_TEST_SANITIZED
constexpr int design = 96;
constexpr int expect_longer = 1;
#else
constexpr int design = 512;
constexpr int expect_longer = 5;
#endif

std::vector<std::string> bundled_files() {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(CRASP_PROGRAMS_DIR)) {
    const auto ext = e.path().extension();
    if (ext == ".crasp" || ext == ".cr") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

crasp::ir::program load_small(const std::string& path) {
  // Variable alphabets are cut to 4 symbols to keep the suite fast (as test_differential does).
  crasp::check_options opts;
  for (const char* alphabet : {"Sym", "Letter"}) opts.alphabet_overrides[alphabet] = {"t0", "t1", "t2", "t3"};
  auto loaded = crasp::load_file(path, opts);
  if (!loaded.program) loaded = crasp::load_file(path);
  INFO(crasp::render(loaded.diags));
  REQUIRE(loaded.program);
  return std::move(*loaded.program);
}

crasp::compiled_program compiled(const crasp::ir::program& p, int max_len, bool exact) {
  crasp::compile_options o;
  o.pe = crasp::model::positional::ape;
  o.max_len = max_len;
  o.boolean_mode = exact ? crasp::booleans::exact : crasp::booleans::plain;
  crasp::diagnostics diags;
  auto c = crasp::compile(p, o, diags);
  INFO(crasp::render(diags));
  REQUIRE(c);
  return std::move(*c);
}

// The default compile (automatic Booleans), APE, at the design.
crasp::compiled_program auto_compiled(const crasp::ir::program& p) {
  crasp::compile_options o;
  o.max_len = design;
  crasp::diagnostics diags;
  auto c = crasp::compile(p, o, diags);
  INFO(crasp::render(diags));
  REQUIRE(c);
  return std::move(*c);
}

bool verified(const crasp::ir::program& p, const crasp::compiled_program& c, crasp::precision prec) {
  crasp::verify_options o;
  o.prec = prec;
  o.random_per_bucket = 1;
  o.exhaustive_budget = 200;
  crasp::diagnostics diags;
  const auto r = crasp::verify(p, c, o, diags);
  INFO(crasp::render(diags));
  REQUIRE(r);
  return r->ok();
}

}  // namespace

TEST_CASE("float64 is certified over the whole designed range of every bundled program",
          "[certify]") {
  for (const auto& file : bundled_files()) {
    INFO(file);
    const auto p = load_small(file);
    const auto c = compiled(p, design, false);
    CHECK(c.stats.certified_f64 == design);
    CHECK(c.stats.certified_f32 <= design);
  }
}

TEST_CASE("exact Booleans extend the certified float32 range, and verify agrees", "[certify]") {
  int longer = 0;
  for (const auto& file : bundled_files()) {
    INFO(file);
    const auto p = load_small(file);
    const auto plain = compiled(p, design, false);
    const auto exact = compiled(p, design, true);
    CHECK(exact.stats.certified_f32 >= plain.stats.certified_f32);
    CHECK(exact.stats.certified_f64 == design);
    if (exact.stats.certified_f32 > plain.stats.certified_f32) ++longer;
    // A certificate is a promise: the model must agree wherever it is certified, in both
    // precisions (here over the whole designed range, which covers the certified one).
    if (exact.stats.certified_f32 > 0) CHECK(verified(p, exact, crasp::precision::f32));
    CHECK(verified(p, exact, crasp::precision::f64));
  }
  CHECK(longer >= expect_longer);
}

TEST_CASE("automatic Booleans are exact exactly where that certifies more float32", "[certify]") {
  for (const auto& file : bundled_files()) {
    INFO(file);
    const auto p = load_small(file);
    const auto chosen = auto_compiled(p);
    const auto plain = compiled(p, design, false);
    const auto exact = compiled(p, design, true);
    if (chosen.stats.exact_booleans) {
      CHECK(exact.stats.certified_f32 > plain.stats.certified_f32);
      CHECK(chosen.stats.certified_f32 == exact.stats.certified_f32);
      CHECK(chosen.stats.plain_certified_f32 == plain.stats.certified_f32);
    } else {
      CHECK(chosen.stats.certified_f32 == plain.stats.certified_f32);
      CHECK(chosen.model.layers.size() == plain.model.layers.size());
      // Plain was kept: either it is certified over the whole design, or exact is no better.
      CHECK((plain.stats.certified_f32 == design ||
             exact.stats.certified_f32 <= plain.stats.certified_f32));
    }
  }
}

TEST_CASE("the default compile certifies both precisions over the design of every bundled program",
          "[certify]") {
  for (const auto& file : bundled_files()) {
    INFO(file);
    const auto c = auto_compiled(load_small(file));
    CHECK(c.stats.certified_f64 == design);
    CHECK(c.stats.certified_f32 == design);
  }
}

TEST_CASE("a sum of token-gated terms is bounded by its one non-zero term", "[certify]") {
  // UF's CURRENT is sum s: (INDEX[s] if tok(s) else 0) over every symbol. At most one term is
  // non-zero, and exactly 0 elsewhere, so neither its error nor the ?: that reads it grows with
  // the vocabulary: float32 stays certified at 40 symbols, and verify agrees.
  crasp::check_options opts;
  for (int s = 0; s < 40; ++s) opts.alphabet_overrides["Sym"].push_back("t" + std::to_string(s));
  auto loaded = crasp::load_file(std::string(CRASP_PROGRAMS_DIR) + "/uf.crasp", opts);
  REQUIRE(loaded.program);
  crasp::compile_options o;
  o.max_len = design;
  crasp::diagnostics diags;
  const auto c = crasp::compile(*loaded.program, o, diags);
  REQUIRE(c);
  CHECK(c->stats.exact_booleans);
  CHECK(c->stats.certified_f32 == design);
  CHECK(verified(*loaded.program, *c, crasp::precision::f32));
}

TEST_CASE("token-gated sums read by a comparison stay certified, and verify agrees",
          "[certify]") {
  // CUR is the number of occurrences so far of the current token: a sum of 30 token-gated ?:
  // terms. Verify's inputs over two symbols put 2 CUR within one of the length.
  const auto loaded = crasp::load_text("gated.crasp", R"(
alphabet Sym = { "t0" .. "t29" }
COUNT[a in Sym] = #[j <= i] tok(a)
CUR = sum s in Sym: (COUNT[s] if tok(s) else 0)
HALF = CUR + CUR >= #[j <= i] (any a in Sym: tok(a))
)");
  INFO(crasp::render(loaded.diags));
  REQUIRE(loaded.program);
  for (const bool exact : {false, true}) {
    const auto c = compiled(*loaded.program, design, exact);
    INFO("exact Booleans: " << exact);
    CHECK(c.stats.certified_f32 == design);
    CHECK(verified(*loaded.program, c, crasp::precision::f32));
  }
}

TEST_CASE("rotary single reads are cleaned: plain float32 covers the design of the guard programs",
          "[certify]") {
  // `exists[prev] B` is B read through a rotary guard head and gated by [p + 1 >= 1], a u-scale
  // clamp whose rounding the gated read carries; cleaned, the read is exact, so the counts of it
  // in copy_every_1's MISMATCH and the keys of ul and nlfirst need no exact Booleans elsewhere.
  for (const char* name : {"copy_every_1.crasp", "contains_ab.cr", "nlfirst.crasp", "ul.crasp"}) {
    INFO(name);
    const auto p = load_small(std::string(CRASP_PROGRAMS_DIR) + "/" + name);
    crasp::compile_options o;
    o.pe = crasp::model::positional::rope;
    o.max_len = 4096;
    o.boolean_mode = crasp::booleans::plain;
    crasp::diagnostics diags;
    const auto c = crasp::compile(p, o, diags);
    REQUIRE(c);
    CHECK(c->stats.certified_f32 == 4096);
  }
}

TEST_CASE("the certificate shrinks as the designed range grows", "[certify]") {
  // The comparison slope is 4 * max_len, so float32 rounding of a clamp grows with the design:
  // a program certified at a short design loses float32 certification at a long one.
  const auto p = load_small(std::string(CRASP_PROGRAMS_DIR) + "/dyck1.cr");
  const auto shorter = compiled(p, 64, false);
  const auto longer = compiled(p, 4096, false);
  CHECK(shorter.stats.certified_f32 == 64);
  CHECK(longer.stats.certified_f32 < 4096);
  CHECK(longer.stats.certified_f64 == 4096);
}

namespace {

// The cleaning clamp's pre-activations as the FFN computes them: 2b + (-1/2)·1, one rounding
// each (with or without a fused multiply-add, since 2b is exact).
template <class T>
T cleaned(T b) {
  const T h1 = std::max(T(0), T(2) * b + T(-0.5) * T(1));
  const T h2 = std::max(T(0), T(2) * b + T(-1.5) * T(1));
  return h1 - h2;
}

template <class T>
void check_cleaning_exact() {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> within(-0.25, 0.25);
  for (int k = 0; k < 200000; ++k) {
    const T d = static_cast<T>(within(rng));
    REQUIRE(cleaned<T>(d) == T(0));
    REQUIRE(cleaned<T>(T(1) + d) == T(1));
  }
  // The edges of the tolerance, and just inside them.
  for (T edge : {T(-0.25), T(0.25), T(0.75), T(1.25)}) {
    const T target = edge < T(0.5) ? T(0) : T(1);
    REQUIRE(cleaned<T>(edge) == target);
    REQUIRE(cleaned<T>(std::nextafter(edge, target)) == target);
  }
  // Past them the output is no longer 0 or 1: the tolerance in certify.cpp is the real limit.
  CHECK(cleaned<T>(T(0.3)) != T(0));
  CHECK(cleaned<T>(T(0.7)) != T(1));
}

}  // namespace

TEST_CASE("the cleaning clamp outputs exactly 0 or 1 for inputs within 1/4 of them",
          "[certify]") {
  check_cleaning_exact<float>();
  check_cleaning_exact<double>();
}
