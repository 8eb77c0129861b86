#include "crasp/diagnostic.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace crasp {

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

void render_into(std::string& out, const diagnostic& d) {
  if (!d.source) {
    out += fmt::format("{}: {}: {}\n", d.origin.empty() ? "crasp" : d.origin, label(d.level),
                       d.message);
  } else {
    const std::string_view text = d.source->text;
    const line_col lc = locate(text, d.where.begin);
    out += fmt::format("{}:{}:{}: {}: {}\n", d.source->name, lc.line, lc.col, label(d.level),
                       d.message);
    const std::string_view line = line_at(text, d.where.begin);
    const std::string number = std::to_string(lc.line);
    out += fmt::format(" {} | {}\n", number, line);
    // Caret under the start, tildes under the rest of the span on the same line.
    const std::size_t start = lc.col - 1;
    std::size_t width = d.where.end > d.where.begin ? d.where.end - d.where.begin : 1;
    if (start + width > line.size()) width = line.size() > start ? line.size() - start : 1;
    std::string marker(start, ' ');
    for (std::size_t k = 0; k < start && k < line.size(); ++k)
      if (line[k] == '\t') marker[k] = '\t';
    marker += '^';
    if (width > 1) marker += std::string(width - 1, '~');
    out += fmt::format(" {} | {}\n", std::string(number.size(), ' '), marker);
    if (!d.fixit.empty())
      out += fmt::format(" {} | {}\n", std::string(number.size(), ' '),
                         std::string(start, ' ') + d.fixit);
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
