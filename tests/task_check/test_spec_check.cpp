// crasp::check on task specs (tests/data/specs/*.toml), end to end through the generator, oracle
// and data protocols, on small bins: one spec per answer format with an exact witness, wrong
// witnesses and candidates with their shortest counterexamples, scripts that fail while the
// check runs, tokens outside the programs' alphabets, `expect`, `alphabets`, determinism, and
// specs beside catalogue tasks.
#include <algorithm>
#include <regex>

#include "check_fixture.hpp"

using namespace check_test;
using crasp::tasks::answer_format;
using crasp::tasks::expressible;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using tokens = std::vector<std::string>;

namespace {

std::string spec_path(const std::string& name) {
  return std::string(CRASP_TEST_DATA_DIR) + "/specs/" + name;
}

crasp::task_check_options spec_options(const std::vector<std::string>& specs) {
  auto o = small_options();
  o.tasks.clear();
  for (const auto& s : specs) o.tasks.push_back(s.find(".toml") != std::string::npos ? spec_path(s) : s);
  o.encodings = {crasp::model::positional::ape};
  o.precisions = {crasp::precision::f64};
  o.exhaustive_len = 10;
  return o;
}

std::string problems_of(const crasp::task_result& t) {
  std::string s;
  for (const auto& p : t.problems) s += p + "\n";
  return s + crasp::render(t.errors);
}

bool has_problem(const crasp::task_result& t, const std::string& text) {
  return std::any_of(t.problems.begin(), t.problems.end(),
                     [&](const std::string& p) { return p.find(text) != std::string::npos; });
}

// A spec whose witness is exact: verdict yes (witness), and NoPE yes (every witness here is
// plain C-RASP), on the interpreter and the APE and NoPE models, every bin non-empty. `searches`:
// the spec has an oracle or data, so the witness meets instances in the counterexample search too
// (otherwise only in the bins).
void check_exact(const std::string& spec, answer_format format, std::size_t vocab,
                 bool searches = true) {
  auto o = spec_options({spec});
  o.encodings = {crasp::model::positional::ape, crasp::model::positional::nope};
  const auto c = run(o);
  const auto& t = only_task(c);
  INFO(problems_of(t));
  CHECK(t.source == spec_path(spec));
  CHECK(t.category == "task spec");
  CHECK(t.format == format);
  CHECK(t.program_class == "C-RASP");
  CHECK(t.vocab == vocab);
  CHECK(t.ok);
  CHECK(c.report->ok());
  CHECK(t.problems.empty());
  CHECK(t.errors.empty());
  CHECK(t.ape.value == expressible::yes);
  REQUIRE(t.witness.has_value());
  CHECK_THAT(crasp::verdict_label(t, false), StartsWith("yes (witness; exhaustive to length "));
  CHECK(t.witness->exhaustive_skipped.empty());
  CHECK(t.witness->exhaustive_len > 0);
  CHECK(t.tested > t.witness->searched);
  CHECK(t.nope.value == expressible::yes);
  CHECK(crasp::verdict_label(t, true) == "yes");
  CHECK(t.expect == std::optional(expressible::yes));
  CHECK(t.agrees_expect);
  CHECK_FALSE(t.paper_ape.has_value());
  // interpreter, APE f64, NoPE f64: all exact on every bin, and every bin has instances.
  REQUIRE(t.engines.size() == 3);
  CHECK(t.engines[0].name == "interpreter");
  for (const auto& e : t.engines) {
    INFO(e.name << ": " << e.note);
    CHECK(e.applicable);
    REQUIRE(e.bins.size() == 3);
    for (std::size_t b = 0; b < 3; ++b) {
      INFO("bin " << b);
      CHECK(e.bins[b].total > 0);
      CHECK(e.bins[b].correct == e.bins[b].total);
      CHECK(e.bins[b].lo >= c.report->bins[b].lo);
      CHECK(e.bins[b].hi <= c.report->bins[b].hi);
    }
  }
  REQUIRE(t.witness.has_value());
  CHECK_FALSE(t.witness->found);
  CHECK((t.witness->searched > 0) == searches);
}

}  // namespace

