// See differential.hpp.
#include "differential.hpp"

#include <sstream>
#include <stdexcept>

namespace rnd {

std::variant<prepared, disagreement> prepare(const program& p, const run_options& opts) {
  prepared c{p, print(p), {}, {}};
  auto checked = check_source(c.source);
  if (!checked.ir) return disagreement{"check", {}, 0, checked.errors};
  c.ir = std::move(*checked.ir);
  if (opts.only.empty() || opts.only != "interpreter") {
    auto set = compile_engines(c.ir, opts.max_len, opts.exact_booleans);
    if (!set.error.empty()) return disagreement{"compile", {}, 0, set.error};
    for (auto& e : set.engines)
      if (opts.only.empty() || opts.only == e.name) c.models.push_back(std::move(e));
  }
  return c;
}

namespace {

std::string values_at(const std::string& what, const std::string& want, const std::string& got) {
  return what + ": expected " + want + ", got " + got;
}

// Reference against interpreter, every statement (matched by name and occurrence: shadowing
// repeats names) and the answer.
std::optional<disagreement> against_reference(const prepared& c, const std::vector<std::string>& input,
                                              const interpreted& got) {
  evaluation want;
  try {
    want = evaluate(c.prog, input);
  } catch (const std::logic_error& e) {
    return disagreement{"reference", input, 0, e.what()};  // only a shrinking candidate can do this
  }
  if (want.statements.size() != got.statements.size())
    return disagreement{"interpreter", input, 0,
                        values_at("number of statements", std::to_string(want.statements.size()),
                                  std::to_string(got.statements.size()))};
  for (std::size_t s = 0; s < want.statements.size(); ++s) {
    const auto& w = want.statements[s];
    const auto& g = got.statements[s];
    if (w.name != g.name) return disagreement{"interpreter", input, 0, values_at("statement name", w.name, g.name)};
    for (std::size_t i = 0; i < input.size(); ++i)
      if (w.values[i] != g.values[i])
        return disagreement{"interpreter", input, i,
                            values_at(w.name, std::to_string(w.values[i]), std::to_string(g.values[i]))};
  }
  const auto at = first_difference(want.answers, got.answers);
  if (at != SIZE_MAX) return disagreement{"interpreter", input, at, values_at("answer", want.answers[at], got.answers[at])};
  return std::nullopt;
}

}  // namespace

std::optional<disagreement> run_input(const prepared& c, const std::vector<std::string>& input,
                                      const run_options& opts, tally* counts) {
  const auto got = interpret(c.ir, input);
  if (!got.error.empty()) return disagreement{"run", input, 0, got.error};
  if (opts.only.empty() || opts.only == "interpreter") {
    if (auto d = against_reference(c, input, got)) return d;
    if (counts) {
      (*counts)["interpreter"].inputs += 1;
      (*counts)["interpreter"].positions += input.size();
    }
  }
  for (const auto& m : c.models) {
    std::string error;
    const auto answers = run_model(m, input, error);
    if (!error.empty()) return disagreement{m.name, input, 0, "model run failed: " + error};
    const std::size_t certified = static_cast<std::size_t>(std::max(m.certified, 0));
    const auto at = first_difference(got.answers, answers, certified);
    if (at != SIZE_MAX)
      return disagreement{m.name, input, at,
                          values_at("answer (certified to " + std::to_string(certified) + ")",
                                    got.answers[at], answers[at])};
    if (!counts) continue;
    auto& t = (*counts)[m.name];
    t.inputs += 1;
    t.positions += std::min(certified, input.size());
    for (std::size_t i = certified; i < input.size(); ++i) {
      t.uncertified += 1;
      t.uncertified_mismatches += got.answers[i] != answers[i];
    }
  }
  return std::nullopt;
}

std::optional<disagreement> compare_case(const program& p, const std::vector<std::string>& input,
                                         const run_options& opts) {
  auto c = prepare(p, opts);
  if (auto* d = std::get_if<disagreement>(&c)) return *d;
  return run_input(std::get<prepared>(c), input, opts);
}

std::string describe(const disagreement& d, const std::string& source) {
  std::ostringstream out;
  out << "engine: " << d.engine << (d.engine == "interpreter" ? " vs reference evaluator" : "")
      << "\nprogram:\n" << source << "input: " << join(d.input) << "\nposition: " << d.position
      << "\n" << d.what << "\n";
  return out.str();
}

}  // namespace rnd
