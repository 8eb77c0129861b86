// The parser's entry points: split the source into lines, parse each line with the X3 grammar,
// convert it, and keep going after errors so that one pass reports every syntax error.
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "crasp/parse.hpp"
#include "parse/convert.hpp"
#include "parse/errors.hpp"
#include "parse/grammar.hpp"
#include "parse/limits.hpp"
#include "support/utf8.hpp"

namespace crasp {

ast::dialect dialect_for(std::string_view filename) {
  const std::string_view ext = ".cr";
  const bool cr = filename.size() >= ext.size() &&
                  filename.substr(filename.size() - ext.size()) == ext;
  return cr ? ast::dialect::cr : ast::dialect::crasp;
}

namespace {

std::uint32_t offset(const parsing::context& cx, const char* p) {
  return static_cast<std::uint32_t>(p - cx.base);
}

void parse_one_line(parsing::context& cx, diagnostics& diags, const char* b, const char* e) {
  if (const char* bad = invalid_utf8(b, e)) {
    diags.error(cx.src, span{offset(cx, bad), offset(cx, bad) + 1},
                fmt::format("byte 0x{:02X} is not valid UTF-8; programs are UTF-8 text",
                            static_cast<unsigned char>(*bad)));
    return;
  }
  if (const char* deep = parsing::too_deep_bracket(b, e)) {
    diags.error(cx.src, span{offset(cx, deep), offset(cx, deep) + 1},
                fmt::format("brackets nested deeper than {} levels", max_nesting));
    return;
  }
  const parsing::line_parse lp = parsing::parse_line(b, e);
  if (lp.st == parsing::line_parse::status::empty) return;
  if (lp.st == parsing::line_parse::status::failed) {
    diags.add(parsing::line_error(cx.src, b, e, lp));
    return;
  }
  cx.pending.clear();
  cx.best = {};
  cx.depth = 0;
  cx.too_deep = false;
  cx.deep = {};
  cx.memo.clear();
  const auto first = static_cast<std::uint32_t>(cx.prog.exprs.size());
  const bool ok = parsing::convert_statement(cx, lp.stmt);
  cx.memo.clear();
  for (diagnostic& d : cx.pending) diags.add(std::move(d));
  if (!ok) {
    const parsing::failure& f = cx.too_deep ? cx.deep : cx.best;
    diags.error(cx.src, span{f.at, f.end}, f.set ? f.message : "cannot read this expression");
    cx.prog.exprs.resize(first);
    return;
  }
  // The statement's expression root, by reference so that compaction can renumber it.
  ast::statement& st = cx.prog.statements.back();
  ast::expr_id* root = std::visit(
      [](auto& n) -> ast::expr_id* {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, ast::assign> || std::is_same_v<T, ast::next_decl>)
          return &n.value;
        else if constexpr (std::is_same_v<T, ast::predicate_def>)
          return &n.body;
        else
          return nullptr;
      },
      st.node);
  if (!root) {
    cx.prog.exprs.resize(first);
    return;
  }
  *root = parsing::compact(cx.prog, *root, first);
  if (const auto depth = parsing::too_deep_tree(cx.prog, *root, first)) {
    diags.error(cx.src, cx.prog.at(*root).where,
                fmt::format("expression nested {} levels deep, deeper than the limit of {} (chains "
                            "of '-' and of .cr conditionals add one level per link)",
                            *depth, max_nesting));
    cx.prog.statements.pop_back();
    cx.prog.exprs.resize(first);
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
  std::size_t errors = 0;
  try {
    while (pos <= text.size()) {
      const std::size_t nl = text.find('\n', pos);
      const std::size_t end = nl == std::string::npos ? text.size() : nl;
      std::size_t line_end = end;
      if (line_end > pos && text[line_end - 1] == '\r') --line_end;
      const std::size_t before = r.diags.items().size();
      parse_one_line(cx, r.diags, text.data() + pos, text.data() + line_end);
      for (std::size_t k = before; k < r.diags.items().size(); ++k)
        errors += r.diags.items()[k].level == severity::error ? 1 : 0;
      if (nl == std::string::npos) break;
      if (errors >= max_errors && nl + 1 < text.size()) {
        diagnostic& d = r.diags.error(
            source, span{static_cast<std::uint32_t>(nl + 1), static_cast<std::uint32_t>(nl + 1)},
            fmt::format("too many errors; stopped reading after {} errors", max_errors));
        d.level = severity::note;
        break;
      }
      pos = nl + 1;
    }
  } catch (const std::exception& e) {
    r.diags.error(source, span{static_cast<std::uint32_t>(pos), static_cast<std::uint32_t>(pos)},
                  std::string("internal error in the parser: ") + e.what());
  }
  return r;
}

}  // namespace crasp
