// Positions (APE): the table puts the bits of t, the bits of t - c for every guard offset c, and
// every periodic predicate into the residual as exact values. A guard head for offset c has
// query beta * bits(t - c) (as +-1) and key bits(j): the score of j = t - c exceeds every other
// score by at least 2 beta (Hamming distance >= 1), so the head reads the value at t - c with
// an error below t * exp(-2 beta). Where t - c <= 0 the target is BOS (bits of 0), whose
// masked value is 0: a guard never sees a position before the input.
#include <algorithm>
#include <cstdlib>

#include "compile/lowering.hpp"

namespace crasp::lower {

namespace {

int bits_for(int max_len) {
  int k = 1;
  while ((1LL << k) < max_len) ++k;
  return k;
}

std::string offset_name(std::uint32_t c) { return c == 0 ? "i" : "i-" + std::to_string(c); }

}  // namespace

const std::vector<int>& lowering::position_bits(std::uint32_t offset) {
  if (offset == 0 && !pos_bits_.empty()) return pos_bits_;
  for (const auto& [c, dims] : shifted_bits_)
    if (c == offset) return dims;
  const int k_bits = bits_for(b.max_len());
  std::vector<int> dims;
  for (int k = 0; k < k_bits; ++k) {
    // Column t holds program position t - 1; "pos[i-c]" names the program position i - c.
    dims.push_back(b.position_dim(
        "pos[" + offset_name(offset) + "].bit" + std::to_string(k), [offset, k](int t) {
          const long long target = std::max<long long>(0, static_cast<long long>(t) - offset);
          return ((target >> k) & 1) != 0 ? 1.0 : -1.0;
        }));
  }
  if (offset == 0) {
    pos_bits_ = std::move(dims);
    return pos_bits_;
  }
  shifted_bits_.emplace_back(offset, std::move(dims));
  return shifted_bits_.back().second;
}

void lowering::lower_local_count(ir::node_id n, const ir::count& op) {
  const form_at& body = unit(op.body);
  auto& rep = reps[n];
  affine sum;
  int ready = body.ready;
  for (std::uint32_t c : op.offsets) {
    if (c == 0) {
      rep.parts.push_back(body);
      sum.add(body.f);
      continue;
    }
    if (opts.pe == model::positional::rope) {
      const form_at part = rope_read(op.body, c);
      rep.parts.push_back(part);
      sum.add(part.f);
      ready = std::max(ready, part.ready);
      ++stats.guard_reads;
      continue;
    }
    const int slot = attn_slot_after(body.ready);
    const int d = b.dim("read[" + offset_name(c) + "]:" + labels[op.body]);
    const auto& q = position_bits(c);
    const auto& k = position_bits(0);
    b.guard_read(layer_of(slot), c, q, k, guard_beta(), body.f, d);
    rep.parts.push_back(form_at{affine::of(d), slot});
    sum.add(d, 1.0);
    ready = std::max(ready, slot);
    ++stats.guard_reads;
  }
  rep.unit = form_at{sum, ready};
  rep.unit_bound = static_cast<double>(op.offsets.size());
}

void lowering::lower_periodic(ir::node_id n, const ir::periodic& op) {
  auto& rep = reps[n];
  rep.unit_bound = 1;
  const bool constant = std::all_of(op.residues.begin(), op.residues.end(),
                                    [&](bool r) { return r == op.residues.front(); });
  if (constant) {  // needs no position: a constant
    rep.unit = form_at{op.residues.front() ? affine::of(one) : affine{}, 0};
    return;
  }
  const auto residues = op.residues;
  const int d = b.position_dim("periodic:" + labels[n], [residues](int t) {
    if (t == 0) return 0.0;  // BOS
    const auto p = static_cast<std::size_t>(t - 1);
    return residues[p % residues.size()] ? 1.0 : 0.0;
  });
  rep.unit = form_at{affine::of(d), 0};
}

}  // namespace crasp::lower
