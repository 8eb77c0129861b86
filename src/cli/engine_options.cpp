#include "engine_options.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "crasp/transformer.hpp"

namespace crasp::cli {

std::optional<engine_kind> parse_engine(std::string_view text) {
  if (text == "interpreter") return engine_kind::interpreter;
  if (text == "transformer") return engine_kind::transformer;
  return std::nullopt;
}

std::optional<precision> parse_precision(std::string_view text) {
  if (text == "f64") return precision::f64;
  if (text == "f32") return precision::f32;
  return std::nullopt;
}

std::string_view precision_name(precision p) { return p == precision::f32 ? "f32" : "f64"; }

std::optional<model::positional> parse_cli_positional(std::string_view text) {
  if (text == "nope") return model::positional::nope;
  if (text == "ape") return model::positional::ape;
  if (text == "rope") return model::positional::rope;
  return std::nullopt;
}

std::string output_kind_name(const model::model& m) {
  diagnostics ignored;  // a model whose labels follow no convention is reported as "unknown"
  const auto kind = model_output_kind(m, "", ignored);
  if (!kind) return "unknown";
  switch (*kind) {
    case output_kind::boolean: return "bool";
    case output_kind::count: return "count";
    case output_kind::next: return "next";
  }
  return "unknown";
}

std::string architecture_text(const model::model& m) {
  const model::summary s = model::summarize(m);
  std::string out;
  auto field = [&out](std::string_view key, const std::string& value) {
    out += fmt::format("{:<15}{}\n", key, value);
  };
  field("output", fmt::format("{} ({} score{})", output_kind_name(m), s.n_out,
                              s.n_out == 1 ? "" : "s"));
  field("pe", std::string(model::to_string(m.pe)));
  // The model holds one more position than the program input: the internal BOS.
  field("max-len", fmt::format("{} (+1 BOS position)", m.max_len - 1));
  field("layers", std::to_string(s.layers));
  field("heads", fmt::format("{} (at most {} per layer, d_head <= {})", s.heads, s.max_heads,
                             s.max_d_head));
  field("d_model", std::to_string(s.d_model));
  field("max d_ff", std::to_string(s.max_d_ff));
  field("vocab", std::to_string(s.vocab));
  field("parameters", std::to_string(s.parameters));
  return out;
}

bool is_saved_model_path(const std::string& path) {
  return std::filesystem::path(path).extension() == ".safetensors";
}

compile_options compile_options_for(const engine_options& opts) {
  compile_options out;
  out.pe = opts.pe;
  out.max_len = opts.max_len;
  out.boolean_mode = opts.boolean_mode;
  out.matching_heads = opts.matching_heads;
  out.max_model_bytes = opts.max_model_bytes;
  return out;
}

std::string describe_model_flags(model::positional pe, precision prec, int max_len) {
  return fmt::format("pe={}, {}, max-len {}", model::to_string(pe), precision_name(prec), max_len);
}

}  // namespace crasp::cli
