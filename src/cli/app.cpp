#include "app.hpp"

#include <ostream>
#include <string>

#ifndef CRASP_VERSION
#define CRASP_VERSION "unknown"
#endif

namespace crasp::cli {
namespace {

const std::string version_text = std::string("crasp ") + CRASP_VERSION;

const char* const footer =
    "Exit codes: 0 ok, 1 bad program or input (or an example mismatch), 2 usage error,\n"
    "3 internal error. Full reference: docs/cli.md.";

CLI::App* subcommand(CLI::App& app, const std::string& name, const std::string& description) {
  CLI::App* sub = app.add_subcommand(name, description);
  sub->set_version_flag("--version", version_text);
  return sub;
}

void add_program(CLI::App* sub, program_options& opts) {
  sub->add_option("PROGRAM", opts.program, "program file (.crasp, or .cr for the public dialect)")
      ->required();
}

void add_alphabet(CLI::App* sub, program_options& opts) {
  sub->add_option("--alphabet", opts.alphabets,
                  "replace a declared alphabet (Sym=t0..t149, 'Sym=a b c')")
      ->type_name("NAME=SPEC")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->allow_extra_args(false);
}

void add_json(CLI::App* sub, bool& json) {
  sub->add_flag("--json", json, "machine-readable JSON output");
}

// CLI::NonNegativeNumber would print its range as a 300-digit double.
const CLI::Validator non_negative(
    [](std::string& s) -> std::string {
      if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) {
        return "expected a non-negative integer, got '" + s + "'";
      }
      return {};
    },
    "", "non-negative integer");

void add_max_new(CLI::App* sub, std::size_t& max_new) {
  sub->add_option("--max-new", max_new, "stop after N generated tokens per instance")
      ->type_name("N")
      ->check(non_negative)
      ->capture_default_str();
}

}  // namespace

command_line::command_line() : app_("crasp: parse, check and run C-RASP[pos] programs", "crasp") {
  app_.set_version_flag("--version", version_text);
  app_.require_subcommand(1);
  app_.footer(footer);

  run_ = subcommand(app_, "run",
                    "run a program: one line `<k> <tokens>: <value>` per instance");
  add_program(run_, run_opts_.common);
  run_->add_option("TOKENS", run_opts_.tokens,
                   "one instance (default: one per stdin line)");
  run_->add_option("--trace", run_opts_.trace_path,
                   "write the trace to FILE (.txt, .html or .json)")
      ->type_name("FILE");
  add_alphabet(run_, run_opts_.common);
  add_json(run_, run_opts_.common.json);

  generate_ = subcommand(app_, "generate",
                         "generate continuations with the program's next declarations");
  add_program(generate_, generate_opts_.common);
  generate_->add_option("PREFIX", generate_opts_.prefix,
                        "one prefix (default: one per stdin line)");
  add_max_new(generate_, generate_opts_.max_new);
  add_alphabet(generate_, generate_opts_.common);
  add_json(generate_, generate_opts_.common.json);

  info_ = subcommand(app_, "info",
                     "describe a program: class, mode, alphabets, statements, depth, size");
  add_program(info_, info_opts_.common);
  add_alphabet(info_, info_opts_.common);
  add_json(info_, info_opts_.common.json);

  expand_ = subcommand(app_, "expand", "print the program with families and quantifiers expanded");
  add_program(expand_, expand_opts_.common);
  add_alphabet(expand_, expand_opts_.common);

  examples_ = subcommand(app_, "examples",
                         "check programs against their X.examples files");
  examples_->add_option("PROGRAMS", examples_opts_.paths,
                        "program files or directories (default: the current directory)");
  add_max_new(examples_, examples_opts_.max_new);
  add_json(examples_, examples_opts_.json);
}

exit_code command_line::dispatch(io& io) {
  if (run_->parsed()) return run_command(run_opts_, io);
  if (generate_->parsed()) return generate_command(generate_opts_, io);
  if (info_->parsed()) return info_command(info_opts_, io);
  if (expand_->parsed()) return expand_command(expand_opts_, io);
  if (examples_->parsed()) return examples_command(examples_opts_, io);
  return usage_error(io, "a subcommand is required");
}

exit_code usage_error(io& io, const std::string& message) {
  io.err << message << "\nRun with --help for more information.\n";
  return exit_code::usage;
}

}  // namespace crasp::cli
