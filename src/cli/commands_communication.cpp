// `crasp communication TASK|SPEC|PROGRAM`: prefix classes per length and split, their growth,
// what they rule out, and the verdict words (crasp::analyze_communication,
// docs/communication.md). A program given as the task is measured against its own bound: a
// violation is an internal error (exit 3), since it can only be a bug.
#include <cmath>
#include <fstream>
#include <ostream>

#include <fmt/format.h>

#include "cli.hpp"
#include "crasp/communication.hpp"
#include "load.hpp"
#include "text_table.hpp"

namespace crasp::cli {

exit_code communication_command(const communication_command_options& opts, io& io) {
  communication_options o;
  o.task = opts.task;
  o.min_length = opts.min_length;
  o.max_length = opts.max_length;
  o.splits = opts.splits;
  o.budget = opts.budget;
  o.vocab = opts.vocab;
  o.seed = opts.seed;
  o.oracle_timeout = opts.oracle_timeout;
  if (io.err_is_terminal || opts.progress)
    o.progress = [&io](const std::string& what) { io.err << "communication: " << what << "\n"; };
  if (!opts.plot.empty() && !(opts.plot.size() > 4 && opts.plot.ends_with(".svg")))
    return usage_error(io, "--plot: only SVG is written (FILE.svg)");
  io.stage = "the communication analysis";
  diagnostics diags;
  const auto r = analyze_communication(o, diags);
  print_diagnostics(diags, io);
  if (!r) return exit_code::failure;
  if (!opts.plot.empty()) {
    std::ofstream f(opts.plot);
    f << communication_plot_svg(*r);
    if (!f) {
      io.err << "crasp communication: error: cannot write " << opts.plot << "\n";
      return exit_code::failure;
    }
  }
  if (opts.json) {
    io.out << to_json(*r);
  } else {
    io.out << fmt::format("communication {} ({}, format {}): {} content symbol{}{}\n", r->task,
                          r->source, r->format, r->symbols.size(),
                          r->symbols.size() == 1 ? "" : "s",
                          r->shape.empty() ? "" : "; frame: " + r->shape);
    if (!r->published.empty()) io.out << "published: " << r->published << "\n";
    if (r->bound)
      io.out << fmt::format("program bound: {} unguarded counts, {} local bits: at most "
                            "(alice + 1)^{} * 2^{} classes\n",
                            r->bound->counts, r->bound->local_bits, r->bound->counts,
                            r->bound->local_bits);
    io.out << "\n";
    std::vector<std::vector<std::string>> t{
        {"n", "a", "alice", "prefixes", "suffixes", "answers", "classes", "log2", "rules out S <="}};
    for (const auto& m : r->splits) {
      if (!m.skipped.empty()) {
        t.push_back({std::to_string(m.n), std::to_string(m.a), "-", "-", "-", "-", "-", "-",
                     m.skipped});
        continue;
      }
      t.push_back({std::to_string(m.n), std::to_string(m.a), std::to_string(m.alice),
             std::to_string(m.prefixes), std::to_string(m.suffixes), std::to_string(m.queries),
             fmt::format("{}{}", m.exact ? "" : ">= ", m.classes),
             fmt::format("{:.2f}", std::log2(static_cast<double>(m.classes))),
             m.ruled_out_counts == 0 ? "-" : std::to_string(m.ruled_out_counts)});
    }
    io.out << render_table(t, 0) << "\n";
    io.out << "classes: prefixes of `a` content tokens that the answers at the later positions "
              "tell apart pairwise\n(>= : a lower bound: sampled, or some inputs outside the "
              "task). `rules out S <=`: no program with\nthat many unguarded counts and no local "
              "guard is right on every input of length n.\n\n";
    io.out << "growth: "
           << (r->growth == class_growth::polynomial    ? "polynomial"
               : r->growth == class_growth::exponential ? "exponential"
                                                        : "inconclusive")
           << " (" << r->growth_reason << ")\n";
    io.out << "verdict: " << r->verdict << "\n";
  }
  if (r->bound && !r->within_bound) return exit_code::internal;
  return exit_code::ok;
}

}  // namespace crasp::cli
