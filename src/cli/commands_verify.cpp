// `crasp verify PROGRAM`: compiles the program and checks the model against the interpreter on
// every short input and on random inputs up to the designed length (crasp::verify). Prints one
// row per length bucket, a summary line, and the shortest counterexample when they disagree.
#include <algorithm>
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "progress.hpp"
#include "crasp/verify.hpp"
#include "engine.hpp"
#include "input.hpp"
#include "load.hpp"
#include "output.hpp"
#include "text_table.hpp"
#include "command.hpp"
#include "flags.hpp"
#include "option_checks.hpp"

namespace crasp::cli {
namespace {

std::string lengths_label(const length_bucket& b) {
  if (b.min_length == b.max_length) return std::to_string(b.min_length);
  return fmt::format("{}..{}", b.min_length, b.max_length);
}

// Whether a bucket lies within the certified length: "yes", "no", or "part" when it straddles it.
std::string certified_cell(const length_bucket& b, int certified) {
  if (b.max_length <= certified) return "yes";
  return b.min_length > certified ? "no" : "part";
}

std::string bucket_table(const verify_report& rep, int certified) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"lengths", "kind", "inputs", "decisions", "mismatches", "min slack",
                  "min margin", "certified"});
  for (const length_bucket& b : rep.buckets) {
    rows.push_back({lengths_label(b), b.exhaustive ? "exhaustive" : "random",
                    std::to_string(b.inputs), std::to_string(b.decisions),
                    std::to_string(b.mismatches), fmt::format("{:.6f}", b.min_slack),
                    fmt::format("{:.6f}", b.min_output_margin), certified_cell(b, certified)});
  }
  return render_table(rows, 2);
}

json report_json(const verify_command_options& opts, const verify_report& rep, int certified) {
  json j;
  j["program"] = opts.common.program;
  j["pe"] = std::string(model::to_string(opts.engine.pe));
  j["precision"] = std::string(precision_name(opts.engine.prec));
  j["max_len"] = opts.engine.max_len;
  j.update(json::parse(verify_report_json(rep, certified)));
  return j;
}

}  // namespace

exit_code verify_command(const verify_command_options& opts, io& io) {
  auto options = parse_alphabet_flags(opts.common.alphabets, io);
  if (!options) return exit_code::usage;
  io.stage = "loading the program";
  auto loaded = load_program(opts.common.program, *options, io);
  if (!loaded) return exit_code::failure;
  auto compiled = compile_for_cli(loaded->program, opts.engine, io);
  if (!compiled) return exit_code::failure;

  verify_options vopts;
  vopts.prec = opts.engine.prec;
  vopts.exhaustive_length = opts.exhaustive_length;
  vopts.max_attention = opts.engine.max_attention;
  vopts.random_per_bucket = opts.samples;
  vopts.seed = opts.seed;
  progress_line progress(io, "verify");
  if (opts.progress || io.err_is_terminal) {
    vopts.progress = [&progress](std::size_t done, std::size_t total) {
      progress.update(done, total);
    };
  }
  io.stage = opts.engine.prec == precision::f32 ? "checking the model in f32"
                                                : "checking the model in f64";
  diagnostics diags;
  auto rep = verify(loaded->program, *compiled, vopts, diags);
  progress.finish();
  print_diagnostics(diags, io);
  if (!rep) return exit_code::failure;
  if (rep->inputs == 0) {
    // A clean report over no inputs proves nothing; do not let it pass unremarked.
    print_warning(io, opts.common.program,
                  "no input was checked (--exhaustive-length 0 with --samples 0 leaves nothing "
                  "to run)");
  }

  // The worst-case bound for this precision (compile_stats): buckets past it are measured,
  // not guaranteed, and the table says which.
  const bool f32 = opts.engine.prec == precision::f32;
  const int certified = f32 ? compiled->stats.certified_f32 : compiled->stats.certified_f64;
  if (opts.common.json) {
    io.out << dump_json(report_json(opts, *rep, certified));
  } else {
    io.out << bucket_table(*rep, certified);
    io.out << fmt::format("verify: {} inputs, {} decisions, {} mismatch{} ({})\n", rep->inputs,
                          rep->decisions, rep->mismatches, rep->mismatches == 1 ? "" : "es",
                          describe_model_flags(opts.engine.pe, opts.engine.prec,
                                               opts.engine.max_len));
    io.out << fmt::format("certified: {} to length {} (worst-case rounding bound); {}\n",
                          f32 ? "f32" : "f64", certified,
                          certified >= opts.engine.max_len
                              ? "every length checked is guaranteed"
                              : "longer lengths are measured here, not guaranteed");
    if (rep->shortest) {
      io.out << fmt::format("shortest counterexample: {}\n  expected: {}\n  actual:   {}\n",
                            join_tokens(rep->shortest->tokens), rep->shortest->expected,
                            rep->shortest->actual);
    }
  }
  if (!rep->ok()) {
    print_error(io, opts.common.program,
                fmt::format("the compiled model disagrees with the interpreter on {} of {} "
                            "decisions",
                            rep->mismatches, rep->decisions));
    return exit_code::failure;
  }
  return exit_code::ok;
}

CLI::App* declare_verify(CLI::App& app, verify_command_options& o) {
  CLI::App* sub =
      subcommand(app, "verify", "compile a program and check the model against the interpreter");
  add_program(sub, o.common);
  add_pe(sub, o.engine);
  add_max_len(sub, o.engine);
  add_lowering_choices(sub, o.engine);
  add_max_model(sub, o.engine);
  add_max_attention(sub, o.engine);
  add_precision(sub, o.engine);
  sub->add_option_function<std::string>(
         "--exhaustive-length", [&o](const std::string& s) { o.exhaustive_length = std::stoi(s); },
         "check every input up to length L (default: the longest within " +
             std::to_string(verify_options{}.exhaustive_budget) + " inputs)")
      ->check(integer_in(0, static_cast<std::uint64_t>(max_design_len)))
      ->type_name("L");
  sub->add_option("--samples", o.samples, "random inputs per length bucket")
      ->type_name("K")
      ->check(integer_in(0, max_samples))
      ->capture_default_str();
  sub->add_option("--seed", o.seed, "seed of the random inputs")
      ->type_name("S")
      ->check(integer_in(0, max_seed))
      ->capture_default_str();
  sub->add_flag("--progress", o.progress,
                "report progress on stderr even when it is not a terminal");
  add_alphabet(sub, o.common);
  add_json(sub, o.common.json);
  return sub;
}

}  // namespace crasp::cli
