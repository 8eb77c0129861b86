// A real compiled model for loader tests: the bigram detector of programs/contains_ab.cr compiled
// for RoPE (rotary heads, several layers), small enough to damage byte by byte.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "crasp/compile.hpp"
#include "crasp/frontend.hpp"
#include "crasp/model_io.hpp"
#include "crasp/transformer.hpp"

namespace sample {

inline crasp::model::model contains_ab(crasp::model::positional pe) {
  const crasp::load_result loaded = crasp::load_text(
      "contains_ab.cr", "#import pred\nafter_a = (#[pred] \"a\") >= 1\nL = (# (\"b\" && after_a)) >= 1\n");
  INFO(crasp::render(loaded.diags));
  REQUIRE(loaded.ok());
  crasp::compile_options opts;
  opts.pe = pe;
  opts.max_len = 12;
  crasp::diagnostics diags;
  auto compiled = crasp::compile(*loaded.program, opts, diags);
  INFO(crasp::render(diags));
  REQUIRE(compiled);
  return std::move(compiled->model);
}

inline std::string bytes_of(const crasp::model::model& m) {
  crasp::diagnostics diags;
  const auto bytes = crasp::model::to_bytes(m, diags);
  REQUIRE(bytes);
  return *bytes;
}

/// The model's Boolean answer on `tokens` (0 or 1).
inline std::int64_t answer(const crasp::model::model& m, const std::vector<std::string>& tokens) {
  crasp::diagnostics diags;
  const auto out = crasp::run_transformer(m, tokens, "in", diags);
  INFO(crasp::render(diags));
  REQUIRE(out);
  return out->value;
}

}  // namespace sample
