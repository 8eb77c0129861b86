#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>

#include "task_test_util.hpp"

using namespace crasp::tasks;
using task_test::answer;
using task_test::task;

namespace {

// A second addition, written differently from src/tasks/arithmetic.cpp: bits as bools, least
// significant first, with the full-adder formulas.
std::vector<std::string> oracle_sum(const std::vector<std::string>& x,
                                    const std::vector<std::string>& y) {
  std::vector<bool> a, b, s;
  for (auto it = x.rbegin(); it != x.rend(); ++it) a.push_back(*it == "1");
  for (auto it = y.rbegin(); it != y.rend(); ++it) b.push_back(*it == "1");
  const std::size_t n = std::max(a.size(), b.size());
  a.resize(n, false);
  b.resize(n, false);
  bool c = false;
  for (std::size_t i = 0; i < n; ++i) {
    s.push_back(a[i] != b[i] ? !c : c);
    c = (a[i] && b[i]) || (c && (a[i] != b[i]));
  }
  s.push_back(c);
  while (s.size() > 1 && !s.back()) s.pop_back();
  std::vector<std::string> out;
  for (auto it = s.rbegin(); it != s.rend(); ++it) out.push_back(*it ? "1" : "0");
  out.push_back("<eos>");
  return out;
}

std::string binary(std::uint64_t v) {
  std::string s;
  do {
    s.insert(s.begin(), static_cast<char>('0' + v % 2));
    v /= 2;
  } while (v > 0);
  return s;
}

std::string spaced(const std::string& bits) {
  std::string s;
  for (char ch : bits) {
    if (!s.empty()) s += ' ';
    s += ch;
  }
  return s;
}

}  // namespace

TEST_CASE("parity answers e for an even number of 1s and o for odd") {
  CHECK(answer("parity", "<bos> 0 <sep>") == "e <eos>");
  CHECK(answer("parity", "<bos> 1 <sep>") == "o <eos>");
  CHECK(answer("parity", "<bos> 1 0 1 <sep>") == "e <eos>");
  CHECK(answer("parity", "<bos> 1 1 0 1 0 <sep>") == "o <eos>");
  CHECK(answer("parity", "<bos> 0 0 0 0 <sep>") == "e <eos>");
}

TEST_CASE("parity rejects symbols outside {0,1} and malformed prompts") {
  CHECK(answer("parity", "<bos> 0 2 1 <sep>") == "nullopt");
  CHECK(answer("parity", "<bos> 0 a <sep>") == "nullopt");
  CHECK(answer("parity", "<bos> 0 + 1 <sep>") == "nullopt");
  CHECK(answer("parity", "<bos> 01 <sep>") == "nullopt");
  CHECK(answer("parity", "<bos> <sep>") == "nullopt");
  CHECK(answer("parity", "0 1 1") == "nullopt");
  CHECK(answer("parity", "<bos> 0 1 1") == "nullopt");
  CHECK(answer("parity", "<bos> 0 <eos> 1 <sep>") == "nullopt");
  CHECK(answer("parity", "<bos> 0 1 <sep> e") == "nullopt");
}

TEST_CASE("addition answers the binary sum, most significant bit first") {
  CHECK(answer("addition", "<bos> 1 0 1 1 + 1 1 0 <sep>") == "1 0 0 0 1 <eos>");  // 11 + 6 = 17
  CHECK(answer("addition", "<bos> 0 + 0 <sep>") == "0 <eos>");
  CHECK(answer("addition", "<bos> 0 + 1 <sep>") == "1 <eos>");
  CHECK(answer("addition", "<bos> 1 + 1 <sep>") == "1 0 <eos>");
  CHECK(answer("addition", "<bos> 1 1 1 + 1 <sep>") == "1 0 0 0 <eos>");
  CHECK(answer("addition", "<bos> 1 0 1 + 0 <sep>") == "1 0 1 <eos>");
  CHECK(answer("addition", "<bos> 0 + 1 1 0 <sep>") == "1 1 0 <eos>");
  for (std::uint64_t x = 0; x < 40; ++x) {
    for (std::uint64_t y = 0; y < 40; ++y) {
      INFO(x << " + " << y);
      CHECK(answer("addition", "<bos> " + spaced(binary(x)) + " + " + spaced(binary(y)) +
                                   " <sep>") == spaced(binary(x + y)) + " <eos>");
    }
  }
  // A long carry chain: 2^5000 - 1 + 1 = 2^5000.
  std::vector<std::string> in = {"<bos>"};
  in.insert(in.end(), 5000, "1");
  in.insert(in.end(), {"+", "1", "<sep>"});
  std::vector<std::string> want = {"1"};
  want.insert(want.end(), 5000, "0");
  want.push_back("<eos>");
  CHECK(*solve(task("addition"), in) == want);
}

