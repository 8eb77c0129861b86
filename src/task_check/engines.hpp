// Private to src/task_check: how one instance is answered by the interpreter and judged on a
// compiled model, both compared with the task's reference answer.
#pragma once

#include <string>
#include <vector>

#include "crasp/interpret.hpp"
#include "crasp/ir.hpp"
#include "crasp/model.hpp"
#include "crasp/tasks.hpp"
#include "crasp/transformer.hpp"

namespace crasp::check_detail {

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

/// Whether the model gives exactly `expected`: for a continuation, whether greedy decoding
/// would produce it and then stop, judged by teacher forcing (one forward pass over input +
/// expected, reading the decision at every answer position, which agrees with greedy decoding
/// exactly when every decision is right); for labels, the decision at every input position; for
/// accept and count, the decision at the last position. `got` receives what the model produced
/// (for a continuation, up to and including its first wrong decision). `m` is prepared once per
/// model by the caller (model::prepared_model).
template <class T>
bool model_answers(const model::prepared_model<T>& m, output_kind kind, tasks::answer_format format,
                   const tokens& input, const tokens& expected, tokens& got);

/// "a b c" (or "<none>").
std::string join(const tokens& t, std::size_t max_shown = 24);

extern template bool model_answers(const model::prepared_model<double>&, output_kind,
                                   tasks::answer_format, const tokens&, const tokens&, tokens&);
extern template bool model_answers(const model::prepared_model<float>&, output_kind,
                                   tasks::answer_format, const tokens&, const tokens&, tokens&);

}  // namespace crasp::check_detail