TEST_CASE("spec check: accept, exact witness", "[check][spec]") {
  check_exact("has_a.toml", answer_format::accept, 2);
}

TEST_CASE("spec check: continuation, exact witness", "[check][spec]") {
  check_exact("majority.toml", answer_format::continuation, 3);
}

TEST_CASE("spec check: labels of Booleans, exact witness", "[check][spec]") {
  check_exact("gt.toml", answer_format::labels, 2);
}

TEST_CASE("spec check: labels of integers, exact witness", "[check][spec]") {
  check_exact("count_pre.toml", answer_format::labels, 2);
}

TEST_CASE("spec check: labels of tokens through next rules, exact witness", "[check][spec]") {
  check_exact("mode.toml", answer_format::labels, 2);
}

TEST_CASE("spec check: count, exact witness, with data outside the bins", "[check][spec]") {
  check_exact("count_a.toml", answer_format::count, 2);
  // The data instances of lengths 1 and 3 lie outside every bin: the search still tries them.
  const auto c = run(spec_options({"count_a.toml"}));
  const auto& t = only_task(c);
  REQUIRE(t.witness.has_value());
  CHECK(t.witness->exhaustive_len == 10);
  // The data's lengths-1 and -3 inputs, the enumeration's and the bins' are all searched.
  CHECK(t.witness->searched >= 2046);
}

TEST_CASE("spec check: a witness wrong from length 4 on, with its shortest counterexample",
          "[check][spec]") {
  const auto c = run(spec_options({"has_a_short.toml"}));
  const auto& t = only_task(c);
  INFO(problems_of(t));
  REQUIRE(t.witness.has_value());
  const auto& w = *t.witness;
  CHECK(w.found);
  CHECK(w.shortest);
  CHECK(w.input == tokens{"a", "a", "a", "a"});  // the first 4-token string, in the search order
  CHECK(w.expected == tokens{"True"});
  CHECK(w.got == tokens{"False"});
  CHECK(w.length == 4);
  CHECK(w.origin == "exhaustive search, oracle");
  CHECK(w.exhaustive_len == 3);
  CHECK_THAT(w.exhaustive_space,
             StartsWith("every token string over 2 tokens, by input tokens; tokens a b from the "
                        "inputs of "));
  CHECK_THAT(w.exhaustive_space, Contains("(the spec has no vocabulary key)"));
  CHECK(crasp::verdict_label(t, false) == "refuted");
  CHECK(t.ape.value == expressible::unknown);
  CHECK(t.nope.value == expressible::unknown);
  CHECK_FALSE(t.ok);
  CHECK_FALSE(c.report->ok());
  CHECK(has_problem(t, "is wrong at length 4: a a a a => False (expected True)"));
  CHECK(t.errors.empty());
}

TEST_CASE("spec check: a candidate refuted by the oracle's exhaustive search", "[check][spec]") {
  const auto c = run(spec_options({"has_a_cand.toml"}));
  const auto& t = only_task(c);
  INFO(problems_of(t));
  CHECK(t.ok);
  CHECK(t.ape.value == expressible::yes);
  REQUIRE(t.candidates.size() == 1);
  const auto& k = t.candidates.front();
  CHECK(k.program.find("last_a.crasp") != std::string::npos);
  CHECK(k.found);
  CHECK(k.shortest);
  CHECK(k.input == tokens{"a", "b"});
  CHECK(k.expected == tokens{"True"});
  CHECK(k.got == tokens{"False"});
  CHECK(k.length == 2);
  CHECK(k.origin == "exhaustive search, oracle");
  // The witness survives the whole search: every input up to 10 tokens was tried.
  REQUIRE(t.witness.has_value());
  CHECK_FALSE(t.witness->found);
  CHECK(t.witness->exhaustive_len == 10);
  CHECK(t.witness->searched >= 2046);
  // The candidate's accuracy per bin is measured on the bins' instances.
  REQUIRE(k.bins.size() == 3);
  CHECK(k.bins[0].total > 0);
}

