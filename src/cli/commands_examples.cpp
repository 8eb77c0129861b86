// `crasp examples [PROGRAM|DIR...]`: runs every program on the examples in X.examples next to it
// (or, for one program, in `--examples FILE`) and prints one summary line per program, plus the
// instance, expected and actual output of every mismatch, long ones abbreviated (in full with
// --json). Exit 1 when anything mismatched or failed. `--engine transformer` checks the compiled
// models instead of the interpreter.
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"
#include "engine.hpp"
#include "examples_file.hpp"
#include "input.hpp"
#include "load.hpp"
#include "output.hpp"
#include "command.hpp"
#include "flags.hpp"
#include "option_checks.hpp"

namespace crasp::cli {
namespace {

/// An answer in full (JSON, comparison) and as shown in the text report.
struct answer {
  std::string full;
  std::string shown;
};

struct mismatch {
  const example* ex;
  answer expected;
  answer actual;
};

/// Expected outputs of generators are continuations, long ones worth abbreviating.
answer expected_answer(bool generator, const std::string& canonical) {
  return {canonical, generator ? abbreviate_tokens(split_tokens(canonical)) : canonical};
}

const answer not_compared = {"(not compared)", "(not compared)"};

/// Expected output in canonical spelling, or std::nullopt when it cannot be an answer of
/// `program` (acceptors: True, False or an integer).
std::optional<std::string> canonical_expected(bool generator, const std::string& s) {
  if (generator) return s == "<none>" ? s : format_continuation(split_tokens(s));
  if (s == "True" || s == "False") return s;
  std::int64_t v = 0;
  const char* first = s.data() + (s.size() > 1 && s[0] == '+' ? 1 : 0);
  const char* last = s.data() + s.size();
  auto [ptr, ec] = std::from_chars(first, last, v);
  if (ec != std::errc() || ptr != last || first == last) return std::nullopt;
  return std::to_string(v);
}

/// The engine's actual answer on one example, as it would be written in an examples file.
/// `longest` gets the longest sequence the answer was decided on (the input, or the input with
/// its continuation), against which a model's certified range is compared.
answer actual_output(const engine& eng, const example& ex, std::size_t max_new,
                     std::size_t& longest) {
  diagnostics diags;
  longest = ex.tokens.size();
  if (eng.is_generator()) {
    auto gen = eng.generate(ex.tokens, max_new, ex.origin, diags);
    if (!gen || gen->reason == stop_reason::ambiguous || diags.has_errors()) {
      const std::string error = "error: " + first_error(diags);
      return {error, error};
    }
    longest += gen->continuation.size();
    std::string cut;
    if (gen->reason == stop_reason::max_new) cut = fmt::format(" (cut at --max-new {})", max_new);
    if (gen->reason == stop_reason::max_len) cut = " (cut at the model's max-len)";
    // The note stays whole after the abbreviated tokens: it says why the answer stopped.
    const std::string shown =
        gen->continuation.empty() ? "<none>" : abbreviate_tokens(gen->continuation);
    return {format_continuation(gen->continuation) + cut, shown + cut};
  }
  auto out = eng.run(ex.tokens, ex.origin, diags);
  const std::string text = !out || diags.has_errors() ? "error: " + first_error(diags) : out->text;
  return {text, text};
}

struct program_report {
  json doc;
  bool ok = true;
  std::size_t total = 0;
  std::size_t passed = 0;
};

program_report check_program(const std::string& path, const std::string& ex_path,
                             std::size_t width, const examples_options& opts, io& io) {
  program_report rep;
  rep.doc = {{"program", path}};
  std::string line = fmt::format("{:<{}}  ", path, width);
  auto finish = [&](const std::string& tail) {
    if (!opts.json) io.out << line << tail << '\n';
    rep.doc["ok"] = rep.ok;
    return rep;
  };

  io.stage = "loading a program";
  auto loaded = load_program(path, check_options{}, io);
  if (!loaded) {
    rep.ok = false;
    rep.doc["error"] = "program does not load";
    return finish("error: program does not load");
  }
  const ir::program& program = loaded->program;
  line += fmt::format("{:<11}  depth {}  size {:<5}  ", class_name(program.klass), program.depth,
                      program.nodes.size());
  rep.doc["class"] = class_name(program.klass);
  rep.doc["mode"] = mode_name(program);
  rep.doc["depth"] = program.depth;
  rep.doc["size"] = program.nodes.size();
  // With --engine transformer the examples check the compiled model as well as the program.
  auto eng = engine_for_program(program, opts.engine, io);
  if (!eng) {
    rep.ok = false;
    rep.doc["error"] = "program does not compile";
    return finish("error: program does not compile");
  }
  io.stage = "checking the examples";

  rep.doc["examples"] = ex_path;
  diagnostics diags;
  auto examples = read_examples(ex_path, diags);
  if (!examples) {  // the summary line says why
    rep.ok = false;
    rep.doc["error"] = "cannot read " + ex_path;
    return finish("error: cannot read " + ex_path);
  }
  print_diagnostics(diags, io);
  if (diags.has_errors()) rep.ok = false;
  if (examples->empty()) {
    rep.ok = false;
    rep.doc["error"] = "no examples in " + ex_path;
    return finish("error: no examples in " + ex_path);
  }

  std::vector<mismatch> mismatches;
  std::size_t uncertified = 0;
  for (const example& ex : *examples) {
    ++rep.total;
    auto expected = canonical_expected(eng->is_generator(), ex.expected);
    if (!expected) {
      print_error(io, ex.origin, "expected True, False or an integer after '=>', got '" +
                                     ex.expected + "'");
      mismatches.push_back({&ex, {ex.expected, ex.expected}, not_compared});
      continue;
    }
    std::size_t longest = 0;
    answer actual = actual_output(*eng, ex, opts.max_new, longest);
    // A model answer past the certified range is counted, not passed off as guaranteed (the
    // per-example warnings would drown the summary).
    if (const auto t = eng->trust(longest); t && *t != length_trust::certified) ++uncertified;
    if (actual.full == *expected) {
      ++rep.passed;
    } else {
      mismatches.push_back(
          {&ex, expected_answer(eng->is_generator(), *expected), std::move(actual)});
    }
  }
  if (!mismatches.empty()) rep.ok = false;
  rep.doc["total"] = rep.total;
  rep.doc["passed"] = rep.passed;
  rep.doc["mismatches"] = json::array();
  for (const mismatch& m : mismatches) {
    rep.doc["mismatches"].push_back({{"line", m.ex->line},
                                      {"input", join_tokens(m.ex->tokens)},
                                      {"expected", m.expected.full},
                                      {"actual", m.actual.full}});
  }
  std::string tail = fmt::format("{}/{} ok", rep.passed, rep.total);
  if (const std::size_t bad = diags.error_count(); bad > 0) {
    tail += fmt::format(", {} malformed line{}", bad, bad == 1 ? "" : "s");
  }
  if (eng->is_transformer()) {
    rep.doc["uncertified"] = uncertified;
    if (uncertified > 0) {
      tail += fmt::format(" ({} past the model's certified {} range)", uncertified,
                          opts.engine.prec == precision::f32 ? "f32" : "f64");
    }
  }
  finish(tail);
  if (!opts.json) {
    for (const mismatch& m : mismatches) {
      io.out << fmt::format("  {}: {}\n    expected: {}\n    actual:   {}\n", m.ex->origin,
                            abbreviate_tokens(m.ex->tokens), m.expected.shown, m.actual.shown);
    }
  }
  return rep;
}

}  // namespace

exit_code examples_command(const examples_options& opts, io& io) {
  if (std::string why = engine_flags_error(opts.engine, "", false); !why.empty()) {
    return usage_error(io, why);
  }
  // One examples file cannot belong to several programs: a directory (or none, meaning the
  // current one) may hold any number, so --examples wants a single program file.
  std::error_code ec;
  if (!opts.examples_file.empty() &&
      (opts.paths.size() != 1 || std::filesystem::is_directory(opts.paths.front(), ec))) {
    return usage_error(io, "--examples FILE needs exactly one PROGRAM (a file, not a directory)");
  }
  diagnostics diags;
  const std::vector<std::string> programs = collect_programs(opts.paths, diags);
  print_diagnostics(diags, io);
  bool ok = !diags.has_errors();

  std::size_t width = 0;
  for (const std::string& p : programs) width = std::max(width, p.size());
  json all = json::array();
  std::size_t total = 0;
  std::size_t passed = 0;
  for (const std::string& p : programs) {
    const std::string ex_path =
        opts.examples_file.empty() ? examples_path_for(p) : opts.examples_file;
    program_report rep = check_program(p, ex_path, width, opts, io);
    ok = ok && rep.ok;
    total += rep.total;
    passed += rep.passed;
    all.push_back(std::move(rep.doc));
  }
  if (opts.json) {
    io.out << dump_json({{"programs", std::move(all)},
                         {"total", total},
                         {"passed", passed},
                         {"ok", ok}});
  } else if (programs.size() > 1) {
    io.out << fmt::format("{} programs, {}/{} examples ok\n", programs.size(), passed, total);
  }
  return ok ? exit_code::ok : exit_code::failure;
}

CLI::App* declare_examples(CLI::App& app, examples_options& o) {
  CLI::App* sub = subcommand(app, "examples", "check programs against their X.examples files");
  sub->add_option("PROGRAMS", o.paths,
                  "program files or directories (default: the current directory)")
      ->check(file_name());
  sub->add_option("--examples", o.examples_file,
                  "check the one PROGRAM against FILE instead of its X.examples")
      ->type_name("FILE")
      ->check(file_name());
  add_max_new(sub, o.max_new);
  add_engine_flags(sub, o.engine);
  add_lowering_choices(sub, o.engine);
  add_json(sub, o.json);
  return sub;
}

}  // namespace crasp::cli
