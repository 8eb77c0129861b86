// See render.hpp.
#include "synth/render.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace crasp::synth {

namespace {

std::string quoted_list(const std::vector<std::string>& names, const std::vector<std::uint32_t>& ids) {
  std::string out;
  for (const auto id : ids) out += fmt::format(" \"{}\"", names[id]);
  return out;
}

bool is_atom(const enumerator& e, std::int32_t id) {
  const auto o = e.terms()[static_cast<std::size_t>(id)].o;
  return o == op::token || o == op::variable || o == op::truth;
}

std::string render_part(const enumerator& e, const part& p, const vocabulary& v,
                        const std::string& family) {
  const auto body = [&](const std::string& s_name) {
    const std::string text = e.print(p.term, v.names(), "a", s_name);
    return is_atom(e, p.term) ? text : fmt::format("({})", text);
  };
  const term& t = e.terms()[static_cast<std::size_t>(p.term)];
  switch (p.form) {
    case shape::plain: return e.print(p.term, v.names(), "a", "s");
    case shape::any:
      // `any s in F: tok(s) && tok(s)` says no more than `any s in F: tok(s)`.
      if (t.o == op::variable && t.k == 1) return fmt::format("any s in {}: tok(s)", family);
      return fmt::format("any s in {}: tok(s) && {}", family, body("s"));
    case shape::all: return fmt::format("all s in {}: {}", family, e.print(p.term, v.names(), "a", "s"));
    case shape::all_other:
      return fmt::format("all b in {} where b != a: {}", family, e.print(p.term, v.names(), "a", "b"));
  }
  return "?";
}

}  // namespace

std::string render_rule(const enumerator& e, const goal& g, const rule& r, const vocabulary& v,
                        std::size_t& named, std::string& definitions) {
  const std::string& family = v.family_name();
  if (r.parts.size() == 1)
    return fmt::format("{} = {}", g.name, render_part(e, r.parts.front(), v, family));
  // Several parts: each becomes a named statement (parametric in a when it reads it), so the
  // rule itself reads as the conjunction or disjunction it is.
  std::string body;
  for (std::size_t k = 0; k < r.parts.size(); ++k) {
    const part& p = r.parts[k];
    std::string use;
    if (p.form == shape::plain && is_atom(e, p.term)) {
      use = e.print(p.term, v.names(), "a", "s");
    } else {
      const bool reads_a = (e.terms()[static_cast<std::size_t>(p.term)].uses & uses_a) != 0;
      const std::string name = fmt::format("C{}", ++named);
      definitions += fmt::format("{}{} = {}\n", name,
                                 reads_a ? fmt::format("[a in {}]", family) : std::string(),
                                 render_part(e, p, v, family));
      use = reads_a ? name + "[a]" : name;
    }
    if (k > 0) body += r.conjunction ? " && " : " || ";
    body += use;
  }
  return fmt::format("{} = {}", g.name, body);
}

std::string render_program(const std::vector<std::string>& header, const enumerator& e,
                           const std::vector<goal>& goals, const std::vector<rule>& rules,
                           const vocabulary& v) {
  std::string out;
  for (const auto& line : header) out += line.empty() ? "//\n" : fmt::format("// {}\n", line);
  if (!header.empty()) out += "\n";
  if (!v.family().empty())
    out += fmt::format("alphabet {} = {{{} }}\n", v.family_name(), quoted_list(v.names(), v.family()));
  const auto fixed = v.fixed();
  if (!fixed.empty()) {
    // Named apart from the family so that a spec's `alphabets` or the check's vocabulary can
    // replace the family without touching these.
    const std::string name = v.family_name() == "Tok" ? "Other" : "Tok";
    out += fmt::format("alphabet {} = {{{} }}\n", name, quoted_list(v.names(), fixed));
  }
  out += "\n";
  std::size_t named = 0;
  for (std::size_t g = 0; g < goals.size(); ++g) {
    std::string definitions;
    const std::string rule = render_rule(e, goals[g], rules[g], v, named, definitions);
    out += definitions + rule + "\n";
  }
  return out;
}

std::size_t rules_depth(const enumerator& e, const std::vector<rule>& rules) {
  std::size_t d = 0;
  for (const auto& r : rules)
    for (const auto& p : r.parts)
      d = std::max<std::size_t>(d, e.terms()[static_cast<std::size_t>(p.term)].depth);
  return d;
}

}  // namespace crasp::synth
