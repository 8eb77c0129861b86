#include <algorithm>
#include <catch2/catch.hpp>

#include "task_test_util.hpp"

using namespace crasp::tasks;
using task_test::answer;
using task_test::task;

namespace {

std::size_t power(std::size_t b, std::size_t e) {
  std::size_t r = 1;
  while (e-- > 0) {
    r *= b;
  }
  return r;
}

}  // namespace

TEST_CASE("UR and UL answer the neighbours of the unique query") {
  CHECK(answer("UR", "<bos> t1 t3 t2 <sep> t3") == "t2");
  CHECK(answer("UL", "<bos> t1 t3 t2 <sep> t3") == "t1");
  CHECK(answer("UR", "<bos> t0 t0 t4 t0 <sep> t4") == "t0");
  CHECK(answer("UL", "<bos> t2 t0 t4 t0 <sep> t4") == "t0");
  CHECK(answer("UR", "<bos> t7 t12 <sep> t7") == "t12");  // any t<index> is a symbol
}

TEST_CASE("UR and UL reject queries that are missing, repeated, or without that neighbour") {
  CHECK(answer("UR", "<bos> t1 t2 <sep> t3") == "nullopt");     // absent
  CHECK(answer("UR", "<bos> t3 t1 t3 <sep> t3") == "nullopt");  // twice
  CHECK(answer("UR", "<bos> t1 t2 t3 <sep> t3") == "nullopt");  // last: neighbour would be <sep>
  CHECK(answer("UL", "<bos> t3 t1 t2 <sep> t3") == "nullopt");  // first: no wrap-around
  CHECK(answer("UL", "<bos> t1 t2 t3 <sep> t3") == "t2");
  CHECK(answer("UR", "<bos> t3 t1 t2 <sep> t3") == "t1");
}

TEST_CASE("NRFirst and NLFirst use the first of at least two occurrences") {
  CHECK(answer("NRFirst", "<bos> t0 t2 t1 t2 t3 <sep> t2") == "t1");
  CHECK(answer("NLFirst", "<bos> t0 t2 t1 t2 t3 <sep> t2") == "t0");
  CHECK(answer("NRFirst", "<bos> t2 t2 <sep> t2") == "t2");
  CHECK(answer("NRFirst", "<bos> t1 t2 t0 <sep> t2") == "nullopt");  // once only
  CHECK(answer("NLFirst", "<bos> t1 t2 t0 <sep> t2") == "nullopt");
  // First occurrence at the first context token: no left neighbour (the published generator's
  // wrap-around to the last context token would answer t4 here).
  CHECK(answer("NLFirst", "<bos> t2 t1 t2 t4 <sep> t2") == "nullopt");
  CHECK(answer("NRFirst", "<bos> t2 t1 t2 t4 <sep> t2") == "t1");
}

TEST_CASE("NRLast and NLLast use the last of at least two occurrences") {
  CHECK(answer("NRLast", "<bos> t0 t1 t0 t2 t3 <sep> t0") == "t2");
  CHECK(answer("NLLast", "<bos> t0 t1 t0 t2 t3 <sep> t0") == "t1");
  CHECK(answer("NRFirst", "<bos> t0 t1 t0 t2 t3 <sep> t0") == "t1");  // differs from NRLast
  CHECK(answer("NRLast", "<bos> t0 t2 t1 t2 t3 t2 t4 <sep> t2") == "t4");
  CHECK(answer("NLLast", "<bos> t0 t2 t1 t2 t3 t2 t4 <sep> t2") == "t3");
  CHECK(answer("NRLast", "<bos> t2 t2 t1 <sep> t2") == "t1");
  CHECK(answer("NLLast", "<bos> t2 t2 <sep> t2") == "t2");
  CHECK(answer("NLLast", "<bos> t1 t2 t0 t2 <sep> t2") == "t0");  // last may be the final token
  CHECK(answer("NRLast", "<bos> t7 t12 t7 t3 <sep> t7") == "t3");
}

