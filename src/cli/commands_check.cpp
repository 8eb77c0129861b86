// `crasp check TASK... | --all`: runs crasp::check and prints the report as a table (or JSON),
// optionally writing the accuracy-against-length plot. Exit code 1 when any check fails: a
// bundled program wrong somewhere, a wrong candidate not refuted, or a C-RASP[pos] verdict that
// disagrees with the papers.
#include <charconv>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <string>

#include <fmt/format.h>

#include "check_text.hpp"
#include "cli.hpp"
#include "crasp/task_check.hpp"
#include "load.hpp"
#include "progress.hpp"

#ifndef CRASP_PROGRAMS_DIR
#define CRASP_PROGRAMS_DIR "programs"
#endif

namespace crasp::cli {
namespace {

// "A:B" with 1 <= A <= B.
std::optional<std::pair<std::size_t, std::size_t>> parse_range(const std::string& s) {
  const auto colon = s.find(':');
  if (colon == std::string::npos) return std::nullopt;
  std::size_t a = 0, b = 0;
  const auto* first = s.data();
  const auto* mid = s.data() + colon;
  const auto* last = s.data() + s.size();
  const auto ra = std::from_chars(first, mid, a);
  const auto rb = std::from_chars(mid + 1, last, b);
  if (ra.ec != std::errc() || ra.ptr != mid || rb.ec != std::errc() || rb.ptr != last)
    return std::nullopt;
  if (a < 1 || a > b) return std::nullopt;
  return std::make_pair(a, b);
}

// The bundled programs: --programs, else ./programs when it exists (a checkout), else the
// source tree this binary was built from.
std::string programs_dir(const std::string& given) {
  if (!given.empty()) return given;
  std::error_code ec;
  if (std::filesystem::is_directory("programs", ec)) return "programs";
  return CRASP_PROGRAMS_DIR;
}

model::positional pe_of(const std::string& s) {
  return s == "ape" ? model::positional::ape
         : s == "rope" ? model::positional::rope
                       : model::positional::nope;
}

}  // namespace

exit_code check_command(const check_command_options& opts, io& io) {
  if (opts.all == !opts.tasks.empty())
    return usage_error(io, opts.all ? "give task names or --all, not both"
                                    : "name the tasks to check, or pass --all");
  const auto train = parse_range(opts.train);
  if (!train) return usage_error(io, "--train-len: expected A:B with 1 <= A <= B, got " + opts.train);
  const auto test = parse_range(opts.test);
  if (!test) return usage_error(io, "--test-len: expected C:D with 1 <= C <= D, got " + opts.test);
  if (!opts.plot.empty() && std::filesystem::path(opts.plot).extension() != ".svg")
    return usage_error(io, "--plot: only SVG is written (FILE.svg); convert it with any SVG "
                           "renderer for PNG");

  task_check_options o;
  o.tasks = opts.tasks;
  std::tie(o.train_lo, o.train_hi) = *train;
  std::tie(o.test_lo, o.test_hi) = *test;
  o.far_factors = opts.far;
  o.encodings.clear();
  for (const auto& pe : opts.pe) o.encodings.push_back(pe_of(pe));
  o.precisions.clear();
  for (const auto& p : opts.precisions)
    o.precisions.push_back(p == "f32" ? precision::f32 : precision::f64);
  o.samples = opts.samples;
  o.far_samples = opts.far_samples;
  o.seed = opts.seed;
  o.programs_dir = programs_dir(opts.programs);
  o.threads = opts.threads;

  progress_line progress(io, "check");
  if (opts.progress || io.err_is_terminal) {
    o.progress = [&progress](std::size_t done, std::size_t total, const std::string& what) {
      progress.update(done, total, what);
    };
  }
  diagnostics diags;
  const auto report = check(o, diags);
  progress.finish();
  print_diagnostics(diags, io);
  if (!report) return exit_code::failure;

  if (!opts.plot.empty()) {
    std::ofstream f(opts.plot, std::ios::binary);
    f << check_plot_svg(*report);
    if (!f) {
      print_error(io, opts.plot, "cannot write the plot");
      return exit_code::failure;
    }
  }
  io.out << (opts.json ? check_report_json(*report) : check_report_text(*report));
  return report->ok() ? exit_code::ok : exit_code::failure;
}

}  // namespace crasp::cli
