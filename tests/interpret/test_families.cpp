// Matching families in the interpreter (src/interpret/family.cpp): a family's root computed from
// one counter per member, its inner nodes recomputed on demand, must give every node the value
// the node-by-node evaluation gives, at every position, through push() and append(). Checked on
// the bundled retrieval programs and on hand-written families that reach each path: keys of
// several conjuncts, a shared body, thresholds above 1 in each spelling, a member without a key,
// inner nodes read elsewhere, and families sharing their keys.
#include <catch2/catch.hpp>

#include <random>
#include <span>
#include <string>

#include <fmt/format.h>

#include "interpret/matching.hpp"
#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"

namespace {

crasp::ir::program load_text(const std::string& text) {
  auto loaded = crasp::load_text("test.crasp", text);
  INFO(crasp::render(loaded.diags));
  REQUIRE(loaded.program);
  return std::move(*loaded.program);
}

crasp::ir::program load_program(const std::string& name, int symbols) {
  crasp::check_options opts;
  for (int s = 0; s < symbols; ++s) opts.alphabet_overrides["Sym"].push_back(fmt::format("t{}", s));
  auto loaded = crasp::load_file(fmt::format("{}/{}.crasp", CRASP_PROGRAMS_DIR, name), opts);
  INFO(crasp::render(loaded.diags));
  REQUIRE(loaded.program);
  return std::move(*loaded.program);
}

std::vector<std::uint32_t> random_ids(std::size_t n, std::size_t vocab, std::mt19937& rng) {
  std::uniform_int_distribution<std::uint32_t> pick(0, static_cast<std::uint32_t>(vocab - 1));
  std::vector<std::uint32_t> ids(n);
  for (auto& t : ids) t = pick(rng);
  return ids;
}

/// Node-by-node evaluation (families off) against families on, through push() alone and through
/// push() up to `split` then append(). Every node is compared at the positions `every` apart and
/// at the last 70 (derived nodes cost O(pos / 64) each, so long inputs are sampled).
void check_same(const crasp::ir::program& p, const std::vector<std::uint32_t>& ids,
                std::size_t split, std::size_t every = 1) {
  crasp::diagnostics d0, d1, d2;
  crasp::evaluator plain(p, "<t>", {.matching_families = false});
  crasp::evaluator pushed(p, "<t>"), batched(p, "<t>");
  for (std::uint32_t t : ids) {
    REQUIRE(plain.push(t, d0));
    REQUIRE(pushed.push(t, d1));
  }
  split = std::min(split, ids.size());
  for (std::size_t k = 0; k < split; ++k) REQUIRE(batched.push(ids[k], d2));
  REQUIRE(batched.append(std::span<const std::uint32_t>(ids).subspan(split), d2));
  REQUIRE(batched.length() == ids.size());
  for (crasp::ir::node_id id = 0; id < p.nodes.size(); ++id) {
    INFO("node " << id << ", n = " << ids.size() << ", split " << split);
    REQUIRE(pushed.last(id) == plain.last(id));
    REQUIRE(batched.last(id) == plain.last(id));
    for (std::size_t pos = 0; pos < ids.size(); ++pos) {
      if (pos % every != 0 && pos + 70 < ids.size()) continue;
      const auto want = plain.value(id, pos);
      if (pushed.value(id, pos) != want || batched.value(id, pos) != want) {
        FAIL("position " << pos << ": node by node " << want << ", push " << pushed.value(id, pos)
                         << ", append " << batched.value(id, pos));
      }
    }
  }
  for (std::size_t pos = 0; pos < ids.size(); pos += every) {
    REQUIRE(pushed.next_tokens_at(pos) == plain.next_tokens_at(pos));
    REQUIRE(batched.next_tokens_at(pos) == plain.next_tokens_at(pos));
  }
}

void check_random(const crasp::ir::program& p, std::uint32_t seed, int rounds) {
  std::mt19937 rng(seed);
  for (int r = 0; r < rounds; ++r) {
    const std::size_t n = 1 + rng() % 300;
    check_same(p, random_ids(n, p.vocabulary.size(), rng), rng() % (n + 1));
  }
}

const std::string prelude = R"(alphabet Sym = { "a" "b" "c" "d" }
predicate prev(i, j) = j == i - 1
PREV[s in Sym] = exists[prev] tok(s)
PREV2[s in Sym] = exists[j == i - 2] tok(s)
TWICE[s in Sym] = (#[j <= i] tok(s)) >= 2
OK = !tok("c")
)";

}  // namespace

