// The command line: the top-level CLI11 app with every subcommand of the table (commands.cpp),
// each declaring its own flags (command.hpp).
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <vector>

#include "cli.hpp"
#include "command.hpp"

namespace crasp::cli {

/// Owns the CLI11 app and the commands whose options it fills in. main.cpp parses argv with
/// app(), then calls dispatch() to run the selected subcommand.
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
  std::vector<std::unique_ptr<command>> commands_;
  std::vector<CLI::App*> subcommands_;  ///< parallel to commands_
};

}  // namespace crasp::cli
