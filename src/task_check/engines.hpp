// Private to src/task_check: how one instance is judged on a compiled model, against the task's
// reference answer (the interpreter's answer is task_source/answer.hpp's).
#pragma once

#include <string>
#include <vector>

#include "crasp/interpret.hpp"
#include "crasp/ir.hpp"
#include "crasp/model.hpp"
#include "crasp/tasks.hpp"
#include "crasp/transformer.hpp"
#include "task_source/answer.hpp"

namespace crasp::check_detail {

using sources::interpreter_answer;
using sources::join;

using tokens = std::vector<std::string>;

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

extern template bool model_answers(const model::prepared_model<double>&, output_kind,
                                   tasks::answer_format, const tokens&, const tokens&, tokens&);
extern template bool model_answers(const model::prepared_model<float>&, output_kind,
                                   tasks::answer_format, const tokens&, const tokens&, tokens&);

}  // namespace crasp::check_detail