TEST_CASE("spec check: a candidate refuted only through the generator is not known shortest",
          "[check][spec]") {
  const auto c = run(spec_options({"has_a_gen_only.toml"}));
  const auto& t = only_task(c);
  INFO(problems_of(t));
  CHECK(t.ok);
  REQUIRE(t.candidates.size() == 1);
  const auto& k = t.candidates.front();
  CHECK(k.found);
  CHECK_FALSE(k.shortest);
  CHECK(k.exhaustive_len == 0);
  CHECK_THAT(k.origin, StartsWith("generator --length "));
  CHECK(k.length == k.input.size());
  CHECK(k.input.back() == "b");
  CHECK(std::find(k.input.begin(), k.input.end(), "a") != k.input.end());
  CHECK(k.expected == tokens{"True"});
  CHECK(k.got == tokens{"False"});
  // The witness is right everywhere it ran, but without an oracle nothing short was
  // enumerated: that is no yes, and the report says why.
  REQUIRE(t.witness.has_value());
  CHECK_FALSE(t.witness->found);
  CHECK(t.witness->exhaustive_len == 0);
  CHECK(t.witness->exhaustive_skipped == "the spec has no oracle to answer enumerated inputs");
  CHECK(t.ape.value == expressible::unknown);
  CHECK_THAT(t.ape.reason, Contains("no short input was searched exhaustively (the spec has no "
                                    "oracle to answer enumerated inputs)"));
  CHECK(crasp::verdict_label(t, false) == "unknown");
}

TEST_CASE("spec check: a generator that crashes mid-check stops the task with located errors",
          "[check][spec]") {
  const auto c = run(spec_options({"crash.toml"}));
  const auto& t = only_task(c);
  CHECK_FALSE(t.ok);
  CHECK_FALSE(c.report->ok());
  REQUIRE(t.errors.has_errors());
  const std::string errors = crasp::render(t.errors);
  CHECK_THAT(errors, StartsWith(spec_path("crash.toml") + ":4:13: error: the generator (--length "));
  CHECK_THAT(errors, Contains("exited with status 1"));
  CHECK_THAT(errors, Contains("ValueError: length "));
  CHECK(has_problem(t, "the instance source failed (see the errors)"));
  CHECK(t.ape.value != expressible::yes);
  // The check itself succeeded: the failure belongs to the task.
  CHECK_FALSE(c.diags.has_errors());
}

TEST_CASE("spec check: tokens outside the program's alphabet", "[check][spec]") {
  // In data: refused before anything runs.
  {
    const auto c = run(spec_options({"alien_data.toml"}));
    CHECK_FALSE(c.report.has_value());
    CHECK_THAT(c.rendered, StartsWith(spec_path("alien_data.toml") + ":4:8: error: the instance "
                                      "at alien.jsonl:2 has the input token 'z', which "));
    CHECK_THAT(c.rendered, Contains("has_a.crasp's alphabet does not contain (the spec's "
                                    "`alphabets` can change it)"));
  }
  // From the generator: an error of the task while it runs.
  {
    const auto c = run(spec_options({"alien_gen.toml"}));
    const auto& t = only_task(c);
    CHECK_FALSE(t.ok);
    const std::string errors = crasp::render(t.errors);
    CHECK_THAT(errors, StartsWith(spec_path("alien_gen.toml") + ":4:13: error: the generator's "
                                  "instance (generator --length "));
    CHECK_THAT(errors, Contains("has the input token 'z'"));
  }
}

