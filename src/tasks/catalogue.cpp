// The task catalogue as the public API shows it (crasp/tasks.hpp): the records' specs in
// task_id order, lookup by name and id, and the vocabulary and length conventions, which ask the
// task's record where a family differs.
#include <algorithm>

#include "tasks/record.hpp"

namespace crasp::tasks {

const std::vector<task_spec>& catalogue() {
  static const std::vector<task_spec> all = [] {
    std::vector<task_spec> specs;
    specs.reserve(detail::records().size());
    for (const auto& r : detail::records()) specs.push_back(r.spec);
    return specs;
  }();
  return all;
}

const task_spec* find(std::string_view name) {
  for (const auto& t : catalogue()) {
    if (t.name == name) {
      return &t;
    }
  }
  return nullptr;
}

const task_spec& spec(task_id id) {
  return catalogue()[static_cast<std::size_t>(id)];
}

answer_format format_of(const task_spec& task) {
  switch (task.mode) {
    case task_mode::generator:
      return answer_format::continuation;
    case task_mode::labels:
      return answer_format::labels;
    case task_mode::acceptor:
      break;
  }
  return answer_format::accept;
}

std::size_t effective_vocab(const task_spec& task, std::size_t k) {
  if (!task.variable_vocab || k == 0) {
    return task.default_vocab;
  }
  return std::clamp(k, task.min_vocab, task.max_vocab);
}

std::vector<std::string> symbols(const task_spec& task, std::size_t k) {
  return detail::record(task.id).behaviour->symbols(effective_vocab(task, k));
}

std::vector<std::string> output_tokens(const task_spec& task, std::size_t k) {
  if (task.mode == task_mode::acceptor) {
    return {"True", "False"};
  }
  if (auto own = detail::record(task.id).behaviour->own_output_tokens()) {
    return std::move(*own);
  }
  auto s = symbols(task, k);
  if (!task.end_token.empty()) {
    s.push_back(task.end_token);
  }
  return s;
}

std::size_t effective_length(const task_spec& task, std::size_t length, std::size_t k) {
  return detail::record(task.id).behaviour->effective_length(length, effective_vocab(task, k),
                                                             task.min_length);
}

}  // namespace crasp::tasks
