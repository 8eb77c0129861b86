// The engines under test, behind one interface: crasp's interpreter (the ground truth of the
// library) and compiled models (APE, RoPE, NoPE; float64, float32), each answering at every
// position of an input as the reference evaluator does ("1", "-3", "{a,b}").
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "crasp/compile.hpp"
#include "crasp/ir.hpp"
#include "reference.hpp"

namespace rnd {

/// Parses and checks source text as a .crasp file; the error text is empty on success.
struct checked {
  std::optional<crasp::ir::program> ir;
  std::string errors;
};
checked check_source(const std::string& source);

/// The interpreter's values of every statement (as crasp names them) and answers at every
/// position; `error` is set when the run failed.
struct interpreted {
  std::vector<named_values> statements;
  std::vector<std::string> answers;
  std::string error;
};
interpreted interpret(const crasp::ir::program& ir, const std::vector<std::string>& input);

/// A compiled model in one precision, with the length its certificate guarantees.
struct model_engine {
  std::string name;  ///< "ape-f64", "rope-f32", "nope-f64", ...
  std::shared_ptr<const crasp::compiled_program> compiled;
  std::shared_ptr<const crasp::model::model_f32> f32;  ///< set for float32 engines (cast once)
  int certified = 0;  ///< program tokens (compile_stats::certified_f64 / certified_f32)
  int designed = 0;   ///< compile_options::max_len
};

/// Compiles with APE, RoPE and NoPE into six engines. NoPE is left out when the compiler refuses
/// it for a C-RASP[pos] program; any other refusal is returned in `error`.
struct engine_set {
  std::vector<model_engine> engines;
  std::string error;
};
engine_set compile_engines(const crasp::ir::program& ir, int max_len, bool exact_booleans);

/// The model's answers at positions 0 .. input.size() - 1 (input.size() <= designed); on
/// failure, nothing and the reason in `error`.
std::vector<std::string> run_model(const model_engine& e, const std::vector<std::string>& input,
                                   std::string& error);

/// Index of the first position where two answer vectors differ (SIZE_MAX when none).
std::size_t first_difference(const std::vector<std::string>& a, const std::vector<std::string>& b,
                             std::size_t limit = SIZE_MAX);

/// Tokens joined by spaces.
std::string join(const std::vector<std::string>& tokens);

}  // namespace rnd
