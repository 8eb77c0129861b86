// How values, types and classes are printed, in text and in JSON.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "crasp/diagnostic.hpp"
#include "crasp/interpret.hpp"
#include "crasp/ir.hpp"

namespace crasp::cli {

/// JSON objects keep their keys in insertion order (instance, input, type, value, ...).
using json = nlohmann::ordered_json;

/// The public interpreter's spelling: True / False for Booleans, the integer for counts.
std::string format_value(const run_output& value);
/// The value as JSON: true/false or an integer.
json json_value(const run_output& value);

/// "bool" or "count".
std::string type_name(ir::type t);
/// "C-RASP" or "C-RASP[pos]".
std::string class_name(ir::program_class c);
/// "generator" (has next declarations) or "acceptor".
std::string mode_name(const ir::program& program);

/// Continuation as printed by `generate`: tokens joined by spaces, `<none>` when empty.
std::string format_continuation(const std::vector<std::string>& tokens);

/// Tokens joined by spaces, but more than `max_shown` of them as the first and last
/// `max_shown / 2` around ` ... (N more) ...`, the form crasp check's reports use, so one long
/// instance cannot flood a text report.
std::string abbreviate_tokens(const std::vector<std::string>& tokens, std::size_t max_shown = 24);

/// Pretty-printed JSON (two spaces) with a final newline; invalid UTF-8 is replaced, not thrown.
std::string dump_json(const json& value);
/// An array with one compact element per line (per-instance results of run and generate).
std::string dump_json_rows(const json& array);

/// The message of the first error in `diags` (for JSON output), or "error" when there is none.
std::string first_error(const diagnostics& diags);

}  // namespace crasp::cli
