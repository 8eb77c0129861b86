// crasp::check on a small configuration: what it runs, what it finds, and that it is
// deterministic and refuses unusable options.
#include <regex>

#include "check_fixture.hpp"

using namespace check_test;

TEST_CASE("check: bins are train, test and one per far factor", "[check]") {
  const auto bins = crasp::check_bins(small_options());
  REQUIRE(bins.size() == 3);
  CHECK(bins[0].name == "train");
  CHECK(bins[1].lo == 13);
  CHECK(bins[2].name == "3x");
  CHECK(bins[2].lo == 36);
  CHECK(bins[2].hi == 36);
  auto o = small_options();
  o.far_samples = 0;
  CHECK(crasp::check_bins(o).size() == 2);
}

TEST_CASE("check: expressible tasks are exact on every engine that applies", "[check]") {
  const auto& r = small_report();
  REQUIRE(r.tasks.size() == 6);
  CHECK(r.ok());
  const auto& ur = result(r, "UR");
  CHECK(ur.program_class == "C-RASP[pos]");
  // interpreter + APE, RoPE, NoPE in f64 and f32
  REQUIRE(ur.engines.size() == 7);
  CHECK(ur.engines[0].name == "interpreter");
  for (const auto& e : ur.engines) {
    INFO(e.name << ": " << e.note);
    if (e.name.rfind("NoPE", 0) == 0) {
      CHECK_FALSE(e.applicable);  // C-RASP[pos] programs cannot be NoPE models
      continue;
    }
    CHECK(e.applicable);
    REQUIRE(e.bins.size() == 3);
    for (const auto& b : e.bins) {
      CHECK(b.total > 0);
      CHECK(b.correct == b.total);
    }
  }
  // A plain C-RASP program also runs as a NoPE model.
  const auto& maj = result(r, "bin_majority");
  CHECK(maj.program_class == "C-RASP");
  for (const auto& e : maj.engines) CHECK(e.applicable);
}

TEST_CASE("check: bins respect the task's limits", "[check]") {
  // UF has distinct tokens, at most k = 36 of them here: every bin (up to 36) is feasible, and
  // the lengths drawn lie inside the requested bin.
  const auto& uf = result(small_report(), "UF");
  const auto& interp = uf.engines.at(0);
  for (std::size_t b = 0; b < interp.bins.size(); ++b) {
    CHECK(interp.bins[b].lo >= small_report().bins[b].lo);
    CHECK(interp.bins[b].hi <= small_report().bins[b].hi);
  }
  CHECK(uf.vocab == 36);
}

TEST_CASE("check: --vocab sets the symbols of the tasks whose vocabulary varies", "[check]") {
  auto o = small_options();
  o.tasks = {"UR", "majority", "parity"};
  o.vocab = 150;
  o.far_samples = 0;
  o.encodings = {crasp::model::positional::ape};
  o.precisions = {crasp::precision::f32};
  crasp::diagnostics diags;
  const auto r = crasp::check(o, diags);
  REQUIRE(r.has_value());
  CHECK(r->ok());
  CHECK(result(*r, "UR").vocab == 150);      // retrieval: any k >= its minimum
  CHECK(result(*r, "majority").vocab == 26);  // clamped: one letter per symbol
  CHECK(result(*r, "parity").vocab == 2);     // a fixed alphabet ignores it
  CHECK(crasp::check_vocab(*crasp::tasks::find("UR"), 0) == 5);
  CHECK(crasp::check_vocab(*crasp::tasks::find("UF"), 0) == 150);
  CHECK(crasp::check_vocab(*crasp::tasks::find("UF"), 20) == 20);
}

TEST_CASE("check: the wrong candidate for NRLast is refuted with a real counterexample",
          "[check]") {
  const auto& nr = result(small_report(), "NRLast");
  CHECK(nr.engines.empty());
  REQUIRE(nr.candidates.size() == 1);
  const auto& c = nr.candidates.front();
  CHECK(c.found);
  CHECK(c.shortest);
  CHECK(c.length >= 4);
  // The counterexample is a valid NRLast instance whose reference answer differs from the
  // candidate's.
  const auto& spec = *crasp::tasks::find("NRLast");
  CHECK(crasp::tasks::precondition(spec, c.input));
  CHECK(crasp::tasks::solve(spec, c.input) == std::optional(c.expected));
  CHECK(c.got != c.expected);
  CHECK(nr.ape.value == crasp::tasks::expressible::no);
}

TEST_CASE("check: a task without program or candidate reports its verdict only", "[check]") {
  const auto& p = result(small_report(), "parity");
  CHECK(p.engines.empty());
  CHECK(p.candidates.empty());
  CHECK_FALSE(p.witness.has_value());
  CHECK(p.ape.value == crasp::tasks::expressible::no);
  CHECK(p.published.size() == 1);
  CHECK(p.ok);
}

