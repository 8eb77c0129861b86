// Opening a task spec (source.hpp): the spec parsed and validated, its programs loaded with the
// spec's alphabets and matched against its answer format, its data read and checked against the
// programs' alphabets, its instance source built. Everything here happens before any task runs,
// so that a broken spec is refused up front instead of failing half way through a report.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <set>

#include <fmt/format.h>

#include "crasp/frontend.hpp"
#include "regular/dfa_text.hpp"
#include "regular/regex.hpp"
#include "task_source/source.hpp"
#include "task_source/source_language.hpp"
#include "task_source/source_spec.hpp"

namespace crasp::sources {
namespace {

// The alphabets a program declares (from its syntax tree).
std::set<std::string> declared_alphabets(const ast::program& syntax) {
  std::set<std::string> names;
  for (const auto& st : syntax.statements)
    if (const auto* a = std::get_if<ast::alphabet_decl>(&st.node)) names.insert(a->name);
  return names;
}

// Why `p` cannot answer in `format`, or empty when it can.
std::string format_misfit(tasks::answer_format format, const ir::program& p) {
  const bool count = p.statements.back().result == ir::type::count;
  switch (format) {
    case tasks::answer_format::accept:
      if (p.is_generator()) return "has next rules, but format accept reads a Boolean last statement";
      if (count) return "ends in a count, but format accept reads a Boolean last statement";
      return {};
    case tasks::answer_format::count:
      if (p.is_generator()) return "has next rules, but format count reads a count last statement";
      if (!count) return "ends in a Boolean, but format count reads a count last statement";
      return {};
    case tasks::answer_format::continuation:
      if (!p.is_generator()) return "has no next rules, but format continuation generates";
      return {};
    case tasks::answer_format::labels:
      return {};
  }
  return {};
}

// How the report names a spec's file: relative to the current directory, where the user can
// open it (the spec's own spelling is relative to the spec's folder).
std::string display_path(const std::string& resolved) {
  namespace fs = std::filesystem;
  const fs::path p = fs::path(resolved).lexically_normal();
  if (p.is_relative()) return p.string();
  std::error_code ec;
  const fs::path rel = p.lexically_relative(fs::current_path(ec));
  if (!ec && !rel.empty() && *rel.begin() != "..") return rel.string();
  return p.string();
}

// Loads one program of the spec with the spec's alphabets that it declares. Errors go to
// `diags`, located at the spec's key and followed by the program's own diagnostics.
std::optional<task_program> load_spec_program(const task_file& spec, const spec_path& file,
                                              const char* key, std::set<std::string>& used,
                                              diagnostics& diags) {
  auto first = load_file(file.resolved);
  if (first.ok() && first.syntax && !spec.alphabets.empty()) {
    check_options options;
    const auto declared = declared_alphabets(*first.syntax);
    for (const auto& [name, items] : spec.alphabets)
      if (declared.count(name)) {
        options.alphabet_overrides[name] = items;
        used.insert(name);
      }
    if (!options.alphabet_overrides.empty()) first = load_file(file.resolved, options);
  }
  if (!first.ok()) {
    diags.error(spec.source, file.where,
                fmt::format("the {} '{}' does not load (its errors follow)", key, file.written));
    diags.append(first.diags);
    return std::nullopt;
  }
  if (auto why = format_misfit(spec.format, *first.program); !why.empty()) {
    diags.error(spec.source, file.where, fmt::format("the {} '{}' {}", key, file.written, why));
    return std::nullopt;
  }
  return task_program{display_path(file.resolved), std::move(*first.program), ""};
}

// Tokens of every program, in order of first appearance: what enumerated and random inputs
// are made of.
std::vector<std::string> input_vocabulary(const opened_task& plan) {
  std::vector<std::string> vocab;
  std::set<std::string> seen;
  const auto add = [&](const task_program& p) {
    for (const auto& t : p.program->vocabulary)
      if (seen.insert(t).second) vocab.push_back(t);
  };
  if (plan.witness) add(*plan.witness);
  for (const auto& c : plan.candidates) add(c);
  return vocab;
}

// Tokens outside a program's declared alphabet would make it fail for a reason that has nothing
// to do with the task (usually a missing `alphabets` entry), so they are errors of the data.
instance_validator make_validator(const opened_task& plan, tasks::answer_format format) {
  // Copies, not pointers: the plan is moved after this.
  struct alphabet {
    std::string label;
    std::set<std::string> tokens;
  };
  std::vector<alphabet> closed;
  const auto add = [&](const task_program& p) {
    if (p.program->closed_vocabulary)
      closed.push_back({p.label, {p.program->vocabulary.begin(), p.program->vocabulary.end()}});
  };
  if (plan.witness) add(*plan.witness);
  for (const auto& c : plan.candidates) add(c);
  std::optional<std::set<std::string>> declared;
  if (plan.spec->vocabulary)
    declared.emplace(plan.spec->vocabulary->begin(), plan.spec->vocabulary->end());
  return [closed, format, declared](const task_instance& inst) -> std::string {
    if (declared)
      for (const auto& t : inst.input)
        if (!declared->count(t))
          return fmt::format("has the input token '{}', which the spec's vocabulary does not "
                             "contain",
                             t);
    for (const auto& a : closed) {
      for (const auto& t : inst.input)
        if (!a.tokens.count(t))
          return fmt::format("has the input token '{}', which {}'s alphabet does not contain "
                             "(the spec's `alphabets` can change it)",
                             t, a.label);
      if (format != tasks::answer_format::continuation) continue;
      for (const auto& t : inst.expected)
        if (!a.tokens.count(t))
          return fmt::format("has the answer token '{}', which {}'s alphabet does not contain",
                             t, a.label);
    }
    return {};
  };
}

// The spec's regular language (`regex` or `dfa`), over its `vocabulary` when it has one. Errors
// are located in the spec: a regex error at its column inside the string (when the string has
// no escapes, so that columns match), a dfa file's at its line.
std::optional<regular::dfa> spec_language(const task_file& spec, diagnostics& diags) {
  const std::vector<std::string> alphabet = spec.vocabulary.value_or(std::vector<std::string>{});
  if (spec.regex) {
    auto r = regular::compile_regex(*spec.regex, alphabet);
    if (r.automaton) return std::move(*r.automaton);
    span at = spec.where.at("regex");
    const std::string_view written(spec.source->text.data() + at.begin, at.end - at.begin);
    if (r.column == 0 && spec.where.count("vocabulary")) {
      at = spec.where.at("vocabulary");  // the alphabet it was given is at fault
    } else if (r.column > 0 && written.find('\\') == std::string_view::npos &&
               written.size() >= 2 && r.column <= written.size() - 2) {
      at.begin += static_cast<std::uint32_t>(r.column);  // past the opening quote
      at.end = at.begin + 1;
    }
    diags.error(spec.source, at, "regex: " + r.error);
    return std::nullopt;
  }
  std::ifstream in(spec.dfa->resolved, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  auto r = regular::parse_dfa_text(text.str());
  if (r.automaton) {
    if (!alphabet.empty() && r.automaton->alphabet != alphabet) {
      diags.error(spec.source, spec.where.at("vocabulary"),
                  "the vocabulary must list the dfa file's alphabet, in its order");
      return std::nullopt;
    }
    return std::move(*r.automaton);
  }
  auto& d = diags.error(spec.source, spec.dfa->where,
                        fmt::format("the dfa file '{}' has an error", spec.dfa->written));
  d.notes.push_back({severity::note,
                     r.line > 0 ? fmt::format("{}:{}:{}: {}", spec.dfa->resolved, r.line,
                                              r.column, r.error)
                                : fmt::format("{}: {}", spec.dfa->resolved, r.error),
                     nullptr, {}, "", {}, ""});
  return std::nullopt;
}

}  // namespace

std::string class_name(const ir::program& program) {
  return program.klass == ir::program_class::crasp ? "C-RASP" : "C-RASP[pos]";
}

std::optional<opened_task> open_spec(const std::string& path, const source_options& options,
                                     diagnostics& diags) {
  auto loaded = load_task_file(path, diags);
  if (!loaded) return std::nullopt;
  auto spec = std::make_shared<const task_file>(std::move(*loaded));
  const std::size_t errors_before = diags.error_count();

  opened_task plan;
  plan.spec = spec;
  plan.name = spec->name;
  plan.origin = spec->path;
  plan.format = spec->format;
  std::set<std::string> used;
  if (spec->program) {
    if (auto p = load_spec_program(*spec, *spec->program, "program", used, diags))
      plan.witness = std::move(*p);
  }
  for (const auto& c : spec->candidates)
    if (auto p = load_spec_program(*spec, c, "candidate", used, diags))
      plan.candidates.push_back(std::move(*p));
  const bool programs_loaded = diags.error_count() == errors_before;
  if (programs_loaded && (spec->program || !spec->candidates.empty()))
    for (const auto& [name, items] : spec->alphabets)
      if (!used.count(name))
        diags.error(spec->source, spec->where.at("alphabets"),
                    fmt::format("no program of the spec declares an alphabet '{}'", name));
  if (diags.error_count() != errors_before) return std::nullopt;

  auto data = spec_detail::read_data(*spec, diags);
  if (!data) return std::nullopt;
  auto validate = make_validator(plan, spec->format);
  for (const auto& inst : *data)
    if (auto why = validate(inst); !why.empty()) {
      diags.error(spec->source, spec->where.at("data"),
                  fmt::format("the instance at {} {}", inst.origin, why));
      return std::nullopt;
    }

  auto vocab = input_vocabulary(plan);
  plan.vocab = vocab.size();
  if (spec->regex || spec->dfa) {
    auto language = spec_language(*spec, diags);
    if (!language) return std::nullopt;
    // Every symbol must be readable by every program with a closed alphabet, as data tokens
    // must: a program cannot be judged on inputs it rejects as unknown tokens.
    const task_instance probe{language->alphabet, {}, language->alphabet.size(), "the alphabet"};
    if (auto why = validate(probe); !why.empty()) {
      diags.error(spec->source, spec->where.count("regex") ? spec->where.at("regex")
                                                           : spec->where.at("dfa"),
                  fmt::format("the language's alphabet {}", why));
      return std::nullopt;
    }
    plan.vocab = language->alphabet.size();
    plan.source = make_language_source(spec, std::move(*language));
    return plan;
  }
  plan.source = make_spec_source(spec, options, std::move(vocab), std::move(*data),
                                 std::move(validate));
  return plan;
}

}  // namespace crasp::sources
