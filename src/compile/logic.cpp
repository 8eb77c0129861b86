// Boolean logic on exact 0/1 values. NOT is linear (1 - a). An n-ary AND or OR is one ReLU
// unit, exact on 0/1 inputs:
//   AND(a_1..a_k) = ReLU(sum a - (k - 1))        OR(a_1..a_k) = 1 - ReLU(1 - sum a)
// Chains of AND (of OR) whose inner nodes have no other user are folded into one unit, so a
// quantifier over k symbols costs one FFN level, not k.
#include <variant>

#include "compile/lowering.hpp"

namespace crasp::lower {

namespace {

template <class Op>
void collect_leaves(const lowering& L, ir::node_id n, std::vector<ir::node_id>& leaves) {
  const auto* op = std::get_if<Op>(&L.prog.nodes[n].operation);
  if (op == nullptr) {
    leaves.push_back(n);
    return;
  }
  for (ir::node_id child : {op->a, op->b}) {
    if (std::holds_alternative<Op>(L.prog.nodes[child].operation) && L.inlined[child]) {
      collect_leaves<Op>(L, child, leaves);
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
  if (is_and) {
    collect_leaves<ir::and_>(*this, n, leaves);
  } else {
    collect_leaves<ir::or_>(*this, n, leaves);
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
