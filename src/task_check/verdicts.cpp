// The final verdicts: the literature's, confirmed or upgraded by what the witness program shows.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "crasp/task_check.hpp"

namespace crasp {

std::pair<tasks::verdict, tasks::verdict> final_verdicts(const tasks::task_spec& task,
                                                         std::optional<ir::program_class> witness,
                                                         bool witness_exact,
                                                         const std::string& program,
                                                         bool not_run) {
  tasks::verdict nope = task.nope, ape = task.ape;
  const std::string where =
      program.empty() || program == task.program ? "programs/" + task.program : program;
  if (!witness) return {nope, ape};
  if (!witness_exact) {
    // A wrong program witnesses nothing. A "yes" is not shown on the strength of a program that
    // just failed: it becomes unknown, with the literature's reason kept.
    const std::string warn = "; the witness " + where +
                             (not_run ? " could not be run on every compiled model (see Problems)"
                                      : " is wrong on some tested input");
    for (auto* v : {&nope, &ape}) {
      if (v->value == tasks::expressible::yes) {
        v->value = tasks::expressible::unknown;
        v->reason = "the literature says yes (" + v->reason + ")" + warn;
      } else {
        v->reason += warn;
      }
    }
    return {nope, ape};
  }
  // A correct program in the class is the verdict's proof (checked here by testing, on every
  // tested length, against the task's reference).
  ape = {tasks::expressible::yes, ape.reason + "; witness " + where};
  if (*witness == ir::program_class::crasp) {
    std::string reason = "witness " + where + " is plain C-RASP (no positional predicate)";
    if (task.nope.value == tasks::expressible::no)
      reason += "; the literature says no: " + task.nope.reason;
    nope = {tasks::expressible::yes, std::move(reason)};
  }
  return {nope, ape};
}

std::pair<tasks::verdict, tasks::verdict> spec_verdicts(const std::string& witness,
                                                        std::optional<ir::program_class> klass,
                                                        bool witness_exact,
                                                        const candidate_result* refutation,
                                                        std::size_t tested) {
  using tasks::expressible;
  if (!klass) {
    const std::string why = witness.empty() ? "no witness program" : "the witness " + witness +
                                                                         " does not load";
    return {{expressible::unknown, why}, {expressible::unknown, why}};
  }
  if (refutation != nullptr) {
    const std::string why = fmt::format(
        "the witness {} is refuted at length {}: {} => {} (expected {})", witness,
        refutation->length, fmt::join(refutation->input, " "), fmt::join(refutation->got, " "),
        fmt::join(refutation->expected, " "));
    return {{expressible::unknown, why}, {expressible::unknown, why}};
  }
  if (!witness_exact) {
    const std::string why = "the witness " + witness +
                            " is right on every input the interpreter ran, but a compiled model "
                            "is wrong or does not compile";
    return {{expressible::unknown, why}, {expressible::unknown, why}};
  }
  if (tested == 0) {
    // Exact on nothing is no evidence: a generator that writes nothing must not pass as a yes.
    const std::string why = "the witness " + witness + " was run on no instance";
    return {{expressible::unknown, why}, {expressible::unknown, why}};
  }
  const std::string ape = "witness " + witness + " is exact on every bin, engine and searched input";
  if (*klass == ir::program_class::crasp)
    return {{expressible::yes, "witness " + witness + " is plain C-RASP (no positional predicate)"},
            {expressible::yes, ape}};
  return {{expressible::unknown, "the witness " + witness + " uses positions; no NoPE witness"},
          {expressible::yes, ape}};
}

std::string verdict_label(const task_result& t, bool nope) {
  const auto& v = nope ? t.nope : t.ape;
  if (!nope && t.witness && t.witness->found) return "refuted";
  std::string s(tasks::expressible_name(v.value));
  if (v.value == tasks::expressible::yes && !t.synthesized.empty()) return s + " (found)";
  if (!nope && v.value == tasks::expressible::yes && t.source != "catalogue") s += " (witness)";
  return s;
}

}  // namespace crasp
