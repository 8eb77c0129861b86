#include "crasp/diagnostic.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "support/utf8.hpp"

namespace crasp {

std::string abbreviate(std::string_view text, std::size_t keep) {
  if (text.size() <= 2 * keep + 5) return std::string(text);
  // Back up to the first byte of a character (continuation bytes are 10xxxxxx).
  auto boundary = [&](std::size_t k) {
    while (k > 0 && k < text.size() && (static_cast<unsigned char>(text[k]) & 0xC0) == 0x80) --k;
    return k;
  };
  return std::string(text.substr(0, boundary(keep))) + " ... " +
         std::string(text.substr(boundary(text.size() - keep)));
}

line_col locate(std::string_view text, std::uint32_t offset) {
  offset = std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(text.size()));
  line_col lc;
  for (std::uint32_t k = 0; k < offset; ++k) {
    if (text[k] == '\n') {
      ++lc.line;
      lc.col = 1;
    } else {
      ++lc.col;
    }
  }
  return lc;
}

diagnostic& diagnostics::error(source_ptr src, span where, std::string message) {
  items_.push_back(diagnostic{severity::error, std::move(message), std::move(src), where, {}, {}, {}});
  return items_.back();
}

diagnostic& diagnostics::warning(source_ptr src, span where, std::string message) {
  items_.push_back(
      diagnostic{severity::warning, std::move(message), std::move(src), where, {}, {}, {}});
  return items_.back();
}

diagnostic& diagnostics::error(std::string origin, std::string message) {
  items_.push_back(diagnostic{severity::error, std::move(message), nullptr, {}, std::move(origin), {}, {}});
  return items_.back();
}

void diagnostics::append(const diagnostics& other) {
  items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}

bool diagnostics::has_errors() const { return error_count() > 0; }

std::size_t diagnostics::error_count() const {
  return static_cast<std::size_t>(std::count_if(
      items_.begin(), items_.end(), [](const diagnostic& d) { return d.level == severity::error; }));
}

std::size_t diagnostics::warning_count() const {
  return static_cast<std::size_t>(std::count_if(
      items_.begin(), items_.end(), [](const diagnostic& d) { return d.level == severity::warning; }));
}

namespace {

const char* label(severity s) {
  switch (s) {
    case severity::error: return "error";
    case severity::warning: return "warning";
    case severity::note: return "note";
  }
  return "error";
}

// The source line containing `offset`, without its newline (and without a trailing CR).
std::string_view line_at(std::string_view text, std::uint32_t offset) {
  offset = std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(text.size()));
  std::size_t begin = text.rfind('\n', offset == 0 ? std::string_view::npos : offset - 1);
  begin = (begin == std::string_view::npos || offset == 0) ? 0 : begin + 1;
  if (offset > 0 && text[offset - 1] == '\n') begin = offset;
  std::size_t end = text.find('\n', begin);
  if (end == std::string_view::npos) end = text.size();
  if (end > begin && text[end - 1] == '\r') --end;
  return text.substr(begin, end - begin);
}

// The line as it is safe to print: bytes that are not UTF-8 become `<D1>`, as clang shows them
// (the source may be refused for holding them, and the error must still be readable text).
std::string printable(std::string_view line) {
  std::string out;
  out.reserve(line.size());
  const char* p = line.data();
  const char* e = p + line.size();
  while (p < e) {
    const char* bad = invalid_utf8(p, e);
    if (!bad) bad = e;
    out.append(p, bad);
    if (bad == e) break;
    out += fmt::format("<{:02X}>", static_cast<unsigned char>(*bad));
    p = bad + 1;
  }
  return out;
}

struct window {
  std::size_t from = 0, to = 0;
};

// The part of `line` shown around byte `start`: all of it when short, else `shown` bytes with
// `before` of them left of the caret, cut at UTF-8 character boundaries.
window window_around(std::string_view line, std::size_t start) {
  constexpr std::size_t shown = 120, before = 40;
  if (line.size() <= shown) return {0, line.size()};
  std::size_t from = start > before ? start - before : 0;
  std::size_t to = std::min(line.size(), from + shown);
  if (to - from < shown) from = to - shown;
  auto inside = [&](std::size_t k) {
    return k < line.size() && (static_cast<unsigned char>(line[k]) & 0xC0) == 0x80;
  };
  while (from > 0 && inside(from)) --from;
  while (to < line.size() && inside(to)) ++to;
  return {from, to};
}

// Messages quote source text (a name, a token, an operand); one that quotes a huge token is
// shortened in the middle so that a diagnostic stays a few lines.
std::string brief_message(const std::string& m) { return abbreviate(m, 200); }

void render_into(std::string& out, const diagnostic& d) {
  if (!d.source) {
    out += fmt::format("{}: {}: {}\n", d.origin.empty() ? "crasp" : d.origin, label(d.level),
                       brief_message(d.message));
  } else {
    const std::string_view text = d.source->text;
    const line_col lc = locate(text, d.where.begin);
    out += fmt::format("{}:{}:{}: {}: {}\n", d.source->name, lc.line, lc.col, label(d.level),
                       brief_message(d.message));
    const std::string_view full = line_at(text, d.where.begin);
    const std::string number = std::to_string(lc.line);
    const std::size_t start = lc.col - 1;
    std::size_t width = d.where.end > d.where.begin ? d.where.end - d.where.begin : 1;
    if (start + width > full.size()) width = full.size() > start ? full.size() - start : 1;
    // A long line is shown as a window around the caret, cut marks at either end, as clang does.
    const window w = window_around(full, start);
    const std::string_view line = full.substr(w.from, w.to - w.from);
    const std::string lead = w.from > 0 ? "..." : "";
    out += fmt::format(" {} | {}{}{}\n", number, lead, printable(line), w.to < full.size() ? "..." : "");
    // Caret under the start, tildes under the rest of the span within the window (measured in
    // the printed form, where a stray byte takes four columns).
    const std::size_t at = start - w.from;
    if (at + width > line.size()) width = line.size() > at ? line.size() - at : 1;
    const std::string before = at < line.size() ? printable(line.substr(0, at)) : printable(line);
    std::string marker(lead.size() + before.size() + (at > line.size() ? at - line.size() : 0), ' ');
    for (std::size_t k = 0; k < before.size(); ++k)
      if (before[k] == '\t') marker[lead.size() + k] = '\t';
    if (at < line.size()) width = std::max<std::size_t>(1, printable(line.substr(at, width)).size());
    marker += '^';
    if (width > 1) marker += std::string(width - 1, '~');
    out += fmt::format(" {} | {}\n", std::string(number.size(), ' '), marker);
    if (!d.fixit.empty())
      out += fmt::format(" {} | {}\n", std::string(number.size(), ' '),
                         std::string(lead.size() + at, ' ') + d.fixit);
  }
  for (const diagnostic& n : d.notes) render_into(out, n);
}

}  // namespace

std::string render(const diagnostic& d) {
  std::string out;
  render_into(out, d);
  return out;
}

std::string render(const diagnostics& ds) {
  std::string out;
  for (const diagnostic& d : ds.items()) render_into(out, d);
  return out;
}

}  // namespace crasp
