// The exact interpreter: the ground truth every compiled model is checked against.
// Incremental by construction: push() computes every node at one new position in
// O(nodes + sum of guard offsets), so a run over n tokens is linear in n and generation costs
// the same per generated token.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "crasp/diagnostic.hpp"
#include "crasp/ir.hpp"

namespace crasp {

/// Vocabulary index used for an input token that an open-vocabulary program never names
/// (every token test is false on it).
inline constexpr std::uint32_t other_token = UINT32_MAX;

/// Maps input tokens to vocabulary indices. For a program with a declared alphabet, a token
/// outside the vocabulary is an error naming the token and its 1-based position (reported under
/// `origin`, e.g. "<stdin>:3"). Returns std::nullopt on error.
std::optional<std::vector<std::uint32_t>> encode(const ir::program& program,
                                                 const std::vector<std::string>& tokens,
                                                 const std::string& origin, diagnostics& diags);

namespace detail {
struct eval_state;  // compiled plan and per-node history (src/interpret/eval_state.hpp)
}

/// How an evaluator is built.
struct evaluator_options {
  /// Evaluate each matching family (a token-selected count such as UR's
  /// `any s in Sym: tok(s) && BIGRAM[s, a]`, see docs/architecture.md) with one counter per
  /// member, O(k) per position for k families of k members instead of O(k^2). Values are the
  /// same either way; false is for differential tests and benchmarks.
  bool matching_families = true;
};

/// Values of every node at every position so far. Booleans are stored as 0/1.
///
/// History is kept compactly (Booleans as bits, unguarded counts as a checkpoint every 64
/// positions plus a popcount of their body, a one-offset guarded count as its shifted body, other
/// guarded counts in the narrowest integer that holds them), and value() is O(1) for every node
/// but one kind: the inner nodes of a matching family that nothing else reads (its members, their
/// counts and comparisons) are not evaluated or stored at all, and value() recomputes them from
/// their operands' history in O(pos / 64).
class evaluator {
 public:
  /// Binds to `program`, which must outlive the evaluator. `origin` names the input in errors
  /// (for example "<stdin>:3").
  explicit evaluator(const ir::program& program, std::string origin = "<input>",
                     evaluator_options options = {});
  ~evaluator();
  evaluator(evaluator&&) noexcept;
  evaluator& operator=(evaluator&&) noexcept;
  evaluator(const evaluator&) = delete;
  evaluator& operator=(const evaluator&) = delete;

  /// Reserves history for `positions` positions (optional; avoids regrowth on long inputs).
  void reserve(std::size_t positions);

  /// Forgets every position (length() becomes 0, and an earlier overflow no longer stops it)
  /// and keeps the compiled program and the history's buffers: many short inputs run through
  /// one evaluator without compiling the program for each (for a 150-symbol program that
  /// compilation costs more than evaluating a dozen tokens).
  void reset();

  /// The program this evaluator runs.
  [[nodiscard]] const ir::program& program() const { return *program_; }

  /// Appends one token and evaluates every node at the new position. Returns false (and an
  /// error naming the statement and the position) if integer arithmetic overflows, or if the
  /// program is malformed (an internal error); the evaluator must not be used further after that.
  bool push(std::uint32_t token, diagnostics& diags);

  /// Appends many tokens at once; the result (values, errors, later push() calls) is exactly
  /// that of push() on each token in turn. Evaluates node by node over blocks of positions
  /// (Booleans 64 positions per word, guarded counts as sliding sums), so it is several times
  /// faster than pushing one token at a time; use push() to stream or generate.
  bool append(std::span<const std::uint32_t> tokens, diagnostics& diags);

  /// Number of positions evaluated.
  [[nodiscard]] std::size_t length() const { return length_; }
  /// Value of node `id` at 0-based position `pos` (< length()).
  [[nodiscard]] std::int64_t value(ir::node_id id, std::size_t pos) const;
  /// Value of node `id` at the last position.
  [[nodiscard]] std::int64_t last(ir::node_id id) const;
  /// Vocabulary indices of the tokens whose NEXT rule holds at the last position (ascending,
  /// without duplicates).
  [[nodiscard]] std::vector<std::uint32_t> next_tokens() const;
  /// The same at 0-based position `pos` (< length()).
  [[nodiscard]] std::vector<std::uint32_t> next_tokens_at(std::size_t pos) const;

 private:
  const ir::program* program_;
  std::size_t length_ = 0;
  std::unique_ptr<detail::eval_state> state_;
};

/// The answer of an acceptor run: the last statement's value at the last position.
struct run_output {
  ir::type kind = ir::type::boolean;
  std::int64_t value = 0;  ///< 0/1 for Booleans
};

/// Runs an acceptor program (or any program: the output is its last statement) on tokens.
/// Empty input is an error. Returns std::nullopt on error (diagnostics explain).
std::optional<run_output> run(const ir::program& program, const std::vector<std::string>& tokens,
                              const std::string& origin, diagnostics& diags);
/// The same on an existing evaluator of the program, which is reset() first (for many inputs).
std::optional<run_output> run(evaluator& ev, const std::vector<std::string>& tokens,
                              const std::string& origin, diagnostics& diags);

/// Why generation stopped. `max_len` only comes from a compiled APE model (generate_transformer):
/// the sequence reached the longest input the model is built for.
enum class stop_reason { no_next, max_new, ambiguous, max_len };

struct generate_output {
  std::vector<std::string> continuation;  ///< generated tokens, in order
  stop_reason reason = stop_reason::no_next;
  /// For stop_reason::ambiguous: the 1-based position (in prefix + continuation) where more than
  /// one NEXT held, and those tokens.
  std::size_t ambiguous_position = 0;
  std::vector<std::string> ambiguous_tokens;
};

/// Greedy next-token generation: at the last position exactly one NEXT_a should hold; a is
/// appended and evaluation continues incrementally. Stops when no NEXT holds, after `max_new`
/// tokens, or at an ambiguity (two or more NEXT true), which is also reported as an error in
/// diags. Returns std::nullopt on input errors or overflow.
std::optional<generate_output> generate(const ir::program& program,
                                        const std::vector<std::string>& prefix,
                                        std::size_t max_new, const std::string& origin,
                                        diagnostics& diags);
/// The same on an existing evaluator of the program, which is reset() first (for many prefixes).
std::optional<generate_output> generate(evaluator& ev, const std::vector<std::string>& prefix,
                                        std::size_t max_new, const std::string& origin,
                                        diagnostics& diags);

/// Every statement's value at every position, for `--trace` (text, html, json).
struct trace_table {
  std::vector<std::string> tokens;
  std::vector<std::string> statement_names;
  std::vector<ir::type> statement_types;
  std::vector<std::vector<std::int64_t>> values;  ///< [statement][position]
};

/// Runs the program and collects the trace. Returns std::nullopt on error.
std::optional<trace_table> trace(const ir::program& program, const std::vector<std::string>& tokens,
                                 const std::string& origin, diagnostics& diags);

/// Splits an input line into whitespace-separated tokens (CR at the end of a line is ignored).
std::vector<std::string> split_tokens(const std::string& line);

}  // namespace crasp
