// Private to src/task_check: how one instance is answered by the interpreter and judged on a
// compiled model, both compared with the task's reference answer.
#pragma once

#include <string>
#include <vector>

#include "crasp/interpret.hpp"
#include "crasp/ir.hpp"
#include "crasp/model.hpp"
#include "crasp/transformer.hpp"

namespace crasp::check_detail {

using tokens = std::vector<std::string>;

/// The interpreter's answer in the task's terms: a generator's continuation (with "<max_new>"
/// appended when it did not stop by itself, "<ambiguous a b>" at an ambiguity), "True"/"False" or
/// the count for an acceptor, "<error: ...>" when the program refuses the input.
tokens interpreter_answer(const ir::program& program, const tokens& input, std::size_t max_new);

/// Whether greedy decoding on the model would produce exactly `expected` and then stop (for an
/// acceptor: whether its decision is `expected`). Generators are judged by teacher forcing: one
/// forward pass over input + expected, reading the decision at every answer position, which
/// agrees with greedy decoding exactly when every decision is right. `got` receives what the
/// model produced up to and including its first wrong decision.
template <class T>
bool model_answers(const model::basic_model<T>& m, output_kind kind, const tokens& input,
                   const tokens& expected, tokens& got);

/// "a b c" (or "<none>").
std::string join(const tokens& t, std::size_t max_shown = 24);

extern template bool model_answers(const model::basic_model<double>&, output_kind, const tokens&,
                                   const tokens&, tokens&);
extern template bool model_answers(const model::basic_model<float>&, output_kind, const tokens&,
                                   const tokens&, tokens&);

}  // namespace crasp::check_detail
