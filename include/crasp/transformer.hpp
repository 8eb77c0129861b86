// Running a compiled model on token strings, with the interpreter's answers as the interface:
// run_transformer() mirrors crasp::run and generate_transformer() mirrors crasp::generate, so the
// CLI and verify() can swap engines. Decoding reads only the model's output scores (and the
// position, to undo the 1/(i+2) scale of a count output); it never consults the interpreter.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "crasp/diagnostic.hpp"
#include "crasp/interpret.hpp"
#include "crasp/model.hpp"

namespace crasp {

/// What a model's output scores mean, from its output labels (docs/compiler.md):
/// {"accept","reject"} Boolean acceptor, {"count"} count acceptor (score = count/(p+2)),
/// {"next:TOKEN",...} next-token program.
enum class output_kind { boolean, count, next };

/// Classifies a model's output labels; nullopt (with an error under `origin`) when they follow
/// none of the conventions above.
template <class T>
std::optional<output_kind> model_output_kind(const model::basic_model<T>& m,
                                             const std::string& origin, diagnostics& diags);

/// Maps program tokens to model ids with the internal BOS first. A token the model does not know
/// maps to "<crasp:other>" when the model has it (open vocabulary) and is an error otherwise.
template <class T>
std::optional<std::vector<int>> encode_for_model(const model::basic_model<T>& m,
                                                 const std::vector<std::string>& tokens,
                                                 const std::string& origin, diagnostics& diags);

/// The decision read off one column of output scores.
struct model_decision {
  output_kind kind = output_kind::boolean;
  std::int64_t value = 0;         ///< acceptors: 0/1 or the count
  std::vector<std::string> next;  ///< next-token programs: tokens whose score exceeds 1/2
  /// Distance of the scores from their decision thresholds, relative to the designed distance:
  /// 1 when the scores are exact, <= 0 when a decision is wrong or undecidable.
  double margin = 1;
};

/// Reads the decision at 0-based program position `pos` from a scores column.
template <class T>
model_decision read_decision(const model::basic_model<T>& m, output_kind kind,
                             const model::vector<T>& scores, std::size_t pos);

/// Where an input length stands against what a compiled model guarantees, from the most to the
/// least trusted. The certified length comes from the worst-case rounding analysis done at
/// compile time (compile_stats::certified_f64/f32, kept in the model's info as "certified.f64"
/// and "certified.f32"); the designed length is the model's max_len - 1.
enum class length_trust {
  certified,    ///< within the certified range for the run's precision
  designed,     ///< within the designed length but past the certified range (or none recorded)
  past_design,  ///< past the designed length (NoPE/RoPE only: an APE model refuses the input)
};

/// The certified length, in program tokens, recorded in the model for T's precision ("certified.f32"
/// for float, "certified.f64" otherwise); nullopt when the model records none (say, a model that
/// was not compiled by crasp).
template <class T>
std::optional<int> certified_length(const model::basic_model<T>& m);

/// How far a run of `length` program tokens is guaranteed (see length_trust).
template <class T>
length_trust trust_at(const model::basic_model<T>& m, std::size_t length);

/// Adds a warning under `origin` when `length` program tokens lie past the model's certified
/// range or its designed length (`what` names the sequence, e.g. "input"), so that an answer
/// there is reported as unguaranteed rather than silently trusted. Returns the trust level.
/// run_transformer, decide and generate_transformer call it on every input they answer.
template <class T>
length_trust warn_untrusted(const model::basic_model<T>& m, std::size_t length,
                            const std::string& what, const std::string& origin,
                            diagnostics& diags);

/// Acceptor mode on the model (or one next-token prediction: value unused, see decide()).
/// Empty input is an error, as in crasp::run.
template <class T>
std::optional<model_decision> decide(const model::basic_model<T>& m,
                                     const std::vector<std::string>& tokens,
                                     const std::string& origin, diagnostics& diags);

/// crasp::run's answer computed by the model (Boolean or count acceptors).
template <class T>
std::optional<run_output> run_transformer(const model::basic_model<T>& m,
                                          const std::vector<std::string>& tokens,
                                          const std::string& origin, diagnostics& diags);

/// How generate_transformer runs the model.
struct transformer_generate_options {
  /// true: a key/value cache (model::decoder, crasp/decoder.hpp) runs each new token against the
  /// cached positions, one position's work per token. false: each step runs forward() on the
  /// whole sequence again, as before the cache (kept to compare against: tests, benchmarks).
  /// Compiled models decide alike either way: their cached scores equal forward()'s to the bit.
  bool kv_cache = true;
};

/// crasp::generate computed by the model: greedy decoding, stopping on no NEXT, max_new, or an
/// ambiguity (reported as an error, as the interpreter does), and, for an APE model, when the
/// sequence fills its table (stop_reason::max_len, with a warning; the continuation is kept).
/// With the key/value cache (the default) the prefix costs one forward pass and each generated
/// token one more position; without it each step costs a forward pass over the whole sequence.
template <class T>
std::optional<generate_output> generate_transformer(const model::basic_model<T>& m,
                                                    const std::vector<std::string>& prefix,
                                                    std::size_t max_new, const std::string& origin,
                                                    diagnostics& diags,
                                                    const transformer_generate_options& opts = {});

// Instantiated for float and double in src/runtime/transformer.cpp and src/runtime/trust.cpp.
extern template std::optional<int> certified_length(const model::basic_model<double>&);
extern template std::optional<int> certified_length(const model::basic_model<float>&);
extern template length_trust trust_at(const model::basic_model<double>&, std::size_t);
extern template length_trust trust_at(const model::basic_model<float>&, std::size_t);
extern template length_trust warn_untrusted(const model::basic_model<double>&, std::size_t,
                                            const std::string&, const std::string&, diagnostics&);
extern template length_trust warn_untrusted(const model::basic_model<float>&, std::size_t,
                                            const std::string&, const std::string&, diagnostics&);
extern template std::optional<output_kind> model_output_kind(const model::basic_model<double>&,
                                                             const std::string&, diagnostics&);
extern template std::optional<std::vector<int>> encode_for_model(const model::basic_model<double>&,
                                                                 const std::vector<std::string>&,
                                                                 const std::string&, diagnostics&);
extern template model_decision read_decision(const model::basic_model<double>&, output_kind,
                                             const model::vector<double>&, std::size_t);
extern template std::optional<model_decision> decide(const model::basic_model<double>&,
                                                     const std::vector<std::string>&,
                                                     const std::string&, diagnostics&);
extern template std::optional<run_output> run_transformer(const model::basic_model<double>&,
                                                          const std::vector<std::string>&,
                                                          const std::string&, diagnostics&);
extern template std::optional<generate_output> generate_transformer(
    const model::basic_model<double>&, const std::vector<std::string>&, std::size_t,
    const std::string&, diagnostics&, const transformer_generate_options&);
extern template std::optional<output_kind> model_output_kind(const model::basic_model<float>&,
                                                             const std::string&, diagnostics&);
extern template std::optional<std::vector<int>> encode_for_model(const model::basic_model<float>&,
                                                                 const std::vector<std::string>&,
                                                                 const std::string&, diagnostics&);
extern template model_decision read_decision(const model::basic_model<float>&, output_kind,
                                             const model::vector<float>&, std::size_t);
extern template std::optional<model_decision> decide(const model::basic_model<float>&,
                                                     const std::vector<std::string>&,
                                                     const std::string&, diagnostics&);
extern template std::optional<run_output> run_transformer(const model::basic_model<float>&,
                                                          const std::vector<std::string>&,
                                                          const std::string&, diagnostics&);
extern template std::optional<generate_output> generate_transformer(
    const model::basic_model<float>&, const std::vector<std::string>&, std::size_t,
    const std::string&, diagnostics&, const transformer_generate_options&);

}  // namespace crasp
