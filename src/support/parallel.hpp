// Running a fixed number of parts of one job on threads: part 0 on the calling thread, the others
// on their own threads, all joined before returning. The synthesizer's enumerator and solver and
// the task checker split their work this way.
#pragma once

#include <cstddef>
#include <exception>
#include <algorithm>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace crasp::support {

/// Calls part(k) for k = 0 .. parts - 1, concurrently, and waits for all. An exception thrown by a
/// part (std::bad_alloc on work too large for the machine) must not escape its thread, which would
/// terminate the process: the first one is kept and rethrown here once every part has returned.
inline void run_parts(std::size_t parts, const std::function<void(std::size_t)>& part) {
  if (parts <= 1) {
    if (parts == 1) part(0);
    return;
  }
  std::mutex error_mutex;
  std::exception_ptr error;
  const auto guarded = [&](std::size_t k) {
    try {
      part(k);
    } catch (...) {
      const std::lock_guard lock(error_mutex);
      if (!error) error = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> pool;
    pool.reserve(parts - 1);
    for (std::size_t k = 1; k < parts; ++k) pool.emplace_back(guarded, k);
    guarded(0);
  }  // the jthreads join here
  if (error) std::rethrow_exception(error);
}

/// Part k of [from, to) split into `parts` contiguous ranges of (almost) equal size.
inline std::pair<std::size_t, std::size_t> part_range(std::size_t k, std::size_t parts,
                                                      std::size_t from, std::size_t to) {
  const std::size_t share = (to - from + parts - 1) / parts;
  const std::size_t begin = std::min(to, from + k * share);
  return {begin, std::min(to, begin + share)};
}

}  // namespace crasp::support
