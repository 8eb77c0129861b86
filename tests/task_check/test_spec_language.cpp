// crasp::check on specs that name a regular language (`regex` or `dfa`): crasp is then its own
// generator and oracle. Witnesses are confirmed with the exhaustive search over the language's
// alphabet; wrong programs are refuted, including plain Dyck-1 against depth-bounded Dyck, which
// only the automaton's boundary instances (balanced strings one level too deep) can refute.
#include <algorithm>
#include <cstdio>
#include <fstream>

#include <fmt/format.h>

#include "check_fixture.hpp"
#include "crasp/task_spec.hpp"

using namespace check_test;
using crasp::tasks::expressible;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using tokens = std::vector<std::string>;

namespace {

std::string language_spec(const std::string& name) {
  return std::string(CRASP_TEST_DATA_DIR) + "/specs/languages/" + name;
}

crasp::task_check_options language_options(const std::string& spec) {
  auto o = small_options();
  o.tasks = {language_spec(spec)};
  o.encodings = {crasp::model::positional::ape};
  o.precisions = {crasp::precision::f64};
  o.exhaustive_len = 10;
  return o;
}

std::size_t mix_count(const crasp::task_result& t, const std::string& kind) {
  std::size_t n = 0;
  for (const auto& bin : t.mix)
    if (auto it = bin.find(kind); it != bin.end()) n += it->second;
  return n;
}

// The deepest nesting of a string over a (open) and b (close); -1 when it goes negative or does
// not end balanced.
int dyck_depth(const tokens& w) {
  int d = 0, deepest = 0;
  for (const auto& t : w) {
    d += t == "a" ? 1 : -1;
    if (d < 0) return -1;
    deepest = std::max(deepest, d);
  }
  return d == 0 ? deepest : -1;
}

}  // namespace

TEST_CASE("language spec: an exact witness is a yes with its evidence", "[check][spec][language]") {
  const auto c = run(language_options("d2.toml"));
  const auto& t = only_task(c);
  INFO((t.problems.empty() ? std::string() : t.problems.front()));
  CHECK(t.ok);
  CHECK(t.ape.value == expressible::yes);
  CHECK(t.nope.value == expressible::yes);  // the witness is plain C-RASP
  REQUIRE(t.witness.has_value());
  CHECK_FALSE(t.witness->found);
  CHECK(t.witness->exhaustive_len == 10);
  CHECK(t.witness->exhaustive_skipped.empty());
  CHECK_THAT(t.witness->exhaustive_space,
             StartsWith("every word over the language's 2 symbols (a b), answered by the "
                        "minimal DFA of the regex (4 states)"));
  CHECK(t.vocab == 2);
  // Bins hold members and non-members, and crasp's own hard instances of every kind.
  REQUIRE(t.mix.size() == c.report->bins.size());
  // small_options: 3 per bin; the short far bin fills up to --samples within its token budget
  CHECK(mix_count(t, "sampled") == 3 + 3 + 3);
  CHECK(mix_count(t, "boundary non-member") > 0);
  CHECK(mix_count(t, "boundary member") > 0);
  CHECK(t.adversarial() > 0);
  CHECK(crasp::verdict_label(t, false) ==
        fmt::format("yes (witness; exhaustive to length 10, {} instances, {} adversarial)",
                    t.tested, t.adversarial()));
}

TEST_CASE("language spec: plain Dyck-1 is refuted on depth-12 Dyck by a balanced deeper string",
          "[check][spec][language]") {
  auto o = language_options("d12_dyck1.toml");
  o.train_lo = 24, o.train_hi = 40;  // room for a^13 b^13 and its kin in the training bin
  const auto c = run(o);
  const auto& t = only_task(c);
  REQUIRE(t.witness.has_value());
  const auto& w = *t.witness;
  REQUIRE(w.found);
  // Every input up to 10 tokens is right (no depth past 12 fits): the counterexample is a
  // balanced string deeper than 12 that plain Dyck-1 accepts.
  CHECK(w.length > 10);
  CHECK(dyck_depth(w.input) > 12);
  CHECK(w.got == tokens{"True"});
  CHECK(w.expected == tokens{"False"});
  CHECK_THAT(w.origin, StartsWith("adversarial, "));
  CHECK(t.ape.value == expressible::unknown);
  CHECK(crasp::verdict_label(t, false) == "refuted");
}

