// Text, HTML and JSON renderings of a trace_table. The text form follows the spirit of the public
// interpreter's trace (statements by positions); HTML colours Booleans; JSON is for tools.
#include "crasp/trace.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "support/xml_escape.hpp"

namespace crasp {
namespace {

std::string cell(ir::type kind, std::int64_t v) {
  if (kind == ir::type::boolean) return v != 0 ? "T" : "F";
  return std::to_string(v);
}

std::string html_escape(std::string_view s) { return support::xml_escape(s); }

}  // namespace

std::optional<trace_format> parse_trace_format(std::string_view name) {
  if (name == "text") return trace_format::text;
  if (name == "html") return trace_format::html;
  if (name == "json") return trace_format::json;
  return std::nullopt;
}

std::string format_trace_text(const trace_table& t) {
  const std::size_t n = t.tokens.size();
  const std::size_t rows = t.statement_names.size();
  // cells[r][c]: r = 0 positions, 1 tokens, 2.. statements; c = 0 names, 1.. positions.
  std::vector<std::vector<std::string>> cells(rows + 2, std::vector<std::string>(n + 1));
  cells[0][0] = "pos";
  cells[1][0] = "token";
  for (std::size_t p = 0; p < n; ++p) {
    cells[0][p + 1] = std::to_string(p);
    cells[1][p + 1] = t.tokens[p];
  }
  for (std::size_t r = 0; r < rows; ++r) {
    cells[r + 2][0] = t.statement_names[r];
    for (std::size_t p = 0; p < n && p < t.values[r].size(); ++p) {
      cells[r + 2][p + 1] = cell(t.statement_types[r], t.values[r][p]);
    }
  }
  std::vector<std::size_t> width(n + 1, 0);
  for (const auto& row : cells) {
    for (std::size_t c = 0; c <= n; ++c) width[c] = std::max(width[c], row[c].size());
  }
  std::string out;
  for (const auto& row : cells) {
    out += n == 0 ? row[0] : fmt::format("{:<{}}", row[0], width[0]);
    for (std::size_t c = 1; c <= n; ++c) out += fmt::format("  {:>{}}", row[c], width[c]);
    out += '\n';
  }
  return out;
}

std::string format_trace_html(const trace_table& t, std::string_view title) {
  std::string out = fmt::format(
      R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{0}</title>
<style>
body {{ font-family: sans-serif; margin: 1em; }}
table {{ border-collapse: collapse; font-family: monospace; }}
th, td {{ border: 1px solid #ccc; padding: 2px 6px; text-align: right; }}
th.name {{ text-align: left; }}
thead th {{ background: #eee; }}
td.t {{ background: #b7e4b0; }}
td.f {{ background: #f2b8b5; }}
</style>
</head>
<body>
<h1>{0}</h1>
<table>
<thead>
)",
      html_escape(title));
  out += "<tr><th class=\"name\">pos</th>";
  for (std::size_t p = 0; p < t.tokens.size(); ++p) out += fmt::format("<th>{}</th>", p);
  out += "</tr>\n<tr><th class=\"name\">token</th>";
  for (const auto& tok : t.tokens) out += fmt::format("<th>{}</th>", html_escape(tok));
  out += "</tr>\n</thead>\n<tbody>\n";
  for (std::size_t r = 0; r < t.statement_names.size(); ++r) {
    out += fmt::format("<tr><th class=\"name\">{}</th>", html_escape(t.statement_names[r]));
    const bool is_bool = t.statement_types[r] == ir::type::boolean;
    for (std::int64_t v : t.values[r]) {
      if (is_bool) {
        out += v != 0 ? "<td class=\"t\">T</td>" : "<td class=\"f\">F</td>";
      } else {
        out += fmt::format("<td>{}</td>", v);
      }
    }
    out += "</tr>\n";
  }
  out += "</tbody>\n</table>\n</body>\n</html>\n";
  return out;
}

std::string format_trace_json(const trace_table& t) {
  nlohmann::ordered_json doc;
  doc["tokens"] = t.tokens;
  auto statements = nlohmann::ordered_json::array();
  for (std::size_t r = 0; r < t.statement_names.size(); ++r) {
    const bool is_bool = t.statement_types[r] == ir::type::boolean;
    nlohmann::ordered_json row;
    row["name"] = t.statement_names[r];
    row["type"] = is_bool ? "bool" : "count";
    auto values = nlohmann::ordered_json::array();
    for (std::int64_t v : t.values[r]) {
      if (is_bool) {
        values.push_back(v != 0);
      } else {
        values.push_back(v);
      }
    }
    row["values"] = std::move(values);
    statements.push_back(std::move(row));
  }
  doc["statements"] = std::move(statements);
  // Replace invalid UTF-8 in tokens rather than throw: the library never throws across its API.
  return doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::string format_trace(const trace_table& table, trace_format format) {
  switch (format) {
    case trace_format::text: return format_trace_text(table);
    case trace_format::html: return format_trace_html(table);
    case trace_format::json: return format_trace_json(table);
  }
  return {};
}

}  // namespace crasp
