#include "output.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "input.hpp"

namespace crasp::cli {

std::string format_value(const run_output& value) {
  if (value.kind == ir::type::boolean) return value.value != 0 ? "True" : "False";
  return std::to_string(value.value);
}

json json_value(const run_output& value) {
  if (value.kind == ir::type::boolean) return value.value != 0;
  return value.value;
}

std::string type_name(ir::type t) { return t == ir::type::boolean ? "bool" : "count"; }

std::string class_name(ir::program_class c) {
  return c == ir::program_class::crasp ? "C-RASP" : "C-RASP[pos]";
}

std::string mode_name(const ir::program& program) {
  return program.is_generator() ? "generator" : "acceptor";
}

std::string format_continuation(const std::vector<std::string>& tokens) {
  return tokens.empty() ? "<none>" : join_tokens(tokens);
}

std::string abbreviate_tokens(const std::vector<std::string>& tokens, std::size_t max_shown) {
  if (tokens.size() <= max_shown) return join_tokens(tokens);
  const std::size_t half = max_shown / 2;
  const std::vector<std::string> head(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(half));
  const std::vector<std::string> tail(tokens.end() - static_cast<std::ptrdiff_t>(half), tokens.end());
  std::vector<std::string> parts;
  if (!head.empty()) parts.push_back(join_tokens(head));
  parts.push_back(fmt::format("... ({} more) ...", tokens.size() - 2 * half));
  if (!tail.empty()) parts.push_back(join_tokens(tail));
  return fmt::format("{}", fmt::join(parts, " "));
}

std::string dump_json(const json& value) {
  return value.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string dump_json_rows(const json& array) {
  if (array.empty()) return "[]\n";
  std::string out = "[\n";
  for (std::size_t k = 0; k < array.size(); ++k) {
    out += "  " + array[k].dump(-1, ' ', false, json::error_handler_t::replace);
    out += k + 1 < array.size() ? ",\n" : "\n";
  }
  return out + "]\n";
}

std::string first_error(const diagnostics& diags) {
  for (const diagnostic& d : diags.items()) {
    if (d.level == severity::error) return d.message;
  }
  return "error";
}

}  // namespace crasp::cli
