// Matching families in the interpreter. A retrieval program over k symbols holds k families of
// k members each (any s in Sym: tok(s) && #[j <= i] (PREV[s] && tok(a)) >= 1), so evaluating
// it node by node costs O(k^2) per position and keeps k^2 bit columns. Here a family is one
// instruction at its root with a counter per member: a position adds 1 to the members whose
// condition holds there, reached through the position's true key conjuncts (one PREV[s] in
// UR), and the root reads the counter of the current token's member. The inner nodes that
// nothing else reads (members, their counts and comparisons, the OR tree) are not evaluated;
// value() recomputes them on demand from their operands' bit columns, so traces still show them.
#include <algorithm>
#include <bit>

#include "interpret/matching.hpp"
#include "interpret/eval_state.hpp"
#include "support/ir_walk.hpp"

namespace crasp::detail {
namespace {

bool derivable(opcode c) {
  return c == opcode::not_ || c == opcode::and_ || c == opcode::or_ ||
         (c >= opcode::lt && c <= opcode::gt) || c == opcode::prefix_count;
}

/// Marks in `inner` the nodes strictly between a family's root and its operands (tests, key
/// and body conjuncts) or constants: what the family instruction computes instead.
void mark_inner(const ir::program& p, const eval_state& s, const matching::family& f,
                std::vector<bool>& inner) {
  const std::vector<ir::node_id> stop = f.operands();
  std::vector<std::uint32_t> stack;
  ir::for_each_operand(p.nodes[f.root].operation, [&](ir::node_id x) { stack.push_back(x); });
  while (!stack.empty()) {
    const std::uint32_t x = stack.back();
    stack.pop_back();
    if (inner[x] || std::binary_search(stop.begin(), stop.end(), x) ||
        s.code[x].store == storage::constant || !derivable(s.code[x].code)) {
      continue;
    }
    inner[x] = true;
    ir::for_each_operand(p.nodes[x].operation, [&](ir::node_id y) { stack.push_back(y); });
  }
}

bool bit_at(const eval_state& s, std::uint32_t id, std::size_t pos) {
  return stored_value(s, id, pos) != 0;
}

/// Bits of Boolean node `id` at the 64 positions of history word `w` (derived nodes included).
std::uint64_t derived_word(const eval_state& s, std::uint32_t id, std::size_t w) {
  const instr& in = s.code[id];
  switch (in.store) {
    case storage::constant: return in.k != 0 ? ~std::uint64_t{0} : 0;
    case storage::bits: return s.bits[w * s.n_bits + in.slot];
    default: break;
  }
  switch (in.code) {
    case opcode::not_: return ~derived_word(s, in.a, w);
    case opcode::and_: return derived_word(s, in.a, w) & derived_word(s, in.b, w);
    case opcode::or_: return derived_word(s, in.a, w) | derived_word(s, in.b, w);
    default: {
      std::uint64_t out = 0;
      for (unsigned j = 0; j < 64; ++j) {
        out |= static_cast<std::uint64_t>(derived_value(s, id, 64 * w + j) != 0) << j;
      }
      return out;
    }
  }
}

}  // namespace

void plan_families(const ir::program& p, eval_state& s) {
  const auto found = matching::find(p);
  if (found.empty()) return;
  const std::size_t n = s.code.size();
  std::vector<bool> candidate(n, false);
  std::vector<const matching::family*> root(n, nullptr);
  for (const auto& f : found) {
    root[f.root] = &f;
    mark_inner(p, s, f, candidate);
  }
  // Users follow their operands, so one pass from the top settles which candidates no
  // evaluated node reads. A family root reads its family's operands, not its own.
  std::vector<bool> read(n, false);
  for (std::size_t id = n; id-- > 0;) {
    if (candidate[id] && !read[id] && root[id] == nullptr) {
      s.code[id].store = storage::derived;
    } else if (root[id] != nullptr) {
      for (ir::node_id x : root[id]->operands()) read[x] = true;
    } else {
      ir::for_each_operand(p.nodes[id].operation, [&](ir::node_id x) { read[x] = true; });
    }
  }
  for (const auto& f : found) {
    family_plan plan;
    plan.body.assign(f.body.begin(), f.body.end());
    plan.at_least = f.at_least;
    plan.counts_at = static_cast<std::uint32_t>(s.family_counts.size());
    // Members in token order, so the current token's member is a binary search away.
    std::vector<std::size_t> order(f.tests.size());
    for (std::size_t m = 0; m < order.size(); ++m) order[m] = m;
    const auto token_of = [&](std::size_t m) {
      return static_cast<std::uint32_t>(s.code[f.tests[m]].k);
    };
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return token_of(a) < token_of(b); });
    for (std::size_t m = 0; m < order.size(); ++m) {
      const auto& key = f.keys[order[m]];
      plan.tokens.push_back(token_of(order[m]));
      plan.key_at.push_back(static_cast<std::uint32_t>(s.key_pool.size()));
      s.key_pool.insert(s.key_pool.end(), key.begin(), key.end());
      plan.key_end.push_back(static_cast<std::uint32_t>(s.key_pool.size()));
      const auto indexed = std::find_if(key.begin(), key.end(), [&](ir::node_id x) {
        return s.code[x].store == storage::bits;
      });
      if (indexed == key.end()) {
        plan.unindexed.push_back(static_cast<std::uint32_t>(m));
      } else {
        s.code[*indexed].key = true;
        plan.by_key.emplace_back(*indexed, static_cast<std::uint32_t>(m));
      }
    }
    std::sort(plan.by_key.begin(), plan.by_key.end());
    s.family_counts.resize(s.family_counts.size() + plan.tokens.size(), 0);
    instr& in = s.code[f.root];
    in.code = opcode::family;
    in.aux = static_cast<std::uint32_t>(s.families.size());
    s.families.push_back(std::move(plan));
  }
}