TEST_CASE("NRLast and NLLast reject a single occurrence and a last occurrence without neighbour") {
  for (const char* n : {"NRLast", "NLLast"}) {
    CHECK(answer(n, "<bos> t1 t2 t0 <sep> t2") == "nullopt");     // once only
    CHECK(answer(n, "<bos> t1 t2 t0 t3 <sep> t4") == "nullopt");  // absent
  }
  // The last occurrence is the final context token: its right neighbour would be <sep>.
  CHECK(answer("NRLast", "<bos> t0 t1 t2 t0 <sep> t0") == "nullopt");
  CHECK(answer("NRLast", "<bos> t0 t0 <sep> t0") == "nullopt");
  CHECK(answer("NRLast", "<bos> t0 t0 t0 <sep> t0") == "nullopt");
  CHECK(answer("NLLast", "<bos> t0 t1 t2 t0 <sep> t0") == "t2");
}

TEST_CASE("retrieval rejects malformed prompts") {
  for (const char* n : {"UR", "UL", "NRFirst", "NLFirst", "NRLast", "NLLast"}) {
    CHECK(answer(n, "") == "nullopt");
    CHECK(answer(n, "<bos> <sep> t1") == "nullopt");                 // empty context
    CHECK(answer(n, "t1 t2 t1 t1 <sep> t1") == "nullopt");           // no <bos>
    CHECK(answer(n, "<bos> t1 t2 t1 t1 t1") == "nullopt");           // no <sep>
    CHECK(answer(n, "<bos> t1 t2 t1 t1 <sep> t1 t2") == "nullopt");  // two query tokens
    CHECK(answer(n, "<bos> t1 t2 t1 t1 <sep> <sep>") == "nullopt");
    CHECK(answer(n, "<bos> t1 x t1 t1 <sep> t1") == "nullopt");    // not a symbol
    CHECK(answer(n, "<bos> t1 t01 t1 t1 <sep> t1") == "nullopt");  // not canonical
    CHECK(answer(n, "<bos> t2 <bos> t1 t1 <sep> t1") == "nullopt");
  }
}

TEST_CASE("retrieval enumerate sizes match hand counts") {
  // k symbols, context length C = len - 1:
  //   UR, UL:   k * (C - 1) * (k - 1)^(C - 1)   (position of the query, other symbols elsewhere)
  //   NRFirst:  k * (k^C - (k-1)^C - C (k-1)^(C-1))   (at least two occurrences)
  //   NLFirst:  k * (k-1) * (k^(C-1) - (k-1)^(C-1) - (C-1) (k-1)^(C-2))   (x_1 != q)
  //   NRLast:   as NLFirst (mirror image: x_C != q);  NLLast: as NRFirst
  for (std::size_t k : {2, 3, 4}) {
    for (std::size_t max_len : {3, 4, 5, 6}) {
      std::size_t ur = 0, nr = 0, nl = 0;
      for (std::size_t c = 2; c + 1 <= max_len; ++c) {
        ur += k * (c - 1) * power(k - 1, c - 1);
        nr += k * (power(k, c) - power(k - 1, c) - c * power(k - 1, c - 1));
        nl += k * (k - 1) * (power(k, c - 1) - power(k - 1, c - 1) - (c - 1) * power(k - 1, c - 2));
      }
      INFO("k = " << k << ", max_len = " << max_len);
      CHECK(enumerate(task("UR"), max_len, k).size() == ur);
      CHECK(enumerate(task("UL"), max_len, k).size() == ur);
      CHECK(enumerate(task("NRFirst"), max_len, k).size() == nr);
      CHECK(enumerate(task("NLFirst"), max_len, k).size() == nl);
      CHECK(enumerate(task("NRLast"), max_len, k).size() == nl);
      CHECK(enumerate(task("NLLast"), max_len, k).size() == nr);
    }
  }
  // Smallest cases written out: k = 2, one context of length 2.
  const auto ur = enumerate(task("UR"), 3, 2);
  REQUIRE(ur.size() == 2);
  CHECK(ur[0] == task_test::toks("<bos> t0 t1 <sep> t0"));
  CHECK(ur[1] == task_test::toks("<bos> t1 t0 <sep> t1"));
  CHECK(enumerate(task("NRFirst"), 3, 1) ==
        std::vector<std::vector<std::string>>{task_test::toks("<bos> t0 t0 <sep> t0")});
  CHECK(enumerate(task("NLFirst"), 3, 2).empty());
  CHECK(enumerate(task("NRLast"), 3, 2).empty());
  CHECK(enumerate(task("NLLast"), 3, 1) ==
        std::vector<std::vector<std::string>>{task_test::toks("<bos> t0 t0 <sep> t0")});
  CHECK(enumerate(task("NRLast"), 4, 2) ==
        std::vector<std::vector<std::string>>{task_test::toks("<bos> t0 t0 t1 <sep> t0"),
                                              task_test::toks("<bos> t1 t1 t0 <sep> t1")});
}

