// The witness programs built from the balanced-labelling rounds (src/regular/witness.hpp),
// checked like any witness would be against its automaton: for every language of both suites
// that crasp decides yes, the program parses, needs no positions, and at every position of every
// short word and of long members and non-members its statement q<n> holds exactly when the
// minimal DFA is in state n, and `accept` exactly when the prefix is a member.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"
#include "regular/crasp_class.hpp"
#include "regular/labels.hpp"
#include "regular/sample.hpp"
#include "regular/witness.hpp"
#include "regular_test_helpers.hpp"

namespace crasp::regular {
namespace {

using testing::word;

struct tracked {
  const dfa& d;
  const ir::program& p;
  std::vector<ir::node_id> state_node;  // per DFA state
  ir::node_id accept = 0;
};

// Runs w through a fresh evaluator and compares every position; returns the first mismatch.
std::string mismatch(const tracked& t, evaluator& ev, const word& w) {
  ev.reset();
  diagnostics diags;
  auto q = t.d.start;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const auto a = *t.d.symbol(w[i]);
    const auto it = std::find(t.p.vocabulary.begin(), t.p.vocabulary.end(), w[i]);
    if (!ev.push(static_cast<std::uint32_t>(it - t.p.vocabulary.begin()), diags)) return "push failed";
    q = t.d.delta[q][a];
    for (std::uint32_t s = 0; s < t.d.states(); ++s)
      if ((ev.last(t.state_node[s]) != 0) != (s == q))
        return "state q" + std::to_string(s) + " at position " + std::to_string(i);
    if ((ev.last(t.accept) != 0) != t.d.accepting[q]) return "accept at position " + std::to_string(i);
  }
  return "";
}

std::string spelled(const word& w) {
  std::string s;
  for (const auto& t : w) s += t;
  return s;
}

// The longest length whose words over d's alphabet number at most `budget` (at least 1, at most
// `cap`): every word of that length has every shorter word as a prefix.
std::size_t longest(const dfa& d, std::size_t budget, std::size_t cap) {
  std::size_t len = 1, count = d.alphabet.size();
  while (len < cap && count * d.alphabet.size() <= budget) {
    count *= d.alphabet.size();
    ++len;
  }
  return len;
}

std::vector<std::pair<std::string, std::string>> suite(const std::string& file) {
  std::ifstream in(std::string(CRASP_SOURCE_DIR) + "/bench/suites/" + file);
  std::vector<std::pair<std::string, std::string>> rows;
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    const auto c1 = line.find(','), c2 = line.rfind(',');
    rows.emplace_back(line.substr(0, c1), line.substr(c1 + 1, c2 - c1 - 1));
  }
  return rows;
}

TEST_CASE("every language of the suites decided yes has a witness that tracks its state") {
  std::size_t witnesses = 0;
  std::mt19937_64 rng(2026);
  for (const char* file : {"yang2026_main.csv", "yang2026_secondary.csv"}) {
    for (const auto& [name, regex] : suite(file)) {
      const dfa d = testing::compiled(regex);
      const auto decision = decide_crasp(d);
      if (decision.answer != crasp_answer::yes) continue;
      INFO(file << " " << name << " " << regex);
      std::string why;
      const auto text = tracking_program(d, decision.language, tracking_output::accept, why);
      INFO(why);
      REQUIRE(text);
      const auto loaded = load_text(name + ".crasp", *text);
      REQUIRE(loaded.ok());
      const ir::program& p = *loaded.program;
      CHECK(p.klass == ir::program_class::crasp);  // no positions
      tracked t{d, p, std::vector<ir::node_id>(d.states()), 0};
      for (const auto& s : p.statements) {
        if (s.name == "accept") t.accept = s.value;
        if (s.name.size() > 1 && s.name[0] == 'q' && std::isdigit(static_cast<unsigned char>(s.name[1])))
          t.state_node[std::stoul(s.name.substr(1))] = s.value;
      }
      evaluator ev(p);
      // Every word up to the length where the words number about 2,000 (12 for one letter).
      for (const auto& w : testing::words_of_length(d.alphabet, longest(d, 2000, 12))) {
        const auto bad = mismatch(t, ev, w);
        INFO(spelled(w));
        REQUIRE(bad.empty());
      }
      // Long members and non-members, where counts grow past every constant in the program.
      sampler sample(d);
      for (std::size_t n : {60, 200}) {
        for (int k = 0; k < 3; ++k)
          for (const auto& w : {sample.member(n, rng), sample.non_member(n, rng)}) {
            if (!w) continue;
            const auto bad = mismatch(t, ev, *w);
            INFO(spelled(*w));
            REQUIRE(bad.empty());
          }
      }
      ++witnesses;
    }
  }
  CHECK(witnesses == 97);
}

TEST_CASE("the next-symbol-set and state witnesses answer the labels formats at every position") {
  const auto output = GENERATE(tracking_output::next_sets, tracking_output::states);
  const auto labels_of = [&](const dfa& d, const word& w) {
    return output == tracking_output::states ? state_labels(d, w) : next_set_labels(d, w);
  };
  std::size_t witnesses = 0;
  for (const char* file : {"yang2026_main.csv", "yang2026_secondary.csv"}) {
    for (const auto& [name, regex] : suite(file)) {
      const dfa d = testing::compiled(regex);
      const auto decision = decide_crasp(d);
      if (decision.answer != crasp_answer::yes) continue;
      INFO(file << " " << name << " " << regex);
      std::string why;
      const auto text = tracking_program(d, decision.language, output, why);
      REQUIRE(text);
      const auto loaded = load_text(name + ".crasp", *text);
      REQUIRE(loaded.ok());
      const ir::program& p = *loaded.program;
      evaluator ev(p);
      for (const auto& w : testing::words_of_length(d.alphabet, longest(d, 1000, 10))) {
        const auto expected = labels_of(d, w);
        ev.reset();
        diagnostics diags;
        for (std::size_t i = 0; i < w.size(); ++i) {
          const auto it = std::find(p.vocabulary.begin(), p.vocabulary.end(), w[i]);
          REQUIRE(ev.push(static_cast<std::uint32_t>(it - p.vocabulary.begin()), diags));
          const auto next = ev.next_tokens();
          INFO(spelled(w) << " at " << i);
          REQUIRE(next.size() == 1);
          CHECK(p.vocabulary[next[0]] == expected[i]);
        }
      }
      ++witnesses;
    }
  }
  CHECK(witnesses == 97);
}

TEST_CASE("no witness where the decision is not yes by its labels") {
  const dfa d = testing::compiled("(aa)*");
  const auto decision = decide_crasp(d);
  std::string why;
  CHECK_FALSE(tracking_program(d, decision.language, tracking_output::accept, why));
  CHECK_FALSE(why.empty());
}

}  // namespace
}  // namespace crasp::regular
