// Regex errors: every message with its column, and the limits that stop runaway inputs
// (nesting, length, NFA and DFA states, subset-construction work) refusing without a crash.
#include <catch2/catch.hpp>

#include "regular/regex.hpp"

using namespace crasp::regular;

TEST_CASE("regex errors name their column", "[regular][regex]") {
  struct bad {
    std::string text;
    std::vector<std::string> alphabet;
    std::size_t column;
    std::string error;
  };
  const std::vector<bad> cases{
      {"a)", {}, 2, "unbalanced ')'"},
      {"(a))b", {}, 4, "unbalanced ')'"},
      {"(a", {}, 1, "unclosed '('"},
      {"x((a)", {}, 2, "unclosed '('"},
      {"*a", {}, 1, "'*' has nothing to repeat"},
      {"a|+b", {}, 3, "'+' has nothing to repeat"},
      {"(?a)", {}, 2, "'?' has nothing to repeat"},
      {"{2}", {}, 1, "'{' has nothing to repeat"},
      {"  *", {}, 3, "'*' has nothing to repeat"},
      {"a**", {}, 3, "'*' follows a repetition (use parentheses)"},
      {"a{2}?", {}, 5, "'?' follows a repetition (use parentheses)"},
      {"[ab", {}, 1, "unterminated class"},
      {"x[^", {}, 2, "unterminated class"},
      {"[]", {}, 1, "empty class"},
      {"[^]", {}, 1, "empty class"},
      {"[a(]", {}, 3, "unescaped '(' in a class"},
      {"[a-c]", {}, 3, "no ranges in a class: list the symbols or escape '-'"},
      {"abc", {"a", "b"}, 3, "unknown symbol 'c' (the alphabet is a b)"},
      {"a[b<sep>]", {"a", "b"}, 4, "unknown symbol '<sep>' (the alphabet is a b)"},
      {"a{5000}", {}, 3, "repetition bound 5000 exceeds 1000"},
      {"a{1,1001}", {}, 5, "repetition bound 1001 exceeds 1000"},
      {"a{99999999999999999999}", {}, 3, "repetition bound 999999999999... exceeds 1000"},
      {"a{2,1}", {}, 2, "bad repetition {2,1}: min above max"},
      {"a{,2}", {}, 2, "malformed repetition: expected {m}, {m,} or {m,n}"},
      {"a{2", {}, 2, "malformed repetition: expected {m}, {m,} or {m,n}"},
      {"a{2,3", {}, 2, "malformed repetition: expected {m}, {m,} or {m,n}"},
      {"a{x}", {}, 2, "malformed repetition: expected {m}, {m,} or {m,n}"},
      {"<>", {}, 1, "empty '<>' symbol"},
      {"a<bos", {}, 2, "unterminated '<' symbol"},
      {"< bos>", {}, 1, "unterminated '<' symbol"},
      {"a]", {}, 2, "unmatched ']'"},
      {"a}", {}, 2, "unmatched '}'"},
      {"a>", {}, 2, "unmatched '>'"},
      {"a\\", {}, 2, "nothing to escape after '\\'"},
      {"a\\ b", {}, 2, "nothing to escape after '\\'"},
      {"", {}, 1, "the regex names no symbol and no alphabet is given"},
      {"().", {}, 1, "the regex names no symbol and no alphabet is given"},
      {"a", {"a", "a"}, 0, "duplicate alphabet symbol 'a'"},
      {"a", {"a", ""}, 0, "empty symbol in the alphabet"},
  };
  for (const auto& c : cases) {
    INFO("regex '" << c.text << "'");
    const auto r = compile_regex(c.text, c.alphabet);
    CHECK_FALSE(r.automaton);
    CHECK(r.error == c.error);
    CHECK(r.column == c.column);
  }
  const auto ok = compile_regex("a*");
  CHECK(ok.automaton);
  CHECK(ok.error.empty());
  CHECK(ok.column == 0);
}

TEST_CASE("regex limits refuse runaway inputs", "[regular][regex]") {
  // Nesting: 200 levels compile, 201 are refused at the 201st '('.
  const auto nest = [](std::size_t depth) {
    return std::string(depth, '(') + "a" + std::string(depth, ')');
  };
  CHECK(compile_regex(nest(200)).automaton);
  auto r = compile_regex(nest(201));
  CHECK(r.error == "nesting deeper than 200");
  CHECK(r.column == 201);
  r = compile_regex(std::string(9000, '('));
  CHECK(r.error == "nesting deeper than 200");

  r = compile_regex(std::string(10001, 'a'));
  CHECK(r.error == "regex longer than 10000 bytes");
  CHECK(r.column == 10001);
  CHECK(compile_regex(std::string(10000, 'a')).automaton->states() == 10002);

  // Copies multiply: blamed on the outermost repetition.
  r = compile_regex("x((a|b){1000}){1000}");
  CHECK(r.error == "regex needs more than 20000 nfa states");
  CHECK(r.column == 15);
  CHECK(compile_regex("(a|b){1000}").automaton->states() == 1002);

  // (a|b)*a(a|b){k} needs 2^(k+1) states: 16,384 fit, 32,768 do not.
  const auto fits = compile_regex("(a|b)*a(a|b){13}");
  REQUIRE(fits.automaton);
  CHECK(fits.automaton->states() == 16384);
  r = compile_regex("(a|b)*a(a|b){14}");
  CHECK(r.error == "regex needs more than 20000 dfa states");
  CHECK(r.column == 1);

  // Within both state caps, but each subset holds thousands of NFA states.
  r = compile_regex("((a|b)*){1000}a(a|b){12}");
  CHECK(r.error == "regex too complex: subset construction exceeds its work budget");
}
