// Catalogue tasks as task sources: the bundled programs (or a user's replacements from
// override_dir) loaded with the task's vocabulary, and the task's own generator, enumerator and
// reference solver as the instance source.
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "crasp/frontend.hpp"
#include "task_source/source.hpp"
#include "tasks/common.hpp"

namespace crasp {

namespace sources {
namespace {

// Content length of a catalogue input: its tokens minus the task's control tokens.
std::size_t content_length(const tasks::task_spec& task, const tokens& input) {
  std::size_t n = 0;
  for (const auto& t : input)
    if (std::find(task.control_tokens.begin(), task.control_tokens.end(), t) ==
        task.control_tokens.end())
      ++n;
  return n;
}

class catalogue_instances final : public instance_source {
 public:
  catalogue_instances(const tasks::task_spec& task, std::size_t k) : task_(task), k_(k) {}

  // Catalogue tasks have their own generators, written to cover their hard cases.
  bool draw(const length_range& bin, std::size_t count, std::size_t /*adversarial*/,
            std::mt19937_64& rng, bin_instances& out,
            diagnostics&) override {
    // effective_length rounds up to the nearest feasible length, or caps at the largest one
    // (the distinct-token tasks: N <= k); a bin that starts past that cap has no instance.
    const std::size_t lo = tasks::effective_length(task_, bin.lo, k_);
    const std::size_t hi = tasks::effective_length(task_, bin.hi, k_);
    if (lo < bin.lo) return true;
    out.lo = lo;
    out.hi = hi;
    out.items.reserve(count);
    for (std::size_t s = 0; s < count; ++s) {
      // The task generators' own portable draw, so a seed means the same lengths everywhere.
      const std::size_t len = tasks::detail::between(rng, lo, hi);
      auto inst = tasks::generate(task_, len, rng, k_);
      out.items.push_back({std::move(inst.input), std::move(inst.expected), len, "generator"});
    }
    return true;
  }

  bool enumerate(const source_options& options,
                 const std::function<bool(const task_instance&)>& visit, enumeration& out,
                 diagnostics&) override {
    // Inputs grow as |alphabet|^length: stop growing the length before the budget is passed.
    const double sigma = static_cast<double>(tasks::symbols(task_, k_).size());
    std::size_t len = 0;
    double total = 0;
    while (len < options.exhaustive_len) {
      total += std::pow(sigma, static_cast<double>(len + 1));
      if (total > static_cast<double>(options.exhaustive_budget)) break;
      ++len;
    }
    out.covered = len;
    out.space = "every instance of the task (its own enumerator), by content tokens";
    // enumerate() lists inputs shortest first, so the first failure is a shortest one.
    for (auto& input : tasks::enumerate(task_, len, k_)) {
      auto expected = tasks::solve(task_, input);
      if (!expected) continue;
      const std::size_t n = content_length(task_, input);
      if (!visit({std::move(input), std::move(*expected), n, "exhaustive"})) {
        out.covered = n > 0 ? n - 1 : 0;
        break;
      }
    }
    return true;
  }

  bool random(std::size_t length, std::size_t count, std::mt19937_64& rng,
              std::vector<task_instance>& out, diagnostics&) override {
    for (std::size_t s = 0; s < count; ++s) {
      auto inst = tasks::generate(task_, length, rng, k_);
      const std::size_t n = content_length(task_, inst.input);
      out.push_back({std::move(inst.input), std::move(inst.expected), n, "random"});
    }
    return true;
  }

  [[nodiscard]] std::size_t random_from(std::size_t covered) const override { return covered + 1; }
  // Every input up to `covered` was tried, so a failure at covered + 1 or below is minimal.
  [[nodiscard]] bool shortest_at(const task_instance& inst, std::size_t covered) const override {
    return inst.length <= covered + 1;
  }

 private:
  const tasks::task_spec& task_;
  std::size_t k_;
};

// The file a catalogue program is read from: override_dir when it holds one, else the bundled
// programs; `label` is how the report names it (the bare name for a bundled program).
task_program load_catalogue_program(const source_options& o, const std::string& file,
                                    const std::string& alphabet, const tasks::task_spec& task,
                                    std::size_t k) {
  std::string path = o.programs_dir + "/" + file;
  task_program p{file, std::nullopt, ""};
  std::error_code ec;
  if (!o.override_dir.empty() && std::filesystem::exists(o.override_dir + "/" + file, ec)) {
    path = o.override_dir + "/" + file;
    p.label = path;
  }
  check_options options;
  if (!alphabet.empty()) options.alphabet_overrides[alphabet] = tasks::symbols(task, k);
  auto loaded = load_file(path, options);
  if (!loaded.ok()) {
    p.load_error = "cannot load " + (p.label == file ? "programs/" + file : path) + ": " +
                   render(loaded.diags);
  } else {
    p.program = std::move(*loaded.program);
  }
  return p;
}

}  // namespace

opened_task open_catalogue(const tasks::task_spec& task, std::size_t k,
                           const source_options& options) {
  opened_task t;
  t.name = task.name;
  t.catalogue = &task;
  t.format = tasks::format_of(task);
  t.vocab = k;
  if (!task.program.empty())
    t.witness = load_catalogue_program(options, task.program, task.program_alphabet, task, k);
  if (!task.candidate.empty())
    t.candidates.push_back(
        load_catalogue_program(options, task.candidate, task.candidate_alphabet, task, k));
  t.source = catalogue_source(task, k);
  return t;
}

std::unique_ptr<instance_source> catalogue_source(const tasks::task_spec& task, std::size_t k) {
  return std::make_unique<catalogue_instances>(task, k);
}

}  // namespace sources
}  // namespace crasp
