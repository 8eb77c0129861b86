// Instances for crasp check: the vocabulary per task, loading a program with that vocabulary,
// and drawing the instances of a length bin.
#include <algorithm>

#include "task_check/internal.hpp"

namespace crasp::check_detail {

std::size_t check_vocab(const tasks::task_spec& task) {
  // The Born unique-copy experiments use 150 distinct symbols (so lengths up to 150); the
  // catalogue's default of 5 suits only the retrieval-style tests.
  if (task.id == tasks::task_id::uf || task.id == tasks::task_id::ub) return 150;
  return tasks::effective_vocab(task, 0);
}

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
  // distinct-token tasks: N <= k); a bin entirely past that cap has no instance.
  const std::size_t lo = tasks::effective_length(task, bin.lo, k);
  const std::size_t hi = tasks::effective_length(task, bin.hi, k);
  if (lo < bin.lo && hi < bin.lo) return out;
  out.lo = std::max(lo, std::min(bin.lo, hi));
  out.hi = hi;
  if (out.lo > out.hi) out.lo = out.hi;
  out.items.reserve(count);
  for (std::size_t s = 0; s < count; ++s) {
    // Raw draws only, as tasks::generate does, so a seed means the same lengths everywhere.
    const std::size_t span = out.hi - out.lo + 1;
    const std::size_t len = out.lo + static_cast<std::size_t>(rng() % span);
    out.items.push_back(tasks::generate(task, len, rng, k));
  }
  return out;
}

}  // namespace crasp::check_detail
