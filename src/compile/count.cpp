// Unguarded counts by uniform causal attention. A head with zero query and key weights gives
// every column j <= t the weight 1/(t+1); with the internal BOS at column 0 and the counted
// Boolean masked to 0 there, the head's output at program position p (column p+1) is
// #P / (p+2) = #P * u. All counts of one layer share one head: each is a value row.
#include "compile/lowering.hpp"

namespace crasp::lower {

form_at lowering::u_dim() {
  if (!u_) {
    // The average of the BOS indicator is exactly u (the only non-zero term is BOS's).
    const int d = b.dim("u", 1.0);
    b.uniform_read(0, affine::of(bos), d, /*mask=*/false);
    u_ = form_at{affine::of(d), 1};
  }
  return *u_;
}

void lowering::lower_count(ir::node_id n, const ir::count& op) {
  const form_at& body = unit(op.body);
  const int slot = attn_slot_after(body.ready);
  const int d = b.dim("count:" + labels[n]);
  b.uniform_read(layer_of(slot), body.f, d, /*mask=*/true);
  auto& rep = reps[n];
  rep.u = form_at{affine::of(d), slot};
  rep.u_bound = 1;  // #P <= p + 1 < p + 2
  ++stats.counts;
}

}  // namespace crasp::lower
