// The registry: every family's records, in catalogue order (the order of task_id). A new task's
// record goes into its family's list (*_records.cpp) at the place of its task_id enumerator; a
// new family adds its list here.
#include <iterator>
#include <vector>

#include "tasks/record.hpp"

namespace crasp::tasks::detail {
namespace {

std::vector<task_record> build_registry() {
  std::vector<task_record> all;
  const auto append = [&all](std::vector<task_record> part) {
    all.insert(all.end(), std::make_move_iterator(part.begin()),
               std::make_move_iterator(part.end()));
  };
  append(retrieval_records());    // Born retrieval
  append(copy_records());         // Born copy
  append(algorithmic_records());  // Huang et al.'s algorithmic tasks
  append(language_records());     // formal languages with hand-written references
  append(suite_records());        // Huang et al.'s regular suite
  append(labels_records(all));    // the suite labelled at every position
  // An acceptor answers True or False once per input: a decision problem by its mode. Other
  // decision problems (parity) say so in their records.
  for (auto& r : all)
    if (r.spec.mode == task_mode::acceptor) r.spec.decision = true;
  return all;
}

}  // namespace

const std::vector<task_record>& records() {
  static const std::vector<task_record> all = build_registry();
  return all;
}

const task_record& record(task_id id) {
  return records()[static_cast<std::size_t>(id)];
}

}  // namespace crasp::tasks::detail
