#include <algorithm>
#include <catch2/catch.hpp>

#include "task_test_util.hpp"

using namespace crasp::tasks;
using task_test::answer;
using task_test::task;

TEST_CASE("bin_majority answers the majority bit and rejects ties") {
  CHECK(answer("bin_majority", "<bos> 0 1 1 <sep>") == "1 <eos>");
  CHECK(answer("bin_majority", "<bos> 0 <sep>") == "0 <eos>");
  CHECK(answer("bin_majority", "<bos> 0 0 0 1 <sep>") == "0 <eos>");
  CHECK(answer("bin_majority", "<bos> 0 1 <sep>") == "nullopt");
  CHECK(answer("bin_majority", "<bos> <sep>") == "nullopt");
  CHECK(answer("bin_majority", "<bos> 0 2 0 <sep>") == "nullopt");
  CHECK(answer("bin_majority", "0 0 1") == "nullopt");
}

TEST_CASE("majority answers the unique most frequent letter") {
  CHECK(answer("majority", "<bos> c a b a z <sep>") == "a <eos>");
  CHECK(answer("majority", "<bos> z <sep>") == "z <eos>");
  CHECK(answer("majority", "<bos> c a b a c <sep>") == "nullopt");
  CHECK(answer("majority", "<bos> a b <sep>") == "nullopt");
  CHECK(answer("majority", "<bos> a A a <sep>") == "nullopt");
  CHECK(answer("majority", "<bos> a ab a <sep>") == "nullopt");
}

TEST_CASE("bin_majority_interleave answers the three stream majorities in order") {
  // streams: w[0], w[3], w[6] | w[1], w[4], w[7] | w[2], w[5], w[8]
  CHECK(answer("bin_majority_interleave", "<bos> 0 1 1 0 1 0 1 1 0 <sep>") == "0 1 0 <eos>");
  CHECK(answer("bin_majority_interleave", "<bos> 1 0 0 <sep>") == "1 0 0 <eos>");
  CHECK(answer("bin_majority_interleave", "<bos> 1 0 0 1 0 0 <sep>") == "1 0 0 <eos>");
  CHECK(answer("bin_majority_interleave", "<bos> 1 0 0 0 0 0 <sep>") == "nullopt");  // stream 0 tie
  CHECK(answer("bin_majority_interleave", "<bos> 1 0 0 1 <sep>") == "nullopt");      // not 3m
  CHECK(answer("bin_majority_interleave", "<bos> <sep>") == "nullopt");
}

TEST_CASE("majority enumerate sizes match hand counts") {
  // lengths 1..4 without a tie: 2, 4 - 2, 8, 16 - 6
  CHECK(enumerate(task("bin_majority"), 1, 0).size() == 2);
  CHECK(enumerate(task("bin_majority"), 4, 0).size() == 2 + 2 + 8 + 10);
  // k = 3: length 1: 3; length 2: only aa bb cc; length 3: 27 minus the 6 permutations of abc
  CHECK(enumerate(task("majority"), 2, 3).size() == 3 + 3);
  CHECK(enumerate(task("majority"), 3, 3).size() == 3 + 3 + 21);
  // length 3: every string (8); length 6: each stream of 2 bits must be 00 or 11 (2^3 = 8)
  CHECK(enumerate(task("bin_majority_interleave"), 2, 0).empty());
  CHECK(enumerate(task("bin_majority_interleave"), 6, 0).size() == 16);
  CHECK(enumerate(task("bin_majority_interleave"), 8, 0).size() == 16);
  CHECK(enumerate(task("bin_majority"), 1, 0)[0] == task_test::toks("<bos> 0 <sep>"));
}

TEST_CASE("generated majority instances have no ties and mix close and clear margins") {
  for (const char* n : {"bin_majority", "majority", "bin_majority_interleave"}) {
    std::size_t margin_small = 0;
    std::size_t answers[26] = {};
    for (std::uint64_t seed = 0; seed < 2000; ++seed) {
      std::mt19937_64 rng(seed);
      const std::size_t k = seed % 2 == 0 ? 0 : 1 + seed % 26;
      const std::size_t len = 1 + (seed * 31337) % 500;
      const auto inst = generate(task(n), len, rng, k);
      INFO(n << " seed " << seed);
      REQUIRE(inst.input.size() == effective_length(task(n), len, k) + 2);
      const std::vector<std::string> w(inst.input.begin() + 1, inst.input.end() - 1);
      const std::size_t streams = task(n).name == "bin_majority_interleave" ? 3 : 1;
      REQUIRE(inst.expected.size() == streams + 1);
      CHECK(inst.expected.back() == "<eos>");
      const auto alphabet = symbols(task(n), k);
      for (std::size_t r = 0; r < streams; ++r) {
        std::vector<std::size_t> count(alphabet.size(), 0);
        for (std::size_t i = r; i < w.size(); i += streams) {
          const auto at = std::find(alphabet.begin(), alphabet.end(), w[i]);
          REQUIRE(at != alphabet.end());
          ++count[static_cast<std::size_t>(at - alphabet.begin())];
        }
        auto sorted = count;
        std::sort(sorted.rbegin(), sorted.rend());
        if (sorted.size() > 1) {
          REQUIRE(sorted[0] > sorted[1]);
          if (sorted[0] - sorted[1] <= 2) {
            ++margin_small;
          }
        }
        const auto best =
            static_cast<std::size_t>(std::max_element(count.begin(), count.end()) - count.begin());
        CHECK(inst.expected[r] == alphabet[best]);
        ++answers[best];
      }
    }
    CHECK(margin_small > 200);
    CHECK(answers[0] > 20);
    CHECK(answers[1] > 20);
  }
}
