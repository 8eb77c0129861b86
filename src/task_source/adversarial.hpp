// Task sources (src/task_source): hard instances that crasp makes itself, beside a source's own.
// A generator draws from the user's distribution, and that distribution rarely holds the inputs
// where a wrong program fails: a balanced string one level deeper than a depth bound, a count one
// past a threshold. Two kinds are added to every bin of a spec that can answer arbitrary inputs
// (an oracle, or a regular language):
//  - one edit: a sampled instance with one content token replaced, two neighbours swapped or
//    two content tokens exchanged (which keeps every token's count), kept only when its answer
//    differs from the instance's: each such pair straddles the task's boundary;
//  - runs: the content of a sampled instance rewritten as one or two runs of a token (a^k b^m),
//    balanced ones first (a^h b^h: a tie of counts, a Dyck word as deep as it is long), then
//    one past the balance, one token throughout, and k at the small constants.
// Frame tokens (shape.hpp) stay where they are, so edits remain inputs of the task's shape.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "crasp/diagnostic.hpp"
#include "task_source/shape.hpp"
#include "task_source/protocols.hpp"

namespace crasp::sources {

/// Answers a batch of inputs, in order: an instance, or nullopt for an input outside the task.
/// Returns false (with errors in `diags`) when the answering source failed.
using answer_batch = std::function<bool(const std::vector<std::vector<std::string>>& inputs,
                                        std::vector<std::optional<spec_detail::task_instance>>& out,
                                        diagnostics& diags)>;

/// The kinds of instance a bin holds, by name, with their numbers ("sampled", "one-edit",
/// "run-length", ...).
using instance_mix = std::map<std::string, std::size_t>;

/// Positions of `input` that edits may change: all but the frame's (every position for an
/// empty shape).
std::vector<std::size_t> content_positions(const std::vector<std::string>& input,
                                           const input_shape& shape);

/// How a source answers inputs it did not draw (a spec's oracle, a regular language): the
/// batch answerer, the tokens edits may write, and the frame that stays fixed.
struct answering {
  answer_batch answer;  ///< empty: the source cannot answer arbitrary inputs
  std::vector<std::string> content;
  input_shape shape;
};

/// Adds up to `count` adversarial instances made from `sampled` to `out` (about two thirds one
/// edit, the rest runs; fewer when the task has too few inputs of those kinds), counting them in
/// `mix`. `content` are the tokens edits and runs may write; `shape` keeps the frame fixed (an
/// empty shape: every position is content). Returns false when `answer` failed.
bool add_adversarial(const std::vector<spec_detail::task_instance>& sampled, std::size_t count,
                     const std::vector<std::string>& content, const input_shape& shape,
                     std::mt19937_64& rng, const answer_batch& answer,
                     std::vector<spec_detail::task_instance>& out, instance_mix& mix,
                     diagnostics& diags);

}  // namespace crasp::sources
