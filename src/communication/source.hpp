// Private to src/communication: where the analysis gets its inputs' shape and its answers. A
// catalogue task answers by its reference solver, a spec by its oracle (or its regular language),
// a program by the interpreter. Every source says which tokens fill the content positions and
// where frame tokens (<bos>, <sep>) go, so that prefixes and suffixes are made of content only.
#pragma once

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "crasp/communication.hpp"
#include "crasp/ir.hpp"
#include "crasp/tasks.hpp"
#include "task_source/adversarial.hpp"
#include "task_source/shape.hpp"

namespace crasp::comm_detail {

using tokens = std::vector<std::string>;
using spec_detail::task_instance;

struct answer_source {
  std::string kind;  ///< "catalogue", "spec" or "program"
  tasks::answer_format format = tasks::answer_format::accept;
  std::vector<std::string> content;  ///< tokens of the content positions
  sources::input_shape shape;   ///< frame tokens; empty: every position is content
  /// Answers inputs in order: an instance, or nullopt for an input outside the task.
  sources::answer_batch answer;
  /// Instances of `n` content tokens from the task's own distribution (members of an acceptor
  /// among them), whose splits give suffixes that random ones rarely are (a palindrome's second
  /// half); may be empty.
  std::function<bool(std::size_t n, std::size_t count, std::mt19937_64& rng,
                     std::vector<task_instance>& out, diagnostics& diags)>
      sample;
  /// The program, when it is the task (shared: the evaluator in `answer` points into it).
  std::shared_ptr<const ir::program> program;
  std::shared_ptr<void> keep;          ///< whatever the callbacks refer to (a plan, an oracle)
};

/// The source of options.task: a catalogue name, a spec (.toml) or a program (.crasp / .cr).
std::optional<answer_source> open_source(const communication_options& options,
                                         diagnostics& diags);

/// A program as its own task, answered by the interpreter (shared: the report keeps it).
answer_source program_as_task(std::shared_ptr<const ir::program> program, const std::string& name);

/// Which of `total` positions hold frame tokens (all false for an empty shape); nullopt when
/// the frame does not fit that length.
std::optional<std::vector<bool>> frame_mask(const sources::input_shape& shape,
                                            std::size_t total);

/// The content tokens of an input (its frame tokens removed); empty when the frame does not fit.
tokens content_of(const sources::input_shape& shape, const tokens& input);

/// The input of `n` content tokens whose content is `content` (size n), frame tokens placed as
/// the shape says; nullopt when the frame does not fit that length.
std::optional<tokens> frame_input(const sources::input_shape& shape, const tokens& content);

/// Tokens of the input Alice holds when she holds the first `a` content tokens: every position
/// before the (a+1)-th content position (frame tokens included).
std::size_t alice_positions(const sources::input_shape& shape, std::size_t n, std::size_t a);

/// The part of an answer that Bob's positions decide: for labels, the labels from position
/// `alice` on; for the other formats the whole answer (the last position's, or the
/// continuation, which Bob generates).
tokens bob_part(tasks::answer_format format, const tokens& expected, std::size_t alice);

}  // namespace crasp::comm_detail
