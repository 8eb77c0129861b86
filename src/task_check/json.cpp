// The check report as JSON; the schema is documented in docs/check.md and pinned by
// tests/task_check/test_json.cpp.
#include <nlohmann/json.hpp>

#include "crasp/task_check.hpp"
#include "crasp/task_spec.hpp"

namespace crasp {
namespace {

using json = nlohmann::ordered_json;

json verdict_json(const tasks::verdict& v, std::optional<bool> paper, bool agrees) {
  json j = {{"value", std::string(tasks::expressible_name(v.value))}, {"reason", v.reason}};
  j["paper"] = paper ? json(*paper ? "yes" : "no") : json(nullptr);
  j["agrees"] = agrees;
  return j;
}

json bin_json(const bin_result& b) {
  json j = {{"lo", b.lo}, {"hi", b.hi}, {"total", b.total}, {"correct", b.correct}};
  j["accuracy"] = b.total == 0 ? json(nullptr) : json(b.accuracy());
  if (!b.first_failure.empty()) j["first_failure"] = b.first_failure;
  j["certified"] = b.certified;
  return j;
}

json bins_json(const std::vector<bin_result>& bins) {
  json a = json::array();
  for (const auto& b : bins) a.push_back(bin_json(b));
  return a;
}

json search_json(const candidate_result& c) {
  return {{"program", c.program},
          {"found", c.found},
          {"length", c.found ? json(c.length) : json(nullptr)},
          {"shortest", c.shortest},
          {"searched", c.searched},
          {"exhaustive_len", c.exhaustive_len},
          {"exhaustive_space", c.exhaustive_space},
          {"exhaustive_skipped", c.exhaustive_skipped.empty() ? json(nullptr) : json(c.exhaustive_skipped)},
          {"input", c.input},
          {"expected", c.expected},
          {"got", c.got},
          {"origin", c.found ? json(c.origin) : json(nullptr)},
          {"bins", bins_json(c.bins)}};
}

json task_json(const task_result& t) {
  json j = {{"task", t.task},
            {"source", t.source},
            {"description", t.description},
            {"format", std::string(answer_format_name(t.format))},
            {"category", t.category},
            {"program", t.program.empty() ? json(nullptr) : json(t.program)},
            {"program_class", t.program_class.empty() ? json(nullptr) : json(t.program_class)},
            {"vocab", t.vocab},
            {"tested", t.tested},
            {"mix", t.mix},
            {"nope", verdict_json(t.nope, t.paper_nope, t.agrees_nope)},
            {"ape", verdict_json(t.ape, t.paper_ape, t.agrees_ape)},
            {"label", {{"ape", verdict_label(t, false)}, {"nope", verdict_label(t, true)}}},
            {"expect", t.expect ? json({{"value", std::string(tasks::expressible_name(*t.expect))},
                                        {"agrees", t.agrees_expect}})
                                : json(nullptr)},
            {"ok", t.ok},
            {"problems", t.problems}};
  json errors = json::array();
  for (const auto& d : t.errors.items()) errors.push_back(render(d));
  j["errors"] = std::move(errors);
  json engines = json::array();
  for (const auto& e : t.engines)
    engines.push_back({{"name", e.name},
                       {"applicable", e.applicable},
                       {"note", e.note},
                       {"bins", bins_json(e.bins)}});
  j["engines"] = std::move(engines);
  j["witness"] = t.witness ? search_json(*t.witness) : json(nullptr);
  if (!t.synth_outcome.empty()) {
    j["synthesized"] = t.synthesized.empty() ? json(nullptr) : json(t.synthesized);
    j["synth"] = t.synth_outcome;
  }
  json candidates = json::array();
  for (const auto& c : t.candidates) candidates.push_back(search_json(c));
  j["candidates"] = std::move(candidates);
  json published = json::array();
  for (const auto& s : t.published) {
    json points = json::array();
    for (const auto& p : s.points)
      points.push_back({{"lo", p.lo}, {"hi", p.hi}, {"accuracy", p.accuracy}});
    published.push_back({{"source", s.source}, {"pe", s.pe}, {"points", std::move(points)}});
  }
  j["published"] = std::move(published);
  if (t.communication) j["communication"] = json::parse(to_json(*t.communication));
  else if (!t.communication_error.empty()) j["communication"] = {{"error", t.communication_error}};
  if (t.reduction) {
    const reduction_report& r = *t.reduction;
    json answers = json::array();
    for (const auto& [from, to] : r.answers) answers.push_back({{"source", from}, {"target", to}});
    json words = json::object();
    for (std::size_t s = 0; s < r.map.symbols.size(); ++s) words[r.map.symbols[s]] = r.map.words[s];
    j["reduction"] = {{"source", r.source},
                      {"map", std::move(words)},
                      {"before", r.map.before},
                      {"after", r.map.after},
                      {"holds", r.holds()},
                      {"failure", r.failure},
                      {"exhaustive_length", r.exhaustive_length},
                      {"exhaustive_inputs", r.exhaustive_inputs},
                      {"long_inputs", r.long_inputs},
                      {"longest", r.longest},
                      {"answers", std::move(answers)},
                      {"verdict", r.verdict}};
  } else if (!t.reduction_error.empty()) {
    j["reduction"] = {{"error", t.reduction_error}};
  }
  if (t.same_as) {
    json renaming = json::object();
    for (const auto& [from, to] : t.same_as->renaming) renaming[from] = to;
    j["same_as"] = {{"task", t.same_as->task},
                    {"renaming", std::move(renaming)},
                    {"instances", t.same_as->instances},
                    {"exhaustive_length", t.same_as->exhaustive_length},
                    {"longest", t.same_as->longest}};
  }
  if (t.regular) {
    const auto& g = *t.regular;
    json reg = {{"answer", regular_answer_name(g.answer)},
                {"in_yang_class", g.in_yang_class},
                {"reason", g.reason},
                {"states", g.states}};
    if (g.answer == regular_answer::no)
      reg["evidence"] = {{"quotient_symbol", g.quotient_symbol},
                         {"states", {g.merged_first, g.merged_second}}};
    if (!g.witness.empty()) reg["witness_statements"] = g.witness_statements;
    j["regular"] = std::move(reg);
  }
  j["seconds"] = t.seconds;
  return j;
}

std::string pe_name(model::positional pe) {
  return pe == model::positional::ape ? "ape" : pe == model::positional::rope ? "rope" : "nope";
}

}  // namespace

std::string check_report_json(const check_report& report) {
  const auto& o = report.options;
  json options = {{"train", {o.train_lo, o.train_hi}},
                  {"test", {o.test_lo, o.test_hi}},
                  {"far_factors", o.far_factors},
                  {"samples", o.samples},
                  {"far_samples", o.far_samples},
                  {"far_tokens", o.far_tokens},
                  {"adversarial", o.adversarial},
                  {"far_adversarial", o.far_adversarial},
                  {"seed", o.seed},
                  {"exhaustive_len", o.exhaustive_len},
                  {"exhaustive_budget", o.exhaustive_budget},
                  {"oracle_timeout", o.oracle_timeout}};
  if (o.vocab != 0) options["vocab"] = o.vocab;  // per task: tasks[].vocab
  json pes = json::array();
  for (const auto pe : o.encodings) pes.push_back(pe_name(pe));
  options["pe"] = std::move(pes);
  json precs = json::array();
  for (const auto p : o.precisions) precs.push_back(p == precision::f64 ? "f64" : "f32");
  options["precision"] = std::move(precs);
  json bins = json::array();
  for (const auto& b : report.bins)
    bins.push_back({{"name", b.name}, {"lo", b.lo}, {"hi", b.hi}, {"samples", b.samples}});
  json tasks = json::array();
  for (const auto& t : report.tasks) tasks.push_back(task_json(t));
  json j = {{"schema", "crasp-check/2"},
            {"ok", report.ok()},
            {"options", std::move(options)},
            {"bins", std::move(bins)},
            {"tasks", std::move(tasks)},
            {"seconds", report.seconds}};
  // Problems and errors quote what scripts wrote, which need not be UTF-8: replace bad bytes
  // rather than fail (nlohmann throws on invalid UTF-8 by default).
  return j.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace crasp
