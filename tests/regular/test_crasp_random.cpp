// The decision on random automata, where no published label exists: it never answers unknown
// on these, and every witness it builds is right at every position of every short word. The
// automata are small (3 to 10 states, 2 or 3 symbols, with self-loops and forward edges more
// likely than chance, so that counters and chains appear) and minimized before deciding.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"
#include "regular/crasp_class.hpp"
#include "regular/witness.hpp"

namespace crasp::regular {
namespace {

dfa random_automaton(std::mt19937_64& rng) {
  const std::size_t n = 3 + rng() % 8, k = 2 + rng() % 2;
  dfa d;
  for (std::size_t a = 0; a < k; ++a) d.alphabet.push_back(std::string(1, static_cast<char>('a' + a)));
  d.delta.assign(n, std::vector<std::uint32_t>(k));
  d.accepting.assign(n, false);
  for (std::size_t q = 0; q < n; ++q) {
    for (std::size_t a = 0; a < k; ++a) {
      const auto r = rng() % 4;
      d.delta[q][a] = static_cast<std::uint32_t>(r == 0 ? q : r == 1 ? std::min(q + 1, n - 1) : rng() % n);
    }
    d.accepting[q] = rng() % 2 == 0;
  }
  return minimize(d);
}

TEST_CASE("random automata: always decided, and every witness is right on every short word") {
  std::mt19937_64 rng(42);
  std::size_t yes = 0, no = 0;
  for (int it = 0; it < 200; ++it) {
    const dfa d = random_automaton(rng);
    INFO("automaton " << it << ", " << d.states() << " states");
    const auto decision = decide_crasp(d);
    REQUIRE(decision.answer != crasp_answer::unknown);
    if (decision.answer == crasp_answer::no) {
      ++no;
      continue;
    }
    ++yes;
    std::string why;
    const auto text = tracking_program(d, decision.language, tracking_output::accept, why);
    INFO(why);
    REQUIRE(text);
    const auto loaded = load_text("witness.crasp", *text);
    REQUIRE(loaded.ok());
    const ir::program& p = *loaded.program;
    std::vector<std::uint32_t> index(d.alphabet.size());
    for (std::size_t a = 0; a < d.alphabet.size(); ++a)
      index[a] = static_cast<std::uint32_t>(
          std::find(p.vocabulary.begin(), p.vocabulary.end(), d.alphabet[a]) - p.vocabulary.begin());
    evaluator ev(p);
    const std::size_t k = d.alphabet.size(), len = k == 2 ? 8 : 5;
    std::size_t words = 1;
    for (std::size_t i = 0; i < len; ++i) words *= k;
    for (std::size_t code = 0; code < words; ++code) {
      ev.reset();
      diagnostics diags;
      auto q = d.start;
      std::size_t c = code;
      for (std::size_t i = 0; i < len; ++i, c /= k) {
        const auto a = static_cast<std::uint32_t>(c % k);
        REQUIRE(ev.push(index[a], diags));
        q = d.delta[q][a];
        INFO("word " << code << " position " << i);
        REQUIRE((ev.last(p.statements.back().value) != 0) == d.accepting[q]);
      }
    }
  }
  // Both answers occur often enough for the test to mean something.
  CHECK(yes >= 50);
  CHECK(no >= 50);
}

}  // namespace
}  // namespace crasp::regular
