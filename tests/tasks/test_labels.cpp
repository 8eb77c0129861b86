// The `_next` and `_prefix` tasks (Huang et al.'s formal languages with a label at every
// position): every generated instance's labels agree with the language's minimal DFA, built
// here from a regex or DFA text written out again, independently of the catalogue's table; the
// `_next` tasks see members only and the `_prefix` tasks both classes; a few instances by hand.
#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "regular/dfa_text.hpp"
#include "regular/labels.hpp"
#include "regular/regex.hpp"
#include "task_test_util.hpp"

using namespace crasp::tasks;
using task_test::answer;
using task_test::task;

namespace {

struct language {
  const char* task;
  const char* alphabet;  ///< space-separated
  const char* regex;     ///< nullptr: dfa
  const char* dfa;
  bool next;
};

// The languages as Huang et al. (Section 5, Figure 1) and Bhattamishra et al. (2020) define them.
const std::vector<language> languages = {
    {"tomita1_next", "0 1", "1*", nullptr, true},
    {"tomita2_next", "0 1", "(10)*", nullptr, true},
    // No odd run of 1s directly followed by an odd run of 0s.
    {"tomita3_next", "0 1", "0*((11)+0+|1(11)*(00)+)*1*", nullptr, true},
    {"tomita4_next", "0 1", "(1|01|001)*(|0|00)", nullptr, true},
    {"tomita7_next", "0 1", "0*1*0*1*", nullptr, true},
    {"D2_next", "a b", "(a(ab)*b)*", nullptr, true},
    {"D3_next", "a b", "(a(a(ab)*b)*b)*", nullptr, true},
    {"D4_next", "a b", "(a(a(a(ab)*b)*b)*b)*", nullptr, true},
    {"D12_next", "a b", "(a(a(a(a(a(a(a(a(a(a(a(ab)*b)*b)*b)*b)*b)*b)*b)*b)*b)*b)*b)*", nullptr,
     true},
    {"ab_d_bc_next", "a b c d", "[ab]*d[bc]*", nullptr, true},
    {"tomita5_prefix", "0 1", nullptr,
     "alphabet 0 1\nstart ee\naccept ee\nee 0 oe\noe 0 ee\neo 0 oo\noo 0 eo\nee 1 eo\n"
     "eo 1 ee\noe 1 oo\noo 1 oe\n",
     false},
    {"tomita6_prefix", "0 1", nullptr,
     "alphabet 0 1\nstart z\naccept z\nz 0 p\np 0 q\nq 0 z\nz 1 q\nq 1 p\np 1 z\n", false},
    {"aa_star_prefix", "a", "(aa)*", nullptr, false},
    {"aaaa_star_prefix", "a", "(aaaa)*", nullptr, false},
    {"abab_star_prefix", "a b", "(abab)*", nullptr, false},
    {"abcde_runs_prefix", "a b c d e", "a+b+c+d+e+", nullptr, false},
    {"ends_02_prefix", "0 1 2", ".*02*", nullptr, false},
    {"even_ones_prefix", "0 1", "0*(10*10*)*", nullptr, false},
};

crasp::regular::dfa automaton(const language& l) {
  const auto sigma = task_test::toks(l.alphabet);
  if (l.regex != nullptr) {
    auto r = crasp::regular::compile_regex(l.regex, sigma);
    REQUIRE(r.automaton);
    return *r.automaton;
  }
  auto r = crasp::regular::parse_dfa_text(l.dfa);
  REQUIRE(r.automaton);
  return *r.automaton;
}

std::vector<std::string> bools(const std::vector<bool>& v) {
  std::vector<std::string> out;
  for (const bool b : v) out.emplace_back(b ? "True" : "False");
  return out;
}

}  // namespace

