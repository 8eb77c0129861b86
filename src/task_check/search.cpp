// The counterexample search, for the witness and every wrong candidate at once:
//  1. every short input, shortest first (the catalogue's enumerator, or a spec's oracle), until
//     every program has a counterexample or the budget ends; a failure here is a shortest one;
//  2. fixed instances (a spec's data outside the bins), shortest first;
//  3. wrong candidates only: random instances of each longer length up to the end of the test
//     bin (the witness meets random instances in the bins already);
//  4. the bins' instances, shortest first, for whatever is still standing.
// A candidate's accuracy per bin is measured on the same instances as the witness's engines.
#include <algorithm>
#include <memory>

#include <fmt/format.h>

#include "task_check/engines.hpp"
#include "task_check/internal.hpp"

namespace crasp::check_detail {
namespace {

struct contender {
  const task_program* program;
  candidate_result result;
  bool witness = false;
  std::shared_ptr<evaluator> ev;  ///< of *program->program, reused for every instance
};

// Whether `c`'s interpreter gets `inst` right; on a wrong answer records the counterexample.
bool survives(contender& c, tasks::answer_format format, const task_instance& inst,
              bool shortest) {
  ++c.result.searched;
  if (!c.ev) c.ev = std::make_shared<evaluator>(*c.program->program, "check");
  const auto got = interpreter_answer(*c.ev, format, inst.input, inst.expected.size() + 2);
  if (got == inst.expected) return true;
  auto& r = c.result;
  r.found = true;
  r.input = inst.input;
  r.expected = inst.expected;
  r.got = got;
  r.length = inst.length;
  r.origin = inst.origin;
  r.shortest = shortest;
  return false;
}

// Instances in order of length (stable: equal lengths keep their order).
std::vector<const task_instance*> by_length(const std::vector<const task_instance*>& in) {
  std::vector<const task_instance*> out = in;
  std::stable_sort(out.begin(), out.end(), [](const task_instance* a, const task_instance* b) {
    return a->length < b->length;
  });
  return out;
}

}  // namespace

bool search_counterexamples(task_plan& plan, const task_check_options& options,
                            const std::vector<bin_instances>& bins, std::mt19937_64& rng,
                            task_result& r) {
  const auto format = plan.head.format;
  std::vector<contender> all;
  if (plan.witness && plan.witness->program) all.push_back({&*plan.witness, {}, true});
  for (const auto& c : plan.candidates)
    if (c.program) all.push_back({&c, {}, false});
  if (all.empty()) return true;
  for (auto& c : all) c.result.program = c.program->label;
  const auto standing = [&](bool candidates_only) {
    return std::any_of(all.begin(), all.end(), [&](const contender& c) {
      return !c.result.found && !(candidates_only && c.witness);
    });
  };

  // 1. Exhaustive.
  enumeration searched;
  std::size_t visited = 0;
  const bool enumerated = plan.source->enumerate(
      source_options_of(options),
      [&](const task_instance& inst) {
        ++visited;
        for (auto& c : all)
          if (!c.result.found) survives(c, format, inst, true);
        return standing(false);
      },
      searched, r.errors);
  if (!enumerated) return false;
  const std::size_t covered = searched.covered;
  // Inputs the oracle calls outside the task test nothing: a search that met only those ran
  // without evidence.
  if (visited == 0 && searched.skipped.empty())
    searched.skipped = covered == 0 ? "no short input within the budget"
                                    : fmt::format("no input up to length {} is an instance of the "
                                                  "task",
                                                  covered);
  for (auto& c : all) {
    c.result.exhaustive_len = covered;
    c.result.exhaustive_space = searched.space;
    c.result.exhaustive_skipped = searched.skipped;
  }

  // 2. Fixed instances.
  std::vector<const task_instance*> fixed;
  for (const auto& inst : plan.source->fixed()) fixed.push_back(&inst);
  for (const auto* inst : by_length(fixed))
    for (auto& c : all)
      if (!c.result.found) survives(c, format, *inst, plan.source->shortest_at(*inst, covered));

  // 3. Random instances for the candidates.
  for (std::size_t len = plan.source->random_from(covered);
       standing(true) && len <= options.test_hi; ++len) {
    std::vector<task_instance> batch;
    if (!plan.source->random(len, options.samples, rng, batch, r.errors)) return false;
    for (const auto& inst : batch)
      for (auto& c : all)
        if (!c.witness && !c.result.found)
          survives(c, format, inst, plan.source->shortest_at(inst, covered));
  }

  // 4. The bins, and each candidate's accuracy on them.
  std::vector<const task_instance*> pool;
  for (const auto& b : bins)
    for (const auto& inst : b.items) pool.push_back(&inst);
  pool = by_length(pool);
  for (auto& c : all) {
    if (!c.witness) {
      for (const auto& b : bins) {
        bin_result br;
        br.lo = b.lo, br.hi = b.hi;
        for (const auto& inst : b.items) {
          ++br.total;
          if (!c.ev) c.ev = std::make_shared<evaluator>(*c.program->program, "check");
          const auto got = interpreter_answer(*c.ev, format, inst.input, inst.expected.size() + 2);
          if (got == inst.expected) {
            ++br.correct;
          } else if (br.first_failure.empty()) {
            br.first_failure = join(inst.input) + " => " + join(got) + " (expected " +
                               join(inst.expected) + ")";
          }
        }
        c.result.bins.push_back(std::move(br));
      }
    }
    // The witness's interpreter already ran on the bins: look again only if it failed there.
    const bool failed_in_bins =
        !c.witness || std::any_of(r.engines.begin(), r.engines.end(), [](const engine_result& e) {
          return e.kind == engine_kind::interpreter &&
                 std::any_of(e.bins.begin(), e.bins.end(),
                             [](const bin_result& b) { return b.correct != b.total; });
        });
    if (c.result.found || !failed_in_bins) continue;
    for (const auto* inst : pool)
      if (!survives(c, format, *inst, plan.source->shortest_at(*inst, covered))) break;
  }

  for (auto& c : all) {
    if (c.witness) {
      r.witness = std::move(c.result);
    } else {
      r.candidates.push_back(std::move(c.result));
    }
  }
  return true;
}

}  // namespace crasp::check_detail
