// The DFA text format: reading the documented example, the implicit sink, the round trip
// through to_text, and every error with its line and column.
#include <fmt/format.h>

#include <catch2/catch.hpp>

#include "regular/dfa_text.hpp"
#include "regular/regex.hpp"
#include "regular_test_helpers.hpp"

using namespace crasp::regular;
using namespace crasp::regular::testing;

TEST_CASE("dfa text: the documented example", "[regular][dfa_text]") {
  const auto r = parse_dfa_text(
      "# comment to end of line; blank lines ignored\n"
      "\n"
      "alphabet a b          # symbols\n"
      "start q0\n"
      "accept q0 q2\n"
      "q0 a q1\n"
      "q0 b q2\n");
  REQUIRE(r.automaton);
  CHECK(r.error.empty());
  const dfa& d = *r.automaton;
  CHECK(d.alphabet == word{"a", "b"});
  // q0 accepts the empty word, q0 b reaches q2, everything else falls into the sink.
  CHECK(d == compiled("()|b", {"a", "b"}));
  CHECK(d.states() == 3);
}

TEST_CASE("dfa text: keyword lines anywhere, tabs, CRLF, implicit sink", "[regular][dfa_text]") {
  const auto r = parse_dfa_text(
      "even a odd\r\n"
      "odd\ta\teven   # tabs separate too\r\n"
      "  even b even\n"
      "odd b odd\n"
      "accept even\n"
      "alphabet a b\n"
      "start even\n");
  REQUIRE(r.automaton);
  CHECK(*r.automaton == compiled("(b*ab*a)*b*", {"a", "b"}));
  CHECK(r.automaton->states() == 2);  // complete already: no sink

  // Only the accepting path is listed; the sink is implicit and there is one after minimizing.
  const auto partial = parse_dfa_text(
      "alphabet <bos> x <eos>\nstart s\naccept f\ns <bos> m\nm x m\nm <eos> f\nm <bos> m\n");
  REQUIRE(partial.automaton);
  CHECK(*partial.automaton == compiled("<bos> (x|<bos>)* <eos>", {"<bos>", "x", "<eos>"}));
  CHECK(partial.automaton->states() == 4);
  // Repeating a transition is harmless; an empty alphabet is allowed.
  CHECK(parse_dfa_text("alphabet a\nstart p\np a p\np a p\naccept p").automaton->states() == 1);
  const auto empty = parse_dfa_text("alphabet\nstart p\naccept p\n");
  REQUIRE(empty.automaton);
  CHECK(empty.automaton->alphabet.empty());
  CHECK(empty.automaton->accepts({}));
}

TEST_CASE("dfa text: to_text round trip", "[regular][dfa_text]") {
  const std::vector<std::string> regexes{
      "1*",   "(10)*",           "0*1*0*1*", dyck_regex(5), "(aa)*", "a.*b", "<bos>(a|b)*<sep>a?",
      "[^a]", "(a|b)*a(a|b){6}", "()"};
  for (const auto& re : regexes) {
    INFO("regex " << re);
    const dfa d = compiled(re, re == "[^a]" || re == "()" ? word{"a"} : word{});
    const auto back = parse_dfa_text(to_text(d));
    REQUIRE(back.automaton);
    CHECK(*back.automaton == d);
    CHECK(to_text(*back.automaton) == to_text(d));
  }
  CHECK(to_text(compiled("(ab)*", {"a", "b"})) ==
        "alphabet a b\nstart q0\naccept q0\nq0 a q1\nq1 b q0\n");
  CHECK(to_text(compiled("[^a]", {"a"})) == "alphabet a\nstart q0\n");
  // A non-minimal dfa comes back minimized.
  const dfa twice{{"a"}, {{1}, {0}}, {true, true}, 0};
  CHECK(*parse_dfa_text(to_text(twice)).automaton == minimize(twice));
}

TEST_CASE("dfa text errors name line and column", "[regular][dfa_text]") {
  struct bad {
    std::string text;
    std::size_t line, column;
    std::string error;
  };
  const std::vector<bad> cases{
      {"alphabet a\nstart p\nstrat p\n", 3, 1,
       "unknown keyword 'strat' (expected alphabet, start, accept or a transition "
       "'FROM SYMBOL TO')"},
      {"alphabet a\nstart p\n  p a\n", 3, 3,
       "unknown keyword 'p' (expected alphabet, start, accept or a transition 'FROM SYMBOL TO')"},
      {"alphabet a\nstart p\np a q r\n", 3, 7,
       "malformed transition: expected 'FROM SYMBOL TO' and nothing after"},
      {"alphabet a b\nstart p\np c q\n", 3, 3, "symbol 'c' is not in the alphabet"},
      {"alphabet a\nstart p\np a q\np a p # again\n", 4, 5, "'p a' already goes to 'q' (line 3)"},
      {"alphabet a\nstart p\nalphabet b\n", 3, 1, "second 'alphabet' line (the first is line 1)"},
      {"alphabet a\nstart p\n start q\n", 3, 2, "second 'start' line (the first is line 2)"},
      {"start p\np a p\n", 0, 0, "missing 'alphabet' line"},
      {"alphabet a\np a p\n", 0, 0, "missing 'start' line"},
      {"alphabet a b a\nstart p\n", 1, 14, "duplicate alphabet symbol 'a'"},
      {"alphabet a\nstart p q\n", 2, 1, "'start' takes exactly one state"},
      {"alphabet a\nstart p\naccept\n", 3, 1, "'accept' needs a state"},
      {"alphabet a\nstart p\np a start\n", 3, 5, "'start' is a keyword, not a state name"},
      {"alphabet a\nstart accept\n", 2, 7, "'accept' is a keyword, not a state name"},
      {"alphabet a\nstart p\naccept q alphabet\n", 3, 10,
       "'alphabet' is a keyword, not a state name"},
  };
  for (const auto& c : cases) {
    INFO("text:\n" << c.text);
    const auto r = parse_dfa_text(c.text);
    CHECK_FALSE(r.automaton);
    CHECK(r.error == c.error);
    CHECK(r.line == c.line);
    CHECK(r.column == c.column);
  }
}

TEST_CASE("dfa text limits", "[regular][dfa_text]") {
  std::string symbols = "alphabet";
  for (int i = 0; i < 1000; ++i) symbols += fmt::format(" s{}", i);
  CHECK(parse_dfa_text(symbols + "\nstart p\n").automaton);
  const auto r = parse_dfa_text(symbols + " extra\nstart p\n");
  CHECK(r.error == "more than 1000 symbols");
  CHECK(r.line == 1);
  CHECK(r.column == symbols.size() + 2);

  // A chain of states q0 .. q_last over one symbol, accepting at its end.
  const auto chain = [](int last) {
    std::string text = "alphabet a\nstart q0\n";
    for (int i = 0; i < last; ++i) text += fmt::format("q{} a q{}\n", i, i + 1);
    return text + fmt::format("accept q{}\n", last);
  };
  const auto most = parse_dfa_text(chain(99999));  // 100,000 named states, plus the sink
  REQUIRE(most.automaton);
  CHECK(most.automaton->states() == 100001);
  const auto over = parse_dfa_text(chain(100000));
  CHECK(over.error == "more than 100000 states");
  CHECK(over.line == 100002);
  CHECK(over.column == 10);
}
