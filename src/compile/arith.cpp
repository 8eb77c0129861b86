// Integer terms: +, -, k*, min, max and ?: , and the conversion of unit-scale terms to the u
// scale. Sums and scalings are linear forms. The others are exact ReLU gadgets on integers
// (or integer multiples of u), so they keep whatever small error their inputs carry:
//   min(a, b) = a - ReLU(a - b)        max(a, b) = b + ReLU(a - b)
//   c ? a : b = b + ReLU(x - B(1-c)) - ReLU(-x - B(1-c)),  x = a - b, B >= |x|, c exact 0/1
// A 0/1 Boolean moves to the u scale as ReLU(U + b - 1) (= U when b = 1, 0 when b = 0, since
// U <= 1/2 at every program position).
#include <algorithm>
#include <cmath>
#include <variant>

#include "compile/lowering.hpp"

namespace crasp::lower {

namespace {

// rep's u_bound from its free part and token groups (node_rep::u_groups).
void settle(node_rep& rep) {
  double top = 0;
  for (const auto& [t, g] : rep.u_groups) top = std::max(top, g);
  rep.u_bound = rep.u_free + top;
}

// The groups of a + s * b, by token.
void merge(node_rep& rep, const node_rep& a, const node_rep& b, double s) {
  rep.u_free = a.u_free + std::abs(s) * b.u_free;
  rep.u_groups = a.u_groups;
  for (const auto& [t, g] : b.u_groups) {
    auto it = std::find_if(rep.u_groups.begin(), rep.u_groups.end(),
                           [t = t](const auto& x) { return x.first == t; });
    if (it == rep.u_groups.end()) rep.u_groups.emplace_back(t, std::abs(s) * g);
    else it->second += std::abs(s) * g;
  }
  settle(rep);
}

struct scaled_forms {
  form_at a, b;
  double bound_a = 0, bound_b = 0;
  bool unit = true;
};

}  // namespace

form_at lowering::relu_sum(const std::string& name, int ready,
                           const std::vector<std::pair<affine, double>>& units) {
  const int slot = ffn_slot_after(ready);
  const int d = b.dim(name);
  for (const auto& [in, c] : units) b.ffn_unit(layer_of(slot), in, {{d, c}});
  stats.logic_units += static_cast<int>(units.size());
  return form_at{affine::of(d), slot};
}

form_at lowering::to_u(ir::node_id n) {
  auto& rep = reps[n];
  if (rep.u) return *rep.u;
  const form_at U = u_dim();
  const auto& node = prog.nodes[n];
  auto bool_to_u = [&](const form_at& bf, const std::string& name) {
    affine in = U.f + bf.f;
    in.add(one, -1.0);
    return relu_sum(name, std::max(bf.ready, U.ready), {{in, 1.0}});
  };
  form_at out;
  double bound = 0;
  std::visit(
      [&](const auto& op) {
        using T = std::decay_t<decltype(op)>;
        if constexpr (std::is_same_v<T, ir::int_const>) {
          out = form_at{U.f.scaled(static_cast<double>(op.value)), U.ready};
          bound = std::abs(static_cast<double>(op.value));
        } else if constexpr (std::is_same_v<T, ir::count>) {
          // A local count: the sum of its 0/1 parts, each moved to the u scale, in one dimension.
          std::vector<std::pair<affine, double>> units;
          int ready = U.ready;
          for (const auto& part : rep.parts) {
            affine in = U.f + part.f;
            in.add(one, -1.0);
            units.emplace_back(in, 1.0);
            ready = std::max(ready, part.ready);
          }
          out = relu_sum("u*" + labels[n], ready, units);
          bound = static_cast<double>(rep.parts.size());
        } else if constexpr (std::is_same_v<T, ir::add> || std::is_same_v<T, ir::sub>) {
          const form_at a = to_u(op.a), c = to_u(op.b);
          const double s = std::is_same_v<T, ir::add> ? 1.0 : -1.0;
          out = form_at{affine{a.f}.add(c.f, s), std::max(a.ready, c.ready)};
          bound = reps[op.a].u_bound + reps[op.b].u_bound;
        } else if constexpr (std::is_same_v<T, ir::scale>) {
          const form_at a = to_u(op.a);
          out = form_at{a.f.scaled(static_cast<double>(op.k)), a.ready};
          bound = std::abs(static_cast<double>(op.k)) * reps[op.a].u_bound;
        } else if constexpr (std::is_same_v<T, ir::min_> || std::is_same_v<T, ir::max_>) {
          const form_at a = to_u(op.a), c = to_u(op.b);
          const int ready = std::max(a.ready, c.ready);
          const form_at r = relu_sum("u*" + labels[n], ready, {{a.f - c.f, 1.0}});
          out = std::is_same_v<T, ir::min_> ? form_at{a.f - r.f, r.ready}
                                            : form_at{c.f + r.f, r.ready};
          bound = std::max(reps[op.a].u_bound, reps[op.b].u_bound);
        } else if constexpr (std::is_same_v<T, ir::select>) {
          const form_at a = to_u(op.a), c = to_u(op.b);
          const form_at& cond = unit(op.cond);
          const double big = reps[op.a].u_bound + reps[op.b].u_bound + 1;
          const affine x = a.f - c.f;
          affine off = affine::of(one, big) - cond.f.scaled(big);  // B(1 - c)
          const form_at r = relu_sum("u*" + labels[n],
                                     std::max({a.ready, c.ready, cond.ready}),
                                     {{x - off, 1.0}, {x.scaled(-1) - off, -1.0}});
          out = form_at{c.f + r.f, r.ready};
          bound = std::max(reps[op.a].u_bound, reps[op.b].u_bound);
        } else {
          // Booleans (compare, token tests, logic, periodic) move as 0/1 values.
          out = bool_to_u(unit(n), "u*" + labels[n]);
          bound = 1;
        }
      },
      node.operation);
  rep.u = out;
  // Sums, differences and multiples of token-gated terms keep their groups; `X if tok(s) else
  // 0` (or `0 if tok(s) else X`... only the first) starts one; anything else is free.
  std::visit(
      [&](const auto& op) {
        using T = std::decay_t<decltype(op)>;
        if constexpr (std::is_same_v<T, ir::add> || std::is_same_v<T, ir::sub>) {
          merge(rep, reps[op.a], reps[op.b], std::is_same_v<T, ir::add> ? 1.0 : -1.0);
        } else if constexpr (std::is_same_v<T, ir::scale>) {
          const double k = std::abs(static_cast<double>(op.k));
          rep.u_free = k * reps[op.a].u_free;
          rep.u_groups = reps[op.a].u_groups;
          for (auto& [t, g] : rep.u_groups) g *= k;
          settle(rep);
        } else if constexpr (std::is_same_v<T, ir::select>) {
          const auto* test = std::get_if<ir::token_test>(&prog.nodes[op.cond].operation);
          const auto* zero = std::get_if<ir::int_const>(&prog.nodes[op.b].operation);
          if (test != nullptr && zero != nullptr && zero->value == 0) {
            rep.u_free = 0;
            rep.u_groups = {{test->token, bound}};
            settle(rep);
          } else {
            rep.u_free = rep.u_bound = bound;
          }
        } else {
          rep.u_free = rep.u_bound = bound;
        }
      },
      node.operation);
  return out;
}

void lowering::lower_arith(ir::node_id n) {
  auto& rep = reps[n];
  std::visit(
      [&](const auto& op) {
        using T = std::decay_t<decltype(op)>;
        if constexpr (std::is_same_v<T, ir::add> || std::is_same_v<T, ir::sub>) {
          const double s = std::is_same_v<T, ir::add> ? 1.0 : -1.0;
          const auto &A = reps[op.a], &B = reps[op.b];
          if (A.unit && B.unit) {
            rep.unit = form_at{affine{A.unit->f}.add(B.unit->f, s),
                               std::max(A.unit->ready, B.unit->ready)};
            rep.unit_bound = A.unit_bound + B.unit_bound;
          }
          if (A.u && B.u) {
            rep.u = form_at{affine{A.u->f}.add(B.u->f, s), std::max(A.u->ready, B.u->ready)};
            rep.u_bound = A.u_bound + B.u_bound;
          }
        } else if constexpr (std::is_same_v<T, ir::scale>) {
          const auto& A = reps[op.a];
          const double k = static_cast<double>(op.k);
          if (A.unit) {
            rep.unit = form_at{A.unit->f.scaled(k), A.unit->ready};
            rep.unit_bound = std::abs(k) * A.unit_bound;
          }
          if (A.u) {
            rep.u = form_at{A.u->f.scaled(k), A.u->ready};
            rep.u_bound = std::abs(k) * A.u_bound;
          }
        } else if constexpr (std::is_same_v<T, ir::min_> || std::is_same_v<T, ir::max_>) {
          const auto &A = reps[op.a], &B = reps[op.b];
          if (!(A.unit && B.unit)) return;  // u form made by to_u() when a user needs it
          const int ready = std::max(A.unit->ready, B.unit->ready);
          const form_at r = relu_sum("min/max:" + labels[n], ready, {{A.unit->f - B.unit->f, 1.0}});
          rep.unit = std::is_same_v<T, ir::min_> ? form_at{A.unit->f - r.f, r.ready}
                                                 : form_at{B.unit->f + r.f, r.ready};
          rep.unit_bound = std::max(A.unit_bound, B.unit_bound);
        } else if constexpr (std::is_same_v<T, ir::select>) {
          const auto &A = reps[op.a], &B = reps[op.b];
          if (!(A.unit && B.unit)) return;
          const form_at& cond = unit(op.cond);
          const double big = A.unit_bound + B.unit_bound + 1;
          const affine x = A.unit->f - B.unit->f;
          const affine off = affine::of(one, big) - cond.f.scaled(big);
          const form_at r = relu_sum("select:" + labels[n],
                                     std::max({A.unit->ready, B.unit->ready, cond.ready}),
                                     {{x - off, 1.0}, {x.scaled(-1) - off, -1.0}});
          rep.unit = form_at{B.unit->f + r.f, r.ready};
          rep.unit_bound = std::max(A.unit_bound, B.unit_bound);
        }
      },
      prog.nodes[n].operation);
}

}  // namespace crasp::lower
