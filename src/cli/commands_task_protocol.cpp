// `crasp tasks NAME --generate | --oracle | --spec`: a catalogue task speaking the task-spec
// protocols (docs/tasks.md), so that built-in tasks and a user's tasks are checked the same way
// and a user can start a spec from a catalogue task and vary it.
#include <algorithm>
#include <filesystem>
#include <istream>
#include <ostream>
#include <random>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "crasp/interpret.hpp"
#include "crasp/task_check.hpp"
#include "crasp/task_spec.hpp"
#include "crasp/tasks.hpp"
#include "input.hpp"
#include "load.hpp"

namespace crasp::cli {
namespace {

namespace fs = std::filesystem;
using njson = nlohmann::json;

std::size_t content_length(const tasks::task_spec& t, const std::vector<std::string>& input) {
  std::size_t n = 0;
  for (const auto& tok : input)
    if (std::find(t.control_tokens.begin(), t.control_tokens.end(), tok) == t.control_tokens.end())
      ++n;
  return n;
}

// The answer as the protocols write it: true/false for an acceptor, the continuation string
// for a generator, an array of labels (true/false, or label words) for a labels task.
njson answer_json(const tasks::task_spec& t, const std::vector<std::string>& expected) {
  if (t.mode == tasks::task_mode::acceptor) return expected == std::vector<std::string>{"True"};
  if (t.mode == tasks::task_mode::labels) {
    njson labels = njson::array();
    for (const auto& l : expected) {
      if (l == "True" || l == "False") {
        labels.push_back(l == "True");
      } else {
        labels.push_back(l);
      }
    }
    return labels;
  }
  return fmt::format("{}", fmt::join(expected, " "));
}

exit_code generate(const tasks::task_spec& t, const tasks_command_options& o, std::size_t k,
                   io& io) {
  // A length the task cannot have (UF with N > k distinct symbols) has no instances: no lines.
  if (t.mode == tasks::task_mode::generator && tasks::effective_length(t, o.length, k) != o.length)
    return exit_code::ok;
  std::mt19937_64 rng(o.seed);
  for (std::size_t i = 0; i < o.count; ++i) {
    const auto inst = tasks::generate(t, o.length, rng, k);
    io.out << njson{{"input", fmt::format("{}", fmt::join(inst.input, " "))},
                    {"answer", answer_json(t, inst.expected)},
                    {"length", content_length(t, inst.input)}}
                  .dump(-1, ' ', false, njson::error_handler_t::replace)
           << '\n';
  }
  return exit_code::ok;
}

exit_code oracle(const tasks::task_spec& t, std::size_t k, io& io) {
  std::set<std::string> known;
  for (const auto& s : tasks::symbols(t, k)) known.insert(s);
  for (const auto& c : t.control_tokens) known.insert(c);
  std::string line;
  std::size_t number = 0;
  for (line_status st; (st = read_line(io.in, line)) != line_status::end;) {
    ++number;
    if (st == line_status::too_long) {
      print_error(io, "<stdin>:" + std::to_string(number), too_long_line_message("input"));
      return exit_code::failure;
    }
    const njson j = njson::parse(line, nullptr, false);
    njson out = {{"answer", nullptr}};
    std::vector<std::string> input;
    if (j.is_object() && j.contains("input") && j["input"].is_string())
      input = split_tokens(j["input"].get<std::string>());
    // Tokens outside the vocabulary crasp check uses are outside the task, whatever their shape.
    const bool in_vocab = std::all_of(input.begin(), input.end(),
                                      [&](const std::string& s) { return known.count(s) > 0; });
    if (!input.empty() && in_vocab) {
      if (const auto answer = tasks::solve(t, input)) {
        out["answer"] = answer_json(t, *answer);
        out["length"] = content_length(t, input);
      }
    }
    // One line per input, flushed: the caller waits for it before sending more.
    io.out << out.dump(-1, ' ', false, njson::error_handler_t::replace) << '\n' << std::flush;
  }
  return exit_code::ok;
}

// A TOML basic string.
std::string toml_string(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

std::string toml_array(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + toml_string(items[i]);
  return out + "]";
}

// "t0..t4" when the symbols are a numbered range (as --alphabet writes it), else "a b c".
std::string alphabet_spec(const std::vector<std::string>& symbols) {
  if (symbols.size() > 2) {
    const auto range = expand_range(symbols.front(), symbols.back());
    if (range && *range == symbols) return symbols.front() + ".." + symbols.back();
  }
  return fmt::format("{}", fmt::join(symbols, " "));
}

exit_code spec(const tasks::task_spec& t, std::size_t k, io& io) {
  std::error_code ec;
  std::string self = fs::read_symlink("/proc/self/exe", ec).string();
  if (ec || self.empty()) self = "crasp";
  const std::string programs = fs::absolute(bundled_programs_dir(), ec).lexically_normal().string();
  const std::vector<std::string> vocab_args = {"--vocab", std::to_string(k)};
  std::vector<std::string> gen = {self, "tasks", t.name, "--generate"};
  std::vector<std::string> ora = {self, "tasks", t.name, "--oracle"};
  if (t.variable_vocab) {
    gen.insert(gen.end(), vocab_args.begin(), vocab_args.end());
    ora.insert(ora.end(), vocab_args.begin(), vocab_args.end());
  }
  std::string out = fmt::format(
      "# {} from the crasp catalogue as a task spec (crasp tasks {} --spec): `crasp check` on\n"
      "# this file checks the same task through the generator and oracle protocols. Edit it to\n"
      "# vary the task: docs/tasks.md explains every key.\n",
      t.name, t.name);
  out += fmt::format("name = {}\n", toml_string(t.name));
  out += fmt::format("description = {}\n", toml_string(t.description));
  out += fmt::format("format = \"{}\"\n", answer_format_name(tasks::format_of(t)));
  out += fmt::format("generator = {}\n", toml_array(gen));
  out += fmt::format("oracle = {}\n", toml_array(ora));
  if (!t.program.empty()) out += fmt::format("program = {}\n", toml_string(programs + "/" + t.program));
  if (!t.candidate.empty())
    out += fmt::format("candidates = {}\n", toml_array({programs + "/" + t.candidate}));
  std::set<std::string> alphabets;
  if (!t.program_alphabet.empty()) alphabets.insert(t.program_alphabet);
  if (!t.candidate_alphabet.empty()) alphabets.insert(t.candidate_alphabet);
  if (!alphabets.empty()) {
    std::string a;
    for (const auto& name : alphabets)
      a += fmt::format("{}{} = {}", a.empty() ? "" : ", ", name,
                       toml_string(alphabet_spec(tasks::symbols(t, k))));
    out += fmt::format("alphabets = {{ {} }}\n", a);
  }
  out += fmt::format("min_length = {}\n", std::max<std::size_t>(t.min_length, 1));
  out += fmt::format("expect = \"{}\"\n", tasks::expressible_name(t.ape.value));
  for (const auto& s : published_results(t.id)) {
    out += fmt::format("\n[[trained]]\nlabel = {}\nbins = [", toml_string(s.pe + ", " + s.source));
    for (std::size_t i = 0; i < s.points.size(); ++i)
      out += fmt::format("{}{{ lo = {}, hi = {}, accuracy = {} }}", i ? ", " : "", s.points[i].lo,
                         s.points[i].hi, s.points[i].accuracy);
    out += "]\n";
  }
  io.out << out;
  return exit_code::ok;
}

}  // namespace

exit_code task_protocol_command(const tasks_command_options& o, io& io) {
  if (int(o.generate) + int(o.oracle) + int(o.spec) != 1)
    return usage_error(io, "give one of --generate, --oracle and --spec");
  if (o.names.size() != 1)
    return usage_error(io, "--generate, --oracle and --spec take exactly one task name");
  if (o.json) return usage_error(io, "--json does not apply to --generate, --oracle or --spec");
  const auto* t = tasks::find(o.names.front());
  if (t == nullptr) {
    print_error(io, "tasks", fmt::format("unknown task '{}' (crasp tasks lists them)", o.names.front()));
    return exit_code::failure;
  }
  if (o.generate && o.length == 0) return usage_error(io, "--generate needs --length N");
  if (!o.generate && o.length != 0) return usage_error(io, "--length only applies to --generate");
  const std::size_t k = o.vocab != 0 ? tasks::effective_vocab(*t, o.vocab) : check_vocab(*t);
  if (o.vocab != 0 && k != o.vocab)
    return usage_error(io, fmt::format("--vocab {}: {} takes {} symbols", o.vocab, t->name,
                                       t->variable_vocab
                                           ? fmt::format("{}..{}", t->min_vocab, t->max_vocab)
                                           : std::to_string(k)));
  if (o.generate) return generate(*t, o, k, io);
  if (o.oracle) return oracle(*t, k, io);
  return spec(*t, k, io);
}

}  // namespace crasp::cli
