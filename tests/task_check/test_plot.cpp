#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <string>

#include "crasp/task_check.hpp"

using namespace crasp;

namespace {

std::size_t count(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (auto p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

bin_result bin(std::size_t lo, std::size_t hi, std::size_t total, std::size_t correct) {
  bin_result b;
  b.lo = lo;
  b.hi = hi;
  b.total = total;
  b.correct = correct;
  return b;
}

// Two tasks: one whose program is exact on every bin (interpreter and APE f64), one without a
// program whose wrong candidate fails from length 5, with two published series.
check_report sample_report() {
  check_report r;
  r.options.seed = 7;
  r.options.samples = 20;
  r.bins = {{"train", 4, 100, 20}, {"test", 101, 200, 20}, {"10x", 1000, 1000, 20},
            {"100x", 10000, 10000, 2}};

  task_result ur;
  ur.task = "UR";
  ur.ape = {tasks::expressible::yes, "witness: programs/ur.crasp"};
  for (const char* name : {"interpreter", "APE f64"}) {
    engine_result e;
    e.name = name;
    if (e.name != "interpreter") e.kind = engine_kind::compiled;  // APE f64
    e.bins = {bin(4, 100, 20, 20), bin(101, 200, 20, 20), bin(1000, 1000, 2, 2),
              bin(10000, 10000, 2, 2)};
    ur.engines.push_back(e);
  }

  task_result nr;
  nr.task = "NRLast";
  nr.ape = {tasks::expressible::no, "published impossibility"};
  candidate_result c;
  c.program = "ur&nr<wrong>.crasp";
  c.found = true;
  c.length = 5;
  c.shortest = true;
  c.bins = {bin(4, 100, 20, 11), bin(101, 200, 20, 9), bin(1000, 1000, 2, 1),
            bin(0, 0, 0, 0)};
  nr.candidates = {c};
  nr.published = {{"Born a Transformer (from scratch)", "APE", {{4, 100, 0.99}, {101, 200, 0.4}}},
                  {"Born a Transformer (from scratch)", "RoPE", {{4, 100, 0.97}, {101, 200, 0.2}}}};
  r.tasks = {ur, nr};
  return r;
}

}  // namespace

TEST_CASE("check_plot_svg draws one panel per task with legend and candidate") {
  const check_report r = sample_report();
  const std::string svg = check_plot_svg(r);
  if (const char* path = std::getenv("CRASP_PLOT_SAMPLE")) std::ofstream(path) << svg;

  CHECK((svg.rfind("<svg", 0) == 0 || svg.rfind("<?xml", 0) == 0));
  CHECK(svg.find("xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
  CHECK(svg.find("viewBox=") != std::string::npos);
  CHECK(count(svg, "</svg>") == 1);
  CHECK(svg.find("crasp check: accuracy vs length") != std::string::npos);
  CHECK(svg.find("seed 7; instances per task: train 20, test 20, 10x 20, 100x 2") != std::string::npos);

  // One title per task, with the APE verdict.
  CHECK(count(svg, "UR — C-RASP[pos]<") == 1);
  CHECK(count(svg, "NRLast — not C-RASP[pos]<") == 1);

  // Legend: the engines, the candidate, the published series, the training band.
  for (const char* s : {">interpreter<", ">APE f64<", ">wrong candidate program (interpreter)<",
                        ">first counterexample (length)<",
                        ">Born a Transformer (from scratch) APE (trained)<",
                        ">Born a Transformer (from scratch) RoPE (trained)<",
                        ">training lengths<", "px apart vertically"})
    CHECK(svg.find(s) != std::string::npos);

  // Candidate labels, with the program name XML-escaped.
  CHECK(svg.find("wrong candidate ur&amp;nr&lt;wrong&gt;.crasp") != std::string::npos);
  CHECK(svg.find("ur&nr") == std::string::npos);
  CHECK(svg.find("first counterexample 5<") != std::string::npos);

  // Decade ticks up to 10000.
  for (const char* s : {">10<", ">100<", ">1000<", ">10000<"})
    CHECK(svg.find(s) != std::string::npos);

  CHECK(check_plot_svg(r) == svg);
}

TEST_CASE("check_plot_svg copes with an empty report") {
  const std::string svg = check_plot_svg(check_report{});
  CHECK(svg.rfind("<?xml", 0) == 0);
  CHECK(count(svg, "</svg>") == 1);
}
