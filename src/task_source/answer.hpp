// Task sources (src/task_source): how the interpreter answers one instance in the task's terms,
// for every stage that compares a program with a task's reference answers (crasp check, synth,
// the communication analysis).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "crasp/interpret.hpp"
#include "crasp/ir.hpp"
#include "crasp/tasks.hpp"

namespace crasp::sources {

using tokens = std::vector<std::string>;

/// The interpreter's answer in the task's terms (tasks::answer_format):
///  - continuation: the generated continuation, with "<max_new>" appended when it did not stop
///    by itself, "<ambiguous a b>" at an ambiguity;
///  - accept, count: "True"/"False" or the count at the last position;
///  - labels: the last statement at every position ("True"/"False", a count), or for a program
///    with next rules the one token whose NEXT holds ("<none>", "<ambiguous a b>" otherwise);
/// "<error>" when the program refuses the input.
tokens interpreter_answer(const ir::program& program, tasks::answer_format format,
                          const tokens& input, std::size_t max_new);
/// The same on an evaluator of the program, reset and reused (callers answering many instances
/// keep one, so the program is compiled once, not per instance).
tokens interpreter_answer(evaluator& ev, tasks::answer_format format, const tokens& input,
                          std::size_t max_new);

/// "a b c" (or "<none>").
std::string join(const tokens& t, std::size_t max_shown = 24);

}  // namespace crasp::sources
