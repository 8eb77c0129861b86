// The batch evaluator's plan: which counts it materializes as int64 columns, which comparisons it
// answers a word (64 positions) at a time, the runs of consecutive guard offsets, and the words
// of periodic predicates. Built once per evaluator, O(nodes + offsets + periods).
#include <algorithm>
#include <utility>

#include "interpret/eval_state.hpp"

namespace crasp::detail {
namespace {

bool is_compare(opcode c) { return c >= opcode::lt && c <= opcode::gt; }

// A count that a comparison with a constant can read a word at a time.
batch_fast shortcut(const eval_state& s, std::uint32_t id) {
  const instr& in = s.code[id];
  if (in.store == storage::prefix) return fast_prefix;
  if (in.store == storage::shifted) return fast_shifted;
  return fast_none;
}

opcode mirrored(opcode c) {  // c op v  ==  v mirrored(op) c
  switch (c) {
    case opcode::lt: return opcode::gt;
    case opcode::le: return opcode::ge;
    case opcode::ge: return opcode::le;
    case opcode::gt: return opcode::lt;
    default: return c;
  }
}

}  // namespace

void plan_batch(eval_state& s) {
  const std::size_t n = s.code.size();
  s.column.assign(n, -1);
  s.fast.assign(n, fast_none);
  s.run_at.assign(n, 0);
  s.run_count.assign(n, 0);
  s.pattern_at.assign(n, 0);
  std::vector<bool> needed(n, false);
  std::uint32_t max_token = 0;
  for (std::uint32_t id = 0; id < n; ++id) {
    instr& in = s.code[id];
    if (in.store == storage::derived) continue;  // never evaluated (family.cpp)
    if (in.code == opcode::token && in.store == storage::bits) {
      max_token = std::max<std::uint32_t>(max_token, static_cast<std::uint32_t>(in.k) + 1);
    }
    if (is_compare(in.code)) {
      // Normalize "constant op count" to "count op' constant" so one shortcut covers both.
      if (s.code[in.a].store == storage::constant && shortcut(s, in.b) != fast_none) {
        std::swap(in.a, in.b);
        in.code = mirrored(in.code);
      }
      if (s.code[in.b].store == storage::constant && shortcut(s, in.a) != fast_none) {
        s.fast[id] = shortcut(s, in.a);
        continue;
      }
      needed[in.a] = needed[in.b] = true;
    }
    switch (in.code) {
      case opcode::add: case opcode::sub: case opcode::min_: case opcode::max_:
        needed[in.a] = needed[in.b] = true;
        break;
      case opcode::scale: needed[in.a] = true; break;
      case opcode::select: needed[in.b] = needed[in.c] = true; break;
      case opcode::window_count: {
        s.run_at[id] = static_cast<std::uint32_t>(s.runs.size() / 2);
        for (std::uint32_t k = 0; k < in.len; ++k) {
          const std::uint32_t d = s.offsets[in.aux + k];
          if (k > 0 && s.runs.back() + 1 == d) {
            s.runs.back() = d;
          } else {
            s.runs.push_back(d);
            s.runs.push_back(d);
          }
        }
        s.run_count[id] = static_cast<std::uint32_t>(s.runs.size() / 2) - s.run_at[id];
        break;
      }
      case opcode::periodic: {
        // Word r holds the residues of the 64 positions starting at residue r.
        s.pattern_at[id] = static_cast<std::uint32_t>(s.patterns.size());
        for (std::uint32_t r = 0; r < in.len; ++r) {
          std::uint64_t w = 0;
          for (unsigned j = 0; j < 64; ++j) {
            w |= static_cast<std::uint64_t>(s.residues[in.aux + (r + j) % in.len]) << j;
          }
          s.patterns.push_back(w);
        }
        break;
      }
      default: break;
    }
  }
  // Every vocabulary index gets a rank; those without a test share the last (discarded) one,
  // so filling the token words needs no branch per position.
  s.token_rank.assign(max_token, ~std::uint32_t{0});
  for (std::uint32_t id = 0; id < n; ++id) {
    const instr& in = s.code[id];
    if (in.code == opcode::token && in.store == storage::bits &&
        s.token_rank[static_cast<std::size_t>(in.k)] == ~std::uint32_t{0}) {
      s.token_rank[static_cast<std::size_t>(in.k)] = static_cast<std::uint32_t>(s.rank_slot.size());
      s.rank_slot.push_back(in.slot);
    }
  }
  // One more entry, for every index past the named ones: append() clamps instead of branching.
  s.token_rank.push_back(~std::uint32_t{0});
  for (auto& r : s.token_rank) r = std::min(r, static_cast<std::uint32_t>(s.rank_slot.size()));
  for (std::uint32_t id = 0; id < n; ++id) {
    const instr& in = s.code[id];
    const bool stored = in.store == storage::narrow || in.store == storage::wide;
    if (in.code != opcode::token && (needed[id] || stored)) {
      s.column[id] = static_cast<std::int32_t>(s.n_columns++);
    }
  }
  s.planned = true;
}

}  // namespace crasp::detail
