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

std::string render_part(const enumerator& e, const part& p, const vocabulary& v,
                        const std::string& family) {
  switch (p.form) {
    case shape::plain: return e.print(p.term, v.names(), "a", "s");
    case shape::any: return fmt::format("any s in {}: tok(s) && ({})", family, e.print(p.term, v.names(), "a", "s"));
    case shape::all: return fmt::format("all s in {}: {}", family, e.print(p.term, v.names(), "a", "s"));
    case shape::all_other:
      return fmt::format("all b in {} where b != a: {}", family, e.print(p.term, v.names(), "a", "b"));
  }
  return "?";
}

}  // namespace

std::string render_rule(const enumerator& e, const goal& g, const rule& r, const vocabulary& v) {
  std::string body;
  for (std::size_t k = 0; k < r.parts.size(); ++k) {
    std::string text = render_part(e, r.parts[k], v, v.family_name());
    const auto o = e.terms()[static_cast<std::size_t>(r.parts[k].term)].o;
    const bool atom = r.parts[k].form == shape::plain &&
                      (o == op::token || o == op::variable || o == op::truth);
    if (r.parts.size() > 1 && !atom) text = fmt::format("({})", text);
    if (k > 0) body += r.conjunction ? " && " : " || ";
    body += text;
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
  for (std::size_t g = 0; g < goals.size(); ++g) out += render_rule(e, goals[g], rules[g], v) + "\n";
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
