// `crasp regular`: which regular languages C-RASP expresses, with the evidence and a witness
// program (crasp/regular.hpp, docs/regular.md).
//   crasp regular '(ab)*' '(aa)*' [--alphabet "a b"] [--witness]
//   crasp regular --dfa FILE
//   crasp regular --suite bench/suites/yang2026_main.csv [--programs DIR]
//     decides every row, tabulates the answers beside the published label, and the time.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "command.hpp"
#include "crasp/interpret.hpp"
#include "crasp/regular.hpp"
#include "flags.hpp"
#include "load.hpp"
#include "text_table.hpp"

namespace crasp::cli {
namespace {

struct row {
  std::string name, text;           // the row's name and what is shown for it
  std::string source;               // the regex, or the DFA file's text
  bool dfa = false;
  std::optional<bool> published;    // a suite's label
  std::optional<regular_decision> decision;
  double seconds = 0;
};

nlohmann::json to_json(const row& r) {
  nlohmann::json j{{"name", r.name}, {"language", r.text}};
  if (r.published) j["published"] = *r.published ? "yes" : "no";
  if (!r.decision) return j;
  const auto& d = *r.decision;
  nlohmann::json comps = nlohmann::json::array();
  for (const auto& c : d.components)
    comps.push_back({{"states", c.states},
                     {"trivial", c.trivial},
                     {"dimensions", c.dimensions},
                     {"potentials_separate", c.potentials_separate},
                     {"labels_determine", c.labels_determine}});
  j["answer"] = regular_answer_name(d.answer);
  j["in_yang_class"] = d.in_yang_class;
  j["reason"] = d.reason;
  j["states"] = d.states;
  j["components"] = comps;
  if (d.answer == regular_answer::no)
    j["evidence"] = {{"quotient_symbol", d.quotient_symbol},
                     {"states", {d.merged_first, d.merged_second}}};
  if (!d.witness.empty()) {
    j["witness_statements"] = d.witness_statements;
    j["witness"] = d.witness;
  }
  if (!d.witness_error.empty()) j["witness_error"] = d.witness_error;
  j["seconds"] = r.seconds;
  return j;
}

void print_one(const row& r, bool witness, io& io) {
  const auto& d = *r.decision;
  io.out << fmt::format("{}: {}", r.text, regular_answer_name(d.answer));
  if (d.answer == regular_answer::yes) io.out << " (C-RASP, hence also C-RASP[pos])";
  io.out << "\n  " << d.reason << "\n";
  io.out << fmt::format("  minimal DFA: {} state{} in {} component{}; Yang et al.'s class: {}\n",
                        d.states, d.states == 1 ? "" : "s", d.components.size(),
                        d.components.size() == 1 ? "" : "s", d.in_yang_class ? "in" : "out");
  if (d.answer == regular_answer::yes) {
    if (!d.witness.empty())
      io.out << fmt::format("  witness: {} statements, tracks the state{}\n",
                            d.witness_statements, witness ? "" : " (--witness prints it)");
    else
      io.out << "  no witness: " << d.witness_error << "\n";
  }
  if (witness && !d.witness.empty()) io.out << d.witness;
}

std::optional<std::vector<row>> read_suite(const std::string& path, io& io) {
  std::ifstream in(path);
  if (!in) {
    print_error(io, path, "cannot read the suite");
    return std::nullopt;
  }
  std::string line;
  std::getline(in, line);
  if (line != "name,regex,crasp") {
    print_error(io, path + ":1", "expected the header name,regex,crasp (bench/suites/README.md)");
    return std::nullopt;
  }
  std::vector<row> rows;
  for (std::size_t n = 2; std::getline(in, line); ++n) {
    const auto c1 = line.find(','), c2 = line.rfind(',');
    const std::string label = c2 == std::string::npos ? "" : line.substr(c2 + 1);
    if (c1 == std::string::npos || c2 == c1 || (label != "yes" && label != "no")) {
      print_error(io, fmt::format("{}:{}", path, n), "expected NAME,REGEX,yes|no");
      return std::nullopt;
    }
    const std::string regex = line.substr(c1 + 1, c2 - c1 - 1);
    rows.push_back({line.substr(0, c1), regex, regex, false, label == "yes", {}, 0});
  }
  return rows;
}

void print_suite(const std::vector<row>& rows, io& io) {
  std::vector<std::vector<std::string>> t{
      {"name", "regex", "published", "Yang et al.", "crasp", "states", "witness"}};
  std::size_t agree = 0, yes = 0, no = 0, unknown = 0;
  std::vector<std::string> differ;
  double total = 0;
  for (const auto& r : rows) {
    const auto& d = *r.decision;
    total += r.seconds;
    agree += d.in_yang_class == *r.published;
    (d.answer == regular_answer::yes ? yes : d.answer == regular_answer::no ? no : unknown) += 1;
    if ((d.answer == regular_answer::yes) != *r.published) differ.push_back(r.name);
    t.push_back({r.name, r.text, *r.published ? "yes" : "no", d.in_yang_class ? "yes" : "no",
           regular_answer_name(d.answer), std::to_string(d.states),
           d.witness.empty() ? "" : std::to_string(d.witness_statements)});
  }
  io.out << render_table(t, 5);
  io.out << fmt::format("\nYang et al.'s criterion agrees with the published label on {}/{}\n",
                        agree, rows.size());
  io.out << fmt::format("crasp: {} yes, {} no, {} unknown", yes, no, unknown);
  if (!differ.empty()) {
    std::string names;
    for (const auto& n : differ) names += (names.empty() ? "" : ", ") + n;
    io.out << fmt::format("; differs from the published label on {} ({}): the current token "
                          "names the state, which that class does not read",
                          differ.size(), names);
  }
  io.out << fmt::format("\ndecided in {:.3f} s ({:.2f} ms per language)\n", total,
                        rows.empty() ? 0.0 : 1000 * total / static_cast<double>(rows.size()));
}

}  // namespace

exit_code regular_command(const regular_command_options& opts, io& io) {
  std::vector<row> rows;
  if (!opts.suite.empty()) {
    if (!opts.regexes.empty() || !opts.dfas.empty())
      return usage_error(io, "--suite decides the suite's rows; give no REGEX or --dfa with it");
    auto s = read_suite(opts.suite, io);
    if (!s) return exit_code::failure;
    rows = std::move(*s);
  }
  for (const auto& r : opts.regexes) rows.push_back({r, r, r, false, std::nullopt, {}, 0});
  for (const auto& f : opts.dfas) {
    std::ifstream in(f);
    if (!in) {
      print_error(io, f, "cannot read the DFA file");
      return exit_code::failure;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    rows.push_back({std::filesystem::path(f).stem().string(), f, ss.str(), true, std::nullopt, {}, 0});
  }
  if (rows.empty()) return usage_error(io, "give a REGEX, --dfa FILE or --suite FILE.csv");
  const std::vector<std::string> alphabet = split_tokens(opts.alphabet);
  bool ok = true;
  for (auto& r : rows) {
    regular_language lang;
    (r.dfa ? lang.dfa_text : lang.regex) = r.source;
    lang.alphabet = alphabet;
    lang.origin = r.dfa ? r.text : (opts.suite.empty() ? "<regex>" : opts.suite + ": " + r.name);
    diagnostics diags;
    const auto t0 = std::chrono::steady_clock::now();
    r.decision = decide_regular(lang, diags);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    print_diagnostics(diags, io);
    ok = ok && r.decision.has_value();
  }
  if (!ok) return exit_code::failure;
  if (!opts.programs.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(opts.programs, ec);
    for (const auto& r : rows) {
      if (r.decision->witness.empty()) continue;
      const auto path = std::filesystem::path(opts.programs) / (r.name + ".crasp");
      std::ofstream out(path);
      out << "// " << r.text << "\n" << r.decision->witness;
      if (!out) {
        print_error(io, path.string(), "cannot write the witness");
        return exit_code::failure;
      }
    }
  }
  if (opts.json) {
    nlohmann::json all = nlohmann::json::array();
    for (const auto& r : rows) all.push_back(to_json(r));
    io.out << all.dump(2) << "\n";
    return exit_code::ok;
  }
  if (!opts.suite.empty()) {
    print_suite(rows, io);
    return exit_code::ok;
  }
  for (const auto& r : rows) print_one(r, opts.witness, io);
  return exit_code::ok;
}

CLI::App* declare_regular(CLI::App& app, regular_command_options& o) {
  CLI::App* sub = subcommand(app, "regular",
                             "decide whether C-RASP expresses a regular language, with the "
                             "evidence and a witness program (docs/regular.md)");
  sub->add_option("REGEX", o.regexes, "regular expressions (docs/tasks.md#regular-languages)");
  sub->add_option("--dfa", o.dfas, "a DFA text file (repeat)")->type_name("FILE");
  sub->add_option("--alphabet", o.alphabet, "the alphabet of every language, space-separated")
      ->type_name("\"a b c\"");
  sub->add_option("--suite", o.suite, "a CSV of name,regex,crasp rows to decide and tabulate")
      ->type_name("FILE.csv");
  sub->add_option("--programs", o.programs, "write each witness as DIR/NAME.crasp")
      ->type_name("DIR");
  sub->add_flag("--witness", o.witness, "print each witness program after its verdict");
  add_json(sub, o.json);
  return sub;
}

}  // namespace crasp::cli
