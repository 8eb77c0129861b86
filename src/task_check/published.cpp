// Published trained-model accuracies, for the side-by-side columns and the plot. The numbers
// live in each catalogue task's record (src/tasks/*_records.cpp), beside its verdicts.
#include "crasp/task_check.hpp"
#include "tasks/record.hpp"

namespace crasp {

std::vector<published_series> published_results(tasks::task_id id) {
  return tasks::detail::record(id).published;
}

}  // namespace crasp
