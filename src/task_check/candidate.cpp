// Refuting a shipped wrong candidate program: the shortest counterexample crasp can find.
#include <cmath>

#include "task_check/engines.hpp"
#include "task_check/internal.hpp"

namespace crasp::check_detail {
namespace {

// Exhaustive search stops growing the length once the next length would enumerate more
// inputs than this (inputs grow as |alphabet|^length).
constexpr double exhaustive_budget = 50000;

std::size_t exhaustive_length(const tasks::task_spec& task, std::size_t k, std::size_t wanted) {
  const double sigma = static_cast<double>(tasks::symbols(task, k).size());
  std::size_t len = 0;
  double total = 0;
  while (len < wanted) {
    total += std::pow(sigma, static_cast<double>(len + 1));
    if (total > exhaustive_budget) break;
    ++len;
  }
  return len;
}

// Whether the candidate gets `input` right; on a wrong answer fills the counterexample.
bool survives(const tasks::task_spec& task, const ir::program& candidate, const tokens& input,
              candidate_result& r) {
  const auto expected = tasks::solve(task, input);
  if (!expected) return true;  // not an instance of the task
  ++r.searched;
  const auto got = interpreter_answer(candidate, input, expected->size() + 2);
  if (got == *expected) return true;
  r.found = true;
  r.input = input;
  r.expected = *expected;
  r.got = got;
  // Content length, as tasks::generate counts it: the input minus its control tokens.
  std::size_t n = 0;
  for (const auto& t : input)
    if (std::find(task.control_tokens.begin(), task.control_tokens.end(), t) ==
        task.control_tokens.end())
      ++n;
  r.length = n;
  return false;
}

}  // namespace

candidate_result refute(const tasks::task_spec& task, std::size_t k, const std::string& file,
                        const ir::program& candidate, const task_check_options& options,
                        const std::vector<bin_instances>& bins, std::mt19937_64& rng) {
  candidate_result r;
  r.program = file;
  const std::size_t small = exhaustive_length(task, k, options.exhaustive_len);
  // enumerate() lists inputs shortest first, so the first failure is a shortest counterexample.
  for (const auto& input : tasks::enumerate(task, small, k))
    if (!survives(task, candidate, input, r)) break;
  for (std::size_t len = small + 1; !r.found && len <= options.test_hi; ++len)
    for (std::size_t s = 0; s < options.samples && !r.found; ++s)
      survives(task, candidate, tasks::generate(task, len, rng, k).input, r);
  // Every input up to `small` was tried, so a failure at small + 1 or below is of minimal length.
  r.shortest = r.found && r.length <= small + 1;
  for (const auto& b : bins) {
    bin_result br;
    br.lo = b.lo, br.hi = b.hi;
    for (const auto& inst : b.items) {
      ++br.total;
      const auto got = interpreter_answer(candidate, inst.input, inst.expected.size() + 2);
      if (got == inst.expected) {
        ++br.correct;
      } else if (br.first_failure.empty()) {
        br.first_failure = join(inst.input) + " => " + join(got) + " (expected " +
                           join(inst.expected) + ")";
      }
    }
    r.bins.push_back(std::move(br));
  }
  return r;
}

}  // namespace crasp::check_detail
