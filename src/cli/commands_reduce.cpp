// `crasp reduce`: the two halves of a reduction (crasp/reduction.hpp, docs/communication.md).
//   crasp reduce PROGRAM --map "0=a a" --map "1=a b" [--before T..] [--after T..]
//     prints the program pulled back through the map: on w it answers what PROGRAM answers on
//     before + h(w) + after (the closure, built for one program so it can be read and run);
//   crasp reduce SPEC.toml
//     checks the spec's declared reduction (reduces_from, reduction_map) on the source's inputs.
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "crasp/interpret.hpp"
#include "crasp/reduction.hpp"
#include "crasp/task_spec.hpp"
#include "load.hpp"
#include "command.hpp"
#include "flags.hpp"
#include "option_checks.hpp"

namespace crasp::cli {
namespace {

exit_code check_declared(const reduce_command_options& opts, io& io) {
  diagnostics diags;
  const auto spec = load_task_file(opts.target, diags);
  print_diagnostics(diags, io);
  if (!spec) return exit_code::failure;
  if (!spec->reduces_from || !spec->reduction_map) {
    print_error(io, opts.target, "the spec declares no reduction (reduces_from and reduction_map)");
    return exit_code::failure;
  }
  reduction_options o;
  o.source = *spec->reduces_from;
  o.target = opts.target;
  o.map = *spec->reduction_map;
  o.seed = opts.seed;
  diagnostics rd;
  const auto r = check_reduction(o, rd);
  print_diagnostics(rd, io);
  if (!r) return exit_code::failure;
  if (opts.json) {
    nlohmann::json answers = nlohmann::json::array();
    for (const auto& [s, t] : r->answers) answers.push_back({{"source", s}, {"target", t}});
    io.out << nlohmann::json{{"source", r->source},       {"target", r->target},
                             {"map", r->map.describe()},   {"holds", r->holds()},
                             {"failure", r->failure},      {"exhaustive_length", r->exhaustive_length},
                             {"exhaustive_inputs", r->exhaustive_inputs},
                             {"long_inputs", r->long_inputs}, {"longest", r->longest},
                             {"answers", answers},         {"verdict", r->verdict}}
                  .dump(2)
           << "\n";
    return r->holds() ? exit_code::ok : exit_code::failure;
  }
  io.out << fmt::format("reduction from {} to {} by {}\n", r->source, r->target, r->map.describe());
  if (!r->holds()) {
    io.out << "fails: " << r->failure << "\n";
    return exit_code::failure;
  }
  io.out << fmt::format("holds on all {} source inputs up to length {} and {} long ones up to {} "
                        "symbols\n",
                        r->exhaustive_inputs, r->exhaustive_length, r->long_inputs, r->longest);
  for (const auto& [s, t] : r->answers) io.out << fmt::format("  {} -> {}\n", s, t);
  io.out << "verdict: " << r->verdict << "\n";
  return exit_code::ok;
}

}  // namespace

exit_code reduce_command(const reduce_command_options& opts, io& io) {
  if (is_task_file_name(opts.target)) {
    if (!opts.map.empty() || !opts.before.empty() || !opts.after.empty())
      return usage_error(io, "--map, --before and --after are for a program; a spec declares "
                             "its map (reduction_map)");
    return check_declared(opts, io);
  }
  if (opts.map.empty()) return usage_error(io, "--map SYMBOL=WORD is required for a program");
  word_map h;
  for (const std::string& m : opts.map) {
    const auto eq = m.find('=');
    if (eq == std::string::npos || eq == 0)
      return usage_error(io, fmt::format("--map {}: expected SYMBOL=WORD (e.g. \"1=a b\")", m));
    h.symbols.push_back(m.substr(0, eq));
    h.words.push_back(split_tokens(m.substr(eq + 1)));
  }
  h.before = opts.before;
  h.after = opts.after;
  diagnostics bad;
  if (!validate(h, "--map", bad)) {
    print_diagnostics(bad, io);
    return exit_code::failure;
  }
  const auto program = load_program(opts.target, {}, io);
  if (!program) return exit_code::failure;
  diagnostics diags;
  const std::string text = pull_back_text(program->program, h, diags);
  print_diagnostics(diags, io);
  if (text.empty()) return exit_code::failure;
  io.out << fmt::format("// {} pulled back through {}: on w it answers what {} answers on the "
                        "image (docs/communication.md, Reductions)\n",
                        opts.target, h.describe(), opts.target)
         << text;
  return exit_code::ok;
}

CLI::App* declare_reduce(CLI::App& app, reduce_command_options& o) {
  CLI::App* sub = subcommand(app, "reduce",
                             "pull a program back through a letter-to-word map, or check a task "
                             "spec's declared reduction (docs/communication.md, Reductions)");
  sub->add_option("TARGET", o.target,
                  "program (FILE.crasp, FILE.cr: printed pulled back) or task spec "
                  "(FILE.toml: its reduces_from / reduction_map checked)")
      ->required();
  sub->add_option("--map", o.map, "SYMBOL=WORD: a source symbol and its image (repeat)")
      ->type_name("SYMBOL=WORD");
  sub->add_option("--before", o.before, "frame tokens before the image")->type_name("TOKEN");
  sub->add_option("--after", o.after, "frame tokens after the image")->type_name("TOKEN");
  sub->add_option("--seed", o.seed, "seed of the long source inputs checked")
      ->capture_default_str();
  add_json(sub, o.json);
  return sub;
}

}  // namespace crasp::cli
