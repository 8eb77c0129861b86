// The communication analysis: the soundness guard (a program as its own task never has more
// prefix classes than its own bound), the class counter, and the verdicts on catalogue tasks
// whose answers are known (copying with repeats: no; witnessed tasks: never no).
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>

#include "communication/classes.hpp"
#include "crasp/communication.hpp"
#include "crasp/frontend.hpp"
#include "crasp/task_check.hpp"

using namespace crasp;

namespace {

communication_report analyze(const std::string& task, std::size_t max_length,
                             std::size_t budget = 200'000) {
  communication_options o;
  o.task = task;
  o.max_length = max_length;
  o.budget = budget;
  diagnostics diags;
  auto r = analyze_communication(o, diags);
  INFO(render(diags));
  REQUIRE(r);
  return *r;
}

}  // namespace

TEST_CASE("soundness guard: every bundled program stays within its own bound", "[communication]") {
  // Classes measured with the interpreter as the oracle can never exceed (alice + 1)^C * 2^L;
  // a violation is a bug in the analysis or the interpreter. Sampled where the vocabulary is
  // large (a lower bound is still bounded).
  std::size_t programs = 0, measured = 0;
  for (const auto& e : std::filesystem::directory_iterator(CRASP_PROGRAMS_DIR)) {
    const std::string path = e.path().string();
    const std::string ext = e.path().extension().string();
    if (ext != ".crasp" && ext != ".cr") continue;
    INFO(path);
    const communication_report r = analyze(path, 8, 4'000);
    REQUIRE(r.bound);
    CHECK(r.within_bound);
    for (const auto& m : r.splits) {
      if (!m.skipped.empty()) continue;
      ++measured;
      CHECK(std::log2(static_cast<double>(m.classes)) <= r.bound->log2_classes(m.alice) + 1e-9);
    }
    ++programs;
  }
  CHECK(programs >= 40);
  CHECK(measured >= 6 * programs);
}

TEST_CASE("a program's bound counts unguarded counts and local offsets", "[communication]") {
  auto loaded = load_text("t.crasp",
                          "A = #[j <= i] \"a\"\nB = #[j <= i, j == i - 3] \"b\"\n"
                          "C = #[j <= i] (A > B)\nD = C > 0\n");
  REQUIRE(loaded.ok());
  const program_bound b = bound_of(*loaded.program);
  CHECK(b.counts == 2);
  CHECK(b.local_bits == 3);
  CHECK(b.log2_classes(7) == Approx(2 * 3 + 3));
}

TEST_CASE("distinguishable: distinct rows, and a lower bound with open pairs", "[communication]") {
  using comm_detail::distinguishable;
  const auto full = distinguishable({{0, 1}, {0, 1}, {1, 1}, {2, 0}});
  CHECK(full.classes == 3);
  CHECK_FALSE(full.open_pairs);
  // Rows 0 and 1 never meet on a valid column; row 2 differs from both where they are valid.
  const auto open = distinguishable({{0, -1}, {-1, 1}, {1, 0}, {-1, -1}});
  CHECK(open.open_pairs);
  CHECK(open.classes == 2);
}

TEST_CASE("copying with repeats: classes grow exponentially, and the verdict is no", "[communication]") {
  for (const char* task : {"NF", "NB", "repeat_copy"}) {
    INFO(task);
    const communication_report r = analyze(task, 14);
    CHECK(r.growth == class_growth::exponential);
    CHECK(r.verdict.rfind("no (communication", 0) == 0);
    // Exact where enumerated: 2^a prefixes, all told apart.
    for (const auto& m : r.splits)
      if (m.exact) CHECK(m.classes == (std::size_t{1} << m.a));
  }
}

TEST_CASE("witnessed and regular tasks never get a no", "[communication]") {
  for (const char* task : {"UR", "UF", "majority", "dyck1", "anbn", "parity", "tomita3"}) {
    INFO(task);
    const communication_report r = analyze(task, 12);
    CHECK(r.growth != class_growth::exponential);
    CHECK(r.verdict.rfind("no", 0) != 0);
  }
  // Distinct-token copying runs out of instances with a small vocabulary: inconclusive.
  CHECK(analyze("UF", 12).growth == class_growth::inconclusive);
}

TEST_CASE("bad input is an error, not a verdict", "[communication]") {
  communication_options o;
  diagnostics diags;
  o.task = "no_such_task";
  CHECK_FALSE(analyze_communication(o, diags));
  CHECK(diags.has_errors());
  o.task = "dyck1";
  o.min_length = 5, o.max_length = 3;
  diagnostics d2;
  CHECK_FALSE(analyze_communication(o, d2));
  CHECK(d2.has_errors());
}

TEST_CASE("crasp check: a spec without a witness gets no by communication; a witness keeps yes",
          "[communication][check]") {
  task_check_options o;
  o.tasks = {std::string(CRASP_SOURCE_DIR) + "/examples/tasks/palindrome.toml", "UR", "NF"};
  o.samples = 3, o.far_samples = 0, o.adversarial = 2;
  o.train_hi = 12, o.test_lo = 13, o.test_hi = 16;
  o.encodings = {model::positional::ape};
  o.precisions = {precision::f64};
  o.programs_dir = CRASP_PROGRAMS_DIR;
  diagnostics diags;
  const auto report = check(o, diags);
  INFO(render(diags));
  REQUIRE(report);
  REQUIRE(report->tasks.size() == 3);
  const task_result& pal = report->tasks[0];
  REQUIRE(pal.communication);
  CHECK(pal.communication->growth == class_growth::exponential);
  CHECK(pal.ape.value == tasks::expressible::no);
  CHECK(pal.ape.reason.rfind("no (communication", 0) == 0);
  CHECK(pal.nope.value == tasks::expressible::no);
  const task_result& ur = report->tasks[1];
  CHECK(ur.ape.value == tasks::expressible::yes);
  REQUIRE(ur.communication);
  CHECK(ur.communication->growth != class_growth::exponential);
  // A catalogue task keeps its published verdict; the computed line agrees.
  const task_result& nf = report->tasks[2];
  CHECK(nf.ape.value == tasks::expressible::no);
  REQUIRE(nf.communication);
  CHECK(nf.communication->growth == class_growth::exponential);
  o.communication = false;
  const auto off = check(o, diags);
  REQUIRE(off);
  CHECK_FALSE(off->tasks[0].communication);
  CHECK(off->tasks[0].ape.value == tasks::expressible::unknown);
}

TEST_CASE("the plot: one point per measurement, four envelopes", "[communication]") {
  const communication_report r = analyze("NF", 8);
  const std::string svg = communication_plot_svg(r);
  CHECK(svg.rfind("<svg", 0) == 0);
  CHECK(svg.find("</svg>") != std::string::npos);
  std::size_t points = 0, measured = 0, envelopes = 0;
  for (std::size_t at = 0; (at = svg.find("<circle", at)) != std::string::npos; ++at) ++points;
  for (std::size_t at = 0; (at = svg.find("<polyline", at)) != std::string::npos; ++at) ++envelopes;
  for (const auto& m : r.splits) measured += m.skipped.empty();
  CHECK(points == measured);
  CHECK(envelopes == 4);
}
