// The oracle protocol: one child for the whole check, fed {"input": "..."} lines and answering
// one {"answer": ...} line each, in order. Inputs go in batches so that a slow interpreter start
// (python3) is paid once and pipe round trips are amortized; process.cpp keeps both pipes moving
// so a batch can never deadlock.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "task_source/answers.hpp"
#include "task_source/process.hpp"
#include "task_source/protocols.hpp"

namespace crasp::spec_detail {

struct oracle_session::impl {
  const task_file& spec;
  protocol_limits limits;
  std::optional<child_process> child;
  bool failed = false;
};

oracle_session::oracle_session(const task_file& spec, protocol_limits limits)
    : impl_(std::make_unique<impl>(impl{spec, limits, std::nullopt, false})) {}

// The oracle is told that crasp is done by the end of its input, and gets a second to finish
// (flush a cache, write statistics) before it is killed.
oracle_session::~oracle_session() {
  if (impl_ && impl_->child && !impl_->failed) impl_->child->wait(std::chrono::seconds(1));
}

bool oracle_session::ask(const std::vector<tokens>& inputs,
                         std::vector<std::optional<task_instance>>& out, diagnostics& diags) {
  out.clear();
  auto& s = *impl_;
  const task_file& spec = s.spec;
  const auto fail = [&](const std::string& what, const std::string& line = {}) {
    auto& d = diags.error(spec.source, spec.oracle.where, "the oracle " + what);
    if (!line.empty())
      d.notes.push_back({severity::note, "the line: " + abbreviate(line), nullptr, {}, "", {}, ""});
    if (s.child) {
      s.child->kill();
      const std::string tail = stderr_tail(s.child->error_output());
      if (!tail.empty())
        d.notes.push_back({severity::note, "the oracle's stderr:\n" + tail, nullptr, {}, "", {}, ""});
    }
    s.failed = true;
    return false;
  };
  if (s.failed) {
    // The first failure was reported; a caller that asks again still gets a reason.
    diags.error(spec.source, spec.oracle.where, "the oracle failed earlier and is not asked again");
    return false;
  }
  if (!s.child) {
    std::string why;
    s.child = child_process::start(spec.oracle.argv, spec.dir, script_environment(spec), why);
    if (!s.child) return fail("could not be started: " + why);
  }
  std::vector<std::string> lines;
  lines.reserve(inputs.size());
  for (const auto& in : inputs) {
    std::string text;
    for (const auto& t : in) text += (text.empty() ? "" : " ") + t;
    lines.push_back(nlohmann::json{{"input", text}}.dump());
  }
  std::vector<std::string> answers;
  const io_status st = s.child->exchange(lines, answers, s.limits.timeout, s.limits.max_line);
  const std::size_t first = asked_ + 1;
  asked_ += answers.size();
  if (st != io_status::ok) {
    const std::size_t n = asked_ + 1;
    const std::string input = n - first < lines.size() ? lines[n - first] : "";
    switch (st) {
      case io_status::timeout:
        return fail(fmt::format("gave no answer to input {} within {} s (--oracle-timeout)", n,
                                s.limits.timeout.count()),
                    input);
      case io_status::eof: {
        const auto status = s.child->wait(std::chrono::seconds(1));
        return fail(fmt::format("stopped answering at input {} ({})", n,
                                status ? status->describe() : "closed its output"),
                    input);
      }
      case io_status::broken:
        // Still running, with its output open (one that exits ends as eof, with its status).
        return fail(fmt::format("stopped reading its input at input {}", n), input);
      default:
        return fail(fmt::format("wrote a line longer than {} bytes", s.limits.max_line));
    }
  }
  for (std::size_t k = 0; k < answers.size(); ++k) {
    task_instance inst;
    bool outside = false;
    if (auto err = decode_line(answers[k], spec.format, &inputs[k], inputs[k].size(), inst,
                               outside);
        !err.empty())
      return fail(fmt::format("wrote a bad answer to input {} ({}): {}", first + k, lines[k], err),
                  answers[k]);
    if (outside) {
      out.emplace_back();
      continue;
    }
    inst.origin = fmt::format("oracle, input {}", first + k);
    out.emplace_back(std::move(inst));
  }
  return true;
}

}  // namespace crasp::spec_detail
