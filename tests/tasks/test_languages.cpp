#include <algorithm>
#include <catch2/catch.hpp>
#include <map>

#include "task_test_util.hpp"

using namespace crasp::tasks;
using task_test::answer;
using task_test::task;

namespace {

// Second implementations of each language, written differently from src/tasks/languages.cpp.
std::string joined(const std::vector<std::string>& w) {
  std::string s;
  for (const auto& t : w) {
    s += t;
  }
  return s;
}

bool oracle(const std::string& name, const std::vector<std::string>& w) {
  std::string s = joined(w);
  if (name == "dyck1") {
    for (std::size_t at; (at = s.find("()")) != std::string::npos;) {
      s.erase(at, 2);
    }
    return s.empty();
  }
  if (name == "anbn" || name == "anbncn") {
    const std::size_t parts = name == "anbn" ? 2 : 3;
    for (std::size_t n = 1; n * parts <= s.size(); ++n) {
      if (s ==
          std::string(n, 'a') + std::string(n, 'b') + (parts == 3 ? std::string(n, 'c') : "")) {
        return true;
      }
    }
    return false;
  }
  if (name == "aa_star") {
    return s.size() % 2 == 0;
  }
  if (name == "contains_ab") {
    for (std::size_t i = 0; i + 1 < w.size(); ++i) {
      if (w[i] == "a" && w[i + 1] == "b") {
        return true;
      }
    }
    return false;
  }
  // copy_every_c: the string is its first c tokens repeated (positions equal mod c)
  const std::size_t c = static_cast<std::size_t>(name.back() - '0');
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != s[i % c]) {
      return false;
    }
  }
  return true;
}

const char* const languages[] = {"dyck1",       "anbn",         "anbncn",       "aa_star",
                                 "contains_ab", "copy_every_1", "copy_every_2", "copy_every_3"};

}  // namespace

TEST_CASE("hand-written members and non-members") {
  CHECK(answer("dyck1", "( ( ) ( ) )") == "True");
  CHECK(answer("dyck1", "( )") == "True");
  CHECK(answer("dyck1", ") (") == "False");
  CHECK(answer("dyck1", "( ( )") == "False");
  CHECK(answer("dyck1", "( ) ) ( ( )") == "False");  // balanced counts, negative prefix
  CHECK(answer("anbn", "a a b b") == "True");
  CHECK(answer("anbn", "a b") == "True");
  CHECK(answer("anbn", "a a b b b") == "False");  // one extra b
  CHECK(answer("anbn", "a b a b") == "False");
  CHECK(answer("anbn", "a") == "False");
  CHECK(answer("anbncn", "a a b b c c") == "True");
  CHECK(answer("anbncn", "a b c") == "True");
  CHECK(answer("anbncn", "a a b b c") == "False");
  CHECK(answer("anbncn", "a b c a b c") == "False");
  CHECK(answer("anbncn", "a c b") == "False");
  CHECK(answer("aa_star", "a a") == "True");
  CHECK(answer("aa_star", "a a a") == "False");
  CHECK(answer("aa_star", "a") == "False");
  CHECK(answer("contains_ab", "c a b") == "True");
  CHECK(answer("contains_ab", "b a c b a") == "False");
  CHECK(answer("contains_ab", "a c b") == "False");
  CHECK(answer("contains_ab", "a") == "False");
  CHECK(answer("copy_every_2", "a b a b a") == "True");
  CHECK(answer("copy_every_2", "b b b") == "True");
  CHECK(answer("copy_every_2", "a b") == "True");
  CHECK(answer("copy_every_2", "a") == "True");
  CHECK(answer("copy_every_2", "a b b a") == "False");
  CHECK(answer("copy_every_2", "a b a a") == "False");
  CHECK(answer("copy_every_1", "a a a a") == "True");
  CHECK(answer("copy_every_1", "b b") == "True");
  CHECK(answer("copy_every_1", "b") == "True");
  CHECK(answer("copy_every_1", "a b") == "False");
  CHECK(answer("copy_every_1", "a a a b") == "False");
  CHECK(answer("copy_every_1", "b a a a") == "False");
  CHECK(answer("copy_every_3", "a b b a b b a") == "True");
  CHECK(answer("copy_every_3", "b a a") == "True");
  CHECK(answer("copy_every_3", "a b") == "True");
  CHECK(answer("copy_every_3", "b a b b") == "True");
  CHECK(answer("copy_every_3", "a b b b") == "False");
  CHECK(answer("copy_every_3", "a b a b a b") == "False");  // period 2, not 3
  CHECK(answer("copy_every_3", "a a b a a b b") == "False");
}

TEST_CASE("acceptors reject the empty string and foreign tokens") {
  for (const char* n : languages) {
    CHECK(answer(n, "") == "nullopt");
  }
  CHECK(answer("dyck1", "( x )") == "nullopt");
  CHECK(answer("anbn", "a c b") == "nullopt");
  CHECK(answer("aa_star", "a b") == "nullopt");
  CHECK(answer("contains_ab", "a b d") == "nullopt");
  CHECK(answer("copy_every_2", "<bos> a b") == "nullopt");
  CHECK(answer("copy_every_1", "a c") == "nullopt");
  CHECK(answer("copy_every_3", "a b b <sep>") == "nullopt");
  CHECK(answer("anbn", "ab") == "nullopt");  // one token per symbol
}

