// `crasp generate PROGRAM [PREFIX...]`: greedy next-token generation. One output line per
// prefix: the generated continuation (tokens separated by spaces, <none> when empty).
// `--engine transformer` generates with the compiled model (or a saved one).
#include <optional>
#include <ostream>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "crasp/interpret.hpp"
#include "engine.hpp"
#include "input.hpp"
#include "load.hpp"
#include "output.hpp"
#include "command.hpp"
#include "flags.hpp"
#include "option_checks.hpp"

namespace crasp::cli {
namespace {

const char* stop_name(stop_reason r) {
  switch (r) {
    case stop_reason::no_next: return "no_next";
    case stop_reason::max_new: return "max_new";
    case stop_reason::ambiguous: return "ambiguous";
    case stop_reason::max_len: return "max_len";
  }
  return "no_next";
}

}  // namespace

exit_code generate_command(const generate_options& opts, io& io) {
  opened_engine opened = open_engine(opts.common, opts.engine, io);
  if (!opened.value) return opened.code;
  const engine& eng = *opened.value;
  io.stage = "generating";
  if (!eng.is_generator()) {
    print_error(io, opts.common.program,
                eng.program() ? "program has no next declarations (use 'crasp run' for acceptors)"
                              : "model has no next-token outputs (use 'crasp run' for acceptors)");
    return exit_code::failure;
  }

  bool failed = false;
  std::size_t k = 0;
  json results = json::array();
  auto handle = [&](const instance& inst) {
    ++k;
    const std::string input = join_tokens(inst.tokens);
    diagnostics diags;
    auto gen = eng.generate(inst.tokens, opts.max_new, inst.origin, diags);
    print_diagnostics(diags, io);
    const bool ok = gen && gen->reason != stop_reason::ambiguous && !diags.has_errors();
    if (gen && gen->reason == stop_reason::max_new) {
      print_warning(io, inst.origin,
                    "stopped after " + std::to_string(opts.max_new) +
                        " generated tokens (--max-new); the continuation is cut");
    }
    if (!ok) failed = true;
    if (opts.common.json) {
      json r = {{"instance", k}, {"input", input}};
      if (gen) {
        r["continuation"] = gen->continuation;
        r["stop"] = stop_name(gen->reason);
        if (gen->reason == stop_reason::ambiguous) {
          r["ambiguous_position"] = gen->ambiguous_position;
          r["ambiguous_tokens"] = gen->ambiguous_tokens;
        }
      }
      if (!ok) r["error"] = first_error(diags);
      results.push_back(std::move(r));
    } else if (ok) {
      io.out << format_continuation(gen->continuation) << '\n';
    }
  };

  const instances_read read = for_each_instance(opts.prefix, io.in, handle);
  if (read.too_long) {
    print_error(io, *read.too_long, too_long_line_message("input"));
    failed = true;
  } else if (read.count == 0) {
    print_error(io, "<stdin>", "no input: expected one prefix per line (or tokens as arguments)");
    failed = true;
  }
  if (opts.common.json) io.out << dump_json_rows(results);
  return failed ? exit_code::failure : exit_code::ok;
}

CLI::App* declare_generate(CLI::App& app, generate_options& o) {
  CLI::App* sub =
      subcommand(app, "generate", "generate continuations with the program's next declarations");
  add_program_or_model(sub, o.common);
  sub->add_option("PREFIX", o.prefix, "one prefix (default: one per stdin line)");
  add_max_new(sub, o.max_new);
  add_engine_flags(sub, o.engine);
  add_lowering_choices(sub, o.engine);
  add_alphabet(sub, o.common);
  add_json(sub, o.common.json);
  return sub;
}

}  // namespace crasp::cli
