// crasp check: validates the options, runs every task (in parallel over tasks, deterministic per
// task), and assembles the report.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "task_check/internal.hpp"

namespace crasp {
namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

// SplitMix64: decorrelates the per-task streams derived from one user seed.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Seeded by the task's name rather than its catalogue position, so adding a task leaves the
// instances of every other task as they were.
std::uint64_t task_seed(std::uint64_t seed, const std::string& name) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a
  for (const unsigned char c : name) h = (h ^ c) * 0x100000001b3ULL;
  return mix(seed ^ mix(h));
}

bool valid(const task_check_options& o, diagnostics& diags) {
  const auto bad = [&](const std::string& what) {
    diags.error("check", what);
    return false;
  };
  if (o.train_lo < 1 || o.train_lo > o.train_hi)
    return bad(fmt::format("training lengths {}:{} are empty or start below 1", o.train_lo,
                           o.train_hi));
  if (o.test_lo < 1 || o.test_lo > o.test_hi)
    return bad(fmt::format("test lengths {}:{} are empty or start below 1", o.test_lo, o.test_hi));
  if (o.samples == 0) return bad("--samples must be at least 1");
  for (const auto f : o.far_factors)
    if (f == 0 || f > 1000) return bad(fmt::format("far factor {} is outside 1..1000", f));
  if (o.train_hi * (o.far_factors.empty() ? 1 : *std::max_element(o.far_factors.begin(),
                                                                   o.far_factors.end())) >
      1000000)
    return bad("far bins past 1,000,000 tokens are not supported");
  bool ok = true;
  for (const auto& name : o.tasks)
    if (tasks::find(name) == nullptr) {
      std::string known;
      for (const auto& t : tasks::catalogue()) known += (known.empty() ? "" : ", ") + t.name;
      diags.error("check", fmt::format("unknown task '{}' (known: {})", name, known));
      ok = false;
    }
  return ok;
}

task_result run_task(const tasks::task_spec& task, const task_check_options& options,
                     const std::vector<check_bin>& bins,
                     const std::function<void(const std::string&)>& tick) {
  const auto t0 = clock_type::now();
  task_result r;
  r.task = task.name;
  r.category = task.category;
  r.program = task.program;
  r.vocab = check_vocab(task);
  r.paper_nope = task.paper_nope;
  r.paper_ape = task.paper_ape;
  r.published = published_results(task.id);
  std::mt19937_64 rng(task_seed(options.seed, task.name));

  std::vector<check_detail::bin_instances> instances;
  for (std::size_t b = 0; b < bins.size(); ++b)
    instances.push_back(check_detail::draw(task, r.vocab, bins[b],
                                           b < 2 ? options.samples : options.far_samples, rng));

  std::optional<ir::program_class> witness;
  bool exact = false;
  if (!task.program.empty()) {
    auto loaded = check_detail::load_for_task(options.programs_dir, task.program,
                                              task.program_alphabet, task, r.vocab);
    if (!loaded.ok()) {
      r.ok = false;
      r.problems.push_back("cannot load programs/" + task.program + ": " + render(loaded.diags));
      const std::size_t skipped = check_detail::work_units(task, options) - 1;
      for (std::size_t u = 0; u < skipped; ++u) tick(task.name);
    } else {
      witness = loaded.program->klass;
      r.program_class = *witness == ir::program_class::crasp ? "C-RASP" : "C-RASP[pos]";
      check_detail::run_engines(task, *loaded.program, options, instances, r, tick);
      exact = r.ok;
      for (const auto& e : r.engines)
        for (std::size_t b = 0; b < e.bins.size(); ++b)
          if (e.applicable && e.bins[b].correct != e.bins[b].total) {
            exact = false;
            r.problems.push_back(fmt::format("{} is wrong on {} of {} {} instances: {}", e.name,
                                             e.bins[b].total - e.bins[b].correct,
                                             e.bins[b].total, bins[b].name,
                                             e.bins[b].first_failure));
          }
      r.ok = exact;
    }
  }
  if (!task.candidate.empty()) {
    auto loaded = check_detail::load_for_task(options.programs_dir, task.candidate,
                                              task.candidate_alphabet, task, r.vocab);
    if (!loaded.ok()) {
      r.ok = false;
      r.problems.push_back("cannot load programs/" + task.candidate + ": " +
                           render(loaded.diags));
    } else {
      r.candidate = check_detail::refute(task, r.vocab, task.candidate, *loaded.program, options,
                                         instances, rng);
      if (!r.candidate->found) {
        r.ok = false;
        r.problems.push_back(fmt::format(
            "no counterexample found for the wrong candidate programs/{} ({} inputs tried)",
            task.candidate, r.candidate->searched));
      }
    }
  }
  std::tie(r.nope, r.ape) = final_verdicts(task, witness, exact);
  r.agrees_nope = !r.paper_nope || (r.nope.value == tasks::expressible::yes) == *r.paper_nope;
  r.agrees_ape = !r.paper_ape || (r.ape.value == tasks::expressible::yes) == *r.paper_ape;
  if (!r.agrees_ape) {
    r.ok = false;
    r.problems.push_back("the C-RASP[pos] verdict disagrees with the paper");
  }
  tick(task.name + " verdict");
  r.seconds = seconds_since(t0);
  return r;
}

}  // namespace

std::vector<check_bin> check_bins(const task_check_options& o) {
  std::vector<check_bin> bins = {{"train", o.train_lo, o.train_hi},
                                 {"test", o.test_lo, o.test_hi}};
  // Without instances a far bin would only read as "no input of that length".
  if (o.far_samples > 0)
    for (const auto f : o.far_factors)
      bins.push_back({fmt::format("{}x", f), f * o.train_hi, f * o.train_hi});
  return bins;
}

std::optional<check_report> check(const task_check_options& options, diagnostics& diags) {
  if (!valid(options, diags)) return std::nullopt;
  const auto t0 = clock_type::now();
  check_report report;
  report.options = options;
  report.options.progress = nullptr;
  report.bins = check_bins(options);

  std::vector<const tasks::task_spec*> todo;
  if (options.tasks.empty()) {
    for (const auto& t : tasks::catalogue()) todo.push_back(&t);
  } else {
    for (const auto& name : options.tasks) todo.push_back(tasks::find(name));
  }
  std::size_t total = 0;
  for (const auto* t : todo) total += check_detail::work_units(*t, options);

  std::mutex progress_mutex;
  std::size_t done = 0;
  const auto tick = [&](const std::string& what) {
    if (!options.progress) return;
    const std::lock_guard lock(progress_mutex);
    options.progress(++done, total, what);
  };

  // Tasks are independent and each draws from its own seeded stream, so the report does not
  // depend on the number of threads or their scheduling.
  report.tasks.resize(todo.size());
  std::atomic<std::size_t> next{0};
  const auto worker = [&] {
    for (std::size_t i = next++; i < todo.size(); i = next++)
      report.tasks[i] = run_task(*todo[i], options, report.bins, tick);
  };
  unsigned threads = options.threads != 0 ? options.threads : std::thread::hardware_concurrency();
  threads = std::max(1U, std::min<unsigned>(threads, static_cast<unsigned>(todo.size())));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  report.seconds = seconds_since(t0);
  return report;
}

}  // namespace crasp
