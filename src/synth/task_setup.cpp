// The task side of crasp synth: which instances the search learns from and is validated on, the
// family of symbols it writes programs over, and the final check of what it found.
#include <algorithm>

#include <fmt/format.h>

#include "crasp/frontend.hpp"
#include "crasp/task_spec.hpp"
#include "synth/search.hpp"
#include "task_source/answer.hpp"

namespace crasp::synth {

namespace {

// The family of a spec: its first alphabet (the one `alphabets` sets) when it is small enough to
// copy the training set once per pair of its symbols.
constexpr std::size_t max_spec_family = 8;

// How the search opens its task: as the final check will (the same programs, timeout and bins),
// with the short-input limits given.
sources::source_options as_check(const task_check_options& check) {
  return sources::source_options_of(check, check_bins(check));
}

}  // namespace

bool setup_task(const synth_options& o, task_setup& setup, diagnostics& diags) {
  if (is_task_file_name(o.task)) {
    auto plan = sources::open_spec(o.task, as_check(o.check), diags);
    if (!plan) return false;
    setup.source_name = o.task;
    setup.format = plan->format;
    setup.spec = plan->spec;
    setup.source = std::move(plan->source);
    for (const auto& [name, items] : setup.spec->alphabets)
      if (items.size() > 1 && items.size() <= max_spec_family) {
        setup.family = items;
        setup.family_name = name;
        break;
      }
    return true;
  }
  const auto* task = tasks::find(o.task);
  if (task == nullptr) {
    diags.error("synth", fmt::format("unknown task '{}' (crasp tasks lists the catalogue; a task spec "
                                "file name ends in .toml)", abbreviate(o.task, 60)));
    return false;
  }
  setup.catalogue = task;
  setup.format = tasks::format_of(*task);
  std::size_t k = tasks::effective_vocab(*task, 0);
  if (task->variable_vocab) {
    k = tasks::effective_vocab(*task, o.search_vocab);
    setup.family = tasks::symbols(*task, k);
    setup.family_name = task->program_alphabet.empty() ? "Sym" : task->program_alphabet;
  }
  setup.source = sources::catalogue_source(*task, k);
  return true;
}

bool initial_training(const synth_options& o, task_setup& setup, search_state& state,
                      diagnostics& diags) {
  auto opts = as_check(o.check);
  opts.exhaustive_len = 64;
  opts.exhaustive_budget = 1'000'000;
  std::size_t positions = 0;
  sources::enumeration searched;
  const auto visit = [&](const task_instance& inst) {
    state.training.push_back(inst);
    positions += inst.input.size() + inst.expected.size();
    return positions < o.initial_positions;
  };
  if (!setup.source->enumerate(opts, visit, searched, diags)) return false;
  // A source that cannot enumerate (a spec with a generator or data only): its shortest
  // lengths, a few instances of each (all of a length for data).
  std::mt19937_64 rng(o.check.seed);
  for (std::size_t len = 1; positions < o.initial_positions && len <= 64; ++len) {
    sources::bin_instances drawn;
    if (!setup.source->draw({len, len}, 8, 0, rng, drawn, diags)) return false;
    for (auto& inst : drawn.items) {
      if (positions >= o.initial_positions) break;
      positions += inst.input.size() + inst.expected.size();
      state.training.push_back(std::move(inst));
    }
  }
  if (state.training.empty()) {
    diags.error("synth", fmt::format("task '{}' gave no instance to learn from", abbreviate(o.task, 60)));
    return false;
  }
  return true;
}

bool validation_set(const synth_options& o, task_setup& setup, search_state& state,
                    diagnostics& diags) {
  auto opts = as_check(o.check);
  opts.exhaustive_budget = o.validation_budget;
  // Every bin the final check draws from (the far ones too: the interpreter is linear in the
  // length), so that a candidate the check would refute with the interpreter is refuted here,
  // and its counterexample joins the training set. Drawn first: a spec without a vocabulary
  // key learns its input tokens from them before the short inputs are enumerated.
  std::mt19937_64 rng(o.check.seed + 1);
  const auto bins = check_bins(o.check);
  std::vector<task_instance> binned;
  for (std::size_t b = 0; b < bins.size(); ++b) {
    sources::bin_instances drawn;
    if (!setup.source->draw({bins[b].lo, bins[b].hi}, bins[b].samples, bins[b].adversarial, rng,
                            drawn, diags))
      return false;
    std::stable_sort(drawn.items.begin(), drawn.items.end(),
                     [](const auto& x, const auto& y) { return x.input.size() < y.input.size(); });
    for (auto& inst : drawn.items) binned.push_back(std::move(inst));
  }
  const auto visit = [&](const task_instance& inst) {
    state.validation.push_back(inst);
    return state.validation.size() < o.validation_budget;
  };
  if (!setup.source->enumerate(opts, visit, state.searched, diags)) return false;
  for (const auto& inst : setup.source->fixed()) state.validation.push_back(inst);
  for (auto& inst : binned) state.validation.push_back(std::move(inst));
  return true;
}

std::optional<task_instance> validate(const synth_options&, const task_setup& setup,
                                      const search_state& state, const candidate& c,
                                      diagnostics&) {
  evaluator ev(*c.program, "check");
  for (const auto* set : {&state.training, &state.validation})
    for (const auto& inst : *set) {
      const auto got = sources::interpreter_answer(ev, setup.format, inst.input,
                                                        inst.expected.size() + 2);
      if (got != inst.expected) return inst;
    }
  return std::nullopt;
}

std::string describe(const task_instance& inst) {
  return fmt::format("{} => {}", sources::join(inst.input, 24),
                     sources::join(inst.expected, 24));
}

std::optional<check_report> final_check(const synth_options& o, const task_setup&,
                                       const std::string& program, diagnostics& diags) {
  task_check_options opts = o.check;
  opts.tasks = {o.task};
  opts.progress = nullptr;
  if (o.progress)
    opts.progress = [&](std::size_t done, std::size_t total, const std::string& what) {
      o.progress(fmt::format("check {}/{}: {}", done, total, what));
    };
  auto report = check_found_program(opts, program, diags);
  if (report) report->options.progress = nullptr;
  return report;
}

bool exact(const task_result& r) {
  if (r.engines.empty() || (r.witness && r.witness->found)) return false;
  std::size_t tested = 0;
  for (const auto& e : r.engines) {
    // NoPE does not apply to a C-RASP[pos] program; any other variant that did not run (a
    // compile failure, a size or attention limit) leaves the program unchecked there.
    if (e.skipped == engine_skip::failed) return false;
    for (const auto& b : e.bins) {
      if (e.applicable && b.correct != b.total) return false;
      tested += b.total;
    }
  }
  return tested > 0;
}

}  // namespace crasp::synth
