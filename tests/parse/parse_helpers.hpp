// Small helpers shared by the parser tests.
#pragma once

#include <memory>
#include <string>
#include <variant>

#include "crasp/frontend.hpp"
#include "parse/print.hpp"

namespace crasp::test {

inline parse_result parse_text(std::string text, std::string name = "t.crasp") {
  auto src = std::make_shared<source_file>(source_file{name, std::move(text)});
  const ast::dialect lang = dialect_for(name);
  return parse(src, lang);
}

/// `X = <expr>` parsed in the dialect of `name`, printed fully parenthesized (or the errors).
inline std::string sx(const std::string& expr, const std::string& name = "t.crasp") {
  const parse_result r = parse_text("X = " + expr + "\n", name);
  if (!r.ok() || r.program.statements.empty()) return "error: " + render(r.diags);
  return detail::to_sexpr(r.program, std::get<ast::assign>(r.program.statements.back().node).value);
}
inline std::string cr(const std::string& expr) { return sx(expr, "t.cr"); }

/// Rendered diagnostics of a whole program.
inline std::string diags_of(const std::string& text, const std::string& name = "t.crasp") {
  return render(parse_text(text, name).diags);
}

}  // namespace crasp::test
