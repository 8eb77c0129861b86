// Private to src/task_check: the pieces check.cpp puts together.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "crasp/frontend.hpp"
#include "crasp/task_check.hpp"
#include "crasp/tasks.hpp"

namespace crasp::check_detail {

/// The instances of one bin, all of the task's reference answers included.
struct bin_instances {
  std::size_t lo = 0, hi = 0;  ///< effective lengths (0, 0 when the task has none in the bin)
  std::vector<tasks::instance> items;
};

/// Loads programs_dir/file with the task's vocabulary swapped into `alphabet` (if non-empty).
load_result load_for_task(const std::string& programs_dir, const std::string& file,
                          const std::string& alphabet, const tasks::task_spec& task,
                          std::size_t k);

/// Draws `count` instances with lengths uniform in the bin (capped to what the task allows).
bin_instances draw(const tasks::task_spec& task, std::size_t k, const check_bin& bin,
                   std::size_t count, std::mt19937_64& rng);

/// Tries the candidate on every input up to a small length (exhaustively), then on random
/// inputs of each longer length up to `max_len`, and stops at the first wrong answer. Also
/// measures its accuracy on the report's bins.
candidate_result refute(const tasks::task_spec& task, std::size_t k, const std::string& file,
                        const ir::program& candidate, const task_check_options& options,
                        const std::vector<bin_instances>& bins, std::mt19937_64& rng);

/// Fills `r` with the interpreter's and each compiled model's accuracy on `bins`; `tick` is
/// called once per (engine, bin) unit of work.
void run_engines(const tasks::task_spec& task, const ir::program& program,
                 const task_check_options& options, const std::vector<bin_instances>& bins,
                 task_result& r, const std::function<void(const std::string&)>& tick);

/// Units of work (for progress) a task costs with these options.
std::size_t work_units(const tasks::task_spec& task, const task_check_options& options);

}  // namespace crasp::check_detail
