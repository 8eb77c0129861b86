// See compile_check.hpp.
#include "compile_check.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "load.hpp"
#include "progress.hpp"

namespace crasp::cli {

double precision_check::min_slack() const {
  double s = 1;
  for (const auto& b : report.buckets) s = std::min(s, b.min_slack);
  return s;
}

double precision_check::min_margin() const {
  double s = 1;
  for (const auto& b : report.buckets) s = std::min(s, b.min_output_margin);
  return s;
}

std::string precision_check::text() const {
  return fmt::format("{} mismatches in {} inputs to length {}; min slack {:.6f}, min output "
                     "margin {:.6f}",
                     report.mismatches, report.inputs, max_length, min_slack(), min_margin());
}

nlohmann::json precision_check::to_json() const {
  return {{"inputs", report.inputs},       {"decisions", report.decisions},
          {"mismatches", report.mismatches}, {"max_length", max_length},
          {"min_slack", min_slack()},      {"min_output_margin", min_margin()}};
}

std::optional<std::vector<precision_check>> check_compiled(const ir::program& program,
                                                           compiled_program& compiled,
                                                           const compile_command_options& opts,
                                                           io& io) {
  std::vector<precision_check> out;
  for (const auto prec : {precision::f64, precision::f32}) {
    precision_check c;
    c.name = prec == precision::f64 ? "f64" : "f32";
    verify_options v;
    v.prec = prec;
    v.exhaustive_budget = 2000;
    v.random_per_bucket = opts.check_samples;
    // The check is a bonus of compiling: on a model built for very long inputs it covers the
    // lengths that fit the attention limit, and says so, rather than refusing to compile.
    v.max_attention = opts.engine.max_attention;
    v.fit_attention = true;
    progress_line progress(io, "compile: checking " + c.name);
    if (opts.progress || io.err_is_terminal) {
      v.progress = [&progress](std::size_t done, std::size_t total) {
        progress.update(done, total);
      };
    }
    io.stage = prec == precision::f64 ? "checking the model in f64" : "checking the model in f32";
    diagnostics diags;
    auto report = verify(program, compiled, v, diags);
    progress.finish();
    print_diagnostics(diags, io);
    if (!report) return std::nullopt;
    c.report = std::move(*report);
    for (const auto& b : c.report.buckets)
      if (b.inputs > 0) c.max_length = std::max(c.max_length, b.max_length);
    if (c.report.left_out_to > 0)
      print_warning(io, opts.common.program,
                 fmt::format("the {} check stops at length {}, not {}: longer inputs would take "
                             "it past {:.3g} attention query-key pairs (--max-attention)",
                             c.name, c.max_length, c.report.left_out_to,
                             opts.engine.max_attention));
    compiled.model.info["check." + c.name] = c.text();
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace crasp::cli
