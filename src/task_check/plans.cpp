// A task becomes a check plan: opened by the task-source stage (task_source/source.hpp) with the
// check's vocabulary and folders, then the report's head filled in from what was opened. Also
// the two ways a plan's witness is replaced: a program crasp synth found (--synth) or one given
// as text (check_found_program).
#include <fmt/format.h>

#include "task_check/internal.hpp"

namespace crasp {

std::size_t check_vocab(const tasks::task_spec& task) {
  // The papers' own vocabulary where it differs from the catalogue's default (UF and UB: 150
  // distinct symbols, so lengths up to 150; the default of 5 suits only retrieval-style tests).
  return tasks::effective_vocab(task, task.experiment_vocab);
}

std::size_t check_vocab(const tasks::task_spec& task, std::size_t requested) {
  if (requested == 0 || !task.variable_vocab) return check_vocab(task);
  return tasks::effective_vocab(task, requested);
}

namespace check_detail {

task_plan plan_catalogue(const tasks::task_spec& task, const task_check_options& options) {
  task_plan plan;
  static_cast<sources::opened_task&>(plan) =
      sources::open_catalogue(task, check_vocab(task, options.vocab), source_options_of(options));
  task_result& h = plan.head;
  h.task = task.name;
  h.category = task.category;
  h.format = plan.format;
  h.vocab = plan.vocab;
  h.paper_nope = task.paper_nope;
  h.paper_ape = task.paper_ape;
  h.published = published_results(task.id);
  if (plan.witness) h.program = plan.witness->label;
  return plan;
}

std::optional<task_plan> plan_spec(const std::string& path, const task_check_options& options,
                                   diagnostics& diags) {
  auto opened = sources::open_spec(path, source_options_of(options), diags);
  if (!opened) return std::nullopt;
  task_plan plan;
  static_cast<sources::opened_task&>(plan) = std::move(*opened);
  const task_file& spec = *plan.spec;
  task_result& h = plan.head;
  h.task = spec.name;
  h.source = spec.path;
  h.description = spec.description;
  h.category = "task spec";
  h.format = spec.format;
  h.published = spec.trained;
  h.expect = spec.expect;
  h.vocab = plan.vocab;
  if (plan.witness) {
    h.program = plan.witness->label;
    h.program_class = sources::class_name(*plan.witness->program);
  }
  decide_language(plan);
  return plan;
}

void adopt_witness(task_plan& plan, const std::string& text, const std::string& label,
                   bool keep_candidates) {
  check_options load;
  if (plan.catalogue != nullptr) {
    // crasp synth writes a variable vocabulary as the task's program alphabet ("Sym" when the
    // task names none), so the check's symbols replace the ones it searched with.
    const auto& task = *plan.catalogue;
    if (task.variable_vocab)
      load.alphabet_overrides[task.program_alphabet.empty() ? "Sym" : task.program_alphabet] =
          tasks::symbols(task, plan.head.vocab);
  } else if (plan.spec) {
    load.alphabet_overrides = plan.spec->alphabets;
  }
  auto loaded = load_text("synthesized.crasp", text, load);
  task_program witness{label, std::nullopt, ""};
  if (loaded.ok()) witness.program = std::move(*loaded.program);
  else witness.load_error = "the " + label + " does not load: " + render(loaded.diags);
  plan.witness = std::move(witness);
  plan.head.program = label;
  if (!keep_candidates) plan.candidates.clear();
}

void search_witness(task_plan& plan, const task_check_options& options) {
  diagnostics diags;
  const std::string& task = plan.head.source == "catalogue" ? plan.head.task : plan.head.source;
  const found_program found = options.synth_search(task, options, diags);
  for (const auto& d : diags.items()) plan.head.errors.add(d);
  plan.head.synth_outcome = found.outcome;
  if (found.program.empty()) return;
  plan.head.synthesized = found.program;
  adopt_witness(plan, found.program);
}

}  // namespace check_detail
}  // namespace crasp
