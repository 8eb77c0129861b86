// The question users bring: "will a transformer length-generalize on my task?", asked through
// the library. Checks two retrieval tasks from the Born paper, one expressible (UR) and one not
// (NRLast), on short bins, prints each verdict with its evidence, and writes the plot.
//
//   example_check PROGRAMS_DIR [PLOT.svg]
#include <cstdio>
#include <fstream>
#include <string>

#include "crasp/task_check.hpp"

int main(int argc, char** argv) {
  crasp::task_check_options options;
  options.tasks = {"UR", "NRLast"};
  options.programs_dir = argc > 1 ? argv[1] : "programs";
  options.train_lo = 4, options.train_hi = 20;  // a quick run: short bins, few samples
  options.test_lo = 21, options.test_hi = 40;
  options.far_factors = {10};
  options.samples = 5;
  options.far_samples = 1;

  crasp::diagnostics diags;
  const auto report = crasp::check(options, diags);
  if (!report) {
    std::fputs(crasp::render(diags).c_str(), stderr);
    return 1;
  }
  for (const auto& t : report->tasks) {
    std::printf("%s: C-RASP[pos] %s (%s)\n", t.task.c_str(),
                std::string(crasp::tasks::expressible_name(t.ape.value)).c_str(),
                t.ape.reason.c_str());
    for (const auto& e : t.engines) {
      if (!e.applicable) continue;
      std::printf("  %-12s", e.name.c_str());
      for (const auto& b : e.bins) std::printf("  %zu/%zu", b.correct, b.total);
      std::printf("\n");
    }
    for (const auto& c : t.candidates)
      if (c.found)
        std::printf("  wrong candidate %s fails at length %zu\n", c.program.c_str(), c.length);
  }
  if (argc > 2) std::ofstream(argv[2]) << crasp::check_plot_svg(*report);
  return report->ok() ? 0 : 1;
}
