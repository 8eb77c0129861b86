// Helpers the task-spec tests share: specs parsed from text as if they were files in
// tests/data/specs (so that the scripts and programs there resolve), and rendered diagnostics.
#pragma once

#include <catch2/catch.hpp>

#include <chrono>
#include <optional>
#include <string>

#include "crasp/diagnostic.hpp"
#include "crasp/task_spec.hpp"

namespace spec_test {

/// tests/data/specs: the scripts (tasks.py, proto.sh), programs and data the specs name.
inline std::string specs_dir() { return std::string(CRASP_TEST_DATA_DIR) + "/specs"; }

/// The spec text `text` parsed as the file tests/data/specs/NAME.
inline std::optional<crasp::task_file> parse(const std::string& text, crasp::diagnostics& diags,
                                             const std::string& name = "inline.toml") {
  return crasp::parse_task_file(specs_dir() + "/" + name, text, diags);
}

/// A spec that must parse: `name = "t"` plus `body`.
inline crasp::task_file spec_with(const std::string& body) {
  crasp::diagnostics diags;
  auto spec = parse("name = \"t\"\n" + body, diags);
  INFO(crasp::render(diags));
  REQUIRE(spec.has_value());
  return *spec;
}

/// The errors of a spec that must not parse, rendered (file:line:col: error: ..., notes).
inline std::string errors_of(const std::string& text, const std::string& name = "inline.toml") {
  crasp::diagnostics diags;
  const auto spec = parse(text, diags, name);
  CHECK_FALSE(spec.has_value());
  CHECK(diags.has_errors());
  return crasp::render(diags);
}

/// "<specs_dir>/inline.toml:L:C: error: " - how an error located at line L, column C begins.
inline std::string at(int line, int col, const std::string& name = "inline.toml") {
  return specs_dir() + "/" + name + ":" + std::to_string(line) + ":" + std::to_string(col) +
         ": error: ";
}

/// The text a span of a spec covers.
inline std::string text_at(const crasp::task_file& spec, crasp::span s) {
  return spec.source->text.substr(s.begin, s.end - s.begin);
}

/// Seconds since `t0`.
inline double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace spec_test
