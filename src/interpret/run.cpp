// run, generate and trace: thin drivers around one evaluator, so each costs O(n * program size);
// the input is evaluated in one batch (append), generated tokens one at a time (push).
#include <fmt/format.h>

#include "crasp/interpret.hpp"

namespace crasp {
namespace {

// Resets `ev`, encodes `tokens` and appends them all; false on empty input, bad tokens or
// overflow.
bool evaluate_into(evaluator& ev, const std::vector<std::string>& tokens,
                   const std::string& origin, diagnostics& diags) {
  ev.reset();
  if (tokens.empty()) {
    diags.error(origin, "empty input");
    return false;
  }
  auto ids = encode(ev.program(), tokens, origin, diags);
  if (!ids) return false;
  ev.reserve(ids->size());
  return ev.append(*ids, diags);
}

// The same with a new evaluator; std::nullopt on the errors above.
std::optional<evaluator> evaluate(const ir::program& program,
                                  const std::vector<std::string>& tokens,
                                  const std::string& origin, diagnostics& diags) {
  evaluator ev(program, origin);
  if (!evaluate_into(ev, tokens, origin, diags)) return std::nullopt;
  return ev;
}

std::string quoted_list(const ir::program& program, const std::vector<std::uint32_t>& toks) {
  std::string out;
  for (std::size_t k = 0; k < toks.size(); ++k) {
    if (k > 0) out += k + 1 == toks.size() ? " and " : ", ";
    out += fmt::format("'{}'", program.vocabulary[toks[k]]);
  }
  return out;
}

}  // namespace

std::optional<run_output> run(evaluator& ev, const std::vector<std::string>& tokens,
                              const std::string& origin, diagnostics& diags) {
  const ir::program& program = ev.program();
  if (program.statements.empty()) {
    diags.error(origin, "internal error: program has no statements");
    return std::nullopt;
  }
  if (!evaluate_into(ev, tokens, origin, diags)) return std::nullopt;
  const ir::statement& out = program.statements.back();
  return run_output{out.result, ev.last(out.value)};
}

std::optional<run_output> run(const ir::program& program, const std::vector<std::string>& tokens,
                              const std::string& origin, diagnostics& diags) {
  evaluator ev(program, origin);
  return run(ev, tokens, origin, diags);
}

std::optional<generate_output> generate(const ir::program& program,
                                        const std::vector<std::string>& prefix,
                                        std::size_t max_new, const std::string& origin,
                                        diagnostics& diags) {
  evaluator ev(program, origin);
  return generate(ev, prefix, max_new, origin, diags);
}

std::optional<generate_output> generate(evaluator& evaluator_, const std::vector<std::string>& prefix,
                                        std::size_t max_new, const std::string& origin,
                                        diagnostics& diags) {
  const ir::program& program = evaluator_.program();
  if (!evaluate_into(evaluator_, prefix, origin, diags)) return std::nullopt;
  evaluator* ev = &evaluator_;
  generate_output out;
  while (true) {
    if (out.continuation.size() >= max_new) {
      out.reason = stop_reason::max_new;
      break;
    }
    const std::vector<std::uint32_t> next = ev->next_tokens();
    if (next.empty()) {
      out.reason = stop_reason::no_next;
      break;
    }
    if (next.size() > 1) {
      out.reason = stop_reason::ambiguous;
      out.ambiguous_position = ev->length();
      for (std::uint32_t t : next) out.ambiguous_tokens.push_back(program.vocabulary[t]);
      diags.error(origin, fmt::format("ambiguous next token at position {}: {} {} hold",
                                      ev->length(), quoted_list(program, next),
                                      next.size() == 2 ? "both" : "all"));
      break;
    }
    out.continuation.push_back(program.vocabulary[next.front()]);
    if (!ev->push(next.front(), diags)) return std::nullopt;
  }
  return out;
}

std::optional<trace_table> trace(const ir::program& program, const std::vector<std::string>& tokens,
                                 const std::string& origin, diagnostics& diags) {
  auto ev = evaluate(program, tokens, origin, diags);
  if (!ev) return std::nullopt;
  trace_table t;
  t.tokens = tokens;
  const auto add_row = [&](std::string name, ir::type kind, ir::node_id id) {
    t.statement_names.push_back(std::move(name));
    t.statement_types.push_back(kind);
    auto& row = t.values.emplace_back();
    row.reserve(ev->length());
    for (std::size_t pos = 0; pos < ev->length(); ++pos) row.push_back(ev->value(id, pos));
  };
  for (const auto& st : program.statements) add_row(st.name, st.result, st.value);
  for (const auto& rule : program.next) {
    add_row(fmt::format("next \"{}\"", program.vocabulary[rule.token]), ir::type::boolean,
            rule.value);
  }
  return t;
}

}  // namespace crasp
