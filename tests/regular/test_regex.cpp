// Regex compilation: each language checked word by word against an independent oracle
// (std::regex or a hand-written predicate, for fixed and for random regexes), and the minimal,
// canonical state counts. Errors and limits are in test_regex_errors.cpp.
#include <catch2/catch.hpp>
#include <functional>
#include <map>
#include <regex>

#include "regular/regex.hpp"
#include "regular_test_helpers.hpp"

using namespace crasp::regular;
using namespace crasp::regular::testing;

namespace {

using predicate = std::function<bool(const word&)>;

std::size_t count(const word& w, const std::string& s) {
  return static_cast<std::size_t>(std::count(w.begin(), w.end(), s));
}

// Maximal runs as (symbol, length).
std::vector<std::pair<std::string, std::size_t>> runs(const word& w) {
  std::vector<std::pair<std::string, std::size_t>> out;
  for (const auto& s : w) {
    if (!out.empty() && out.back().first == s) {
      ++out.back().second;
    } else {
      out.push_back({s, 1});
    }
  }
  return out;
}

bool tomita3(const word& w) {
  const auto r = runs(w);
  for (std::size_t i = 0; i + 1 < r.size(); ++i)
    if (r[i].first == "1" && r[i].second % 2 == 1 && r[i + 1].second % 2 == 1) return false;
  return true;
}

// An ECMAScript oracle on the concatenated tokens, after renaming multi-character ones.
predicate ecma(const std::string& pattern, std::map<std::string, std::string> rename = {}) {
  return [re = std::regex(pattern, std::regex::ECMAScript), rename](const word& w) {
    std::string text;
    for (const auto& s : w) text += rename.count(s) ? rename.at(s) : s;
    return std::regex_match(text, re);
  };
}

struct language_case {
  std::string regex;
  std::vector<std::string> alphabet;
  predicate oracle;
  std::size_t states;  // of the minimal complete dfa
  std::size_t max_length = 8;
};

const std::vector<std::string> bits{"0", "1"}, ab{"a", "b"};

std::vector<language_case> cases() {
  return {
      {"1*", bits, ecma("1*"), 2},                              // Tomita 1
      {"(10)*", bits, ecma("(10)*"), 3},                        // Tomita 2
      {"0*((11)+0+|1(11)*(00)+)*1*", bits, tomita3, 5},         // Tomita 3
      {"(1|01|001)*(|0|00)", bits, ecma("(?!.*000)[01]*"), 4},  // Tomita 4
      {"(00|11|(01|10)(00|11)*(01|10))*", bits,                 // Tomita 5
       [](const word& w) { return count(w, "0") % 2 == 0 && count(w, "1") % 2 == 0; }, 4},
      {"(10|(0|11)(01)*(1|00))*", bits,  // Tomita 6
       [](const word& w) { return (count(w, "0") + 3 * w.size() - count(w, "1")) % 3 == 0; }, 3},
      {"0*1*0*1*", bits, ecma("0*1*0*1*"), 5},  // Tomita 7
      {dyck_regex(2), ab, [](const word& w) { return dyck_depth(w, 2) >= 0; }, 4},
      {dyck_regex(3), ab, [](const word& w) { return dyck_depth(w, 3) >= 0; }, 5},
      {dyck_regex(4), ab, [](const word& w) { return dyck_depth(w, 4) >= 0; }, 6},
      {"(aa)*", {"a"}, ecma("(aa)*"), 2, 12},
      {"(aaaa)*", {"a"}, ecma("(aaaa)*"), 4, 12},
      {"(abab)*", ab, ecma("(abab)*"), 5},
      {"aa*bb*cc*dd*ee*", {}, ecma("aa*bb*cc*dd*ee*"), 7},
      {"(a|b)*d(b|c)*", {}, ecma("(a|b)*d(b|c)*"), 3},
      {"(0|1|2)*02*", {}, ecma("(0|1|2)*02*"), 2},
      {"(0*10*1)*0*", bits, ecma("(0*10*1)*0*"), 2},
      {"[ab]*c[^a]", {"a", "b", "c"}, ecma("[ab]*c[bc]"), 4},
      {"a.*b", {"a", "b", "c"}, ecma("a[abc]*b"), 4},
      {"(ab){2,3}c{1,}a{2}", {}, ecma("(ab){2,3}c{1,}a{2}"), 0},
      {"(a|b){0,2}(c?){3}", {}, ecma("(a|b){0,2}(c?){3}"), 0},
      {"<bos> (a | b)* <sep> a?",
       {"<bos>", "<sep>", "a", "b"},
       ecma("B(a|b)*Sa?", {{"<bos>", "B"}, {"<sep>", "S"}}),
       5},
      {"a\\*+\\.?b", {"a", "*", ".", "b"}, ecma("a\\*+\\.?b"), 0},
      {"(a|())b()", {}, ecma("(a|)b"), 0},
      {"a b | c", {}, ecma("ab|c"), 0},
      {"[^b<x>]+ <x>", {"a", "b", "<x>", "c"}, ecma("[ac]+X", {{"<x>", "X"}}), 0},
      {"(a|b)*a(a|b)", {}, ecma("(a|b)*a(a|b)"), 4},
      {"é+ü", {}, ecma("(é)+ü"), 0},
  };
}

}  // namespace

TEST_CASE("regex languages agree with an independent oracle", "[regular][regex]") {
  for (const auto& c : cases()) {
    INFO("regex " << c.regex);
    const dfa d = compiled(c.regex, c.alphabet);
    if (!c.alphabet.empty()) CHECK(d.alphabet == c.alphabet);
    if (c.states) CHECK(d.states() == c.states);
    std::size_t members = 0;
    for (const auto& w : words_up_to(d.alphabet, c.max_length)) {
      const bool expected = c.oracle(w);
      if (d.accepts(w) != expected)
        FAIL_CHECK("word '" << join(w) << "' should be " << (expected ? "in" : "out"));
      members += expected;
    }
    CHECK(members > 0);
  }
}