TEST_CASE("generated retrieval instances respect the query occurrence conditions") {
  for (const char* n : {"UR", "UL", "NRFirst", "NLFirst"}) {
    const bool unique = n[0] == 'U';
    for (std::uint64_t seed = 0; seed < 1500; ++seed) {
      std::mt19937_64 rng(seed);
      const std::size_t k = seed % 3 == 0 ? 0 : 1 + seed % 7;  // default 5, or 1..7
      const std::size_t len = 1 + (seed * 7919) % 500;
      const auto inst = generate(task(n), len, rng, k);
      const auto& in = inst.input;
      INFO(n << " seed " << seed);
      REQUIRE(in.size() == effective_length(task(n), len, k) + 2);
      REQUIRE(in.front() == "<bos>");
      REQUIRE(in[in.size() - 2] == "<sep>");
      const std::vector<std::string> context(in.begin() + 1, in.end() - 2);
      const auto count = std::count(context.begin(), context.end(), in.back());
      if (unique) {
        CHECK(count == 1);
      } else {
        CHECK(count >= 2);
      }
      const auto first = static_cast<std::size_t>(
          std::find(context.begin(), context.end(), in.back()) - context.begin());
      const bool left = n[1] == 'L';
      REQUIRE((left ? first >= 1 : first + 1 < context.size()));
      REQUIRE(inst.expected.size() == 1);
      CHECK(inst.expected[0] == context[left ? first - 1 : first + 1]);
      const auto alphabet = symbols(task(n), k);
      for (const auto& t : context) {
        CHECK(std::find(alphabet.begin(), alphabet.end(), t) != alphabet.end());
      }
    }
  }
}

TEST_CASE("generated NRLast and NLLast instances use the last occurrence, at any length") {
  for (const char* n : {"NRLast", "NLLast"}) {
    const bool left = n[1] == 'L';
    std::size_t differs = 0, long_enough = 0;
    for (std::uint64_t seed = 0; seed < 1500; ++seed) {
      std::mt19937_64 rng(seed);
      const std::size_t k = seed % 3 == 0 ? 0 : 1 + seed % 7;  // default 5, or 1..7
      const std::size_t len = seed % 10 == 0 ? 1000 + seed : 1 + (seed * 7919) % 500;
      const auto inst = generate(task(n), len, rng, k);
      const auto& in = inst.input;
      INFO(n << " seed " << seed << " length " << len << " k " << k);
      REQUIRE(in.size() == effective_length(task(n), len, k) + 2);
      REQUIRE(in.front() == "<bos>");
      REQUIRE(in[in.size() - 2] == "<sep>");
      const std::vector<std::string> context(in.begin() + 1, in.end() - 2);
      CHECK(std::count(context.begin(), context.end(), in.back()) >= 2);
      const auto first = static_cast<std::size_t>(
          std::find(context.begin(), context.end(), in.back()) - context.begin());
      const auto last =
          context.size() - 1 -
          static_cast<std::size_t>(std::find(context.rbegin(), context.rend(), in.back()) -
                                   context.rbegin());
      REQUIRE((left ? last >= 1 : last + 1 < context.size()));
      REQUIRE(inst.expected.size() == 1);
      CHECK(inst.expected[0] == context[left ? last - 1 : last + 1]);
      REQUIRE(precondition(task(n), in));
      CHECK(*solve(task(n), in) == inst.expected);
      const auto alphabet = symbols(task(n), k);
      for (const auto& t : context) {
        CHECK(std::find(alphabet.begin(), alphabet.end(), t) != alphabet.end());
      }
      // With the default vocabulary and N >= 6, a first-occurrence solver should usually be
      // caught: the first and last neighbours differ.
      if (k == 0 && len >= 6) {
        ++long_enough;
        const bool can_look = left ? first >= 1 : first + 1 < context.size();
        if (!can_look || context[left ? first - 1 : first + 1] != inst.expected[0]) {
          ++differs;
        }
      }
    }
    INFO(n << ": " << differs << " of " << long_enough << " distinguish first from last");
    CHECK(differs * 2 > long_enough);
  }
}
