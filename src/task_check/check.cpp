// crasp check: validates the options, plans every task (catalogue or spec; specs are read and
// their programs loaded first), runs them (in parallel over tasks, deterministic per task), and
// assembles the report.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "support/parallel.hpp"
#include "task_check/engines.hpp"
#include "task_check/internal.hpp"
#include "task_check/program_boundary.hpp"

namespace crasp {
namespace {

using check_detail::task_plan;

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
  if (o.synth && !o.synth_search)
    return bad("--synth needs a program search: set task_check_options::synth_search "
               "(crasp::synth_witness_search(), synth.hpp)");
  if (!(o.oracle_timeout > 0) || o.oracle_timeout > 86400)
    return bad(fmt::format("the oracle timeout {} s is outside (0, 86400]", o.oracle_timeout));
  bool ok = true;
  for (const auto& name : o.tasks)
    if (!is_task_file_name(name) && tasks::find(name) == nullptr) {
      std::string known;
      for (const auto& t : tasks::catalogue()) known += (known.empty() ? "" : ", ") + t.name;
      auto& d = diags.error("check", fmt::format("unknown task '{}' (known: {})", name, known));
      std::error_code ec;
      if (std::filesystem::is_regular_file(name, ec))
        d.notes.push_back({severity::note,
                           "a file names a task only as a task spec (NAME.toml; docs/tasks.md)",
                           nullptr, {}, "", {}, ""});
      ok = false;
    }
  return ok;
}

// A catalogue task's verdicts come from the literature, confirmed or upgraded by its witness; a
// spec's from its witness alone.
void decide(const task_plan& plan, std::optional<ir::program_class> witness, bool exact,
            bool not_run, std::size_t tested, task_result& r) {
  const candidate_result* refutation = r.witness && r.witness->found ? &*r.witness : nullptr;
  const bool witness_failed = plan.witness && (!exact || refutation != nullptr);
  if (plan.catalogue != nullptr) {
    // A witness that did not load failed as much as one that answered wrong.
    const auto klass = witness_failed && !witness ? std::optional(ir::program_class::crasp_pos)
                                                  : witness;
    std::tie(r.nope, r.ape) = final_verdicts(*plan.catalogue, klass, exact, r.program,
                                             not_run && refutation == nullptr);
  } else {
    std::tie(r.nope, r.ape) = spec_verdicts(r.program, witness, exact,
                                            r.witness ? &*r.witness : nullptr, tested);
  }
  // The communication argument proves "no" for a measured length and extrapolates it; it
  // decides only what nothing else has (no witness passed), and contradicting a witness is a bug.
  if (r.communication) {
    const bool comm_no = r.communication->outcome == communication_outcome::no;
    if (r.communication->growth == class_growth::exponential &&
        r.ape.value == tasks::expressible::yes) {
      r.ok = false;
      r.problems.push_back("the communication analysis says no beside a passing witness (a bug)");
    } else if (comm_no && plan.catalogue == nullptr && r.ape.value == tasks::expressible::unknown) {
      r.ape = {tasks::expressible::no, r.communication->verdict, tasks::evidence::communication};
      r.nope = {tasks::expressible::no, r.communication->verdict, tasks::evidence::communication};
    }
  }
  // A declared reduction whose map held carries the source's published no; beside a passing
  // witness the map is wrong where it was not checked, or a published result is.
  // A computed no from a published one (a checked reduction, a catalogue task renamed) decides
  // a column nothing else decided; beside a passing witness it is a problem: the map is wrong
  // where it was not checked, or a published result is.
  const auto carry = [&r](tasks::verdict& v, const tasks::verdict& from, const std::string& verdict,
                          tasks::evidence by, const std::string& beside_witness) {
    if (from.value != tasks::expressible::no) return;
    if (v.value == tasks::expressible::yes) {
      r.ok = false;
      r.problems.push_back(beside_witness);
    } else if (v.value == tasks::expressible::unknown) {
      v = {tasks::expressible::no, verdict, by};
    }
  };
  if (r.reduction && r.reduction->holds()) {
    const std::string& from = r.reduction->source;
    carry(r.ape, r.reduction->ape, r.reduction->verdict, tasks::evidence::reduction,
          fmt::format("the reduction from {} says no for C-RASP[pos] beside a passing witness", from));
    carry(r.nope, r.reduction->nope, r.reduction->verdict, tasks::evidence::reduction,
          fmt::format("the reduction from {} says no for C-RASP beside a passing witness", from));
  } else if (r.reduction) {
    r.ok = false;
    r.problems.push_back("the declared reduction from " + r.reduction->source +
                         " does not preserve answers: " + r.reduction->failure);
  } else if (!r.reduction_error.empty()) {
    r.ok = false;
    r.problems.push_back("the declared reduction could not be checked");
  }
  // A catalogue task in disguise: a renamed program solves one as well as the other.
  if (r.same_as) {
    const std::string why = "no (as " + r.same_as->describe() + ")";
    const std::string& task = r.same_as->task;
    carry(r.ape, r.same_as->ape, why, tasks::evidence::renaming,
          fmt::format("the spec answers as {} (published no for C-RASP[pos]) beside a passing "
                      "witness", task));
    carry(r.nope, r.same_as->nope, why, tasks::evidence::renaming,
          fmt::format("the spec answers as {} (published no for C-RASP) beside a passing witness",
                      task));
  }
  // A regular language decided by Yang et al.'s characterization (docs/regular.md): its no
  // decides the NoPE column for acceptance, prefix membership and the state, which all give
  // membership at the last position; not the next-symbol sets, which do not. Either answer
  // beside the opposite verdict from elsewhere is a bug in one of them.
  if (r.regular) {
    const bool next_sets = plan.spec && r.format == tasks::answer_format::labels &&
                           plan.spec->language_labels == "next";
    if (r.regular->answer == regular_answer::no && !next_sets) {
      if (r.nope.value == tasks::expressible::yes) {
        r.ok = false;
        r.problems.push_back("crasp regular says no for C-RASP beside a passing witness (a bug)");
      } else if (r.nope.value == tasks::expressible::unknown) {
        r.nope = {tasks::expressible::no, r.regular->reason, tasks::evidence::characterization};
      }
    }
    if (r.regular->answer == regular_answer::yes && r.nope.value == tasks::expressible::no) {
      r.ok = false;
      r.problems.push_back("crasp regular says yes for C-RASP beside a no by " +
                           std::string(tasks::evidence_name(r.nope.by)) + " (a bug)");
    }
  }
  r.agrees_nope = !r.paper_nope || (r.nope.value == tasks::expressible::yes) == *r.paper_nope;
  r.agrees_ape = !r.paper_ape || (r.ape.value == tasks::expressible::yes) == *r.paper_ape;
  // A failed witness already explains itself; it does not make the paper wrong.
  if (!r.agrees_ape && !witness_failed) {
    r.ok = false;
    r.problems.push_back("the C-RASP[pos] verdict disagrees with the paper");
  }
  if (r.expect) {
    const bool yes = r.ape.value == tasks::expressible::yes;
    r.agrees_expect = (*r.expect == tasks::expressible::yes) == yes;
    if (!r.agrees_expect) {
      r.ok = false;
      r.problems.push_back(fmt::format("the spec expects {}, and the C-RASP[pos] verdict is {}",
                                       tasks::expressible_name(*r.expect),
                                       verdict_label(r, false)));
    }
  }
}

}  // namespace

