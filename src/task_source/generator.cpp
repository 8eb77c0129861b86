// The generator protocol: run `ARGV... --length N --count K --seed S` in the spec's folder, read
// at most K instance lines, then require a clean exit. Fewer lines mean no more instances of that
// length exist. Every failure is an error at the spec's `generator` with the child's stderr.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "task_source/answers.hpp"
#include "task_source/process.hpp"
#include "task_source/protocols.hpp"

namespace crasp::spec_detail {
namespace {

diagnostic& generator_error(const task_file& spec, const std::string& call, const std::string& what,
                            diagnostics& diags) {
  return diags.error(spec.source, spec.generator.where,
                     fmt::format("the generator ({}) {}", call, what));
}

void add_stderr(diagnostic& d, const std::string& err) {
  const std::string tail = stderr_tail(err);
  if (tail.empty()) return;
  d.notes.push_back({severity::note, "the generator's stderr:\n" + tail, nullptr, {}, "", {}, ""});
}

}  // namespace

std::vector<std::string> script_environment(const task_file& spec) {
  std::vector<std::string> env;
  for (const auto& [name, items] : spec.alphabets)
    env.push_back(fmt::format("CRASP_ALPHABET_{}={}", name, fmt::join(items, " ")));
  return env;
}

std::optional<std::vector<task_instance>> run_generator(const task_file& spec,
                                                        std::size_t length, std::size_t count,
                                                        std::uint64_t seed,
                                                        const protocol_limits& limits,
                                                        diagnostics& diags) {
  std::vector<std::string> argv = spec.generator.argv;
  const std::vector<std::string> extra = {"--length", std::to_string(length), "--count",
                                          std::to_string(count), "--seed", std::to_string(seed)};
  argv.insert(argv.end(), extra.begin(), extra.end());
  const std::string call = fmt::format("--length {} --count {} --seed {}", length, count, seed);

  std::string why;
  auto child = child_process::start(argv, spec.dir, script_environment(spec), why);
  if (!child) {
    generator_error(spec, call, "could not be started: " + why, diags);
    return std::nullopt;
  }
  child->close_input();
  std::vector<task_instance> out;
  std::string line;
  for (std::size_t n = 1; out.size() < count; ++n) {
    const io_status st = child->read_line(line, limits.timeout, limits.max_line);
    if (st == io_status::eof) break;
    if (st != io_status::ok) {
      child->kill();
      auto& d = generator_error(
          spec, call,
          st == io_status::timeout
              ? fmt::format("wrote no line {} within {} s (--oracle-timeout)", n,
                            limits.timeout.count())
              : fmt::format("wrote a line longer than {} bytes", limits.max_line),
          diags);
      add_stderr(d, child->error_output());
      return std::nullopt;
    }
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    task_instance inst;
    bool outside = false;
    if (auto err = decode_line(line, spec.format, nullptr, length, inst, outside); !err.empty()) {
      child->kill();
      auto& d = generator_error(spec, call, fmt::format("wrote a bad line {}: {}", n, err), diags);
      d.notes.push_back({severity::note, "the line: " + abbreviate(line), nullptr, {}, "", {}, ""});
      return std::nullopt;
    }
    inst.origin = fmt::format("generator {}, line {}", call, n);
    out.push_back(std::move(inst));
  }
  const auto status = child->wait(limits.timeout);
  if (!status || !status->ok()) {
    auto& d = generator_error(spec, call,
                              status ? status->describe()
                                     : fmt::format("did not exit within {} s of its last line "
                                                   "(--oracle-timeout)",
                                                   limits.timeout.count()),
                              diags);
    add_stderr(d, child->error_output());
    return std::nullopt;
  }
  return out;
}

}  // namespace crasp::spec_detail