bool family_step(eval_state& s, const family_plan& f, std::size_t pos, std::uint32_t token,
                 const std::uint32_t* keys, std::size_t n_keys) {
  std::int64_t* counts = s.family_counts.data() + f.counts_at;
  const auto holds = [&](std::uint32_t m) {
    for (std::uint32_t k = f.key_at[m]; k < f.key_end[m]; ++k) {
      if (!bit_at(s, s.key_pool[k], pos)) return false;
    }
    return true;
  };
  const bool body = std::all_of(f.body.begin(), f.body.end(),
                                [&](std::uint32_t x) { return bit_at(s, x, pos); });
  if (body) {
    const std::size_t members = f.tokens.size();
    if (n_keys < members) {
      for (std::size_t k = 0; k < n_keys; ++k) {
        auto it = std::lower_bound(f.by_key.begin(), f.by_key.end(),
                                   std::pair<std::uint32_t, std::uint32_t>{keys[k], 0});
        for (; it != f.by_key.end() && it->first == keys[k]; ++it) {
          if (holds(it->second)) ++counts[it->second];
        }
      }
      for (std::uint32_t m : f.unindexed) {
        if (holds(m)) ++counts[m];
      }
    } else {  // many true keys: testing every member is cheaper
      for (std::uint32_t m = 0; m < members; ++m) {
        if (holds(m)) ++counts[m];
      }
    }
  }
  const auto it = std::lower_bound(f.tokens.begin(), f.tokens.end(), token);
  if (it == f.tokens.end() || *it != token) return false;
  return counts[it - f.tokens.begin()] >= f.at_least;
}

std::int64_t derived_value(const eval_state& s, std::uint32_t id, std::size_t pos) {
  // Post-order with an explicit stack: a family's OR tree can be as deep as it has members.
  struct frame {
    std::uint32_t id;
    bool expanded;
  };
  std::vector<frame> stack{{id, false}};
  std::vector<std::int64_t> values;
  while (!stack.empty()) {
    frame& f = stack.back();
    const instr& in = s.code[f.id];
    if (in.store != storage::derived) {
      values.push_back(stored_value(s, f.id, pos));
      stack.pop_back();
      continue;
    }
    if (in.code == opcode::prefix_count) {  // popcount of the body's words up to pos
      std::int64_t sum = 0;
      const std::size_t last = pos >> 6;
      for (std::size_t w = 0; w < last; ++w) sum += std::popcount(derived_word(s, in.a, w));
      sum += std::popcount(derived_word(s, in.a, last) & upto(static_cast<unsigned>(pos & 63)));
      values.push_back(sum);
      stack.pop_back();
      continue;
    }
    if (!f.expanded) {
      f.expanded = true;
      const std::uint32_t a = in.a, b = in.b;
      const bool binary = in.code != opcode::not_;
      if (binary) stack.push_back({b, false});
      stack.push_back({a, false});  // evaluated first, so it lies below b in `values`
      continue;
    }
    const opcode code = in.code;
    stack.pop_back();
    if (code == opcode::not_) {
      values.back() = values.back() == 0 ? 1 : 0;
      continue;
    }
    const std::int64_t y = values.back();
    values.pop_back();
    std::int64_t& x = values.back();
    switch (code) {
      case opcode::and_: x = (x != 0 && y != 0) ? 1 : 0; break;
      case opcode::or_: x = (x != 0 || y != 0) ? 1 : 0; break;
      default: x = compare(code, x, y) ? 1 : 0; break;
    }
  }
  return values.back();
}

}  // namespace crasp::detail
