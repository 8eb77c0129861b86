// The check `crasp compile` runs before writing a model: verify() in float64 and float32 with a
// small budget, so that every saved model states the margins it was observed to keep
// (model::info "check.f64", "check.f32").
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "crasp/compile.hpp"
#include "crasp/verify.hpp"

namespace crasp::cli {

/// One precision's result of the compile-time check.
struct precision_check {
  std::string name;  ///< "f64" or "f32"
  verify_report report;
  int max_length = 0;  ///< longest input checked
  [[nodiscard]] double min_slack() const;
  [[nodiscard]] double min_margin() const;
  /// "0 mismatches in 3412 inputs to length 4096; min slack 0.999998, min output margin 1"
  [[nodiscard]] std::string text() const;
  [[nodiscard]] nlohmann::json to_json() const;
};

/// Runs the check in both precisions and records it in compiled.model.info. Returns nullopt
/// (diagnostics printed) when verify() itself failed; mismatches are in the results.
std::optional<std::vector<precision_check>> check_compiled(const ir::program& program,
                                                           compiled_program& compiled,
                                                           const compile_command_options& opts,
                                                           io& io);

}  // namespace crasp::cli
