// The table of `crasp`'s subcommands, in the order `crasp --help` lists them. Adding a
// subcommand: its options in cli.hpp, a file commands_<name>.cpp with declare_<name> (its flags)
// and its run function, a line here.
#include "command.hpp"

namespace crasp::cli {
namespace {

template <class Options>
std::unique_ptr<command> make_command(CLI::App* (*declare)(CLI::App&, Options&),
                                      exit_code (*run)(const Options&, io&)) {
  return std::make_unique<basic_command<Options>>(declare, run);
}

}  // namespace

std::vector<std::unique_ptr<command>> all_commands() {
  std::vector<std::unique_ptr<command>> table;
  table.push_back(make_command(declare_run, run_command));
  table.push_back(make_command(declare_generate, generate_command));
  table.push_back(make_command(declare_info, info_command));
  table.push_back(make_command(declare_expand, expand_command));
  table.push_back(make_command(declare_examples, examples_command));
  table.push_back(make_command(declare_compile, compile_command));
  table.push_back(make_command(declare_verify, verify_command));
  table.push_back(make_command(declare_tasks, tasks_or_protocol_command));
  table.push_back(make_command(declare_check, check_command));
  table.push_back(make_command(declare_synth, synth_command));
  table.push_back(make_command(declare_explain, explain_command));
  table.push_back(make_command(declare_communication, communication_command));
  table.push_back(make_command(declare_reduce, reduce_command));
  table.push_back(make_command(declare_regular, regular_command));
  return table;
}

}  // namespace crasp::cli