TEST_CASE("addition rejects leading zeros, empty operands and malformed prompts") {
  CHECK(answer("addition", "<bos> 0 1 + 1 <sep>") == "nullopt");  // leading zero
  CHECK(answer("addition", "<bos> 1 + 0 0 <sep>") == "nullopt");
  CHECK(answer("addition", "<bos> 1 + 0 1 <sep>") == "nullopt");
  CHECK(answer("addition", "<bos> + 1 <sep>") == "nullopt");  // empty operand
  CHECK(answer("addition", "<bos> 1 + <sep>") == "nullopt");
  CHECK(answer("addition", "<bos> 1 0 1 <sep>") == "nullopt");      // no +
  CHECK(answer("addition", "<bos> 1 + 1 + 1 <sep>") == "nullopt");  // two +
  CHECK(answer("addition", "<bos> 1 + 2 <sep>") == "nullopt");      // not a bit
  CHECK(answer("addition", "<bos> 10 + 1 <sep>") == "nullopt");     // one token per bit
  CHECK(answer("addition", "<bos> 1 + 1 <sep> 1 0") == "nullopt");  // answer in the prompt
  CHECK(answer("addition", "1 + 1") == "nullopt");
  CHECK(answer("addition", "<bos> 1 <eos> + 1 <sep>") == "nullopt");
}

TEST_CASE("parity and addition enumerate every valid prompt") {
  CHECK(enumerate(task("parity"), 3, 0).size() == 2 + 4 + 8);
  CHECK(enumerate(task("parity"), 3, 9).size() == 2 + 4 + 8);
  // Canonical numerals of m bits: 2 for m = 1, 2^(m-1) otherwise. Length 3: 2*2; length 4:
  // (m,n) = (1,2),(2,1): 2*2*2; length 5: (1,3),(3,1): 2*4*2, (2,2): 2*2.
  CHECK(enumerate(task("addition"), 2, 0).empty());
  CHECK(enumerate(task("addition"), 3, 0).size() == 4);
  CHECK(enumerate(task("addition"), 4, 0).size() == 4 + 8);
  CHECK(enumerate(task("addition"), 5, 0).size() == 4 + 8 + 20);
  CHECK(enumerate(task("addition"), 3, 0) ==
        std::vector<std::vector<std::string>>{
            task_test::toks("<bos> 0 + 0 <sep>"), task_test::toks("<bos> 0 + 1 <sep>"),
            task_test::toks("<bos> 1 + 0 <sep>"), task_test::toks("<bos> 1 + 1 <sep>")});
}

TEST_CASE("generated parity and addition instances, at any length") {
  for (const char* n : {"parity", "addition"}) {
    std::size_t odd = 0, long_x = 0, long_y = 0;
    for (std::uint64_t seed = 0; seed < 1000; ++seed) {
      std::mt19937_64 rng(seed);
      std::size_t len = seed % 10 == 0 ? 1000 + seed : (seed * 104729) % 500;
      if (seed == 999) {
        len = 20000;
      }
      const auto inst = generate(task(n), len, rng, seed % 5);
      INFO(n << " seed " << seed << " length " << len);
      const std::size_t want = effective_length(task(n), len, 0);
      CHECK(want == std::max<std::size_t>(len, task(n).min_length));
      REQUIRE(inst.input.size() == want + 2);
      REQUIRE(precondition(task(n), inst.input));
      CHECK(*solve(task(n), inst.input) == inst.expected);
      const std::vector<std::string> body(inst.input.begin() + 1, inst.input.end() - 1);
      if (task(n).name == "parity") {
        const auto ones = std::count(body.begin(), body.end(), "1");
        CHECK(std::count(body.begin(), body.end(), "0") + ones == static_cast<long>(body.size()));
        CHECK(inst.expected == std::vector<std::string>{ones % 2 == 0 ? "e" : "o", "<eos>"});
        odd += ones % 2;
      } else {
        REQUIRE(std::count(body.begin(), body.end(), "+") == 1);
        const auto plus = std::find(body.begin(), body.end(), "+");
        const std::vector<std::string> x(body.begin(), plus), y(plus + 1, body.end());
        REQUIRE(!x.empty());
        REQUIRE(!y.empty());
        CHECK((x[0] == "1" || x.size() == 1));
        CHECK((y[0] == "1" || y.size() == 1));
        CHECK(inst.expected == oracle_sum(x, y));
        long_x += x.size() > 1 ? 1 : 0;
        long_y += y.size() > 1 ? 1 : 0;
      }
    }
    if (task(n).name == "parity") {
      CHECK(odd > 400);
      CHECK(odd < 600);
    } else {
      CHECK(long_x > 800);
      CHECK(long_y > 800);
    }
  }
}
