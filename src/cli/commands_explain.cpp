// `crasp explain PROGRAM|MODEL TOKENS... [-o report.html|.svg|.json] [--compare OTHER]...`: what
// the compiled (or saved) transformer does on one input, head by head. Prints a table of the
// heads' roles and Born-paper metrics; -o writes the HTML report, the heatmaps as SVG, or JSON.
#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <optional>
#include <ostream>

#include "cli.hpp"
#include "crasp/explain.hpp"
#include "crasp/model_io.hpp"
#include "engine.hpp"
#include "input.hpp"
#include "load.hpp"
#include "output.hpp"
#include "command.hpp"
#include "flags.hpp"
#include "option_checks.hpp"

namespace crasp::cli {
namespace {

// Every head is drawn as n x n cells: past this the page stops being readable (and grows as n^2).
constexpr std::size_t max_explain_tokens = 256;

enum class report_format { html, svg, json };

std::optional<report_format> format_for(const std::string& path) {
  auto ends = [&](std::string_view ext) {
    return path.size() > ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0;
  };
  if (ends(".html") || ends(".htm")) return report_format::html;
  if (ends(".svg")) return report_format::svg;
  if (ends(".json")) return report_format::json;
  return std::nullopt;
}

// The model behind one PROGRAM|MODEL argument, with the program when it was compiled here.
struct subject {
  model::model m;
  std::optional<ir::program> program;
};

std::optional<subject> open_subject(const std::string& path, const explain_command_options& opts, io& io) {
  if (is_saved_model_path(path)) {
    io.stage = "loading the model";
    model::load_result loaded = model::load(path);
    print_diagnostics(loaded.diags, io);
    if (!loaded.ok()) return std::nullopt;
    return subject{std::move(*loaded.value), std::nullopt};
  }
  auto options = parse_alphabet_flags(opts.common.alphabets, io);
  if (!options) return std::nullopt;
  io.stage = "loading the program";
  auto loaded = load_program(path, *options, io);
  if (!loaded) return std::nullopt;
  auto compiled = compile_for_cli(loaded->program, opts.engine, io);
  if (!compiled) return std::nullopt;
  return subject{std::move(compiled->model), std::move(loaded->program)};
}

std::string pct(double x) { return std::isnan(x) ? "n/a" : fmt::format("{:.0f}%", 100 * x); }

void print_summary(const std::vector<explanation>& panels, std::ostream& out) {
  for (const auto& e : panels) {
    out << fmt::format("{}: {} head{} on {} token{} + BOS\n", e.title, e.heads.size(),
                       e.heads.size() == 1 ? "" : "s", e.tokens.size() - 1, e.tokens.size() == 2 ? "" : "s");
    out << fmt::format("  {:<28} {:<15} {:>5} {:>9} {:>14}  {}\n", "head", "role", "same", "induction",
                       "anti-induction", "via");
    for (const auto& h : e.heads) {
      const attention_metrics& m = h.composed ? *h.composed : h.direct;
      out << fmt::format("  {:<28} {:<15} {:>5} {:>9} {:>14}  {}\n", h.name, to_string(h.role),
                         pct(m.same_token), pct(m.induction), pct(m.anti_induction),
                         h.composed ? h.composed_with : "-");
    }
  }
}

}  // namespace

exit_code explain_command(const explain_command_options& opts, io& io) {
  std::optional<report_format> format;
  if (!opts.output.empty() && !(format = format_for(opts.output))) {
    return usage_error(io, "-o: unknown extension of '" + opts.output + "' (use .html, .svg or .json)");
  }
  std::vector<instance> inputs;
  const instances_read read =
      for_each_instance(opts.tokens, io.in, [&](const instance& inst) { inputs.push_back(inst); });
  if (read.too_long) {
    print_error(io, *read.too_long, too_long_line_message("input"));
    return exit_code::failure;
  }
  if (inputs.size() != 1) {
    print_error(io, opts.tokens.empty() ? "<stdin>" : "<command line>",
                inputs.empty() ? "no input: explain needs one instance (tokens as arguments or one stdin line)"
                               : fmt::format("explain takes one instance, got {}", inputs.size()));
    return exit_code::failure;
  }
  const instance& input = inputs.front();
  if (input.tokens.size() > max_explain_tokens) {
    print_error(io, input.origin,
                fmt::format("input of {} tokens: explain draws every head's {}x{} attention; at most {} tokens",
                            input.tokens.size(), input.tokens.size() + 1, input.tokens.size() + 1,
                            max_explain_tokens));
    return exit_code::failure;
  }

  std::vector<std::string> paths{opts.common.program};
  paths.insert(paths.end(), opts.compare.begin(), opts.compare.end());
  std::vector<explanation> panels;
  for (const auto& path : paths) {
    auto s = open_subject(path, opts, io);
    if (!s) return exit_code::failure;
    io.stage = "explaining the input";
    diagnostics diags;
    auto e = explain(s->m, input.tokens, s->program ? &*s->program : nullptr, input.origin, diags);
    print_diagnostics(diags, io);
    if (!e) return exit_code::failure;
    e->title = path;
    panels.push_back(std::move(*e));
  }

  if (format) {
    std::string title = "crasp explain: " + join_tokens(input.tokens);
    const std::string content = *format == report_format::html  ? explain_html(panels, title)
                                : *format == report_format::svg ? explain_svg(panels)
                                                                : explain_json(panels);
    std::ofstream file(opts.output, std::ios::binary);
    file << content;
    file.close();
    if (!file) {
      print_error(io, opts.output, "cannot write the report");
      return exit_code::failure;
    }
  }
  if (opts.common.json) {
    io.out << explain_json(panels);
  } else {
    print_summary(panels, io.out);
    if (format) io.out << "wrote " << opts.output << '\n';
  }
  return exit_code::ok;
}

CLI::App* declare_explain(CLI::App& app, explain_command_options& o) {
  CLI::App* sub =
      subcommand(app, "explain",
                 "draw what a compiled transformer does on one input: attention per head, "
                 "head roles, statements, residual stream");
  sub->add_option("PROGRAM", o.common.program,
                  "program file (.crasp, .cr), compiled here, or a saved model (.safetensors)")
      ->required()
      ->check(file_name());
  sub->add_option("TOKENS", o.tokens, "the input (default: one stdin line)");
  sub->add_option("-o,--output", o.output,
                  "write the report: .html (self-contained page), .svg (heatmaps) or .json")
      ->type_name("FILE")
      ->check(file_name());
  sub->add_option("--compare", o.compare,
                  "another program or model run on the same input, shown side by side")
      ->type_name("OTHER")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->allow_extra_args(false)
      ->check(file_name());
  add_pe(sub, o.engine);
  add_max_len(sub, o.engine);
  add_lowering_choices(sub, o.engine);
  add_alphabet(sub, o.common);
  add_json(sub, o.common.json);
  return sub;
}

}  // namespace crasp::cli
