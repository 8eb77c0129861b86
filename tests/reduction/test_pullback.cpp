// pull_back on every bundled program: the built program on w equals the original on h(w), for
// maps of width 1-3 with and without frame tokens (the closure step of a reduction).
#include <catch2/catch.hpp>

#include <filesystem>

#include "crasp/frontend.hpp"
#include "pullback_check.hpp"

using namespace crasp;

namespace {

ir::program load(const std::string& text) {
  auto loaded = load_text("t.crasp", text);
  REQUIRE(loaded.ok());
  return std::move(*loaded.program);
}

}  // namespace

TEST_CASE("pull_back: a count over a width-2 map sums both copies", "[reduction]") {
  // #ab bigrams even is parity of the 1s under 0 -> a a, 1 -> a b: here its counting core.
  const ir::program p = load("B = #[j <= i] \"b\"\nOUT = B >= 2\n");
  word_map h{{"0", "1"}, {{"a", "a"}, {"a", "b"}}, {}, {}};
  diagnostics d;
  const auto q = pull_back(p, h, d);
  REQUIRE(q);
  std::mt19937_64 rng(1);
  const auto r = pullback_check::compare(p, *q, h, 8, 5, 40, rng);
  INFO(r.mismatch);
  CHECK(r.mismatch.empty());
  CHECK(r.compared > 500);
  // Plain C-RASP stays plain C-RASP: the reduction carries NoPE's no as well.
  CHECK(q->klass == ir::program_class::crasp);
}

TEST_CASE("pull_back: frames, periodic predicates and local guards", "[reduction]") {
  const ir::program p = load(
      "E = (i % 3 == 1) && \"a\"\n"
      "L = #[j <= i, j == i - 4] \"b\"\n"
      "M = #[j <= i, j == i - 1 || j == i - 2] \"<bos>\"\n"
      "C = #[j <= i] E\n"
      "OUT = C + L * 3 - M > 2\n");
  std::mt19937_64 rng(7);
  for (std::size_t m = 1; m <= 3; ++m)
    for (std::size_t before = 0; before <= 2; ++before)
      for (std::size_t after = 0; after <= 2; ++after) {
        word_map h{{"x", "y", "z"},
                   {std::vector<std::string>(m, "a"), std::vector<std::string>(m, "b"),
                    std::vector<std::string>(m, "c")},
                   std::vector<std::string>(before, "<bos>"),
                   std::vector<std::string>(after, "b")};
        h.words[2][0] = "a";  // mixed words
        diagnostics d;
        const auto q = pull_back(p, h, d);
        INFO("m " << m << " before " << before << " after " << after << "\n" << render(d));
        REQUIRE(q);
        const auto r = pullback_check::compare(p, *q, h, 5, 4, 30, rng);
        INFO(r.mismatch);
        CHECK(r.mismatch.empty());
      }
}

TEST_CASE("pull_back: every bundled program, several maps", "[reduction]") {
  std::size_t programs = 0, compared = 0;
  std::mt19937_64 rng(2026);
  for (const auto& e : std::filesystem::directory_iterator(CRASP_PROGRAMS_DIR)) {
    const std::string ext = e.path().extension().string();
    if (ext != ".crasp" && ext != ".cr") continue;
    auto loaded = load_file(e.path().string());
    REQUIRE(loaded.ok());
    const ir::program& p = *loaded.program;
    ++programs;
    for (std::size_t m = 1; m <= 3; ++m) {
      const word_map h = pullback_check::random_map(p, 2, m, m - 1, 2 - m / 2, rng);
      diagnostics d;
      const auto q = pull_back(p, h, d);
      INFO(e.path().string() << " with " << h.describe() << "\n" << render(d));
      REQUIRE(q);
      const auto r = pullback_check::compare(p, *q, h, 5, 3, 25, rng);
      INFO(r.mismatch);
      CHECK(r.mismatch.empty());
      compared += r.compared;
    }
  }
  CHECK(programs >= 40);
  CHECK(compared >= programs * 100);
}

TEST_CASE("pull_back: maps that are not uniform are errors", "[reduction]") {
  const ir::program p = load("OUT = #[j <= i] \"a\" > 1\n");
  diagnostics d;
  CHECK_FALSE(pull_back(p, word_map{{"0", "1"}, {{"a"}, {"a", "b"}}, {}, {}}, d));
  CHECK(render(d).find("not uniform") != std::string::npos);
  diagnostics e;
  CHECK_FALSE(pull_back(p, word_map{{"0", "0"}, {{"a"}, {"b"}}, {}, {}}, e));
  CHECK(render(e).find("twice") != std::string::npos);
}
