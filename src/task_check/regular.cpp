// A regular-language spec decided by crasp regular (crasp/regular.hpp, docs/regular.md): the
// decision rides with the task's result, and for a yes its witness becomes the spec's when the
// spec names none, to be checked like any witness (every short input, adversarial instances,
// compiled models).
#include <fstream>
#include <sstream>

#include "task_check/internal.hpp"

namespace crasp::check_detail {

void decide_language(task_plan& plan) {
  if (!plan.spec) return;
  const task_file& spec = *plan.spec;
  if (!spec.regex && !spec.dfa) return;
  regular_language lang;
  if (spec.regex) {
    lang.regex = *spec.regex;
  } else {
    std::ifstream in(spec.dfa->resolved, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    lang.dfa_text = text.str();
  }
  lang.alphabet = spec.vocabulary.value_or(std::vector<std::string>{});
  lang.origin = spec.path;
  const bool labels = spec.format == tasks::answer_format::labels;
  const auto output = !labels                          ? regular_witness_output::accept
                      : spec.language_labels == "next"  ? regular_witness_output::next_sets
                      : spec.language_labels == "state" ? regular_witness_output::states
                                                        : regular_witness_output::accept;
  diagnostics diags;  // the spec's language was validated when it was opened
  auto decision = decide_regular(lang, diags, output);
  for (const auto& d : diags.items()) plan.head.errors.add(d);
  if (!decision) return;
  if (!plan.witness && !decision->witness.empty()) {
    adopt_witness(plan, decision->witness, "witness built by crasp regular", true);
    if (plan.witness->program) plan.head.program_class = sources::class_name(*plan.witness->program);
  }
  plan.head.regular = std::move(*decision);
}

}  // namespace crasp::check_detail
