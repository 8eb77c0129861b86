// The engine behind `run`, `generate` and `examples`: the interpreter on a checked program, or a
// compiled (or loaded) transformer in f64 or f32. Both answer in the interpreter's terms, so the
// commands print the same lines whichever engine ran.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "cli.hpp"
#include "crasp/compile.hpp"
#include "crasp/interpret.hpp"
#include "crasp/ir.hpp"
#include "crasp/model.hpp"
#include "crasp/transformer.hpp"
#include "output.hpp"

namespace crasp::cli {

/// One instance's answer as `crasp run` prints it: text, JSON value and JSON type.
struct answer {
  std::string text;
  json value;
  std::string type;  ///< "bool", "count" or "next"
};

class engine {
 public:
  /// The interpreter on `program`.
  static engine interpreter(ir::program program);
  /// A model, converted once to `prec` (taken over, not copied, in float64); `program` is what it
  /// was compiled from (absent for a saved model). nullopt (errors under `origin`) when the
  /// model's outputs follow no convention.
  static std::optional<engine> transformer(model::model m, precision prec,
                                           std::optional<ir::program> program,
                                           const std::string& origin, diagnostics& diags);

  /// The program, when there is one (the interpreter always; a saved model never).
  [[nodiscard]] const ir::program* program() const { return program_ ? &*program_ : nullptr; }
  [[nodiscard]] bool is_transformer() const {
    return !std::holds_alternative<std::monostate>(model_);
  }
  /// True for next-token programs and models: `run` prints the next token, `generate` works.
  [[nodiscard]] bool is_generator() const;

  /// `crasp run`'s answer on one instance: the acceptor's value, or the next token (or <none>).
  std::optional<answer> run(const std::vector<std::string>& tokens, const std::string& origin,
                            diagnostics& diags) const;
  /// How far a transformer's answer at `length` program tokens is guaranteed (nullopt for the
  /// interpreter, which is exact at every length).
  [[nodiscard]] std::optional<length_trust> trust(std::size_t length) const;
  /// Limit on the attention pairs (model::attention_pairs) of one input of a transformer run,
  /// or of all the forward passes of one generation.
  void limit_attention(double pairs) { max_attention_ = pairs; }
  /// Greedy generation, as crasp::generate.
  std::optional<generate_output> generate(const std::vector<std::string>& prefix,
                                          std::size_t max_new, const std::string& origin,
                                          diagnostics& diags) const;

 private:
  engine() = default;
  /// With a program at hand, input tokens are checked against it first, so that a bad token is
  /// reported in the interpreter's words (the model's vocabulary is the program's alphabet).
  bool check_tokens(const std::vector<std::string>& tokens, const std::string& origin,
                    diagnostics& diags) const;
  std::optional<ir::program> program_;
  std::variant<std::monostate, model::model, model::model_f32> model_;
  output_kind kind_ = output_kind::boolean;
  double max_attention_ = model::default_max_attention;
  /// False, with an error, when one forward pass over `length` program tokens (plus BOS) needs
  /// more attention pairs than the limit.
  bool attention_fits(std::size_t length, const std::string& origin, diagnostics& diags) const;
  /// Tokens a generation from `length` tokens may add before its forward passes, one per token,
  /// pass the limit.
  [[nodiscard]] std::size_t generation_steps(std::size_t length, std::size_t max_new) const;
};

/// Compiles a checked program with the engine flags (pe, max-len); diagnostics go to stderr.
std::optional<compiled_program> compile_for_cli(const ir::program& program,
                                                const engine_options& opts, io& io);

/// The engine the flags ask for on a checked program: the program itself, or the model compiled
/// from it. nullopt (diagnostics printed) when it does not compile.
std::optional<engine> engine_for_program(ir::program program, const engine_options& opts, io& io);

/// Usage errors of the engine flags for PROGRAM (`path`): model flags without --engine
/// transformer, a saved model with the interpreter or with --alphabet. Empty when consistent.
std::string engine_flags_error(const engine_options& opts, const std::string& path,
                               bool has_alphabets);

/// PROGRAM (a program, or a saved model for the transformer) opened as the flags ask. On failure
/// `value` is empty and `code` says why (usage errors and diagnostics are already printed).
struct opened_engine {
  std::optional<engine> value;
  exit_code code = exit_code::ok;
};
opened_engine open_engine(const program_options& prog, const engine_options& opts, io& io);

}  // namespace crasp::cli
