// The incremental evaluator: push() computes every node at one new position from the values at
// that position (operands precede users) and, for guarded counts, the stored history at i - d.
// An unguarded count is a running sum, so a run over n tokens costs O(n * (nodes + offsets)).
#include <algorithm>

#include <fmt/format.h>

#include "crasp/interpret.hpp"
#include "interpret/eval_state.hpp"

namespace crasp {

using detail::instr;
using detail::opcode;
using detail::storage;


evaluator::evaluator(const ir::program& program, std::string origin, evaluator_options options)
    : program_(&program), state_(std::make_unique<detail::eval_state>()) {
  state_->origin = std::move(origin);
  detail::compile(program, *state_, options.matching_families);
}

evaluator::~evaluator() = default;
evaluator::evaluator(evaluator&&) noexcept = default;
evaluator& evaluator::operator=(evaluator&&) noexcept = default;

void evaluator::reserve(std::size_t positions) {
  auto& s = *state_;
  const std::size_t blocks = (positions + 63) / 64;
  s.bits.reserve(blocks * s.n_bits);
  s.checkpoints.reserve(blocks * s.n_prefix);
  s.narrow.reserve(positions * s.n_narrow);
  s.wide.reserve(positions * s.n_wide);
}

void evaluator::reset() {
  auto& s = *state_;
  length_ = 0;
  s.bits.clear();
  s.checkpoints.clear();
  s.narrow.clear();
  s.wide.clear();
  std::fill(s.running.begin(), s.running.end(), 0);
  std::fill(s.family_counts.begin(), s.family_counts.end(), 0);
  std::fill(s.cur.begin(), s.cur.end(), 0);
  s.true_keys.clear();
  s.failed = false;
}

bool evaluator::push(std::uint32_t token, diagnostics& diags) {
  auto& s = *state_;
  if (!s.internal_error.empty()) {
    diags.error(s.origin, "internal error: malformed program (" + s.internal_error + ")");
    return false;
  }
  if (s.failed) {
    diags.error(s.origin, "internal error: evaluator used after an error");
    return false;
  }
  const std::size_t i = length_;
  const std::size_t word = i >> 6;
  const unsigned bit = static_cast<unsigned>(i & 63);
  if (bit == 0) {
    s.bits.resize(s.bits.size() + s.n_bits, 0);
    s.checkpoints.resize(s.checkpoints.size() + s.n_prefix);
  }
  s.narrow.resize(s.narrow.size() + s.n_narrow);
  s.wide.resize(s.wide.size() + s.n_wide);
  std::uint64_t* bits_row = s.bits.data() + word * s.n_bits;
  std::int64_t* checkpoint_row = s.checkpoints.data() + word * s.n_prefix;
  std::uint8_t* narrow_row = s.narrow.data() + i * s.n_narrow;
  std::int64_t* wide_row = s.wide.data() + i * s.n_wide;
  std::int64_t* cur = s.cur.data();
  const instr* code = s.code.data();
  s.true_keys.clear();
  for (const std::uint32_t id : s.active) {
    const instr& in = code[id];
    std::int64_t v = 0;
    bool overflow = false;
    switch (in.code) {
      case opcode::token: v = static_cast<std::int64_t>(token) == in.k; break;
      case opcode::constant: v = in.k; break;
      case opcode::not_: v = !cur[in.a]; break;
      case opcode::and_: v = cur[in.a] & cur[in.b]; break;
      case opcode::or_: v = cur[in.a] | cur[in.b]; break;
      case opcode::periodic: v = s.residues[in.aux + i % in.len]; break;
      case opcode::lt: v = cur[in.a] < cur[in.b]; break;
      case opcode::le: v = cur[in.a] <= cur[in.b]; break;
      case opcode::eq: v = cur[in.a] == cur[in.b]; break;
      case opcode::ne: v = cur[in.a] != cur[in.b]; break;
      case opcode::ge: v = cur[in.a] >= cur[in.b]; break;
      case opcode::gt: v = cur[in.a] > cur[in.b]; break;
      case opcode::prefix_count:
        if (in.store == storage::positions) {
          v = in.k * static_cast<std::int64_t>(i + 1);
        } else {
          v = (s.running[in.slot] += cur[in.a]);
        }
        break;
      case opcode::window_count: {
        const std::uint32_t* d = s.offsets.data() + in.aux;
        const std::uint32_t* end = d + in.len;
        if (d != end && *d == 0) v = cur[in.a], ++d;
        const instr& body = code[in.a];
        if (body.store == storage::constant) {
          for (; d != end && *d <= i; ++d) v += body.k;
        } else {
          const std::uint64_t* col = s.bits.data() + body.slot;
          for (; d != end && *d <= i; ++d) {
            const std::size_t p = i - *d;
            v += static_cast<std::int64_t>((col[(p >> 6) * s.n_bits] >> (p & 63)) & 1);
          }
        }
        break;
      }
      case opcode::add: overflow = __builtin_add_overflow(cur[in.a], cur[in.b], &v); break;
      case opcode::sub: overflow = __builtin_sub_overflow(cur[in.a], cur[in.b], &v); break;
      case opcode::scale: overflow = __builtin_mul_overflow(in.k, cur[in.a], &v); break;
      case opcode::min_: v = std::min(cur[in.a], cur[in.b]); break;
      case opcode::max_: v = std::max(cur[in.a], cur[in.b]); break;
      case opcode::select: v = cur[in.a] ? cur[in.b] : cur[in.c]; break;
      case opcode::family:
        v = detail::family_step(s, s.families[in.aux], i, token, s.true_keys.data(),
                                s.true_keys.size());
        break;
    }
    if (overflow) [[unlikely]] {
      s.failed = true;
      const ir::statement* where = nullptr;
      const std::string name =
          detail::describe_node(*program_, static_cast<ir::node_id>(id), &where);
      auto& d = diags.error(s.origin, fmt::format("integer overflow in '{}' at position {}", name, i + 1));
      if (where != nullptr && program_->source) {
        d.notes.push_back(diagnostic{severity::note, fmt::format("'{}' is defined here", name),
                                     program_->source, where->where, {}, {}, {}});
      }
      return false;
    }
    cur[id] = v;
    // Booleans dominate real programs; test them first (cheaper than a second jump table).
    if (in.store == storage::bits) {
      bits_row[in.slot] |= static_cast<std::uint64_t>(v) << bit;
      if (in.key && v != 0) s.true_keys.push_back(id);
    } else if (in.store == storage::narrow) {
      narrow_row[in.slot] = static_cast<std::uint8_t>(v);
    } else if (in.store == storage::prefix) {
      if (bit == 0) checkpoint_row[in.slot] = v - cur[in.a];
    } else if (in.store == storage::wide) {
      wide_row[in.slot] = v;
    }
  }
  ++length_;
  return true;
}

std::int64_t evaluator::value(ir::node_id id, std::size_t pos) const {
  const auto& s = *state_;
  if (id >= s.code.size() || pos >= length_) return 0;
  return detail::stored_value(s, id, pos);
}

std::int64_t evaluator::last(ir::node_id id) const {
  if (length_ == 0 || id >= state_->cur.size()) return 0;
  // push() does not compute derived nodes, so their `cur` entry is stale.
  if (state_->code[id].store == storage::derived) return detail::derived_value(*state_, id, length_ - 1);
  return state_->cur[id];
}

std::vector<std::uint32_t> evaluator::next_tokens() const {
  if (length_ == 0) return {};
  return next_tokens_at(length_ - 1);
}

std::vector<std::uint32_t> evaluator::next_tokens_at(std::size_t pos) const {
  std::vector<std::uint32_t> out;
  if (pos >= length_ || !state_->internal_error.empty()) return out;
  for (const auto& rule : program_->next) {
    if (detail::stored_value(*state_, rule.value, pos) != 0) out.push_back(rule.token);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace crasp
