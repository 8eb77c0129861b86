// Judging one instance on a compiled model (see engines.hpp).
#include "task_check/engines.hpp"

#include <span>

#include <fmt/format.h>

namespace crasp::check_detail {

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
