#include "output.hpp"

#include "input.hpp"

namespace crasp::cli {

std::string format_value(const run_output& value) {
  if (value.kind == ir::type::boolean) return value.value != 0 ? "True" : "False";
  return std::to_string(value.value);
}

nlohmann::json json_value(const run_output& value) {
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

std::string dump_json(const nlohmann::json& value) {
  return value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string first_error(const diagnostics& diags) {
  for (const diagnostic& d : diags.items()) {
    if (d.level == severity::error) return d.message;
  }
  return "error";
}

}  // namespace crasp::cli
