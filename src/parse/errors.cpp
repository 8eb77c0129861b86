// Turns an X3 failure on one line into a short, specific diagnostic with a span on the
// offending token (or on the point where something was expected).
#include "parse/errors.hpp"

#include <cctype>
#include <cstring>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace crasp::parsing {
namespace {

bool word(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool blank(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r'; }

const char* skip_blanks(const char* p, const char* e) {
  while (p < e && blank(*p)) ++p;
  if (e - p >= 2 && p[0] == '/' && p[1] == '/') return e;
  return p;
}

const char* const two_char_ops[] = {"&&", "||", "<=", ">=", "==", "!=", ".."};

// End of the token starting at p.
const char* token_end(const char* p, const char* e) {
  if (p >= e) return p;
  if (*p == '"') {
    const char* q = static_cast<const char*>(std::memchr(p + 1, '"', static_cast<std::size_t>(e - p - 1)));
    return q ? q + 1 : e;
  }
  if (word(*p)) {
    while (p < e && word(*p)) ++p;
    return p;
  }
  if (*p == '#' && e - p >= 7 && std::strncmp(p, "#import", 7) == 0) return p + 7;
  for (const char* op : two_char_ops)
    if (e - p >= 2 && p[0] == op[0] && p[1] == op[1]) return p + 2;
  return p + 1;
}

// The text of the token that ends just before p (blanks skipped), or "" at the line start.
std::string prev_token(const char* line_b, const char* p) {
  while (p > line_b && blank(p[-1])) --p;
  if (p == line_b) return "";
  const char* b = p - 1;
  if (*b == '"') {
    while (b > line_b && b[-1] != '"') --b;
    if (b > line_b) --b;
  } else if (word(*b)) {
    while (b > line_b && word(b[-1])) --b;
  } else if (p - line_b >= 2) {
    for (const char* op : two_char_ops)
      if (p[-2] == op[0] && p[-1] == op[1]) b = p - 2;
  }
  return std::string(b, p);
}

// The innermost bracket `open` still unclosed at `where`, scanning the line left to right.
const char* unclosed(const char* line_b, const char* where, char open, char close) {
  std::vector<const char*> stack;
  for (const char* p = line_b; p < where; ++p) {
    if (*p == '"') {
      const char* q = static_cast<const char*>(std::memchr(p + 1, '"', static_cast<std::size_t>(where - p - 1)));
      if (!q) break;
      p = q;
    } else if (*p == '/' && p + 1 < where && p[1] == '/') {
      break;
    } else if (*p == open) {
      stack.push_back(p);
    } else if (*p == close && !stack.empty()) {
      stack.pop_back();
    }
  }
  return stack.empty() ? nullptr : stack.back();
}

const char* const reserved[] = {"i", "j", "tok", "any", "all", "sum", "exists", "min", "max",
                                "true", "false", "if", "else", "in", "where", "next", "alphabet",
                                "predicate"};

}  // namespace

diagnostic line_error(const source_ptr& src, const char* line_b, const char* line_e,
                      const line_parse& lp) {
  const char* base = src->text.data();
  auto sp = [&](const char* b, const char* e) {
    return span{static_cast<std::uint32_t>(b - base), static_cast<std::uint32_t>(e - base)};
  };
  const char* at = skip_blanks(lp.where ? lp.where : line_b, line_e);
  const char* at_end = token_end(at, line_e);
  const std::string tok(at, at_end);
  diagnostic d{severity::error, "", src, sp(at, at_end), {}, {}, {}};

  if (lp.which == "unknown statement") {
    d.message = "unknown statement; expected NAME = expression, #import, alphabet, predicate or next";
    for (const char* w : reserved) {
      const char* after = skip_blanks(at_end, line_e);
      if (tok == w && after < line_e && (*after == '=' || *after == '['))
        d.message = fmt::format("'{}' is a reserved word and cannot name a statement", tok);
    }
  } else if (lp.which == "closing quote") {
    const char* q = lp.where;
    while (q > line_b && q[-1] != '"') --q;
    if (q > line_b) --q;
    d.message = "unterminated string literal";
    d.where = sp(q, line_e);
  } else if (lp.which == "end of line") {
    if (tok == ")" || tok == "]" || tok == "}")
      d.message = fmt::format("unmatched '{}'", tok);
    else
      d.message = fmt::format("expected an operator or the end of the line, found '{}'", tok);
  } else if (lp.which == "an expression") {
    d.message = fmt::format("expected an expression after '{}'", prev_token(line_b, lp.where));
  } else {
    d.message = fmt::format("expected {}", lp.which);
  }

  // "expected ')' to close '('": point a note at the bracket left open.
  static const char* const pairs[] = {"()", "[]", "{}"};
  for (const char* pr : pairs) {
    const std::string closing = fmt::format("to close '{}'", pr[0]);
    if (lp.which.find(closing) == std::string::npos) continue;
    if (const char* o = unclosed(line_b, at, pr[0], pr[1]))
      d.notes.push_back(diagnostic{severity::note, fmt::format("to match this '{}'", pr[0]),
                                   src, sp(o, o + 1), {}, {}, {}});
  }
  return d;
}

}  // namespace crasp::parsing
