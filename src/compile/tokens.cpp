// Token tests and constants: the values the embedding provides. A token test is a residual
// dimension holding 1 exactly where the token is; constants are coefficients on ONE (or, in the
// u scale, on U), so they cost no dimension at all.
#include <cmath>

#include "compile/lowering.hpp"

namespace crasp::lower {

void lowering::lower_token(ir::node_id n, const ir::token_test& op) {
  const int d = b.dim("tok:" + prog.vocabulary[op.token]);
  b.embed(d, model_token(op.token), 1.0);
  auto& rep = reps[n];
  rep.unit = form_at{affine::of(d), 0};
  rep.unit_bound = 1;
}

void lowering::lower_constant(ir::node_id n) {
  auto& rep = reps[n];
  const auto& op = prog.nodes[n].operation;
  if (const auto* c = std::get_if<ir::bool_const>(&op)) {
    rep.unit = form_at{c->value ? affine::of(one) : affine{}, 0};
    rep.unit_bound = 1;
    return;
  }
  const auto k = std::get<ir::int_const>(op).value;
  rep.unit = form_at{affine::of(one, static_cast<double>(k)), 0};
  rep.unit_bound = std::abs(static_cast<double>(k));
  // The u form k*U is made on demand by to_u(): it needs layer 0's uniform head.
}

}  // namespace crasp::lower