TEST_CASE("spec check: specs that cannot run are refused before anything runs", "[check][spec]") {
  const auto refused = [](const std::string& spec, const std::string& message) {
    INFO(spec);
    const auto c = run(spec_options({spec}));
    CHECK_FALSE(c.report.has_value());
    CHECK_THAT(c.rendered, Contains(message));
  };
  refused("misfit_accept.toml", "misfit_accept.toml:5:11: error: the program 'count_a.crasp' ends "
                                "in a count, but format accept reads a Boolean last statement");
  refused("misfit_continuation.toml", "error: the candidate 'has_a.crasp' has no next rules, but "
                                      "format continuation generates");
  refused("broken_program.toml", "error: the program 'broken.crasp' does not load (its errors "
                                 "follow)");
  refused("broken_program.toml", "broken.crasp:5:9: error: undefined name 'B'");
  refused("full.toml", "full.toml:11:13: error: no program of the spec declares an alphabet 'Ctl'");
  refused("no_such_spec.toml", "no_such_spec.toml: error: cannot read the task spec");
  // One broken spec refuses the whole check, even beside good ones.
  const auto mixed = run(spec_options({"has_a.toml", "misfit_accept.toml"}));
  CHECK_FALSE(mixed.report.has_value());
}

TEST_CASE("spec check: expect = yes with a refuted witness fails", "[check][spec]") {
  const auto c = run(spec_options({"expect_yes_refuted.toml"}));
  const auto& t = only_task(c);
  CHECK(t.expect == std::optional(expressible::yes));
  CHECK_FALSE(t.agrees_expect);
  CHECK_FALSE(t.ok);
  CHECK(crasp::verdict_label(t, false) == "refuted");
  CHECK(has_problem(t, "the spec expects yes, and the C-RASP[pos] verdict is refuted"));
}

TEST_CASE("spec check: expect = no without a witness agrees", "[check][spec]") {
  const auto c = run(spec_options({"expect_no.toml"}));
  const auto& t = only_task(c);
  INFO(problems_of(t));
  CHECK_FALSE(t.witness.has_value());
  CHECK(t.engines.empty());
  CHECK(t.program.empty());
  CHECK(t.ape.value == expressible::unknown);
  CHECK(t.ape.reason == "no witness program");
  CHECK(t.expect == std::optional(expressible::no));
  CHECK(t.agrees_expect);
  CHECK(t.ok);
  REQUIRE(t.candidates.size() == 1);
  CHECK(t.candidates[0].found);
}

TEST_CASE("spec check: the same options give the same report", "[check][spec]") {
  auto o = spec_options({"has_a_cand.toml", "count_a.toml", "has_a_gen_only.toml"});
  o.threads = 1;
  const auto a = run(o);
  o.threads = 2;
  const auto b = run(o);
  REQUIRE(a.report.has_value());
  REQUIRE(b.report.has_value());
  const std::regex seconds(R"("seconds": [-+0-9.eE]+)");
  const auto ja = std::regex_replace(crasp::check_report_json(*a.report), seconds, "");
  const auto jb = std::regex_replace(crasp::check_report_json(*b.report), seconds, "");
  CHECK(ja == jb);
  CHECK(ja.find("\"source\": \"" + spec_path("has_a_cand.toml") + "\"") != std::string::npos);
  // Another seed draws other instances.
  o.seed = 8;
  const auto other = run(o);
  REQUIRE(other.report.has_value());
  CHECK(std::regex_replace(crasp::check_report_json(*other.report), seconds, "") != ja);
}

TEST_CASE("spec check: a spec beside a catalogue task", "[check][spec]") {
  const auto c = run(spec_options({"UR", "has_a.toml"}));
  INFO(c.rendered);
  REQUIRE(c.report.has_value());
  REQUIRE(c.report->tasks.size() == 2);
  const auto& ur = c.report->tasks[0];
  const auto& spec = c.report->tasks[1];
  CHECK(ur.task == "UR");
  CHECK(ur.source == "catalogue");
  CHECK(ur.category != "task spec");
  CHECK(crasp::verdict_label(ur, false) == "yes");
  CHECK(spec.task == "has_a");
  CHECK(spec.source == spec_path("has_a.toml"));
  CHECK_THAT(crasp::verdict_label(spec, false), StartsWith("yes (witness; exhaustive to length "));
  CHECK(c.report->ok());
  // The catalogue task's result does not depend on the spec beside it.
  const auto alone = run(spec_options({"UR"}));
  REQUIRE(alone.report.has_value());
  REQUIRE(alone.report->tasks.size() == 1);
  CHECK(alone.report->tasks[0].engines[0].bins[0].first_failure == ur.engines[0].bins[0].first_failure);
  CHECK(alone.report->tasks[0].engines[0].bins[1].lo == ur.engines[0].bins[1].lo);
  CHECK(alone.report->tasks[0].engines[0].bins[1].hi == ur.engines[0].bins[1].hi);
}