namespace check_detail {

sources::source_options source_options_of(const task_check_options& options) {
  return sources::source_options_of(options, check_bins(options));
}

task_result run_task(task_plan& plan, const task_check_options& options,
                     const std::vector<check_bin>& bins,
                     const std::function<void(const std::string&)>& tick) {
  const auto t0 = clock_type::now();
  task_result r = std::move(plan.head);
  plan.head = {};
  plan.head.task = r.task;
  plan.head.format = r.format;
  std::mt19937_64 rng(task_seed(options.seed, r.task));
  const std::size_t units = check_detail::work_units(plan, options);
  std::size_t spent = 0;
  const auto step = [&](const std::string& what) {
    ++spent;
    tick(what);
  };
  const auto abandon = [&](const std::string& why) {
    r.ok = false;
    r.problems.push_back(why);
    while (spent < units) step(r.task);
    r.seconds = seconds_since(t0);
    return std::move(r);
  };

  std::vector<check_detail::bin_instances> instances(bins.size());
  for (std::size_t b = 0; b < bins.size(); ++b) {
    if (!plan.source->draw({bins[b].lo, bins[b].hi}, bins[b].samples, bins[b].adversarial, rng,
                           instances[b], r.errors))
      return abandon("the instance source failed (see the errors)");
    // The witness's own boundaries: as many instances again as the bin's other adversarial ones.
    if (plan.witness && plan.witness->program) {
      check_detail::answering by;
      if (!plan.source->answerer(by, r.errors))
        return abandon("the instance source failed (see the errors)");
      if (by.answer) {
        const std::vector<check_detail::task_instance> sampled = instances[b].items;
        if (!check_detail::add_program_boundary(*plan.witness->program, sampled,
                                                bins[b].adversarial, by,
                                                rng, instances[b].items, instances[b].mix,
                                                r.errors))
          return abandon("the instance source failed (see the errors)");
        check_detail::measure_lengths(instances[b]);
      }
    }
    if (plan.spec) r.mix.push_back(instances[b].mix);
    step(r.task + " instances");
  }

  std::optional<ir::program_class> witness;
  bool exact = false;
  bool not_run = false;
  if (plan.witness) {
    if (!plan.witness->program) {
      r.ok = false;
      r.problems.push_back(plan.witness->load_error);
      const std::size_t skipped = bins.size() * (1 + options.encodings.size() *
                                                         options.precisions.size());
      for (std::size_t u = 0; u < skipped; ++u) step(r.task);
    } else {
      witness = plan.witness->program->klass;
      r.program_class = *witness == ir::program_class::crasp ? "C-RASP" : "C-RASP[pos]";
      check_detail::run_engines(plan, *plan.witness->program, options, instances, r, step);
      exact = r.ok;
      not_run = !r.ok;  // so far only a variant that could not be built or run fails
      for (const auto& e : r.engines)
        for (std::size_t b = 0; b < e.bins.size(); ++b)
          if (e.applicable && e.bins[b].correct != e.bins[b].total) {
            exact = false;
            not_run = false;
            r.problems.push_back(fmt::format("{} is wrong on {} of {} {} instances: {}", e.name,
                                             e.bins[b].total - e.bins[b].correct,
                                             e.bins[b].total, bins[b].name,
                                             e.bins[b].first_failure));
          }
    }
  }
  for (const auto& c : plan.candidates)
    if (!c.program) {
      r.ok = false;
      r.problems.push_back(c.load_error);
    }

  if (!check_detail::search_counterexamples(plan, options, instances, rng, r))
    return abandon("the instance source failed (see the errors)");
  if (r.witness && r.witness->found) {
    exact = false;
    r.problems.push_back(fmt::format("the witness {} is wrong at length {}: {} => {} (expected {})",
                                     r.witness->program, r.witness->length,
                                     check_detail::join(r.witness->input),
                                     check_detail::join(r.witness->got),
                                     check_detail::join(r.witness->expected)));
  }
  for (const auto& c : r.candidates)
    if (!c.found)
      r.problems.push_back(fmt::format("no counterexample found for the wrong candidate {} ({} "
                                       "instances tried)",
                                       c.program, c.searched));
  // The instances the witness was judged on: the interpreter's bins and the search's inputs.
  std::size_t tested = r.witness ? r.witness->searched : 0;
  for (const auto& e : r.engines)
    if (e.kind == engine_kind::interpreter)
      for (const auto& b : e.bins) tested += b.total;
  r.tested = tested;
  if (witness && tested == 0) {
    r.ok = false;
    r.problems.push_back("the witness was run on no instance: no bin has one and the "
                         "counterexample search found none (a generator that writes nothing, "
                         "and no oracle or data)");
  }
  if (plan.witness && !exact) r.ok = false;
  if (!std::all_of(r.candidates.begin(), r.candidates.end(),
                   [](const candidate_result& c) { return c.found; }))
    r.ok = false;
  if (options.communication) {
    communication_options co;
    co.task = plan.catalogue != nullptr ? plan.head.task : r.source;
    co.max_length = options.communication_max_length;
    co.budget = options.communication_budget;
    co.seed = options.seed;
    co.oracle_timeout = options.oracle_timeout;
    diagnostics cd;
    r.communication = analyze_communication(co, cd);
    if (!r.communication) r.communication_error = render(cd);
    if (plan.spec) {
      diagnostics sd;  // a spec that cannot answer is already reported by the analysis
      r.same_as = find_renaming(r.source, options.seed, options.oracle_timeout, sd);
    }
  }
  if (plan.spec && plan.spec->reduces_from && plan.spec->reduction_map) {
    reduction_options ro;
    ro.source = *plan.spec->reduces_from;
    ro.target = r.source;
    ro.map = *plan.spec->reduction_map;
    ro.seed = options.seed;
    ro.oracle_timeout = options.oracle_timeout;
    diagnostics rd;
    r.reduction = check_reduction(ro, rd);
    if (!r.reduction) r.reduction_error = render(rd);
  }
  decide(plan, witness, exact, not_run, tested, r);
  step(r.task + " verdict");
  r.seconds = seconds_since(t0);
  return r;
}

}  // namespace check_detail

