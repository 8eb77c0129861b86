// `crasp run PROGRAM [TOKENS...]`: the public interpreter's acceptor mode. One output line per
// instance, `<k> <tokens>: <value>`; for a program with next declarations the value is the
// predicted next token (or <none>).
#include <optional>
#include <ostream>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "crasp/interpret.hpp"
#include "input.hpp"
#include "load.hpp"
#include "output.hpp"
#include "trace_file.hpp"

namespace crasp::cli {
namespace {

/// The answer for one instance in text and JSON, or std::nullopt on error (diags explain).
struct answer {
  std::string text;
  json value;
  std::string type;
};

std::optional<answer> evaluate(const ir::program& program, const instance& inst,
                               diagnostics& diags) {
  if (program.is_generator()) {
    auto gen = generate(program, inst.tokens, 1, inst.origin, diags);
    if (!gen || gen->reason == stop_reason::ambiguous || diags.has_errors()) return std::nullopt;
    if (gen->continuation.empty()) return answer{"<none>", nullptr, "next"};
    return answer{gen->continuation.front(), gen->continuation.front(), "next"};
  }
  auto out = run(program, inst.tokens, inst.origin, diags);
  if (!out || diags.has_errors()) return std::nullopt;
  return answer{format_value(*out), json_value(*out), type_name(out->kind)};
}

}  // namespace

exit_code run_command(const run_options& opts, io& io) {
  std::optional<trace_file> tracer;
  if (!opts.trace_path.empty()) {
    auto format = trace_format_for_path(opts.trace_path);
    if (!format) {
      return usage_error(io, "--trace: unknown extension of '" + opts.trace_path +
                                 "' (use .txt, .html or .json)");
    }
    tracer.emplace(opts.trace_path, *format, opts.common.program);
  }
  auto options = parse_alphabet_flags(opts.common.alphabets, io);
  if (!options) return exit_code::usage;
  auto loaded = load_program(opts.common.program, *options, io);
  if (!loaded) return exit_code::failure;
  const ir::program& program = loaded->program;
  if (program.statements.empty() && !program.is_generator()) {
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
    auto ans = evaluate(program, inst, diags);
    if (ans && tracer) {
      if (auto table = trace(program, inst.tokens, inst.origin, diags)) tracer->add(k, inst, *table);
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

  if (for_each_instance(opts.tokens, io.in, handle) == 0) {
    print_error(io, "<stdin>", "no input: expected one instance per line (or tokens as arguments)");
    failed = true;
  }
  if (opts.common.json) io.out << dump_json_rows(results);
  if (tracer && !tracer->write(io)) failed = true;
  return failed ? exit_code::failure : exit_code::ok;
}

}  // namespace crasp::cli