TEST_CASE("spec check: alphabets replace the program's and reach the scripts", "[check][spec]") {
  // ur3.toml sets Sym to t0..t2 for the bundled programs/ur.crasp; its generator and oracle
  // exit with an error unless CRASP_ALPHABET_Sym is set, and draw their symbols from it.
  const auto c = run(spec_options({"ur3.toml"}));
  const auto& t = only_task(c);
  INFO(problems_of(t));
  CHECK(t.ok);
  CHECK(t.errors.empty());
  CHECK(t.vocab == 5);  // t0 t1 t2 <bos> <sep>
  CHECK(t.program_class == "C-RASP[pos]");
  CHECK_THAT(crasp::verdict_label(t, false), StartsWith("yes (witness; exhaustive to length "));
  CHECK(t.witness->exhaustive_skipped.empty());
  CHECK(t.witness->exhaustive_len > 0);
  CHECK(t.tested > t.witness->searched);
  CHECK(t.nope.value == expressible::unknown);  // the witness uses positions
  REQUIRE(t.witness.has_value());
  CHECK_FALSE(t.witness->found);
  CHECK_THAT(t.witness->exhaustive_space,
             StartsWith("every input shaped like the generator's (<bos> first, <sep> second "
                        "from the end, the rest over 3 tokens), by input tokens; tokens <bos> "
                        "<sep> t0 t1 t2 from the inputs of "));
  CHECK(t.witness->exhaustive_len == 10);
  for (const auto& b : t.engines.at(0).bins) CHECK(b.total > 0);
}

// A witness that was never run on a single instance (every bin empty, no oracle, no data) is not
// evidence: the verdict is unknown and the check fails, so a generator that silently writes
// nothing cannot pass it.
TEST_CASE("spec check: a witness tested on no instance is not a yes", "[check][spec]") {
  const auto c = run(spec_options({"no_instances.toml"}));
  const auto& t = only_task(c);
  for (const auto& b : t.engines.at(0).bins) CHECK(b.total == 0);  // the premise
  CHECK(t.ape.value == expressible::unknown);
  CHECK_THAT(t.ape.reason, Catch::EndsWith("has_a.crasp was run on no instance"));
  CHECK(std::any_of(t.problems.begin(), t.problems.end(), [](const std::string& p) {
    return p.rfind("the witness was run on no instance", 0) == 0;
  }));
  CHECK_FALSE(t.ok);
}

// "Shortest" compares input tokens with the tokens the exhaustive search covered, not the task's
// "length" (from the data or the oracle). Here the search covers 3 tokens and the data instance
// has 6 tokens with "length": 3 (outside every bin, so the search tries it right after the
// exhaustive phase): it is not a shortest counterexample, since `a a a a` (4 tokens) also fails.
TEST_CASE("spec check: shortest compares tokens with tokens", "[check][spec]") {
  auto o = spec_options({"token_length.toml"});
  o.exhaustive_len = 3;
  const auto c = run(o);
  const auto& t = only_task(c);
  REQUIRE(t.candidates.size() == 1);
  const auto& k = t.candidates.front();
  CHECK(k.exhaustive_len == 3);
  REQUIRE(k.found);
  CHECK(k.input.size() == 6);
  CHECK_FALSE(k.shortest);
}