TEST_CASE("check: the same seed gives the same report, whatever the thread count", "[check]") {
  auto o = small_options();
  o.tasks = {"UR", "NRLast", "dyck1"};
  o.encodings = {crasp::model::positional::ape};
  o.precisions = {crasp::precision::f32};
  crasp::diagnostics diags;
  o.threads = 1;
  const auto a = crasp::check(o, diags);
  o.threads = 3;
  const auto b = crasp::check(o, diags);
  REQUIRE(a);
  REQUIRE(b);
  // Timings differ; everything else must not.
  const std::regex seconds("\"seconds\": [0-9.e+-]+");
  CHECK(std::regex_replace(crasp::check_report_json(*a), seconds, "") ==
        std::regex_replace(crasp::check_report_json(*b), seconds, ""));
  o.seed = 8;
  const auto c = crasp::check(o, diags);
  REQUIRE(c);
  CHECK(std::regex_replace(crasp::check_report_json(*a), seconds, "") !=
        std::regex_replace(crasp::check_report_json(*c), seconds, ""));
}

TEST_CASE("check: progress reaches its total", "[check]") {
  auto o = small_options();
  o.tasks = {"UR", "parity"};
  o.precisions = {crasp::precision::f64};
  std::size_t last = 0, total = 0;
  o.progress = [&](std::size_t done, std::size_t all, const std::string&) {
    CHECK(done == last + 1);
    last = done;
    total = all;
  };
  crasp::diagnostics diags;
  REQUIRE(crasp::check(o, diags));
  CHECK(last == total);
  CHECK(total > 2);
}

TEST_CASE("check: unusable options are errors, not reports", "[check]") {
  const auto refused = [](crasp::task_check_options o, const std::string& expect) {
    crasp::diagnostics diags;
    CHECK_FALSE(crasp::check(o, diags));
    CHECK(crasp::render(diags).find(expect) != std::string::npos);
  };
  auto o = small_options();
  o.tasks = {"UR", "Nope"};
  refused(o, "unknown task 'Nope'");
  o = small_options();
  o.train_lo = 0;
  refused(o, "training lengths");
  o = small_options();
  o.test_lo = 30, o.test_hi = 20;
  refused(o, "test lengths 30:20");
  o = small_options();
  o.samples = 0;
  refused(o, "--samples");
}

TEST_CASE("check: a missing program is a problem of that task", "[check]") {
  auto o = small_options();
  o.tasks = {"UR"};
  o.programs_dir = "/nonexistent";
  crasp::diagnostics diags;
  const auto r = crasp::check(o, diags);
  REQUIRE(r);
  CHECK_FALSE(r->ok());
  REQUIRE_FALSE(r->tasks[0].problems.empty());
  CHECK(r->tasks[0].problems[0].find("cannot load programs/ur.crasp") != std::string::npos);
  // A witness that did not run proves nothing: the literature's yes is not shown.
  CHECK(r->tasks[0].ape.value != crasp::tasks::expressible::yes);
}

TEST_CASE("check: the witness is searched exhaustively over short inputs", "[check]") {
  const auto& ur = result(small_report(), "UR");
  REQUIRE(ur.witness.has_value());
  CHECK_FALSE(ur.witness->found);
  CHECK(ur.witness->exhaustive_len >= 3);  // 36 symbols: every input to length 3 (46,656)
  CHECK(ur.witness->searched > 1000);
  CHECK(crasp::verdict_label(ur, false) == "yes");
}

TEST_CASE("check: --programs replaces only the programs its folder holds", "[check]") {
  // A folder with one wrong program for UR: UR runs it and fails; NRLast keeps the bundled
  // candidate and still refutes it.
  const std::string dir = std::string(CRASP_TEST_DATA_DIR) + "/task_check/override";
  auto o = small_options();
  o.tasks = {"UR", "NRLast"};
  o.override_dir = dir;
  crasp::diagnostics diags;
  const auto r = crasp::check(o, diags);
  REQUIRE(r);
  const auto& ur = result(*r, "UR");
  CHECK(ur.program == dir + "/ur.crasp");
  CHECK_FALSE(ur.ok);
  REQUIRE(ur.witness.has_value());
  CHECK(ur.witness->found);  // refuted, with a counterexample
  CHECK(crasp::verdict_label(ur, false) == "refuted");
  const auto& nr = result(*r, "NRLast");
  CHECK(nr.ok);
  REQUIRE(nr.candidates.size() == 1);
  CHECK(nr.candidates[0].program == "nrfirst.crasp");
  CHECK(nr.candidates[0].found);
}
