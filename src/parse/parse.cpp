// The parser's entry points: split the source into lines, parse each line with the X3 grammar,
// convert it, and keep going after errors so that one pass reports every syntax error.
#include <exception>
#include <string>

#include "crasp/frontend.hpp"
#include "parse/convert.hpp"
#include "parse/errors.hpp"
#include "parse/grammar.hpp"

namespace crasp {

ast::dialect dialect_for(std::string_view filename) {
  const std::string_view ext = ".cr";
  const bool cr = filename.size() >= ext.size() &&
                  filename.substr(filename.size() - ext.size()) == ext;
  return cr ? ast::dialect::cr : ast::dialect::crasp;
}

namespace {

void parse_one_line(parsing::context& cx, diagnostics& diags, const char* b, const char* e) {
  const parsing::line_parse lp = parsing::parse_line(b, e);
  if (lp.st == parsing::line_parse::status::empty) return;
  if (lp.st == parsing::line_parse::status::failed) {
    diags.add(parsing::line_error(cx.src, b, e, lp));
    return;
  }
  cx.pending.clear();
  cx.best = {};
  const bool ok = parsing::convert_statement(cx, lp.stmt);
  for (diagnostic& d : cx.pending) diags.add(std::move(d));
  if (!ok) {
    const span where{cx.best.at, cx.best.end};
    diags.error(cx.src, where, cx.best.set ? cx.best.message : "cannot read this expression");
  }
}

}  // namespace

parse_result parse(source_ptr source, ast::dialect lang) {
  parse_result r;
  r.program.source = source;
  r.program.lang = lang;
  if (!source) return r;
  const std::string& text = source->text;
  parsing::context cx{r.program, source, text.data(), lang, {}, {}};
  std::size_t pos = 0;
  try {
    while (pos <= text.size()) {
      const std::size_t nl = text.find('\n', pos);
      const std::size_t end = nl == std::string::npos ? text.size() : nl;
      std::size_t line_end = end;
      if (line_end > pos && text[line_end - 1] == '\r') --line_end;
      parse_one_line(cx, r.diags, text.data() + pos, text.data() + line_end);
      if (nl == std::string::npos) break;
      pos = nl + 1;
    }
  } catch (const std::exception& e) {
    r.diags.error(source, span{static_cast<std::uint32_t>(pos), static_cast<std::uint32_t>(pos)},
                  std::string("internal error in the parser: ") + e.what());
  }
  return r;
}

}  // namespace crasp