std::vector<check_bin> check_bins(const task_check_options& o) {
  std::vector<check_bin> bins = {{"train", o.train_lo, o.train_hi, o.samples, o.adversarial},
                                 {"test", o.test_lo, o.test_hi, o.samples, o.adversarial}};
  // Without instances a far bin would only read as "no input of that length".
  if (o.far_samples > 0)
    for (const auto f : o.far_factors) {
      const std::size_t length = f * o.train_hi;
      const std::size_t fit = length == 0 ? o.samples : std::min(o.samples, o.far_tokens / length);
      bins.push_back({fmt::format("{}x", f), length, length, std::max(o.far_samples, fit),
                      o.far_adversarial});
    }
  return bins;
}

std::optional<check_report> check(const task_check_options& options, diagnostics& diags) {
  if (!valid(options, diags)) return std::nullopt;
  const auto t0 = clock_type::now();
  check_report report;
  report.options = options;
  report.options.progress = nullptr;
  report.bins = check_bins(options);

  // Every spec is read and its programs loaded before anything runs: a broken spec is refused
  // up front rather than discovered half way through a long report.
  std::vector<check_detail::task_plan> plans;
  if (options.tasks.empty()) {
    for (const auto& t : tasks::catalogue()) plans.push_back(check_detail::plan_catalogue(t, options));
  } else {
    bool specs_ok = true;
    for (const auto& name : options.tasks) {
      if (!is_task_file_name(name)) {
        plans.push_back(check_detail::plan_catalogue(*tasks::find(name), options));
        continue;
      }
      auto plan = check_detail::plan_spec(name, options, diags);
      if (!plan) {
        specs_ok = false;
        continue;
      }
      plans.push_back(std::move(*plan));
    }
    if (!specs_ok) return std::nullopt;
  }
  // Trained results ride along with the task they were trained on; a file for a task not in
  // this check is refused (it would silently show nothing).
  bool trained_ok = true;
  for (const auto& path : options.trained_metrics) {
    auto m = check_detail::read_trained_metrics(path, diags);
    if (!m) {
      trained_ok = false;
      continue;
    }
    auto it = std::find_if(plans.begin(), plans.end(),
                           [&](const check_detail::task_plan& p) { return p.head.task == m->task; });
    if (it == plans.end()) {
      std::string names;
      for (const auto& p : plans) names += (names.empty() ? "" : ", ") + p.head.task;
      diags.error(path, fmt::format("trained on task '{}', which this check does not include "
                                    "(it checks: {})", m->task, names));
      trained_ok = false;
      continue;
    }
    for (auto& s : m->series) it->head.published.push_back(std::move(s));
  }
  if (!trained_ok) return std::nullopt;
  unsigned threads = options.threads != 0 ? options.threads : std::thread::hardware_concurrency();
  threads = std::max(1U, std::min<unsigned>(threads, static_cast<unsigned>(plans.size())));
  // Tasks are independent and each draws from its own seeded stream, so the report does not
  // depend on the number of threads or their scheduling.
  const auto in_parallel = [&](const std::function<void(std::size_t)>& each) {
    // After a failure (rethrown by run_parts) the other workers stop taking tasks.
    std::atomic<std::size_t> next{0};
    support::run_parts(threads, [&](std::size_t) {
      try {
        for (std::size_t i = next++; i < plans.size(); i = next++) each(i);
      } catch (...) {
        next = plans.size();
        throw;
      }
    });
  };
  // --synth first: a program found becomes the task's witness before the work is counted.
  if (options.synth)
    in_parallel([&](std::size_t i) {
      if (!plans[i].witness) check_detail::search_witness(plans[i], options);
    });

  std::size_t total = 0;
  for (const auto& p : plans) total += check_detail::work_units(p, options);
  std::mutex progress_mutex;
  std::size_t done = 0;
  const auto tick = [&](const std::string& what) {
    if (!options.progress) return;
    const std::lock_guard lock(progress_mutex);
    options.progress(++done, total, what);
  };
  report.tasks.resize(plans.size());
  in_parallel([&](std::size_t i) {
    report.tasks[i] = check_detail::run_task(plans[i], options, report.bins, tick);
  });
  report.seconds = seconds_since(t0);
  return report;
}

std::optional<check_report> check_found_program(const task_check_options& options,
                                                const std::string& program, diagnostics& diags) {
  if (!valid(options, diags)) return std::nullopt;
  if (options.tasks.size() != 1) {
    diags.error("check", "a found program is checked against exactly one task");
    return std::nullopt;
  }
  const std::string& name = options.tasks.front();
  std::optional<check_detail::task_plan> plan;
  if (is_task_file_name(name)) {
    plan = check_detail::plan_spec(name, options, diags);
    if (!plan) return std::nullopt;
  } else {
    plan = check_detail::plan_catalogue(*tasks::find(name), options);
  }
  check_detail::adopt_witness(*plan, program);
  plan->head.synthesized = program;  // the verdict reads "yes (found)"
  check_report report;
  report.options = options;
  report.options.progress = nullptr;
  report.bins = check_bins(options);
  std::size_t done = 0;
  const std::size_t total = check_detail::work_units(*plan, options);
  report.tasks.push_back(check_detail::run_task(*plan, options, report.bins,
                                                [&](const std::string& what) {
                                                  if (options.progress)
                                                    options.progress(++done, total, what);
                                                }));
  report.seconds = report.tasks.back().seconds;
  return report;
}

}  // namespace crasp