TEST_CASE("language spec: the papers' next-symbol labels", "[check][spec][language]") {
  const auto c = run(language_options("d2_next.toml"));
  const auto& t = only_task(c);
  INFO((t.problems.empty() ? std::string() : t.problems.front()));
  CHECK(t.ok);
  CHECK(t.ape.value == expressible::yes);
  REQUIRE(t.witness.has_value());
  // Members only: of the 2,046 words up to 10 symbols, the members of even length.
  CHECK(t.witness->exhaustive_len == 10);
  CHECK(t.witness->searched < 2046);
  // Label words are outputs: the search enumerates the language's two symbols only.
  CHECK_THAT(t.witness->exhaustive_space, StartsWith("every word over the language's 2 symbols"));
  CHECK(mix_count(t, "boundary non-member") == 0);
  CHECK(mix_count(t, "boundary member") > 0);
}

TEST_CASE("language spec: a wrong program's shortest counterexample, and a dfa file",
          "[check][spec][language]") {
  const auto wrong = run(language_options("tomita2_wrong.toml"));
  const auto& t = only_task(wrong);
  REQUIRE(t.witness.has_value());
  CHECK(t.witness->found);
  CHECK(t.witness->shortest);
  CHECK(t.witness->input == tokens{"0", "1", "1", "0"});
  CHECK(t.witness->got == tokens{"True"});
  CHECK(t.witness->origin == "exhaustive search, the language's automaton");

  const auto right = run(language_options("tomita2_dfa.toml"));
  const auto& r = only_task(right);
  INFO((r.problems.empty() ? std::string() : r.problems.front()));
  CHECK(r.ok);
  CHECK(r.ape.value == expressible::yes);
  CHECK(r.nope.value == expressible::unknown);  // i % 2: positions
  REQUIRE(r.witness.has_value());
  CHECK_THAT(r.witness->exhaustive_space, Contains("(0 1), answered by the minimal DFA of the dfa "
                                                   "file (3 states)"));
}

TEST_CASE("language spec: a bad regex or dfa is refused before anything runs, located",
          "[check][spec][language]") {
  const auto dir = std::string(CRASP_TEST_DATA_DIR) + "/specs/languages/";
  struct bad {
    std::string text, message;
  };
  const std::vector<bad> cases = {
      {"name = \"x\"\nformat = \"accept\"\nregex = \"(ab\"\n",
       "tmp_bad_language.toml:3:10: error: regex: unclosed '('"},
      {"name = \"x\"\nformat = \"accept\"\nregex = \"ab*c\"\nvocabulary = \"a b\"\n",
       "regex: unknown symbol 'c'"},
      {"name = \"x\"\nformat = \"count\"\nregex = \"ab\"\n",
       "a regular language is posed as accept or labels"},
      {"name = \"x\"\nformat = \"accept\"\nregex = \"ab\"\noracle = [\"sh\"]\n",
       "a spec with a regex is its own generator and oracle; drop 'oracle'"},
      {"name = \"x\"\nformat = \"labels\"\nregex = \"ab\"\nlabels = \"sets\"\n",
       "'labels' must be next"},
      {"name = \"x\"\nformat = \"accept\"\nregex = \"ab\"\ndfa = \"tomita2.dfa\"\n",
       "'regex' or 'dfa', not both"},
      {"name = \"x\"\nformat = \"labels\"\noracle = [\"sh\"]\nlabels = \"next\"\n",
       "'labels' applies to a spec with a regex or dfa"},
  };
  for (const auto& k : cases) {
    INFO(k.text);
    const std::string path = dir + "x.toml";
    crasp::diagnostics diags;
    auto spec = crasp::parse_task_file(path, k.text, diags);
    std::optional<crasp::check_report> report;
    if (spec) {
      // Parsing passed: the language is built when the check plans the spec.
      crasp::task_check_options o = language_options("d2.toml");
      const std::string tmp = dir + "tmp_bad_language.toml";
      {
        std::ofstream out(tmp);
        out << k.text;
      }
      o.tasks = {tmp};
      report = crasp::check(o, diags);
      std::remove(tmp.c_str());
    }
    CHECK_FALSE(report.has_value());
    CHECK_THAT(crasp::render(diags), Contains(k.message));
  }
}
