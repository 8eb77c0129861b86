// The command-line grammar: CLI11 subcommands bound to the option structs of cli.hpp.
#pragma once

#include <CLI/CLI.hpp>

#include "cli.hpp"

namespace crasp::cli {

/// Owns the CLI11 app and the options it fills in. main.cpp parses argv with app(), then calls
/// dispatch() to run the selected subcommand.
class command_line {
 public:
  command_line();
  command_line(const command_line&) = delete;
  command_line& operator=(const command_line&) = delete;

  [[nodiscard]] CLI::App& app() { return app_; }
  /// Runs the subcommand selected by the last parse.
  exit_code dispatch(io& io);

 private:
  CLI::App app_;
  CLI::App* run_ = nullptr;
  CLI::App* generate_ = nullptr;
  CLI::App* info_ = nullptr;
  CLI::App* expand_ = nullptr;
  CLI::App* examples_ = nullptr;
  CLI::App* compile_ = nullptr;
  CLI::App* verify_ = nullptr;
  CLI::App* tasks_ = nullptr;
  CLI::App* check_ = nullptr;
  CLI::App* synth_ = nullptr;
  CLI::App* explain_ = nullptr;
  CLI::App* communication_ = nullptr;
  CLI::App* reduce_ = nullptr;
  run_options run_opts_;
  generate_options generate_opts_;
  info_options info_opts_;
  info_options expand_opts_;
  examples_options examples_opts_;
  compile_command_options compile_opts_;
  verify_command_options verify_opts_;
  tasks_command_options tasks_opts_;
  check_command_options check_opts_;
  synth_command_options synth_opts_;
  explain_command_options explain_opts_;
  communication_command_options communication_opts_;
  reduce_command_options reduce_opts_;
};

/// Adds the options of `crasp synth` to its subcommand `sub` (app_synth.cpp); returns `sub`.
CLI::App* add_synth_options(CLI::App* sub, synth_command_options& o);

}  // namespace crasp::cli
