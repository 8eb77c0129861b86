// Task sources (src/task_source): the instance source of a task spec (generator, oracle, data).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "task_source/source.hpp"

namespace crasp::sources {

/// Checks one instance against the task's programs (tokens inside their alphabets); returns an
/// error message, empty when the instance is usable.
using instance_validator = std::function<std::string(const task_instance&)>;

/// The source for a spec. Random and enumerated inputs are made of the spec's `vocabulary`, else
/// of the tokens its generator's and data's inputs use, else (an oracle alone) of
/// `program_tokens`; `data` are the spec's fixed instances, already read and validated.
std::unique_ptr<instance_source> make_spec_source(std::shared_ptr<const task_file> spec,
                                                  const source_options& options,
                                                  std::vector<std::string> program_tokens,
                                                  std::vector<task_instance> data,
                                                  instance_validator validate);

}  // namespace crasp::sources
