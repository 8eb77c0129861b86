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
        v->by = tasks::evidence::none;
        v->reason = "the literature says yes (" + v->reason + ")" + warn;
      } else {
        v->reason += warn;
      }
    }
    return {nope, ape};
  }
  // A correct program in the class is the verdict's proof (checked here by testing, on every
  // tested length, against the task's reference).
  ape = {tasks::expressible::yes, ape.reason + "; witness " + where, tasks::evidence::witness};
  if (*witness == ir::program_class::crasp) {
    std::string reason = "witness " + where + " is plain C-RASP (no positional predicate)";
    if (task.nope.value == tasks::expressible::no)
      reason += "; the literature says no: " + task.nope.reason;
    nope = {tasks::expressible::yes, std::move(reason), tasks::evidence::witness};
  }
  return {nope, ape};
}

std::pair<tasks::verdict, tasks::verdict> spec_verdicts(const std::string& witness,
                                                        std::optional<ir::program_class> klass,
                                                        bool witness_exact,
                                                        const candidate_result* search,
                                                        std::size_t tested) {
  using tasks::expressible;
  const auto unknown = [](const std::string& why) {
    return std::pair<tasks::verdict, tasks::verdict>{
        {expressible::unknown, why, tasks::evidence::none},
        {expressible::unknown, why, tasks::evidence::none}};
  };
  if (!klass)
    return unknown(witness.empty() ? "no witness program" : "the witness " + witness +
                                                                " does not load");
  if (search != nullptr && search->found)
    return unknown(fmt::format("the witness {} is refuted at length {}: {} => {} (expected {})",
                               witness, search->length, fmt::join(search->input, " "),
                               fmt::join(search->got, " "), fmt::join(search->expected, " ")));
  if (!witness_exact)
    return unknown("the witness " + witness +
                   " is right on every input the interpreter ran, but a compiled model is wrong "
                   "or does not compile");
  // Exact on nothing is no evidence: a generator that writes nothing must not pass as a yes.
  if (tested == 0) return unknown("the witness " + witness + " was run on no instance");
  // Sampled instances alone miss what they do not contain (a depth bound that random strings
  // never reach): a yes needs every short input too.
  if (search == nullptr || search->exhaustive_len == 0 || !search->exhaustive_skipped.empty())
    return unknown(fmt::format(
        "the witness {} is right on all {} instances tried, but no short input was searched "
        "exhaustively ({}); a yes needs that search",
        witness, tested,
        search == nullptr || search->exhaustive_skipped.empty() ? "none within the budget"
                                                                : search->exhaustive_skipped));
  const std::string evidence =
      fmt::format(": every input up to length {} enumerated, {} instances in all",
                  search->exhaustive_len, tested);
  const std::string ape =
      "witness " + witness + " is exact on every bin, engine and searched input" + evidence;
  if (*klass == ir::program_class::crasp)
    return {{expressible::yes,
             "witness " + witness + " is plain C-RASP (no positional predicate)" + evidence,
             tasks::evidence::witness},
            {expressible::yes, ape, tasks::evidence::witness}};
  return {{expressible::unknown, "the witness " + witness + " uses positions; no NoPE witness",
           tasks::evidence::none},
          {expressible::yes, ape, tasks::evidence::witness}};
}

std::size_t task_result::adversarial() const {
  std::size_t n = 0;
  for (const auto& bin : mix)
    for (const auto& [kind, count] : bin)
      if (kind != "sampled" && kind != "data") n += count;
  return n;
}

std::string verdict_label(const task_result& t, bool nope) {
  const auto& v = nope ? t.nope : t.ape;
  if (!nope && t.witness && t.witness->found) return "refuted";
  std::string s(tasks::expressible_name(v.value));
  if (v.value != tasks::expressible::yes) return s;
  const char* how = t.synthesized.empty() ? "witness" : "found";
  // A spec's yes rests on testing alone, so the label says how far the testing reached.
  if (!nope && t.source != "catalogue" && t.witness)
    return fmt::format("{} ({}; exhaustive to length {}, {} instances, {} adversarial)", s, how,
                       t.witness->exhaustive_len, t.tested, t.adversarial());
  if (!t.synthesized.empty()) return s + " (found)";
  return s;
}

}  // namespace crasp
