// crasp check --synth: the search as a step of the check (task_check/internal.hpp).
#include <fmt/format.h>

#include "crasp/frontend.hpp"
#include "crasp/synth.hpp"
#include "task_check/internal.hpp"

namespace crasp::check_detail {

void adopt_witness(task_plan& plan, const std::string& text) {
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
  task_program witness{"synthesized program", std::nullopt, ""};
  if (loaded.ok()) witness.program = std::move(*loaded.program);
  else witness.load_error = "the synthesized program does not load: " + render(loaded.diags);
  plan.witness = std::move(witness);
  plan.head.program = "synthesized program";
  plan.candidates.clear();
}

void synthesize_witness(task_plan& plan, const task_check_options& options) {
  synth_options o;
  o.task = plan.head.source == "catalogue" ? plan.head.task : plan.head.source;
  o.time_limit = options.synth_time_limit;
  o.max_size = options.synth_max_size;
  o.check = options;
  o.check.progress = nullptr;
  o.verify = false;  // the check itself is what follows
  o.threads = 1;     // the check already runs one task per thread
  diagnostics diags;
  const auto report = synthesize(o, diags);
  if (!report) {
    for (const auto& d : diags.items()) plan.head.errors.add(d);
    plan.head.synth_outcome = "the search could not run (see the errors)";
    return;
  }
  if (!report->found) {
    plan.head.synth_outcome = fmt::format("none up to size {} ({}; {}; {} behaviours, {:.2f} s)",
                                          report->complete_size, report->stopped,
                                          report->grammar, report->searched, report->seconds);
    return;
  }
  plan.head.synth_outcome = fmt::format("found: size {}, depth {}, {} ({:.2f} s)", report->size,
                                        report->depth, report->program_class, report->seconds);
  plan.head.synthesized = report->program;
  adopt_witness(plan, report->program);
}

}  // namespace crasp::check_detail
