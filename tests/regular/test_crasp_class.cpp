// The C-RASP decision for regular languages (src/regular/crasp_class.hpp) on automata whose
// answer is known independently: parity and (aa)* count modulo 2, which C-RASP cannot (Huang et
// al. 2025, arXiv 2410.02140); Dyck-1 of bounded depth tracks its depth as #a - #b; the
// flip-flop language is the Born paper's (a|b|e)*ae* (arXiv 2505.21785, Lemma 6), outside even
// C-RASP[pos]; Σ*b reads the current token.
#include <catch2/catch.hpp>

#include "regular/crasp_class.hpp"
#include "regular_test_helpers.hpp"

namespace crasp::regular {
namespace {

using testing::compiled;

crasp_answer answer(const std::string& regex) { return decide_crasp(compiled(regex)).answer; }

std::string word_of(const dfa& d, std::uint32_t q) {
  const auto words = access_words(d);  // kept: a range over a temporary's member would dangle
  std::string s;
  for (const auto& t : *words[q]) s += t;
  return s;
}

TEST_CASE("counting modulo 2 is outside, with two states no round separates") {
  for (const char* regex : {"(aa)*", "a*(ba*ba*)*", "(bb)*(bb)*", "(aa|(b)*)*"}) {
    INFO(regex);
    const auto d = decide_crasp(compiled(regex));
    CHECK(d.answer == crasp_answer::no);
    CHECK_FALSE(d.language.potentials_separate());
    REQUIRE(d.quotient_balance);
    CHECK_FALSE(d.quotient_balance->potentials_separate());
  }
  // Parity: the states after "" and after "b" share every potential (a weight on b would
  // have to vanish on the cycle b b).
  const auto parity = decide_crasp(compiled("a*(ba*ba*)*"));
  const auto& q = *parity.quotient;
  const auto& bal = *parity.quotient_balance;
  bool found = false;
  for (const auto& c : bal.components)
    if (c.merged) {
      found = true;
      const auto a = word_of(q, c.merged->first), b = word_of(q, c.merged->second);
      CHECK(((a.empty() && b == "b") || (a == "b" && b.empty())));
    }
  CHECK(found);
}

TEST_CASE("bounded Dyck-1 is inside: the depth separates its states") {
  for (const char* regex : {"(ab)*", "(a(ab)*b)*", "(a(a(ab)*b)*b)*", "(a(a(a(ab)*b)*b)*b)*"}) {
    INFO(regex);
    const auto d = decide_crasp(compiled(regex));
    CHECK(d.answer == crasp_answer::yes);
    CHECK(d.language.potentials_separate());
    // One round: the weights a = 1, b = -1 (up to sign) and the depth as the potential.
    for (const auto& c : d.language.components) {
      if (c.trivial || c.balance.states.size() < 2) continue;
      REQUIRE(c.balance.rounds.size() >= 1);
      CHECK(c.balance.rounds.front().weight.size() == 1);
    }
  }
}

TEST_CASE("flip-flop (the last non-e symbol is a) is outside") {
  CHECK(answer("(a|b|e)*ae*") == crasp_answer::no);
  CHECK(answer("(a|b|e)*be*") == crasp_answer::no);
}

TEST_CASE("reading the current token: Σ*b is inside, Yang et al.'s class leaves it out") {
  const auto d = decide_crasp(compiled("(a|b)*b"));
  CHECK(d.answer == crasp_answer::yes);
  CHECK_FALSE(d.language.potentials_separate());
  CHECK(d.language.labels_determine());
  // (b|bc)*: the token c names the state after it, but not whether the c before it was
  // legal: the labels of c from either state agree, and the quotient by c is outside.
  const auto bc = decide_crasp(compiled("(b|bc)*"));
  CHECK(bc.answer == crasp_answer::no);
  CHECK_FALSE(bc.language.labels_determine());
}

TEST_CASE("a potential shared by two states, told apart by the symbol that enters them") {
  // (cac|abb)*: after "ca" and after "ab" the first round's potentials agree; the second
  // round, over labels that keep the symbol, separates them.
  const auto d = decide_crasp(compiled("(cac|abb)*"));
  CHECK(d.answer == crasp_answer::yes);
  CHECK(d.language.potentials_separate());
  std::size_t rounds = 0;
  for (const auto& c : d.language.components) rounds = std::max(rounds, c.balance.rounds.size());
  CHECK(rounds >= 2);
}

TEST_CASE("languages with a trivial component and a sink decide by their cycles") {
  CHECK(answer("acabcc(c)*") == crasp_answer::yes);  // finite prefix, then c*
  CHECK(answer("bbcc(aa)*") == crasp_answer::no);    // a parity after a prefix
  CHECK(answer("b(a|b)*") == crasp_answer::yes);     // the first symbol
}

TEST_CASE("the right quotient keeps the transitions and moves acceptance back one symbol") {
  const auto d = compiled("(a|b)*ab");
  const auto q = right_quotient(d, *d.symbol("b"));
  CHECK(q == compiled("(a|b)*a", d.alphabet));
}

TEST_CASE("access words are shortlex-least") {
  const auto d = compiled("(a|b)*abb");
  const auto w = access_words(d);
  REQUIRE(w.size() == d.states());
  CHECK(w[d.start]->empty());
  for (std::uint32_t q = 0; q < d.states(); ++q) {
    REQUIRE(w[q]);
    CHECK(d.run(*w[q]) == q);
  }
}

TEST_CASE("the decision is the same under a renaming and reordering of symbols") {
  const auto a = decide_crasp(compiled("(cac|abb)*", {"a", "b", "c"}));
  const auto b = decide_crasp(compiled("(cac|abb)*", {"c", "b", "a"}));
  CHECK(a.answer == b.answer);
  CHECK(a.language.potentials_separate() == b.language.potentials_separate());
}

}  // namespace
}  // namespace crasp::regular
