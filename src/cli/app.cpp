// The top-level app: crasp's description, --version, the exit codes under --help, and the
// subcommands of the table in order. Parsing fills each command's own options.
#include "app.hpp"

#include <string>

#include "flags.hpp"

namespace crasp::cli {

command_line::command_line()
    : app_("crasp: parse, check, run and compile C-RASP[pos] programs", "crasp"),
      commands_(all_commands()) {
  app_.set_version_flag("--version", version_text);
  app_.require_subcommand(1);
  app_.footer(footer);
  for (auto& c : commands_) subcommands_.push_back(c->declare(app_));
}

exit_code command_line::dispatch(io& io) {
  for (std::size_t i = 0; i < commands_.size(); ++i)
    if (subcommands_[i]->parsed()) return commands_[i]->run(io);
  return usage_error(io, "a subcommand is required");
}

exit_code usage_error(io& io, const std::string& message) {
  io.err << message << "\nRun with --help for more information.\n";
  return exit_code::usage;
}

}  // namespace crasp::cli
