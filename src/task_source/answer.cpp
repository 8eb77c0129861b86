// A program's answer to one instance, by the interpreter, in the task's terms (answer.hpp).
#include "task_source/answer.hpp"

#include <fmt/format.h>

namespace crasp::sources {

std::string join(const tokens& t, std::size_t max_shown) {
  if (t.empty()) return "<none>";
  std::string s;
  for (std::size_t k = 0; k < t.size(); ++k) {
    // Long far-bin inputs would flood a report: keep the head and the tail.
    if (t.size() > max_shown && k == max_shown / 2) {
      s += fmt::format(" ... ({} more) ...", t.size() - max_shown);
      k = t.size() - max_shown / 2 - 1;
      continue;
    }
    if (!s.empty()) s += ' ';
    s += t[k];
  }
  return s;
}

namespace {

// The label of one position: a next program's one true NEXT token, else the output's value.
std::string interpreter_label(const ir::program& program, const evaluator& ev, std::size_t pos) {
  if (program.is_generator()) {
    const auto next = ev.next_tokens_at(pos);
    if (next.empty()) return "<none>";
    if (next.size() == 1) return program.vocabulary[next.front()];
    tokens names;
    for (const auto n : next) names.push_back(program.vocabulary[n]);
    return "<ambiguous " + join(names) + ">";
  }
  const auto v = ev.value(program.output(), pos);
  if (program.statements.back().result == ir::type::boolean) return v != 0 ? "True" : "False";
  return std::to_string(v);
}

tokens interpreter_labels(evaluator& ev, const tokens& input) {
  const ir::program& program = ev.program();
  diagnostics diags;
  ev.reset();
  const auto ids = encode(program, input, "check", diags);
  if (!ids) return {"<error>"};
  ev.reserve(ids->size());
  if (!ev.append(*ids, diags)) return {"<error>"};
  tokens labels;
  labels.reserve(ids->size());
  for (std::size_t pos = 0; pos < ids->size(); ++pos) labels.push_back(interpreter_label(program, ev, pos));
  return labels;
}

}  // namespace

tokens interpreter_answer(const ir::program& program, tasks::answer_format format,
                          const tokens& input, std::size_t max_new) {
  evaluator ev(program, "check");
  return interpreter_answer(ev, format, input, max_new);
}

tokens interpreter_answer(evaluator& ev, tasks::answer_format format, const tokens& input,
                          std::size_t max_new) {
  const ir::program& program = ev.program();
  diagnostics diags;
  if (format == tasks::answer_format::labels) return interpreter_labels(ev, input);
  if (format == tasks::answer_format::continuation && program.is_generator()) {
    const auto out = generate(ev, input, max_new, "check", diags);
    if (!out) return {"<error>"};
    auto t = out->continuation;
    if (out->reason == stop_reason::max_new) t.push_back("<max_new>");
    if (out->reason == stop_reason::ambiguous) t.push_back("<ambiguous " + join(out->ambiguous_tokens) + ">");
    return t;
  }
  const auto out = run(ev, input, "check", diags);
  if (!out) return {"<error>"};
  if (out->kind == ir::type::boolean) return {out->value != 0 ? "True" : "False"};
  return {std::to_string(out->value)};
}

}  // namespace crasp::sources
