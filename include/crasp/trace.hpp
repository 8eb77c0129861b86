// Renderers for a trace_table (every statement's value at every position): aligned text, a
// standalone HTML page, and JSON. They return strings; the library never prints.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "crasp/interpret.hpp"

namespace crasp {

/// Output formats of `--trace`.
enum class trace_format { text, html, json };

/// Parses "text", "html" or "json"; std::nullopt for anything else.
std::optional<trace_format> parse_trace_format(std::string_view name);

/// Aligned text table: a header row of 0-based positions, a row of tokens, then one row per
/// statement; Booleans as T / F, counts as integers, every column right-aligned:
///
///     pos       0  1  2  3
///     token     (  (  )  )
///     C_open    1  2  2  2
///     V         F  F  F  F
std::string format_trace_text(const trace_table& table);

/// A standalone HTML page (no external resources) with one table: tokens as the header, one
/// row per statement, true cells green and false cells red. `title` is escaped.
std::string format_trace_html(const trace_table& table, std::string_view title = "crasp trace");

/// JSON: {"tokens": [...], "statements": [{"name", "type": "bool"|"count", "values": [...]}]};
/// Boolean values are JSON true / false, counts integers. Pretty-printed with two spaces.
std::string format_trace_json(const trace_table& table);

/// Dispatches on `format`.
std::string format_trace(const trace_table& table, trace_format format);

}  // namespace crasp
