// Comparisons of integer terms. The difference d of the two sides is an integer (unit scale:
// terms made only of local counts and constants) or an integer multiple of u (any term with an
// unguarded count). A two-unit clamp turns [x >= 0] into an exact 0/1:
//   unit scale:  ReLU(2x + 3/2) - ReLU(2x + 1/2)                  flat outside (-3/4, -1/4)
//   u scale:     ReLU(M x + M u/2) - ReLU(M x + M u/2 - 1)        flat outside (-u/2, 1/M - u/2)
// With M = 4 * max_len and u >= 1/max_len the u-scale clamp tolerates an error of u/4 in d at
// every position of the designed range. >, <, <= shift or negate x; == adds the clamps of d and
// -d (one of them is always 1) and != is its complement, all in one residual dimension.
#include <optional>
#include <variant>

#include "compile/lowering.hpp"

namespace crasp::lower {

namespace {

// The clamp's two units for [x >= 0] (x a form), added with sign `sign` into the result.
void clamp_units(std::vector<std::pair<affine, double>>& units, const affine& x, bool u_scale,
                 double slope, int one, int u, double sign) {
  if (u_scale) {
    affine a = x.scaled(slope);
    a.add(u, slope / 2);
    affine b2 = a;
    b2.add(one, -1.0);
    units.emplace_back(a, sign);
    units.emplace_back(b2, -sign);
  } else {
    affine a = x.scaled(2.0);
    affine b1 = a;
    b1.add(one, 1.5);
    a.add(one, 0.5);
    units.emplace_back(b1, sign);
    units.emplace_back(a, -sign);
  }
}

}  // namespace

form_at lowering::clamp_ge(const std::string& name, const affine& x, bool u_scale, int ready,
                           bool phase) {
  int u = -1;
  if (u_scale) {
    const form_at ud = u_dim();
    u = ud.f.terms.front().first;
    ready = std::max(ready, ud.ready);
  }
  std::vector<std::pair<affine, double>> units;
  clamp_units(units, x, u_scale, compare_slope(), one, u, 1);
  ++stats.comparisons;
  form_at out = relu_sum(name, ready, units);
  b.add_clamp({x, u_scale, u_scale ? compare_slope() : 2.0, out.f.terms.front().first, phase});
  return cleaned(name, out);
}

form_at lowering::cleaned(const std::string& name, const form_at& in) {
  return exact_booleans ? clean(name, in) : in;
}

form_at lowering::clean(const std::string& name, const form_at& in) {
  // The unit clamp of x = b - 1: ReLU(2b - 1/2) - ReLU(2b - 3/2). For b within 1/4 of 0 both
  // pre-activations round to at most 0 (rounding is monotone), so the output is exactly 0. For
  // b within 1/4 of 1, 2b is exact and in [3/2, 5/2], and 2b - 1/2 in [1, 2] and 2b - 3/2 in
  // [0, 1] are multiples of 2b's ulp that are representable, so both units and their
  // difference are exact: the output is exactly 1.
  const affine x = in.f - affine::of(one);
  std::vector<std::pair<affine, double>> units;
  clamp_units(units, x, false, 2.0, one, -1, 1);
  const form_at out = relu_sum("clean:" + name, in.ready, units);
  b.add_clamp({x, false, 2.0, out.f.terms.front().first, false, /*exact=*/true});
  return out;
}

/// The count of `#[g] B >= 1` (also `> 0`, `1 <= #`, `0 < #`) when g has a single offset: its
/// value is B read at one position, already a 0/1 value, so no clamp is needed (the
/// previous-token head of `exists[prev] tok(s)`). nullopt for any other comparison.
std::optional<ir::node_id> lowering::single_read(const ir::compare& op) const {
  auto local_one = [&](ir::node_id x) {
    const auto* c = std::get_if<ir::count>(&prog.nodes[x].operation);
    return c != nullptr && c->local && c->offsets.size() == 1;
  };
  auto constant = [&](ir::node_id x, std::int64_t v) {
    const auto* k = std::get_if<ir::int_const>(&prog.nodes[x].operation);
    return k != nullptr && k->value == v;
  };
  if (local_one(op.a) && ((op.op == ir::cmp::ge && constant(op.b, 1)) ||
                          (op.op == ir::cmp::gt && constant(op.b, 0))))
    return op.a;
  if (local_one(op.b) && ((op.op == ir::cmp::le && constant(op.a, 1)) ||
                          (op.op == ir::cmp::lt && constant(op.a, 0))))
    return op.b;
  return std::nullopt;
}

void lowering::lower_compare(ir::node_id n, const ir::compare& op) {
  if (const auto read = single_read(op)) {
    const form_at& v = unit(*read);
    probes.push_back(probe{"result of " + labels[n], v.ready, v.f.terms, probe_scale::unit, 0.25, n});
    auto& rep = reps[n];
    // A rotary read is gated by [p + 1 >= c], a u-scale clamp whose rounding (about eps * M)
    // the gated read carries: cleaned, it is exact, for one FFN level (what the comparison
    // clamp cost before). An APE read only carries its small leakage.
    const bool rotary = opts.pe == model::positional::rope;
    rep.unit = rotary ? clean("read:" + labels[n], v) : cleaned("read:" + labels[n], v);
    rep.exact01 = rotary || exact_booleans;
    rep.unit_bound = 1;
    return;
  }
  const bool unit_scale = reps[op.a].unit && reps[op.b].unit;
  form_at fa = unit_scale ? unit(op.a) : to_u(op.a);
  form_at fb = unit_scale ? unit(op.b) : to_u(op.b);
  const affine d = fa.f - fb.f;
  int ready = std::max(fa.ready, fb.ready);
  int u = -1;
  affine step = affine::of(one);  // the difference between adjacent integers in this scale
  if (!unit_scale) {
    const form_at ud = u_dim();
    u = ud.f.terms.front().first;
    step = ud.f;
    ready = std::max(ready, ud.ready);
  }
  const double slope = compare_slope();
  std::vector<affine> clamped;  // the x of every clamp
  switch (op.op) {
    case ir::cmp::ge: clamped = {d}; break;
    case ir::cmp::gt: clamped = {d - step}; break;
    case ir::cmp::le: clamped = {d.scaled(-1)}; break;
    case ir::cmp::lt: clamped = {d.scaled(-1) - step}; break;
    case ir::cmp::eq:
    case ir::cmp::ne: clamped = {d, d.scaled(-1)}; break;
  }
  // One dimension per clamp (two units each): the error analysis relies on a clamp's two units
  // being the only terms of its output.
  form_at out{affine{}, 0};
  for (std::size_t k = 0; k < clamped.size(); ++k) {
    std::vector<std::pair<affine, double>> units;
    clamp_units(units, clamped[k], !unit_scale, slope, one, u, 1);
    const form_at c = relu_sum("cmp:" + labels[n] + (k == 0 ? "" : ".le"), ready, units);
    b.add_clamp({clamped[k], !unit_scale, unit_scale ? 2.0 : slope, c.f.terms.front().first, false});
    out.f.add(c.f);
    out.ready = c.ready;
  }
  if (op.op == ir::cmp::eq) out.f.add(one, -1.0);                     // c1 + c2 - 1
  if (op.op == ir::cmp::ne) out.f = affine::of(one, 2.0) - out.f;     // 1 - (c1 + c2 - 1)
  // The result as computed, against the interpreter's value of the comparison. The input probe
  // below cannot see an error that arises inside the clamp: when the precision cannot resolve
  // M * x and M * x - 1 (float32 past 2^24, e.g. a constant far above max_len), both round to
  // one number and the clamp yields a clean 0 where 1 is due; only the true value exposes it.
  // Tolerance 1/4: what a cleaning clamp absorbs, half the way to an output's threshold.
  probes.push_back(probe{"result of " + labels[n], out.ready, out.f.terms, probe_scale::unit,
                         0.25, n});
  auto& rep = reps[n];
  rep.unit = cleaned("cmp:" + labels[n], out);
  rep.unit_bound = 1;
  ++stats.comparisons;
  probes.push_back(probe{"compare " + labels[n], ffn_slot_after(ready) - 1, d.terms,
                         unit_scale ? probe_scale::unit : probe_scale::u, 0.25});
}

}  // namespace crasp::lower
