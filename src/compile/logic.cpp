// Boolean logic on exact 0/1 values. NOT is linear (1 - a). An n-ary AND or OR is one ReLU
// unit, exact on 0/1 inputs:
//   AND(a_1..a_k) = ReLU(sum a - (k - 1))        OR(a_1..a_k) = 1 - ReLU(1 - sum a)
// Trees of AND (of OR) are opened up to their leaves and computed by one unit, so a quantifier
// over k symbols costs one FFN level, not k; inner nodes with no other user are not lowered.
#include <unordered_set>
#include <variant>

#include "compile/lowering.hpp"

namespace crasp::lower {

namespace {

// Leaves of the tree of `Op` nodes under n. Same-connective operands are opened up even when
// they have other users (hash-consing shares the prefixes of `any`/`all` chains, so
// LESS[t3] = LESS[t2] || tok(t2)): each node then costs one FFN level instead of a chain.
// Opening stops at `limit` leaves to bound the work on adversarial DAGs.
template <class Op>
void collect_leaves(const lowering& L, ir::node_id n, std::vector<ir::node_id>& leaves,
                    std::unordered_set<ir::node_id>& seen) {
  constexpr std::size_t limit = 4096;
  const auto& op = std::get<Op>(L.prog.nodes[n].operation);
  for (ir::node_id child : {op.a, op.b}) {
    if (!seen.insert(child).second) continue;
    // A matching family's root is an OR in the IR but a head in the model: never opened.
    if (std::holds_alternative<Op>(L.prog.nodes[child].operation) &&
        L.family_at[child] == nullptr && (L.inlined[child] || leaves.size() < limit)) {
      collect_leaves<Op>(L, child, leaves, seen);
    } else {
      leaves.push_back(child);
    }
  }
}

}  // namespace

void lowering::lower_logic(ir::node_id n) {
  auto& rep = reps[n];
  rep.unit_bound = 1;
  const auto& op = prog.nodes[n].operation;
  if (const auto* x = std::get_if<ir::not_>(&op)) {
    const form_at& a = unit(x->a);
    rep.unit = form_at{affine::of(one) - a.f, a.ready};
    return;
  }
  const bool is_and = std::holds_alternative<ir::and_>(op);
  std::vector<ir::node_id> leaves;
  std::unordered_set<ir::node_id> seen;
  if (is_and) {
    collect_leaves<ir::and_>(*this, n, leaves, seen);
  } else {
    collect_leaves<ir::or_>(*this, n, leaves, seen);
  }
  affine sum;
  int ready = 0;
  for (ir::node_id leaf : leaves) {
    sum.add(unit(leaf).f);
    ready = std::max(ready, unit(leaf).ready);
  }
  const double k = static_cast<double>(leaves.size());
  if (is_and) {
    sum.add(one, -(k - 1));
    rep.unit = relu_sum("and:" + labels[n], ready, {{sum, 1.0}});
  } else {
    const form_at r = relu_sum("or:" + labels[n], ready, {{affine::of(one) - sum, 1.0}});
    rep.unit = form_at{affine::of(one) - r.f, r.ready};
  }
}

}  // namespace crasp::lower
