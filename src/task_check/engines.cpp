// Answering one instance with the interpreter or a compiled model (see engines.hpp).
#include "task_check/engines.hpp"

#include <span>

#include <fmt/format.h>

namespace crasp::check_detail {

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

template <class T>
bool model_answers(const model::prepared_model<T>& pm, output_kind kind, tasks::answer_format format,
                   const tokens& input, const tokens& expected, tokens& got) {
  const model::basic_model<T>& m = pm.model();
  got.clear();
  diagnostics diags;
  tokens seq = input;
  const bool continuation = format == tasks::answer_format::continuation && kind == output_kind::next;
  if (continuation) seq.insert(seq.end(), expected.begin(), expected.end());
  const auto ids = encode_for_model(m, seq, "check", diags);
  if (!ids) {
    got = {"<error>"};
    return false;
  }
  const auto result = model::forward(pm, std::span<const int>(*ids), diags);
  if (!result) {
    got = {"<error>"};
    return false;
  }
  // Column c of the scores is program position c - 1 (column 0 is the model's BOS).
  const auto decision_after = [&](std::size_t program_pos) {
    const auto col = static_cast<Eigen::Index>(program_pos + 1);
    const model::vector<T> scores = result->scores.col(col);
    return read_decision(m, kind, scores, program_pos);
  };
  const auto label = [&](std::size_t program_pos) -> std::string {
    const auto d = decision_after(program_pos);
    if (kind == output_kind::boolean) return d.value != 0 ? "True" : "False";
    if (kind == output_kind::count) return std::to_string(d.value);
    if (d.next.empty()) return "<none>";
    return d.next.size() == 1 ? d.next.front() : "<ambiguous " + join(d.next) + ">";
  };
  if (format == tasks::answer_format::labels) {
    for (std::size_t p = 0; p < input.size(); ++p) got.push_back(label(p));
    return got == expected;
  }
  if (!continuation) {
    got = {label(input.size() - 1)};
    return got == expected;
  }
  for (std::size_t k = 0; k <= expected.size(); ++k) {
    const auto d = decision_after(input.size() - 1 + k);
    if (k == expected.size()) {  // the answer is complete: nothing may follow
      if (d.next.empty()) return true;
      got.push_back(d.next.size() == 1 ? d.next.front() : "<ambiguous " + join(d.next) + ">");
      return false;
    }
    if (d.next.size() == 1 && d.next.front() == expected[k]) {
      got.push_back(expected[k]);
      continue;
    }
    got.push_back(d.next.empty()       ? "<stop>"
                  : d.next.size() == 1 ? d.next.front()
                                       : "<ambiguous " + join(d.next) + ">");
    return false;
  }
  return true;
}

template bool model_answers(const model::prepared_model<double>&, output_kind, tasks::answer_format,
                            const tokens&, const tokens&, tokens&);
template bool model_answers(const model::prepared_model<float>&, output_kind, tasks::answer_format,
                            const tokens&, const tokens&, tokens&);

}  // namespace crasp::check_detail
