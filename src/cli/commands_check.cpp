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
#include "command.hpp"
#include "flags.hpp"
#include "option_checks.hpp"
#include "crasp/model.hpp"

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

CLI::App* declare_check(CLI::App& app, check_command_options& o) {
  CLI::App* sub =
      subcommand(app, "check",
                 "per task: the expressibility verdict, and its program and transformers "
                 "tested far past the training lengths");
  sub->add_option("TASKS", o.tasks,
                  "catalogue task names (see crasp tasks) and task specs (FILE.toml, "
                  "docs/tasks.md)");
  sub->add_flag("--all", o.all, "check every task of the catalogue");
  sub->add_option("--train-len", o.train, "training lengths A:B")->capture_default_str();
  sub->add_option("--test-len", o.test, "test lengths C:D")->capture_default_str();
  sub->add_option("--far", o.far, "far bins at these multiples of the longest training length")
      ->delimiter(',')
      ->check(integer_in(1, 1000))
      ->capture_default_str();
  sub->add_option("--pe", o.pe, "compiled variants (comma-separated)")
      ->delimiter(',')
      ->check(one_of({"nope", "ape", "rope"}))
      ->capture_default_str();
  sub->add_option("--prec", o.precisions, "precisions (comma-separated)")
      ->delimiter(',')
      ->check(one_of({"f64", "f32"}))
      ->capture_default_str();
  sub->add_option("--samples", o.samples, "instances per train / test bin")
      ->capture_default_str()
      ->check(integer_in(1, 1'000'000));
  sub->add_option("--far-samples", o.far_samples,
                  "instances per far bin, at least (0: no far bins)")
      ->capture_default_str()
      ->check(integer_in(0, 1'000'000));
  sub->add_option("--far-tokens", o.far_tokens,
                  "a far bin of length L draws up to --samples instances while they fit in N "
                  "tokens (so the 10x bin gets 20, the 100x bin --far-samples); 0: "
                  "--far-samples everywhere")
      ->type_name("N")
      ->capture_default_str()
      ->check(integer_in(0, 100'000'000));
  sub->add_flag("--no-communication", o.no_communication,
                "skip the communication analysis (prefix classes, docs/communication.md)");
  sub->add_option("--adversarial", o.adversarial,
                  "hard instances crasp adds per train / test bin of a spec that can answer "
                  "any input (one-edit neighbours, runs)")
      ->type_name("N")
      ->capture_default_str()
      ->check(integer_in(0, 1'000'000));
  sub->add_option("--far-adversarial", o.far_adversarial, "the same per far bin")
      ->type_name("N")
      ->capture_default_str()
      ->check(integer_in(0, 1'000'000));
  sub->add_option("--vocab", o.vocab,
                  "symbols of the tasks whose vocabulary varies (retrieval, copying, "
                  "majority), clamped to each task's range (default: the papers' setups, "
                  "crasp tasks)")
      ->type_name("K")
      ->check(integer_in(1, 100'000));
  CLI::Option* check_mib =
      sub->add_option("--max-model-mib", o.max_model_mib,
                      "do not build a compiled variant with more float64 weights than this (MiB)")
          ->type_name("N")
          ->check(integer_in(1, max_model_mib))
          ->capture_default_str();
  sub->add_option("--max-params", o.max_params, "the same cap in parameters (8 bytes each)")
      ->type_name("N")
      ->check(integer_in(1, max_model_mib << 17))
      ->excludes(check_mib);
  sub->add_option("--max-attention", o.max_attention,
                  "do not run a compiled variant whose instances need more attention "
                  "query-key pairs than this")
      ->type_name("PAIRS")
      ->check(number_in(1, 1e18))
      ->default_str(fmt::format("{:g}", model::default_max_attention));
  sub->add_option("--seed", o.seed, "seed of the random instances")
      ->capture_default_str()
      ->check(integer_in(0, max_seed));
  sub->add_option("--programs", o.programs,
                  "run the catalogue programs this directory holds instead of the bundled "
                  "ones (the others stay)")
      ->type_name("DIR")
      ->check(file_name());
  sub->add_option("--oracle-timeout", o.oracle_timeout,
                  "seconds to wait for the next line of a spec's generator or oracle")
      ->type_name("SECONDS")
      ->capture_default_str()
      ->check(number_in(0.001, 86400.0));
  sub->add_option("--plot", o.plot, "write accuracy against length as SVG")
      ->type_name("FILE")
      ->check(file_name());
  sub->add_option("--trained", o.trained,
                  "show the accuracies of transformers trained by `python3 -m crasp_model "
                  "train` (its metrics.json) beside the task's verdicts")
      ->type_name("METRICS.json")
      ->check(file_name());
  sub->add_option("--threads", o.threads, "worker threads (default: all cores)")
      ->check(integer_in(0, 256));
  sub->add_flag("--synth", o.synth,
                "search for a program (crasp synth) for every task without a witness, and "
                "check what it finds");
  sub->add_option("--synth-time-limit", o.synth_time_limit,
                  "seconds of search per task with --synth")
      ->type_name("SECONDS")
      ->capture_default_str()
      ->check(number_in(0.001, 86400.0));
  sub->add_option("--synth-max-size", o.synth_max_size,
                  "largest expression size searched with --synth")
      ->type_name("N")
      ->capture_default_str()
      ->check(integer_in(1, 64));
  sub->add_flag("--progress", o.progress,
                "report progress on stderr even when it is not a terminal");
  add_json(sub, o.json);
  return sub;
}

}  // namespace crasp::cli