TEST_CASE("acceptor enumerate lists every string; members counted by hand") {
  // all non-empty strings up to max_len: sum |alphabet|^len
  CHECK(enumerate(task("dyck1"), 3, 0).size() == 2 + 4 + 8);
  CHECK(enumerate(task("anbncn"), 2, 0).size() == 3 + 9);
  CHECK(enumerate(task("aa_star"), 5, 0).size() == 5);
  CHECK(enumerate(task("dyck1"), 0, 0).empty());
  const auto count_members = [](const char* n, std::size_t max_len) {
    std::size_t members = 0;
    for (const auto& w : enumerate(task(n), max_len, 0)) {
      const auto a = solve(task(n), w);
      REQUIRE(a);
      CHECK((*a)[0] == (oracle(n, w) ? "True" : "False"));
      if ((*a)[0] == "True") {
        ++members;
      }
    }
    return members;
  };
  CHECK(count_members("dyck1", 6) == 1 + 2 + 5);  // Catalan numbers
  CHECK(count_members("dyck1", 10) == 1 + 2 + 5 + 14 + 42);
  CHECK(count_members("anbn", 6) == 3);
  CHECK(count_members("anbncn", 6) == 2);
  CHECK(count_members("aa_star", 5) == 2);
  CHECK(count_members("contains_ab", 3) == 1 + 6);
  CHECK(count_members("copy_every_2", 3) == 2 + 4 + 4);
  CHECK(count_members("copy_every_2", 8) == 2 + 4 * 7);
  CHECK(count_members("copy_every_1", 1) == 2);
  CHECK(count_members("copy_every_1", 8) == 2 * 8);  // a^n and b^n
  CHECK(count_members("copy_every_3", 3) == 2 + 4 + 8);
  CHECK(count_members("copy_every_3", 8) == 2 + 4 + 8 * 6);
  const auto e = enumerate(task("anbn"), 2, 0);
  CHECK(e[0] == task_test::toks("a"));
  CHECK(e[2] == task_test::toks("a a"));
  CHECK(e[5] == task_test::toks("b b"));
}

TEST_CASE("generated acceptor instances are balanced, near the requested length, and correct") {
  for (const char* n : languages) {
    std::map<std::string, std::size_t> classes;
    std::size_t exact_length = 0;
    for (std::uint64_t seed = 0; seed < 3000; ++seed) {
      std::mt19937_64 rng(seed);
      const std::size_t len = 1 + (seed * 7919) % 500;
      const auto inst = generate(task(n), len, rng);
      INFO(n << " seed " << seed << " length " << len);
      REQUIRE(inst.expected.size() == 1);
      CHECK(inst.expected[0] == (oracle(n, inst.input) ? "True" : "False"));
      ++classes[inst.expected[0]];
      REQUIRE(!inst.input.empty());
      const std::size_t got = inst.input.size();
      CHECK(got + 2 >= len);  // never more than 2 shorter (3 for a^n b^n c^n)
      CHECK(got <= len + 3);
      if (got == len) {
        ++exact_length;
      }
    }
    INFO(n);
    CHECK(classes["True"] > 1300);
    CHECK(classes["False"] > 1300);
    CHECK(exact_length > 1000);
  }
}

TEST_CASE("non-members include near misses, not only random strings") {
  // Near misses are strings one edit (substitution, deletion, insertion) away from the language.
  const auto one_edit_from_member = [](const char* n, const std::vector<std::string>& w) {
    const auto alphabet = symbols(task(n), 0);
    for (std::size_t i = 0; i < w.size(); ++i) {
      auto v = w;
      for (const auto& a : alphabet) {
        v[i] = a;
        if (oracle(n, v)) {
          return true;
        }
      }
      v = w;
      v.erase(v.begin() + static_cast<long>(i));
      if (!v.empty() && oracle(n, v)) {
        return true;
      }
    }
    for (std::size_t i = 0; i <= w.size(); ++i) {
      for (const auto& a : alphabet) {
        auto v = w;
        v.insert(v.begin() + static_cast<long>(i), a);
        if (oracle(n, v)) {
          return true;
        }
      }
    }
    return false;
  };
  for (const char* n :
       {"dyck1", "anbn", "anbncn", "contains_ab", "copy_every_1", "copy_every_2", "copy_every_3"}) {
    std::size_t non_members = 0, near = 0;
    for (std::uint64_t seed = 0; seed < 400; ++seed) {
      std::mt19937_64 rng(seed);
      const auto inst = generate(task(n), 5 + seed % 40, rng);
      if (inst.expected[0] == "True") {
        continue;
      }
      ++non_members;
      if (one_edit_from_member(n, inst.input)) {
        ++near;
      }
    }
    INFO(n << ": " << near << " of " << non_members);
    CHECK(near * 3 >= non_members);
  }
}
