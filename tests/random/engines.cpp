// See engines.hpp. Models are run with one forward pass per input and read at every column, as
// crasp::verify does, so one input checks every prefix.
#include "engines.hpp"

#include <algorithm>

#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"
#include "crasp/transformer.hpp"

namespace rnd {

checked check_source(const std::string& source) {
  auto loaded = crasp::load_text("random.crasp", source);
  checked out;
  if (loaded.ok()) out.ir = std::move(loaded.program);
  else out.errors = crasp::render(loaded.diags);
  return out;
}

interpreted interpret(const crasp::ir::program& ir, const std::vector<std::string>& input) {
  interpreted out;
  crasp::diagnostics diags;
  const auto ids = crasp::encode(ir, input, "<input>", diags);
  if (!ids) {
    out.error = crasp::render(diags);
    return out;
  }
  crasp::evaluator ev(ir);
  for (const auto id : *ids) {
    if (!ev.push(id, diags)) {
      out.error = crasp::render(diags);
      return out;
    }
    if (ir.is_generator()) {
      std::vector<std::string> next;
      for (const auto t : ev.next_tokens()) next.push_back(ir.vocabulary.at(t));
      out.answers.push_back(next_set(next));
    } else {
      out.answers.push_back(std::to_string(ev.last(ir.output())));
    }
  }
  // The batch evaluator must agree with push() at every node and position.
  crasp::evaluator batch(ir);
  if (!batch.append(*ids, diags)) {
    out.error = "append() failed where push() did not: " + crasp::render(diags);
    return out;
  }
  for (crasp::ir::node_id id = 0; id < ir.nodes.size(); ++id) {
    for (std::size_t i = 0; i < ev.length(); ++i) {
      if (batch.value(id, i) != ev.value(id, i)) {
        out.error = "append() and push() disagree at node " + std::to_string(id) + ", position " +
                    std::to_string(i);
        return out;
      }
    }
  }
  for (const auto& s : ir.statements) {
    named_values v{s.name, {}};
    for (std::size_t i = 0; i < ev.length(); ++i) v.values.push_back(ev.value(s.value, i));
    out.statements.push_back(std::move(v));
  }
  return out;
}

engine_set compile_engines(const crasp::ir::program& ir, int max_len, bool exact_booleans) {
  using crasp::model::positional;
  engine_set out;
  for (const auto pe : {positional::ape, positional::rope, positional::nope}) {
    crasp::diagnostics diags;
    crasp::compile_options opts;
    opts.pe = pe;
    opts.max_len = max_len;
    opts.boolean_mode = exact_booleans ? crasp::booleans::exact : crasp::booleans::plain;
    auto c = crasp::compile(ir, opts, diags);
    if (!c) {
      // NoPE may (and must) refuse only a program that needs positions.
      if (pe == positional::nope && ir.klass == crasp::ir::program_class::crasp_pos) continue;
      out.error = std::string(crasp::model::to_string(pe)) + " compile failed:\n" + crasp::render(diags);
      return out;
    }
    const auto shared = std::make_shared<const crasp::compiled_program>(std::move(*c));
    const std::string pe_name(crasp::model::to_string(pe));
    const auto f32 = std::make_shared<const crasp::model::model_f32>(crasp::model::cast<float>(shared->model));
    out.engines.push_back({pe_name + "-f64", shared, nullptr, shared->stats.certified_f64, max_len});
    out.engines.push_back({pe_name + "-f32", shared, f32, shared->stats.certified_f32, max_len});
  }
  return out;
}

namespace {

template <class T>
std::vector<std::string> run_typed(const crasp::model::basic_model<T>& m,
                                   const std::vector<std::string>& input, std::string& error) {
  crasp::diagnostics diags;
  const auto kind = crasp::model_output_kind(m, "<model>", diags);
  const auto ids = crasp::encode_for_model(m, input, "<input>", diags);
  if (!kind || !ids) {
    error = crasp::render(diags);
    return {};
  }
  const auto result = crasp::model::forward(m, std::span<const int>(*ids), diags);
  if (!result) {
    error = crasp::render(diags);
    return {};
  }
  std::vector<std::string> out;
  for (std::size_t p = 0; p < input.size(); ++p) {
    const auto d = crasp::read_decision(m, *kind, crasp::model::vector<T>(result->scores.col(p + 1)), p);
    out.push_back(*kind == crasp::output_kind::next ? next_set(d.next) : std::to_string(d.value));
  }
  return out;
}

}  // namespace

std::vector<std::string> run_model(const model_engine& e, const std::vector<std::string>& input,
                                   std::string& error) {
  return e.f32 ? run_typed(*e.f32, input, error) : run_typed(e.compiled->model, input, error);
}

std::size_t first_difference(const std::vector<std::string>& a, const std::vector<std::string>& b,
                             std::size_t limit) {
  const std::size_t n = std::min({a.size(), b.size(), limit});
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return i;
  return std::min(a.size(), limit) != std::min(b.size(), limit) ? n : SIZE_MAX;
}

std::string join(const std::vector<std::string>& tokens) {
  std::string s;
  for (const auto& t : tokens) s += (s.empty() ? "" : " ") + t;
  return s;
}

}  // namespace rnd
