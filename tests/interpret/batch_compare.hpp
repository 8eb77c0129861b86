// Differential check of the two ways to evaluate: push() one token at a time and append() in
// batches. Both must leave the same value at every node and position, the same last values and
// NEXT tokens, and the same error (message and position) when one is reported.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "crasp/interpret.hpp"

namespace crasp::test {

/// Evaluates `ids` with push() alone and with append() (split at `split`: push() before it,
/// append() after it, then push() of `tail` more tokens from `ids` end) and compares.
inline void check_batch_matches_push(const ir::program& p, const std::vector<std::uint32_t>& ids,
                                     std::size_t split = 0) {
  diagnostics d1, d2;
  evaluator one(p), many(p);
  bool ok1 = true;
  for (std::uint32_t t : ids) {
    if (!(ok1 = one.push(t, d1))) break;
  }
  bool ok2 = true;
  split = std::min(split, ids.size());
  for (std::size_t k = 0; k < split && ok2; ++k) ok2 = many.push(ids[k], d2);
  if (ok2) ok2 = many.append(std::span<const std::uint32_t>(ids).subspan(split), d2);
  REQUIRE(ok1 == ok2);
  REQUIRE(render(d1) == render(d2));
  if (!ok1) return;
  REQUIRE(one.length() == many.length());
  for (ir::node_id id = 0; id < p.nodes.size(); ++id) {
    REQUIRE(one.last(id) == many.last(id));
    for (std::size_t pos = 0; pos < one.length(); ++pos) {
      if (one.value(id, pos) != many.value(id, pos)) {
        FAIL("node " << id << " at position " << pos << ": push " << one.value(id, pos)
                     << ", append " << many.value(id, pos) << " (n = " << ids.size()
                     << ", split " << split << ")");
      }
    }
  }
  REQUIRE(one.next_tokens() == many.next_tokens());
  // Both continue identically after the batch.
  for (std::uint32_t t : {0u, 1u, 0u}) {
    if (t >= p.vocabulary.size()) break;
    REQUIRE(one.push(t, d1) == many.push(t, d2));
    for (ir::node_id id = 0; id < p.nodes.size(); ++id) REQUIRE(one.last(id) == many.last(id));
  }
  REQUIRE(render(d1) == render(d2));
}

}  // namespace crasp::test