TEST_CASE("labels tasks: generated labels agree with the language's automaton", "[tasks][labels]") {
  REQUIRE(languages.size() == 18);
  for (const auto& l : languages) {
    DYNAMIC_SECTION(l.task) {
      const auto& t = task(l.task);
      CHECK(t.mode == task_mode::labels);
      CHECK(format_of(t) == answer_format::labels);
      CHECK(symbols(t, 0) == task_test::toks(l.alphabet));
      const auto d = automaton(l);
      const auto outs = output_tokens(t, 0);
      std::size_t members = 0, non_members = 0;
      for (std::uint64_t seed = 0; seed < 300; ++seed) {
        std::mt19937_64 rng(seed);
        const std::size_t len = 1 + seed % 60;
        const auto inst = generate(t, len, rng);
        INFO("seed " << seed << " length " << len);
        REQUIRE(inst.input.size() == inst.expected.size());
        const bool member = d.accepts(inst.input);
        ++(member ? members : non_members);
        if (l.next) {
          CHECK(member);  // the next-symbol sets are posed on members only
          CHECK(inst.expected == crasp::regular::next_set_labels(d, inst.input));
          CHECK(inst.expected.back().find("<eos>") != std::string::npos);
        } else {
          CHECK(inst.expected == bools(crasp::regular::prefix_membership(d, inst.input)));
        }
        for (const auto& label : inst.expected)
          CHECK(std::find(outs.begin(), outs.end(), label) != outs.end());
      }
      CHECK(members > 0);
      if (!l.next) CHECK(non_members > 0);
    }
  }
}

TEST_CASE("labels tasks: a _prefix task draws the acceptor's words", "[tasks][labels]") {
  for (const auto& [labelled, acceptor] :
       std::vector<std::pair<const char*, const char*>>{{"tomita5_prefix", "tomita5"},
                                                        {"aa_star_prefix", "aa_star"},
                                                        {"abcde_runs_prefix", "abcde_runs"},
                                                        {"even_ones_prefix", "even_ones"}}) {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      std::mt19937_64 a(seed), b(seed);
      const auto x = generate(task(labelled), 30, a);
      const auto y = generate(task(acceptor), 30, b);
      INFO(labelled << " seed " << seed);
      CHECK(x.input == y.input);
      CHECK(x.expected.back() == y.expected.back());
    }
  }
}

TEST_CASE("labels tasks: answers by hand", "[tasks][labels]") {
  CHECK(answer("D2_next", "a a b b") == "{a,b} {b} {a,b} {a,<eos>}");
  CHECK(answer("D2_next", "a a") == "nullopt");  // not a member
  CHECK(answer("D2_next", "a c") == "nullopt");
  CHECK(answer("tomita1_next", "1 1") == "{1,<eos>} {1,<eos>}");
  CHECK(answer("tomita2_next", "1 0 1 0") == "{0} {1,<eos>} {0} {1,<eos>}");
  CHECK(answer("tomita3_next", "1 0 0") == "{0,1,<eos>} {0} {0,1,<eos>}");
  CHECK(answer("tomita4_next", "0 0 1") == "{0,1,<eos>} {1,<eos>} {0,1,<eos>}");
  CHECK(answer("tomita7_next", "1 0 1") == "{0,1,<eos>} {0,1,<eos>} {1,<eos>}");
  CHECK(answer("ab_d_bc_next", "a d c") == "{a,b,d} {b,c,<eos>} {b,c,<eos>}");
  CHECK(answer("tomita5_prefix", "0 0 1 1") == "False True False True");
  CHECK(answer("tomita6_prefix", "0 1 0 0 0") == "False True False False True");
  CHECK(answer("aa_star_prefix", "a a a") == "False True False");
  CHECK(answer("abab_star_prefix", "a b a b b") == "False False False True False");
  CHECK(answer("ends_02_prefix", "1 0 2 1") == "False True True False");
  CHECK(answer("even_ones_prefix", "1 0 1") == "False False True");
  CHECK(answer("even_ones_prefix", "") == "nullopt");
  const auto d12 = output_tokens(task("D12_next"), 0);
  CHECK(std::set<std::string>(d12.begin(), d12.end()) ==
        std::set<std::string>{"{a,b}", "{a,<eos>}", "{b}"});
  CHECK(d12.size() == 3);
  CHECK(output_tokens(task("even_ones_prefix"), 0) == std::vector<std::string>{"True", "False"});
}

TEST_CASE("labels tasks: enumeration lists members only for _next", "[tasks][labels]") {
  const auto d2 = enumerate(task("D2_next"), 6);
  CHECK(d2.size() == 1 + 2 + 4);  // ab; aabb abab; the 4 of length 6 within depth 2
  for (const auto& w : d2) CHECK(solve(task("D2_next"), w).has_value());
  CHECK(enumerate(task("even_ones_prefix"), 4).size() == 2 + 4 + 8 + 16);
}
