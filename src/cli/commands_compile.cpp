// `crasp compile PROGRAM -o MODEL`: lowers a checked program to an explicit transformer, writes it
// as safetensors and prints what was built: architecture, parameter count and the quantities the
// construction chose from the designed maximum length (comparison slope, guard sharpness).
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "compile_check.hpp"
#include "crasp/compile.hpp"
#include "crasp/model.hpp"
#include "crasp/model_io.hpp"
#include "crasp/transformer.hpp"
#include "engine.hpp"
#include "load.hpp"
#include "output.hpp"
#include "command.hpp"
#include "flags.hpp"
#include "option_checks.hpp"

namespace crasp::cli {
namespace {

json summary_json(const compile_command_options& opts, const compiled_program& c,
                  const std::vector<precision_check>& checks) {
  const model::summary s = model::summarize(c.model);
  json j;
  j["program"] = opts.common.program;
  j["model"] = opts.output;
  j["output"] = output_kind_name(c.model);
  j["outputs"] = s.n_out;
  j["pe"] = std::string(model::to_string(c.model.pe));
  j["max_len"] = c.model.max_len - 1;
  j["layers"] = s.layers;
  j["heads"] = s.heads;
  j["max_heads"] = s.max_heads;
  j["d_model"] = s.d_model;
  j["max_d_ff"] = s.max_d_ff;
  j["max_d_head"] = s.max_d_head;
  j["vocab"] = s.vocab;
  j["parameters"] = s.parameters;
  j["counts"] = c.stats.counts;
  j["guard_reads"] = c.stats.guard_reads;
  j["matching_heads"] = c.stats.matching;
  j["exact_booleans"] = c.stats.exact_booleans;
  j["comparisons"] = c.stats.comparisons;
  j["logic_units"] = c.stats.logic_units;
  j["compare_slope"] = c.stats.compare_slope;
  j["guard_beta"] = c.stats.guard_beta;
  j["certified"] = {{"f64", c.stats.certified_f64}, {"f32", c.stats.certified_f32}};
  if (!checks.empty()) {
    json check = json::object();
    for (const auto& pc : checks) check[pc.name] = pc.to_json();
    j["check"] = check;
  }
  return j;
}

std::string summary_text(const compile_command_options& opts, const compiled_program& c,
                         const std::vector<precision_check>& checks) {
  std::string out;
  auto field = [&out](std::string_view key, const std::string& value) {
    out += fmt::format("{:<15}{}\n", key, value);
  };
  field("program", opts.common.program);
  field("model", opts.output);
  out += architecture_text(c.model);
  field("counts", std::to_string(c.stats.counts));
  field("guard reads", std::to_string(c.stats.guard_reads));
  if (c.stats.matching > 0) field("matching", fmt::format("{} families", c.stats.matching));
  if (c.stats.comparisons > 0) {
    field("booleans", !c.stats.exact_booleans ? std::string("plain")
                      : c.stats.plain_certified_f32 < 0
                          ? std::string("exact")
                          : fmt::format("exact (plain ones certify f32 only to length {})",
                                        c.stats.plain_certified_f32));
  }
  field("comparisons", std::to_string(c.stats.comparisons));
  field("logic units", std::to_string(c.stats.logic_units));
  field("compare slope", fmt::format("{:.6g}", c.stats.compare_slope));
  field("guard beta", fmt::format("{:.6g}", c.stats.guard_beta));
  field("certified", fmt::format("f64 to length {}, f32 to length {} (worst-case rounding bound)",
                                 c.stats.certified_f64, c.stats.certified_f32));
  for (const auto& pc : checks) field("check " + pc.name, pc.text());
  return out;
}

}  // namespace

exit_code compile_command(const compile_command_options& opts, io& io) {
  auto options = parse_alphabet_flags(opts.common.alphabets, io);
  if (!options) return exit_code::usage;
  io.stage = "loading the program";
  auto loaded = load_program(opts.common.program, *options, io);
  if (!loaded) return exit_code::failure;
  auto compiled = compile_for_cli(loaded->program, opts.engine, io);
  if (!compiled) return exit_code::failure;

  if (!is_saved_model_path(opts.output)) {
    print_warning(io, opts.output,
                  "run and generate recognize a saved model by the .safetensors extension");
  }
  // Every saved model states the margins it was observed to keep, in both precisions, next to
  // the certified lengths compile() records.
  std::vector<precision_check> checks;
  if (!opts.no_check) {
    auto done = check_compiled(loaded->program, *compiled, opts, io);
    if (!done) return exit_code::failure;
    checks = std::move(*done);
  }
  // Provenance (docs/model-format.md, "info"); CRASP_VERSION comes from src/cli/CMakeLists.txt.
  auto& info = compiled->model.info;
  info["program"] = opts.common.program;
  info["compiled_by"] = std::string("crasp ") + CRASP_VERSION;
  if (opts.f32) {
    // An F32 file is exactly the float32 model; run in float64 it computes with float-rounded
    // weights, which neither the float64 certificate nor the float64 check covered.
    info.erase("certified.f64");
    info.erase("check.f64");
  }
  io.stage = "writing the model";
  const diagnostics saved =
      model::save(compiled->model, opts.output, opts.f32 ? model::dtype::f32 : model::dtype::f64);
  print_diagnostics(saved, io);
  if (saved.has_errors()) return exit_code::failure;

  if (opts.common.json) {
    io.out << dump_json(summary_json(opts, *compiled, checks));
  } else {
    io.out << summary_text(opts, *compiled, checks);
  }
  // A disagreement is a compiler bug: the model is written (for inspection) but the run fails.
  bool agreed = true;
  for (const auto& pc : checks) {
    if (pc.report.ok()) continue;
    agreed = false;
    std::string msg = fmt::format("the compiled model disagrees with the interpreter in {}", pc.name);
    if (pc.report.shortest) {
      msg += fmt::format(" (shortest input: '{}': expected {}, model {})",
                         fmt::join(pc.report.shortest->tokens, " "), pc.report.shortest->expected,
                         pc.report.shortest->actual);
    }
    print_error(io, opts.common.program, msg);
  }
  return agreed ? exit_code::ok : exit_code::failure;
}

CLI::App* declare_compile(CLI::App& app, compile_command_options& o) {
  CLI::App* sub =
      subcommand(app, "compile", "compile a program to a transformer and save it (safetensors)");
  add_program(sub, o.common);
  sub->add_option("-o,--output", o.output, "the model file to write")
      ->type_name("MODEL")
      ->required()
      ->check(file_name());
  add_pe(sub, o.engine);
  add_max_len(sub, o.engine);
  add_lowering_choices(sub, o.engine);
  add_max_model(sub, o.engine);
  add_max_attention(sub, o.engine);
  sub->add_option("--check-samples", o.check_samples,
                  "random inputs per length bucket in the compile-time check")
      ->type_name("K")
      ->check(integer_in(0, max_samples))
      ->capture_default_str();
  sub->add_flag("--no-check", o.no_check, "skip the compile-time check against the interpreter");
  sub->add_flag("--progress", o.progress,
                "report the check's progress on stderr even when it is not a terminal");
  sub->add_option_function<std::string>(
         "--dtype", [&o](const std::string& s) { o.f32 = s == "f32"; },
         "tensor type of the file: f64 (the model exactly) or f32 (the float32 model, half the "
         "size; it carries only the float32 certificate)")
      ->check(one_of({"f64", "f32"}))
      ->type_name("f64|f32")
      ->default_str("f64");
  add_alphabet(sub, o.common);
  add_json(sub, o.common.json);
  return sub;
}

}  // namespace crasp::cli
