// Positions through rotary attention only (RoPE): no positional vector enters the residual.
//
// Guards. A head whose query and key both come from ONE, with pairs rotated by
// omega_k = pi / 2^k (k < K), scores column j from column t as
//   beta * sum_k cos((t - j - c) omega_k)
// when the query pair is beta * (cos(c omega_k), -sin(c omega_k)) and the key pair (1, 0). The
// target j = t - c scores beta * K; any other j with 0 < |t - j - c| < 2^K scores at most
// beta * (K - 2), since some frequency turns t - j - c into an odd multiple of pi. So the head
// reads the target as sharply as the APE bit heads do. Where t - c < 0 there is no target: the
// read is gated by [p + 1 >= c], a comparison of the position count (1 - u in the u scale) with
// c u, and the gated read ReLU(v + g - 1) is v or 0 exactly (v is a convex combination of 0/1).
//
// Periodic predicates. A head whose key is non-zero only at BOS (key pair from `bos`, not
// rotated at column 0) and whose query pair is rotated with omega = 2 pi / m scores BOS with
// s(t) = beta (cos((t - r - 1) omega) - cos(omega)) and every other column with 0. Its weight on
// BOS, w = e^s / (e^s + t), is at most u when s <= 0 (t - 1 != r mod m) and at least 2.9 u when
// s = beta (1 - cos omega) = ln 64 (t - 1 == r mod m, t >= 2), so [w - 2u >= 0] decides
// p mod m == r with the comparison clamp's margins. Column 1 (p = 0) is not decided that way
// (its weight is below 2u either way); p = 0 is recognized by [1 - 2u <= 0] and answered by
// residue 0 directly.
#include <cmath>
#include <numbers>

#include "compile/lowering.hpp"

namespace crasp::lower {

namespace {

int rope_bits(long long span) {
  int k = 1;
  while ((1LL << k) <= span) ++k;
  return k;
}

}  // namespace

form_at lowering::rope_read(ir::node_id body_id, std::uint32_t c) {
  const form_at& body = unit(body_id);
  // Gate: [p + 1 >= c]. In the u scale p + 1 is 1 - u, so x = 1 - u - c u = (p + 1 - c) u.
  auto gate = rope_gates_.find(c);
  if (gate == rope_gates_.end()) {
    const form_at U = u_dim();
    affine x = affine::of(one) - U.f.scaled(1.0 + c);
    gate = rope_gates_
               .emplace(c, clamp_ge("gate[i>=" + std::to_string(c) + "]", x, true, U.ready))
               .first;
  }
  const int K = rope_bits(static_cast<long long>(b.max_len()) + max_offset);
  builder::head_shape shape;
  shape.name = "rope.read[i-" + std::to_string(c) + "]";
  const double beta = guard_beta();
  shape.beta = beta;
  for (int k = 0; k < K; ++k) {
    const double omega = std::numbers::pi / std::ldexp(1.0, k);
    shape.rotary.push_back(omega);
    shape.q.push_back(affine::of(one, beta * std::cos(c * omega)));
    shape.q.push_back(affine::of(one, -beta * std::sin(c * omega)));
    shape.k.push_back(affine::of(one, 1.0));
    shape.k.push_back(affine{});
  }
  const int slot = attn_slot_after(body.ready);
  const int d = b.dim("read[i-" + std::to_string(c) + "]:" + labels[body_id]);
  b.read(layer_of(slot), "rope.read" + std::to_string(c), shape, body.f, d, /*mask=*/true);
  // Gated read: ReLU(v + g - 1).
  affine in = affine::of(d) + gate->second.f;
  in.add(one, -1.0);
  return relu_sum("gated[i-" + std::to_string(c) + "]:" + labels[body_id],
                  std::max(slot, gate->second.ready), {{in, 1.0}});
}

void lowering::lower_periodic_rope(ir::node_id n, const ir::periodic& op) {
  const std::size_t m = op.residues.size();
  bool constant = true;
  for (bool r : op.residues) constant = constant && r == op.residues.front();
  if (constant) {
    lower_periodic(n, op);  // a constant: no position needed
    return;
  }
  const form_at U = u_dim();
  if (!first_) first_ = clamp_ge("first", U.f.scaled(2.0) - affine::of(one), true, U.ready);
  const double omega = 2 * std::numbers::pi / static_cast<double>(m);
  const double beta = std::log(64.0) / (1 - std::cos(omega));
  affine sum;
  int ready = first_->ready;
  std::size_t true_residues = 0;
  for (std::size_t r = 0; r < m; ++r) {
    if (!op.residues[r]) continue;
    ++true_residues;
    auto it = phase_tests_.find({m, r});
    if (it == phase_tests_.end()) {
      builder::head_shape shape;
      shape.name = "rope.phase[" + std::to_string(r) + " mod " + std::to_string(m) + "]";
      const double a = static_cast<double>(r + 1) * omega;
      shape.rotary = {omega};
      shape.beta = beta;
      shape.phase = true;
      shape.q = {affine::of(one, beta * std::cos(a)), affine::of(one, -beta * std::sin(a)),
                 affine::of(one, -beta * std::cos(omega))};
      shape.k = {affine::of(bos, 1.0), affine{}, affine::of(bos, 1.0)};
      const std::string tag = std::to_string(r) + "mod" + std::to_string(m);
      const int w = b.dim("phase[" + tag + "]");
      b.read(0, "rope.phase" + tag, shape, affine::of(bos), w, /*mask=*/false);
      const affine x = affine::of(w) - U.f.scaled(2.0);
      it = phase_tests_.emplace(std::make_pair(m, r), clamp_ge("i=" + tag, x, true, 1, /*phase=*/true)).first;
    }
    sum.add(it->second.f);
    ready = std::max(ready, it->second.ready);
  }
  auto& rep = reps[n];
  rep.unit_bound = 1;
  if (op.residues[0]) {  // OR(first, any phase): 1 at p = 0 whatever the phase tests say there
    const form_at r = relu_sum("periodic:" + labels[n], ready,
                               {{affine::of(one) - first_->f - sum, 1.0}});
    rep.unit = form_at{affine::of(one) - r.f, r.ready};
  } else {  // any phase, and not p = 0
    rep.unit = relu_sum("periodic:" + labels[n], ready,
                        {{sum - first_->f.scaled(static_cast<double>(true_residues)), 1.0}});
  }
}

}  // namespace crasp::lower