TEST_CASE("the alphabet defaults to the regex's symbols in order", "[regular][regex]") {
  CHECK(compiled("b(c|a)*<eos>").alphabet == word{"b", "c", "a", "<eos>"});
  CHECK(compiled("[^x]y").alphabet == word{"x", "y"});
  CHECK(compiled("\\(\\)").alphabet == word{"(", ")"});
  // A given alphabet fixes the order and adds symbols the regex never names.
  const dfa d = compiled(".", {"z", "y"});
  CHECK(d.alphabet == word{"z", "y"});
  CHECK(d.accepts({"y"}));
  CHECK_FALSE(d.accepts({"x"}));
  CHECK(compiled("()", {"a"}).accepts({}));
  CHECK(compiled("", {"a"}).states() == 2);
  CHECK(compiled("[^a]", {"a"}).states() == 1);  // the empty language: the sink alone
}

TEST_CASE("minimal dfas are canonical", "[regular][regex]") {
  CHECK(compiled("(aa)*").states() == 2);
  for (int n = 1; n <= 12; ++n)
    CHECK(compiled(dyck_regex(n)).states() == static_cast<std::size_t>(n) + 2);
  // Equal languages, different regexes: identical tables.
  CHECK(compiled("(a|b)*") == compiled("(a*b*)*"));
  CHECK(compiled("a(ba)*") == compiled("(ab)*a"));
  CHECK(compiled("(a|b)*abb", ab) == compiled("(b|a)*(ab)b", ab));
  CHECK(compiled("(0*10*1)*0*") == compiled("(0|10*1)*"));
  CHECK(compiled("a{2,4}") == compiled("aa(a(a)?)?"));
  CHECK(compiled(dyck_regex(2)) == compiled("((a b)* a (a b)+ b | a b)*"));
  CHECK_FALSE(compiled("(aa)*") == compiled("(aaa)*"));
  for (const auto& c : cases()) {
    const dfa d = compiled(c.regex, c.alphabet);
    CHECK(minimize(d) == d);
    CHECK(complement(complement(d)) == d);
    CHECK(minimize(complement(d)) == complement(d));
  }
  // Unreachable and duplicate states go; the numbering follows the start.
  // Words containing aa: state 0 duplicates the start 2, and 4 is unreachable.
  dfa messy{ab, {{1, 2}, {3, 2}, {1, 0}, {3, 3}, {0, 0}}, {false, false, false, true, true}, 2};
  const dfa clean = minimize(messy);
  CHECK(clean == compiled("(a|b)*aa(a|b)*", ab));
  CHECK(clean.states() == 3);
  CHECK(clean.start == 0);
  for (const auto& w : words_up_to(ab, 6)) CHECK(clean.accepts(w) == messy.accepts(w));
  CHECK(minimize(dfa{ab, {}, {}, 0}).states() == 1);  // no states: the empty language
}

TEST_CASE("dfa basics", "[regular][regex]") {
  const dfa d = compiled("ab*", ab);
  CHECK(d.valid());
  CHECK(d.symbol("b") == 1u);
  CHECK_FALSE(d.symbol("c"));
  CHECK(d.run({"a", "b"}));
  CHECK_FALSE(d.run({"a", "c"}));
  CHECK_FALSE(d.accepts({"a", "c"}));
  const auto live = d.live();
  CHECK(std::count(live.begin(), live.end(), true) == 2);
  CHECK_FALSE(dfa{ab, {{0, 2}}, {false}, 0}.valid());
  CHECK_FALSE(dfa{{"a", "a"}, {{0, 0}}, {false}, 0}.valid());
}

namespace {

// A random regex over {a, b, c} in the syntax shared with ECMAScript (groups around every
// repeated operand, so no repetition follows another).
std::string random_regex(std::mt19937& rng, int depth) {
  const auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  if (depth == 0 || pick(4) == 0) {
    static const char* const atoms[] = {"a", "b", "c", ".", "[ab]", "[^a]", "()"};
    return atoms[pick(7)];
  }
  switch (pick(4)) {
    case 0:
      return random_regex(rng, depth - 1) + random_regex(rng, depth - 1);
    case 1:
      return "(" + random_regex(rng, depth - 1) + "|" + random_regex(rng, depth - 1) + ")";
    case 2: {
      static const char* const ops[] = {"*", "+", "?", "{2}", "{0,2}", "{1,}", "{1,3}"};
      return "(" + random_regex(rng, depth - 1) + ")" + ops[pick(7)];
    }
    default:
      return random_regex(rng, depth - 1);
  }
}

}  // namespace

TEST_CASE("random regexes agree with std::regex", "[regular][regex]") {
  // 120 regexes: a few later ones from this seed make std::regex backtrack for seconds.
  std::mt19937 rng(12345);
  const std::vector<std::string> abc{"a", "b", "c"};
  const auto words = words_up_to(abc, 6);
  for (int i = 0; i < 120; ++i) {
    const std::string re = random_regex(rng, 4);
    INFO("regex " << re);
    const dfa d = compiled(re, abc);
    CHECK(minimize(d) == d);
    const std::regex oracle(re, std::regex::ECMAScript);
    for (const auto& w : words)
      if (d.accepts(w) != std::regex_match(join(w), oracle)) FAIL_CHECK("word '" << join(w) << "'");
  }
}
