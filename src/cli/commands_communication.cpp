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
#include "command.hpp"
#include "flags.hpp"
#include "option_checks.hpp"

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

CLI::App* declare_communication(CLI::App& app, communication_command_options& o) {
  CLI::App* sub = subcommand(app, "communication",
                             "prefix classes a task's answers tell apart, and the programs "
                             "they rule out (docs/communication.md)");
  sub->add_option("TASK", o.task,
                  "catalogue task name, task spec (FILE.toml) or program "
                  "(FILE.crasp, FILE.cr: measured against its own bound)")
      ->required();
  sub->add_option("--min-length", o.min_length, "shortest input (content tokens)")
      ->capture_default_str()
      ->check(integer_in(2, 1000));
  sub->add_option("--max-length", o.max_length, "longest input (content tokens)")
      ->capture_default_str()
      ->check(integer_in(2, 1000));
  sub->add_option("--splits", o.splits,
                  "content tokens Alice holds (comma-separated; default: n / 2)")
      ->delimiter(',');
  sub->add_option("--budget", o.budget,
                  "answers per length and split: every prefix and suffix while they "
                  "fit, sampled past it (a lower bound)")
      ->capture_default_str()
      ->check(integer_in(1, 100'000'000));
  sub->add_option("--vocab", o.vocab,
                  "symbols of a catalogue task whose vocabulary varies (default: its "
                  "own)");
  sub->add_option("--seed", o.seed, "seed of the sampled prefixes and suffixes")
      ->capture_default_str();
  sub->add_option("--oracle-timeout", o.oracle_timeout,
                  "seconds to wait for the next line of a spec's oracle")
      ->capture_default_str();
  sub->add_option("--plot", o.plot,
                  "write log2 classes against a, with the envelopes of programs "
                  "with 1..4 counts, as SVG")
      ->type_name("FILE")
      ->check(file_name());
  sub->add_flag("--progress", o.progress,
                "report progress on stderr even when it is not a terminal");
  add_json(sub, o.json);
  return sub;
}

}  // namespace crasp::cli
