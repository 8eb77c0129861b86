// Instances for crasp check: the vocabulary per task, loading a program with that vocabulary,
// and drawing the instances of a length bin.
#include <algorithm>

#include "task_check/internal.hpp"
#include "tasks/common.hpp"

namespace crasp {

std::size_t check_vocab(const tasks::task_spec& task) {
  // The Born unique-copy experiments use 150 distinct symbols (so lengths up to 150); the
  // catalogue's default of 5 suits only the retrieval-style tests.
  if (task.id == tasks::task_id::uf || task.id == tasks::task_id::ub) return 150;
  return tasks::effective_vocab(task, 0);
}

}  // namespace crasp

namespace crasp::check_detail {

load_result load_for_task(const std::string& programs_dir, const std::string& file,
                          const std::string& alphabet, const tasks::task_spec& task,
                          std::size_t k) {
  check_options options;
  if (!alphabet.empty()) options.alphabet_overrides[alphabet] = tasks::symbols(task, k);
  return load_file(programs_dir + "/" + file, options);
}

bin_instances draw(const tasks::task_spec& task, std::size_t k, const check_bin& bin,
                   std::size_t count, std::mt19937_64& rng) {
  bin_instances out;
  // effective_length rounds up to the nearest feasible length, or caps at the largest one (the
  // distinct-token tasks: N <= k); a bin that starts past that cap has no instance.
  const std::size_t lo = tasks::effective_length(task, bin.lo, k);
  const std::size_t hi = tasks::effective_length(task, bin.hi, k);
  if (lo < bin.lo) return out;
  out.lo = lo;
  out.hi = hi;
  out.items.reserve(count);
  for (std::size_t s = 0; s < count; ++s) {
    // The task generators' own portable draw, so a seed means the same lengths everywhere.
    const std::size_t len = tasks::detail::between(rng, lo, hi);
    out.items.push_back(tasks::generate(task, len, rng, k));
  }
  return out;
}

}  // namespace crasp::check_detail
