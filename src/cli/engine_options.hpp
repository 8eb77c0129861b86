// The flags that choose and shape the engine: --engine, --pe, --precision, --max-len. run,
// generate and examples can use either engine; compile and verify always build a model.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "crasp/compile.hpp"
#include "crasp/model.hpp"
#include "crasp/verify.hpp"

namespace crasp::cli {

/// Who answers: the exact interpreter (the ground truth) or a compiled transformer.
enum class engine_kind { interpreter, transformer };

struct engine_options {
  engine_kind engine = engine_kind::interpreter;
  model::positional pe = model::positional::ape;
  precision prec = precision::f64;
  int max_len = default_max_len;
  /// `--exact-booleans` / `--plain-booleans` (every command that compiles; default automatic).
  booleans boolean_mode = booleans::automatic;
  bool matching_heads = true;   ///< off with `--no-matching-heads` (every command that compiles)
  /// `--max-model-mib` (compile and verify only): the cap on the model's float64 weights.
  std::uint64_t max_model_bytes = default_max_model_bytes;
  /// `--max-attention`: the limit on attention query-key pairs (model::attention_pairs) of one
  /// input (run, examples), one generation, or one verification plan.
  double max_attention = model::default_max_attention;
  // Which model flags were given explicitly: with the interpreter they are usage errors (they
  // would silently change nothing), and a saved model ignores them with a warning.
  bool pe_given = false;
  bool prec_given = false;
  /// `--allow-uncertified`: run a compiled float32 model its certificate does not cover at all.
  bool allow_uncertified = false;
  bool lowering_given = false;  ///< --exact-booleans, --plain-booleans or --no-matching-heads
  bool max_len_given = false;
  bool max_attention_given = false;
};

/// "interpreter" or "transformer".
std::optional<engine_kind> parse_engine(std::string_view text);
/// "f64" or "f32".
std::optional<precision> parse_precision(std::string_view text);
std::string_view precision_name(precision p);

/// The positional encodings the CLI offers: "nope", "ape" or "rope".
std::optional<model::positional> parse_cli_positional(std::string_view text);

/// "bool", "count" or "next": what a model's outputs answer (from its output labels), or
/// "unknown" when they follow no convention.
std::string output_kind_name(const model::model& m);

/// The architecture lines `compile` and `info MODEL` print ("output", "pe", "max-len",
/// "layers", ... "parameters"), each as "KEY           VALUE\n".
std::string architecture_text(const model::model& m);

/// True when `path` names a saved model (.safetensors) rather than a program.
bool is_saved_model_path(const std::string& path);

/// The compile options the flags ask for.
compile_options compile_options_for(const engine_options& opts);

/// "pe=ape, f64, max-len 4096": how a model was built and run, for summary lines.
std::string describe_model_flags(model::positional pe, precision prec, int max_len);

}  // namespace crasp::cli
