#include <algorithm>
#include <catch2/catch.hpp>
#include <set>

#include "task_test_util.hpp"

using namespace crasp::tasks;
using task_test::answer;
using task_test::task;

TEST_CASE("NF and NB copy forwards and backwards with repeats, ended by <sep>") {
  CHECK(answer("NF", "<bos> t3 t0 t3 t3 <sep>") == "t3 t0 t3 t3 <sep>");
  CHECK(answer("NB", "<bos> t3 t0 t3 t1 <sep>") == "t1 t3 t0 t3 <sep>");
  CHECK(answer("NF", "<bos> t2 <sep>") == "t2 <sep>");
  CHECK(answer("NB", "<bos> t2 <sep>") == "t2 <sep>");
  CHECK(answer("NF", "<bos> t12 t12 <sep>") == "t12 t12 <sep>");  // any t<index> is a symbol
  // The distinct-token versions reject what NF/NB accept.
  CHECK(answer("UF", "<bos> t3 t0 t3 <sep>") == "nullopt");
}

TEST_CASE("repeat_copy copies a string over {a,b}, ended by <eos>") {
  CHECK(answer("repeat_copy", "<bos> a b b a a <sep>") == "a b b a a <eos>");
  CHECK(answer("repeat_copy", "<bos> b <sep>") == "b <eos>");
  CHECK(answer("repeat_copy", "<bos> a c <sep>") == "nullopt");
  CHECK(answer("repeat_copy", "<bos> a t0 <sep>") == "nullopt");
  CHECK(answer("repeat_copy", "<bos> a A <sep>") == "nullopt");
  CHECK(answer("NF", "<bos> a b <sep>") == "nullopt");
}

TEST_CASE("copy with repeats rejects malformed prompts") {
  for (const char* n : {"NF", "NB", "repeat_copy"}) {
    const std::string x = task(n).name == "repeat_copy" ? "a" : "t1";
    CHECK(answer(n, "") == "nullopt");
    CHECK(answer(n, "<bos> <sep>") == "nullopt");
    CHECK(answer(n, "<bos> " + x + " " + x) == "nullopt");
    CHECK(answer(n, x + " " + x + " <sep>") == "nullopt");
    CHECK(answer(n, "<bos> " + x + " <eos> <sep>") == "nullopt");
    CHECK(answer(n, "<bos> " + x + " <sep> " + x) == "nullopt");
    CHECK(answer(n, "<bos> " + x + " <bos> <sep>") == "nullopt");
  }
  CHECK(answer("NF", "<bos> t1 t01 <sep>") == "nullopt");  // not canonical
}

TEST_CASE("copy with repeats enumerates every word: sum of k^n") {
  for (const char* n : {"NF", "NB"}) {
    CHECK(enumerate(task(n), 1, 3).size() == 3);
    CHECK(enumerate(task(n), 3, 3).size() == 3 + 9 + 27);
    CHECK(enumerate(task(n), 4, 1).size() == 4);
    CHECK(enumerate(task(n), 0, 5).empty());
  }
  CHECK(enumerate(task("repeat_copy"), 4, 0).size() == 2 + 4 + 8 + 16);
  CHECK(enumerate(task("repeat_copy"), 4, 7).size() == 2 + 4 + 8 + 16);  // fixed alphabet
  const auto e = enumerate(task("NB"), 2, 2);
  REQUIRE(e.size() == 6);
  CHECK(e[0] == task_test::toks("<bos> t0 <sep>"));
  CHECK(e[2] == task_test::toks("<bos> t0 t0 <sep>"));
  CHECK(e[5] == task_test::toks("<bos> t1 t1 <sep>"));
  CHECK(enumerate(task("repeat_copy"), 1, 0) ==
        std::vector<std::vector<std::string>>{task_test::toks("<bos> a <sep>"),
                                              task_test::toks("<bos> b <sep>")});
}

TEST_CASE("generated copy-with-repeats instances, at any length") {
  for (const char* n : {"NF", "NB", "repeat_copy"}) {
    std::size_t with_repeat = 0;
    for (std::uint64_t seed = 0; seed < 1000; ++seed) {
      std::mt19937_64 rng(seed);
      const std::size_t k = seed % 2 == 0 ? 0 : 1 + seed % 20;
      const std::size_t len = seed % 10 == 0 ? 1000 + seed : (seed * 104729) % 500;
      const auto inst = generate(task(n), len, rng, k);
      INFO(n << " seed " << seed << " length " << len << " k " << k);
      const std::size_t want = effective_length(task(n), len, k);
      CHECK(want == std::max<std::size_t>(len, 1));
      REQUIRE(inst.input.size() == want + 2);
      REQUIRE(precondition(task(n), inst.input));
      CHECK(*solve(task(n), inst.input) == inst.expected);
      const auto body = task_test::body_of(inst);
      if (std::set<std::string>(body.begin(), body.end()).size() < body.size()) {
        ++with_repeat;
      }
      auto want_body = body;
      if (task(n).name == "NB") {
        std::reverse(want_body.begin(), want_body.end());
      }
      task_test::check_copy_answer(task(n), k, inst, want_body);
    }
    CHECK(with_repeat > 500);  // repeats are the point of these tasks
  }
  CHECK(task("NF").end_token == "<sep>");
  CHECK(task("NB").end_token == "<sep>");
  CHECK(task("repeat_copy").end_token == "<eos>");
}
