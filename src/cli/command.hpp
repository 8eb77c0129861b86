// A subcommand of `crasp` as one unit: it declares its own flags on its CLI11 subcommand and
// runs itself, both in its own file (commands_<name>.cpp). commands.cpp is the table of them, in
// the order `crasp --help` lists them; app.cpp only parses and dispatches.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <vector>

#include "cli.hpp"

namespace crasp::cli {

/// One subcommand with the options it fills in.
class command {
 public:
  virtual ~command() = default;
  /// Adds the subcommand and its flags to `app`; returns the subcommand.
  virtual CLI::App* declare(CLI::App& app) = 0;
  /// Runs it with the flags as parsed.
  virtual exit_code run(io& io) = 0;
};

/// A command made of its options struct, the function that declares its flags into it and the
/// function that runs it.
template <class Options>
class basic_command final : public command {
 public:
  using declare_fn = CLI::App* (*)(CLI::App&, Options&);
  using run_fn = exit_code (*)(const Options&, io&);
  basic_command(declare_fn declare, run_fn run) : declare_(declare), run_(run) {}
  CLI::App* declare(CLI::App& app) override { return declare_(app, options_); }
  exit_code run(io& io) override { return run_(options_, io); }

 private:
  Options options_;
  declare_fn declare_;
  run_fn run_;
};

/// Every subcommand, in `crasp --help` order (commands.cpp).
std::vector<std::unique_ptr<command>> all_commands();

// The flags of each subcommand, declared in its own file.
CLI::App* declare_run(CLI::App& app, run_options& o);
CLI::App* declare_generate(CLI::App& app, generate_options& o);
CLI::App* declare_info(CLI::App& app, info_options& o);
CLI::App* declare_expand(CLI::App& app, info_options& o);
CLI::App* declare_examples(CLI::App& app, examples_options& o);
CLI::App* declare_compile(CLI::App& app, compile_command_options& o);
CLI::App* declare_verify(CLI::App& app, verify_command_options& o);
CLI::App* declare_tasks(CLI::App& app, tasks_command_options& o);
CLI::App* declare_check(CLI::App& app, check_command_options& o);
CLI::App* declare_synth(CLI::App& app, synth_command_options& o);
CLI::App* declare_explain(CLI::App& app, explain_command_options& o);
CLI::App* declare_communication(CLI::App& app, communication_command_options& o);
CLI::App* declare_reduce(CLI::App& app, reduce_command_options& o);
CLI::App* declare_regular(CLI::App& app, regular_command_options& o);

/// `crasp tasks`: the catalogue, or with --generate, --oracle or --spec the task protocols.
exit_code tasks_or_protocol_command(const tasks_command_options& opts, io& io);

}  // namespace crasp::cli