TEST_CASE("bundled retrieval programs: families give the node-by-node values", "[interpret][families]") {
  for (const char* name : {"ur", "ul", "nrfirst", "nlfirst"}) {
    for (int k : {5, 12}) {
      INFO(name << " over " << k << " symbols");
      const auto p = load_program(name, k);
      REQUIRE(crasp::matching::find(p).size() == static_cast<std::size_t>(k));
      check_random(p, static_cast<std::uint32_t>(k * 1000 + name[1]), 25);
      // Long enough to cross 2048-position chunks with counters carried between them.
      std::mt19937 rng(7);
      check_same(p, random_ids(5000, p.vocabulary.size(), rng), 100, 97);
    }
  }
}

TEST_CASE("families: several key conjuncts, shared body, thresholds", "[interpret][families]") {
  const char* families[] = {
      // t = 2 with a two-conjunct key and a body
      "MATCH = any s in Sym: tok(s) && (#[j <= i] (PREV[s] && TWICE[s] && OK)) >= 2\n",
      // constant first, strict: t = 2
      "MATCH = any s in Sym: tok(s) && 1 < #[j <= i] (OK && PREV[s])\n",
      // > and <= spellings, t = 3
      "MATCH = any s in Sym: tok(s) && #[j <= i] PREV2[s] > 2\n",
      "MATCH = any s in Sym: tok(s) && 3 <= #[j <= i] (PREV[s] && PREV2[s])\n",
  };
  for (const char* f : families) {
    INFO(f);
    const auto p = load_text(prelude + f);
    REQUIRE(crasp::matching::find(p).size() == 1);
    check_random(p, 11, 40);
  }
}

TEST_CASE("families: keyless member, inner nodes read elsewhere, shared keys", "[interpret][families]") {
  SECTION("a member whose condition is the body alone") {
    const auto p = load_text(prelude + R"(
A = tok("a") && #[j <= i] OK >= 1
B = tok("b") && #[j <= i] (PREV["b"] && OK) >= 1
D = tok("d") && #[j <= i] (PREV["a"] && OK) >= 1
MATCH = A || B || D
)");
    REQUIRE(crasp::matching::find(p).size() == 1);
    check_random(p, 12, 40);
  }
  SECTION("a member's count is also used by arithmetic") {
    const auto p = load_text(prelude + R"(
HITS[s in Sym] = #[j <= i] (PREV[s] && OK)
MATCH = any s in Sym: tok(s) && HITS[s] >= 1
SUM = HITS["a"] + 2 * HITS["d"]
BIG = SUM > 3
)");
    REQUIRE(crasp::matching::find(p).size() == 1);
    check_random(p, 13, 40);
  }
  SECTION("k families on one key set, read by NEXT") {
    const auto p = load_text(prelude + R"(
BIGRAM[s in Sym, a in Sym] = exists[j <= i] (PREV[s] && tok(a))
next[a in Sym] = any s in Sym: tok(s) && BIGRAM[s, a]
)");
    REQUIRE(crasp::matching::find(p).size() == 4);
    check_random(p, 14, 40);
  }
}

TEST_CASE("families: generate() and trace agree with node-by-node values", "[interpret][families]") {
  const auto p = load_program("ur", 8);
  // <bos> context <sep> query: the retrieval the program is for, generated to its end.
  std::vector<std::string> prefix{"<bos>", "t3", "t5", "t1", "t7", "t2", "<sep>", "t1"};
  crasp::diagnostics diags;
  const auto out = crasp::generate(p, prefix, 10, "<t>", diags);
  INFO(crasp::render(diags));
  REQUIRE(out);
  REQUIRE(out->continuation == std::vector<std::string>{"t7"});
  const auto table = crasp::trace(p, prefix, "<t>", diags);
  REQUIRE(table);
  std::vector<std::uint32_t> ids;
  for (const auto& t : prefix) ids.push_back(p.token_index(t));
  crasp::evaluator plain(p, "<t>", {.matching_families = false});
  for (std::uint32_t t : ids) REQUIRE(plain.push(t, diags));
  for (std::size_t s = 0; s < p.statements.size(); ++s) {
    for (std::size_t pos = 0; pos < ids.size(); ++pos) {
      REQUIRE(table->values[s][pos] == plain.value(p.statements[s].value, pos));
    }
  }
}
