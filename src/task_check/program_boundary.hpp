// Private to src/task_source: hard instances a program tells crasp about. A C-RASP program can
// only be wrong where one of its comparisons decides differently from the task, and a comparison
// changes its decision where the difference of its two sides crosses 0: a count that reaches a
// depth bound, a tie of two counts, a threshold met by one. Sampled inputs seldom sit there (a
// random string's depth is about the square root of its length), so crasp searches for inputs
// that do: for each comparison `a op b` of the witness, a local search over one-token edits of a
// sampled instance drives the difference d = a - b to -1, 0 or +1, read at the last position, or
// as its maximum or minimum over the positions (a comparison inside a count acts at every
// position). The source then answers the inputs found, like any other instance.
#pragma once

#include <cstddef>
#include <random>
#include <vector>

#include "crasp/ir.hpp"
#include "task_source/adversarial.hpp"

namespace crasp::check_detail {

using sources::answering;
using sources::content_positions;
using sources::instance_mix;

/// Adds up to `count` instances near `sampled` (inputs of their lengths, edited only at content
/// positions) where a comparison of `program` sits at its boundary, answered by `by`, to `out`,
/// counting them in mix["program boundary"]. Inputs equal to one already in `out`, or outside the
/// task (the answerer says so), are dropped. Returns false when the answerer failed.
bool add_program_boundary(const ir::program& program,
                          const std::vector<spec_detail::task_instance>& sampled,
                          std::size_t count, const answering& by, std::mt19937_64& rng,
                          std::vector<spec_detail::task_instance>& out, instance_mix& mix,
                          diagnostics& diags);

}  // namespace crasp::check_detail
