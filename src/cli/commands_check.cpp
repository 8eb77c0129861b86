// `crasp check TASK|SPEC.toml... | --all`: runs crasp::check on catalogue tasks and task specs
// and prints the report as a table (or JSON), optionally writing the accuracy-against-length
// plot. Exit code 1 when any check fails: a witness wrong somewhere, a wrong candidate not
// refuted, a C-RASP[pos] verdict that disagrees with the papers or with a spec's `expect`, a
// spec that does not load, or a generator or oracle that failed.
#include <charconv>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <string>

#include <fmt/format.h>

#include "check_text.hpp"
#include "cli.hpp"
#include "crasp/synth.hpp"
#include "crasp/task_check.hpp"
#include "load.hpp"
#include "progress.hpp"

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
  o.trained_metrics = opts.trained;
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
  o.far_tokens = opts.far_tokens;
  o.communication = !opts.no_communication;
  o.adversarial = opts.adversarial;
  o.far_adversarial = opts.far_adversarial;
  o.vocab = opts.vocab;
  o.seed = opts.seed;
  o.programs_dir = bundled_programs_dir();
  o.override_dir = opts.programs;
  o.threads = opts.threads;
  o.max_model_bytes = opts.max_params != 0 ? opts.max_params * 8 : opts.max_model_mib << 20;
  o.max_attention = opts.max_attention;
  o.oracle_timeout = opts.oracle_timeout;
  o.synth = opts.synth;
  if (opts.synth) o.synth_search = synth_witness_search();
  o.synth_time_limit = opts.synth_time_limit;
  o.synth_max_size = opts.synth_max_size;
  if (!opts.programs.empty()) {
    std::error_code ec;
    if (!std::filesystem::is_directory(opts.programs, ec))
      return usage_error(io, "--programs: '" + opts.programs + "' is not a directory");
  }

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
  // Errors met while running a spec (a generator that failed, an oracle that stopped
  // answering), located in the spec; the report below marks those tasks as failed.
  for (const auto& t : report->tasks) print_diagnostics(t.errors, io);

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
