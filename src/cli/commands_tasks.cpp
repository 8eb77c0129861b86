// `crasp tasks [TASK...]`: the task catalogue. Without names, one row per task (category, mode,
// vocabulary, program, verdicts); with names, each task's format and the reasons behind its
// verdicts. --json gives every field for the selected tasks. The vocabulary shown is the one
// crasp check runs the task with (crasp::check_vocab), so the two commands agree.
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "crasp/task_check.hpp"
#include "crasp/tasks.hpp"
#include "load.hpp"
#include "output.hpp"
#include "text_table.hpp"
#include "command.hpp"
#include "flags.hpp"
#include "option_checks.hpp"

namespace crasp::cli {
namespace {

std::string vocab_text(const tasks::task_spec& t) {
  const auto s = tasks::symbols(t, check_vocab(t));
  std::string v = s.size() <= 3 ? "" : s.front() + ".." + s.back();
  if (v.empty())
    for (const auto& x : s) v += (v.empty() ? "" : " ") + x;
  return t.variable_vocab ? fmt::format("{} (k={})", v, s.size()) : v;
}

// The mode column: what the task's input and answer are.
std::string mode_text(const tasks::task_spec& t) {
  switch (t.mode) {
    case tasks::task_mode::generator:
      return "generator";
    case tasks::task_mode::labels:
      return "labels";
    case tasks::task_mode::acceptor:
      break;
  }
  return "acceptor";
}

std::string verdict_text(const tasks::verdict& v) {
  return std::string(tasks::expressible_name(v.value));
}

json task_json(const tasks::task_spec& t) {
  const auto verdict = [](const tasks::verdict& v, std::optional<bool> paper) {
    return json{{"value", std::string(tasks::expressible_name(v.value))},
                {"reason", v.reason},
                {"paper", paper ? json(*paper ? "yes" : "no") : json(nullptr)}};
  };
  return {{"name", t.name},
          {"category", t.category},
          {"mode", mode_text(t)},
          {"description", t.description},
          {"symbols", tasks::symbols(t, check_vocab(t))},
          {"check_vocab", check_vocab(t)},
          {"control_tokens", t.control_tokens},
          {"end_token", t.end_token},
          {"variable_vocab", t.variable_vocab},
          {"default_vocab", t.default_vocab},
          {"min_length", t.min_length},
          {"program", t.program.empty() ? json(nullptr) : json(t.program)},
          {"candidate", t.candidate.empty() ? json(nullptr) : json(t.candidate)},
          {"nope", verdict(t.nope, t.paper_nope)},
          {"ape", verdict(t.ape, t.paper_ape)},
          {"source", t.source}};
}

std::string describe(const tasks::task_spec& t) {
  std::string out = fmt::format("{} ({}, {})\n", t.name, t.category, mode_text(t));
  out += fmt::format("  format:      {}\n", t.description);
  out += fmt::format("  vocabulary:  {}\n", vocab_text(t));
  out += fmt::format("  program:     {}\n", t.program.empty() ? "none" : "programs/" + t.program);
  if (!t.candidate.empty())
    out += fmt::format("  candidate:   programs/{} (a natural but wrong attempt; crasp check "
                       "refutes it)\n",
                       t.candidate);
  out += fmt::format("  C-RASP[pos]: {} -- {}\n", verdict_text(t.ape), t.ape.reason);
  out += fmt::format("  NoPE:        {} -- {}\n", verdict_text(t.nope), t.nope.reason);
  out += fmt::format("  source:      {}\n", t.source);
  return out;
}

}  // namespace

exit_code tasks_command(const tasks_command_options& opts, io& io) {
  std::vector<const tasks::task_spec*> chosen;
  for (const auto& name : opts.names) {
    const auto* t = tasks::find(name);
    if (t == nullptr) {
      print_error(io, "tasks", fmt::format("unknown task '{}' (crasp tasks lists them)", name));
      return exit_code::failure;
    }
    chosen.push_back(t);
  }
  if (opts.names.empty())
    for (const auto& t : tasks::catalogue()) chosen.push_back(&t);
  if (opts.json) {
    json all = json::array();
    for (const auto* t : chosen) all.push_back(task_json(*t));
    io.out << dump_json({{"tasks", std::move(all)}});
    return exit_code::ok;
  }
  if (!opts.names.empty()) {
    for (std::size_t k = 0; k < chosen.size(); ++k)
      io.out << (k > 0 ? "\n" : "") << describe(*chosen[k]);
    return exit_code::ok;
  }
  std::vector<std::vector<std::string>> rows = {
      {"task", "category", "mode", "vocabulary", "program", "C-RASP[pos]", "NoPE"}};
  for (const auto* t : chosen)
    rows.push_back({t->name, t->category, mode_text(*t), vocab_text(*t),
                    t->program.empty() ? "-" : t->program, verdict_text(t->ape),
                    verdict_text(t->nope)});
  io.out << render_table(rows, 7);
  io.out << "\nVerdicts as the literature states them. 'crasp tasks NAME' shows a task's format "
            "and the reasons;\n'crasp check' tests them (a plain C-RASP witness program upgrades "
            "NoPE to yes).\n";
  return exit_code::ok;
}


exit_code tasks_or_protocol_command(const tasks_command_options& opts, io& io) {
  if (opts.generate || opts.oracle || opts.spec) return task_protocol_command(opts, io);
  return tasks_command(opts, io);
}

CLI::App* declare_tasks(CLI::App& app, tasks_command_options& o) {
  CLI::App* sub =
      subcommand(app, "tasks", "list the task catalogue: formats, programs and verdicts");
  sub->add_option("TASKS", o.names, "describe these tasks in full");
  add_json(sub, o.json);
  sub->add_flag("--generate", o.generate,
                "write instances of TASK as a spec generator does (JSON lines; docs/tasks.md)");
  sub->add_flag("--oracle", o.oracle,
                "answer {\"input\": ...} lines on stdin as a spec oracle does");
  sub->add_flag("--spec", o.spec,
                "print a task spec (TOML) that reproduces TASK through --generate and --oracle");
  sub->add_option("--length", o.length, "with --generate: instances of length N")
      ->type_name("N")
      ->check(integer_in(1, 10'000'000));
  sub->add_option("--count", o.count, "with --generate: at most K instances")
      ->type_name("K")
      ->capture_default_str()
      ->check(integer_in(0, 10'000'000));
  sub->add_option("--seed", o.seed, "with --generate: seed of the instances")
      ->type_name("S")
      ->capture_default_str()
      ->check(integer_in(0, max_seed));
  sub->add_option("--vocab", o.vocab,
                  "vocabulary size (default: what crasp check uses for the task)")
      ->type_name("K")
      ->check(integer_in(1, 100'000));
  return sub;
}

}  // namespace crasp::cli
