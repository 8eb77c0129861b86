// `crasp run PROGRAM [TOKENS...]`: the public interpreter's acceptor mode. One output line per
// instance, `<k> <tokens>: <value>`; for a program with next declarations the value is the
// predicted next token (or <none>). `--engine transformer` answers with the compiled model (or a
// saved one) and prints the same lines.
#include <optional>
#include <ostream>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "crasp/interpret.hpp"
#include "engine.hpp"
#include "input.hpp"
#include "load.hpp"
#include "output.hpp"
#include "trace_file.hpp"
#include "command.hpp"
#include "flags.hpp"
#include "option_checks.hpp"

namespace crasp::cli {

exit_code run_command(const run_options& opts, io& io) {
  std::optional<trace_file> tracer;
  if (!opts.trace_path.empty()) {
    auto format = trace_format_for_path(opts.trace_path);
    if (!format) {
      return usage_error(io, "--trace: unknown extension of '" + opts.trace_path +
                                 "' (use .txt, .html or .json)");
    }
    // The trace lists statement values, which only the interpreter has.
    if (opts.engine.engine != engine_kind::interpreter) {
      return usage_error(io, "--trace needs --engine interpreter");
    }
    tracer.emplace(opts.trace_path, *format, opts.common.program);
  }
  opened_engine opened = open_engine(opts.common, opts.engine, io);
  if (!opened.value) return opened.code;
  const engine& eng = *opened.value;
  io.stage = "running the instances";
  const ir::program* program = eng.program();
  if (program && program->statements.empty() && !program->is_generator()) {
    print_error(io, opts.common.program, "program has no statements");
    return exit_code::failure;
  }

  bool failed = false;
  std::size_t k = 0;
  json results = json::array();
  auto handle = [&](const instance& inst) {
    ++k;
    const std::string input = join_tokens(inst.tokens);
    diagnostics diags;
    auto ans = eng.run(inst.tokens, inst.origin, diags);
    if (ans && tracer) {
      if (auto table = trace(*program, inst.tokens, inst.origin, diags)) {
        tracer->add(k, inst, *table);
      }
    }
    print_diagnostics(diags, io);
    if (!ans) {
      failed = true;
      if (opts.common.json) {
        results.push_back({{"instance", k}, {"input", input}, {"error", first_error(diags)}});
      }
      return;
    }
    if (opts.common.json) {
      results.push_back(
          {{"instance", k}, {"input", input}, {"type", ans->type}, {"value", ans->value}});
    } else {
      io.out << k << ' ' << input << ": " << ans->text << '\n';
    }
  };

  const instances_read read = for_each_instance(opts.tokens, io.in, handle);
  if (read.too_long) {
    print_error(io, *read.too_long, too_long_line_message("input"));
    failed = true;
  } else if (read.count == 0) {
    print_error(io, "<stdin>", "no input: expected one instance per line (or tokens as arguments)");
    failed = true;
  }
  if (opts.common.json) io.out << dump_json_rows(results);
  if (tracer && !tracer->write(io)) failed = true;
  return failed ? exit_code::failure : exit_code::ok;
}

CLI::App* declare_run(CLI::App& app, run_options& o) {
  CLI::App* sub =
      subcommand(app, "run", "run a program: one line `<k> <tokens>: <value>` per instance");
  add_program_or_model(sub, o.common);
  sub->add_option("TOKENS", o.tokens, "one instance (default: one per stdin line)");
  sub->add_option("--trace", o.trace_path, "write the trace to FILE (.txt, .html or .json)")
      ->type_name("FILE")
      ->check(file_name());
  add_engine_flags(sub, o.engine);
  add_lowering_choices(sub, o.engine);
  add_alphabet(sub, o.common);
  add_json(sub, o.common.json);
  return sub;
}

}  // namespace crasp::cli
