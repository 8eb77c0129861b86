#include <algorithm>
#include <catch2/catch.hpp>
#include <set>

#include "task_test_util.hpp"

using namespace crasp::tasks;
using task_test::answer;
using task_test::task;

TEST_CASE("UF and UB copy forwards and backwards, ended by <sep>") {
  CHECK(answer("UF", "<bos> t3 t0 t4 <sep>") == "t3 t0 t4 <sep>");
  CHECK(answer("UB", "<bos> t3 t0 t4 <sep>") == "t4 t0 t3 <sep>");
  CHECK(answer("UF", "<bos> t2 <sep>") == "t2 <sep>");
  CHECK(answer("UB", "<bos> t2 <sep>") == "t2 <sep>");
}

TEST_CASE("sort orders by index and unique_copy copies, ended by <eos>") {
  CHECK(answer("sort", "<bos> t10 t2 t149 t0 <sep>") == "t0 t2 t10 t149 <eos>");
  CHECK(answer("unique_copy", "<bos> t10 t2 t149 t0 <sep>") == "t10 t2 t149 t0 <eos>");
  CHECK(answer("sort", "<bos> t5 <sep>") == "t5 <eos>");
}

TEST_CASE("distinct-token tasks reject repeats and malformed prompts") {
  for (const char* n : {"UF", "UB", "sort", "unique_copy"}) {
    CHECK(answer(n, "<bos> t1 t2 t1 <sep>") == "nullopt");
    CHECK(answer(n, "<bos> <sep>") == "nullopt");
    CHECK(answer(n, "<bos> t1 t2") == "nullopt");
    CHECK(answer(n, "t1 t2 <sep>") == "nullopt");
    CHECK(answer(n, "<bos> t1 <eos> <sep>") == "nullopt");
    CHECK(answer(n, "<bos> t1 a <sep>") == "nullopt");
    CHECK(answer(n, "<bos> t1 t2 <sep> t1") == "nullopt");
  }
}

TEST_CASE("distinct-token enumerate sizes: sum of k!/(k-n)!") {
  for (const char* n : {"UF", "UB", "sort", "unique_copy"}) {
    CHECK(enumerate(task(n), 1, 3).size() == 3);
    CHECK(enumerate(task(n), 2, 3).size() == 3 + 6);
    CHECK(enumerate(task(n), 3, 3).size() == 3 + 6 + 6);
    CHECK(enumerate(task(n), 9, 3).size() == 3 + 6 + 6);  // at most k tokens
    CHECK(enumerate(task(n), 3, 5).size() == 5 + 20 + 60);
    CHECK(enumerate(task(n), 0, 5).empty());
  }
  const auto e = enumerate(task("UF"), 2, 2);
  REQUIRE(e.size() == 4);
  CHECK(e[0] == task_test::toks("<bos> t0 <sep>"));
  CHECK(e[2] == task_test::toks("<bos> t0 t1 <sep>"));
  CHECK(e[3] == task_test::toks("<bos> t1 t0 <sep>"));
}

TEST_CASE("generated distinct-token instances use distinct symbols of the vocabulary") {
  for (const char* n : {"UF", "UB", "sort", "unique_copy"}) {
    for (std::uint64_t seed = 0; seed < 1000; ++seed) {
      std::mt19937_64 rng(seed);
      const std::size_t k = seed % 2 == 0 ? 0 : 1 + seed % 200;
      const std::size_t len = 1 + (seed * 104729) % 500;
      const auto inst = generate(task(n), len, rng, k);
      INFO(n << " seed " << seed);
      const std::size_t want = std::min(len, effective_vocab(task(n), k));
      REQUIRE(inst.input.size() == want + 2);
      const auto body = task_test::body_of(inst);
      CHECK(std::set<std::string>(body.begin(), body.end()).size() == body.size());
      auto want_body = body;
      if (task(n).name == "UB") {
        std::reverse(want_body.begin(), want_body.end());
      }
      if (task(n).name == "sort") {
        std::sort(want_body.begin(), want_body.end(), [](const auto& a, const auto& b) {
          return std::stoul(a.substr(1)) < std::stoul(b.substr(1));
        });
      }
      task_test::check_copy_answer(task(n), k, inst, want_body);
    }
  }
}
