// Certified length: a worst-case floating-point error analysis of the assembled model.
//
// Every residual dimension gets a bound X on |value| and a bound E on its error at program
// positions, propagated sublayer by sublayer in the order the forward pass computes them, with
// the standard bound for a dot product of k terms, |fl(w.x) - w.x| <= gamma_k sum |w||x|,
// gamma_k = k eps / (1 - k eps), valid for any summation order (so for Eigen's GEMM too). The
// attention's sums over n keys are blocked pairwise (forward.cpp), so their k is
// s_n = attention_sum_terms(n) = 64 + ceil(log2(n / 64)), not n:
//
// - embedding and APE entries are exact (0, +-1, 1);
// - a uniform head's output is (sum of values) / n: exact integers sum exactly and one division
//   rounds (E = eps X); otherwise E = E_v + gamma_{s_n} X_v + eps X_v;
// - a guard head reads its target up to the leakage (n - 1) exp(-gap) of the other columns,
//   gap = 2 beta less twice the score rounding, plus gamma_{s_n} X_v of summation;
// - a phase head's weight on BOS has a relative error of its score's rounding plus a few eps;
// - a matching head (matching_head.cpp) averages over many top-scoring columns: a score error
//   delta reweighs them by up to e^(2 delta), so its rows add (e^(2 delta) - 1) X_v. Its
//   query is one-hot (two non-zero rows), which bounds delta by those rows; with exact keys
//   every score is exact and delta = 0;
// - every softmax head but a uniform one drops weights below e^-cutoff of the largest
//   (attention_cutoff): at most 2 X_v (n - 1) e^-cutoff more;
// - a clamp output is flat: with its input within tolerance, only the rounding of its own two
//   pre-activations reaches it (they differ by exactly 1), so E = 2 gamma_k (slope sum|w|X + 2);
// - a cleaning clamp (exact_booleans) reads a near-0/1 value within 1/4 and outputs exactly 0/1;
// - any other FFN output (AND, OR, min, max, ?:, conversions, gates) passes input errors on,
//   except that integer forms of exact integers are computed exactly;
// - token-gated dimensions (bounds::gate) are exactly 0 wherever their token is not current: a
//   token indicator, or an FFN output whose every unit is negative there by more than its error.
//   Of the terms of a form gated by different tokens at most one group is non-zero, so the sum
//   `sum s: (X[s] if tok(s) else 0)` costs one term's error and magnitude, not k of them.
//
// A clamp reading x is certified at n positions when E_x plus its pre-activation rounding (over
// the slope) stays below its tolerance: 1/4 in the unit scale, u/2 - 1/M in the u scale with
// u = 1/n (the smallest u of any position), u/2 for a phase test. Outputs must stay within 1/2
// of their decision threshold (a count output within 1/2 after scaling by n). Errors grow with
// n, so the certified length is found by bisection.
#include <algorithm>
#include <cmath>
#include <vector>
#include <cstdio>
#include <cstdlib>
#include <tuple>

#include "compile/builder.hpp"

namespace crasp::lower {

namespace {

constexpr int bos_dim = 1;  // the lowering's convention (see builder.cpp)

double gamma(double k, double eps) { return k * eps / std::max(1e-300, 1 - k * eps); }

/// Per dimension: the range [lo, hi] of its value at program positions, and its error bound.
///
/// gate[d] >= 0 says that dimension d is exactly 0 at every program position whose token is
/// not gate[d] (a token indicator, or an FFN output all of whose units are then inactive, such
/// as the terms of `sum s: (X[s] if tok(s) else 0)`). At most one token is current, so of the
/// terms of a form gated by different tokens at most one group is non-zero: sums, magnitudes,
/// errors and rounding take the largest group instead of all of them. A dot product's exact
/// zeros add no rounding, so gamma counts only the terms that can be non-zero together.
struct bounds {
  std::vector<double> lo, hi, E;
  std::vector<int> gate;
  mutable std::vector<double> acc_a, acc_b, acc_n;  // per token: scratch of the group sums
  mutable std::vector<int> groups;                   // tokens with a non-empty group

  [[nodiscard]] double mag(std::size_t d) const { return std::max(std::abs(lo[d]), std::abs(hi[d])); }

  /// Folds f's terms: returns (ungated a + extreme group a, ungated b + extreme group b,
  /// ungated count + largest group count). term(i, c) gives the pair (a, b) of a term; a
  /// group's a combines by min with 0 (lower ends), its b by max with 0 (upper ends and
  /// non-negative sums).
  template <class Term>
  [[nodiscard]] std::tuple<double, double, double> fold(const affine& f, Term term) const {
    double a = 0, b = 0, n = 0;
    for (auto [d, c] : f.terms) {
      const auto i = static_cast<std::size_t>(d);
      const auto [ta, tb] = term(i, c);
      const int g = gate[i];
      if (g < 0) {
        a += ta, b += tb, n += 1;
        continue;
      }
      const auto t = static_cast<std::size_t>(g);
      if (acc_n[t] == 0) groups.push_back(g);
      acc_a[t] += ta, acc_b[t] += tb, acc_n[t] += 1;
    }
    double ga = 0, gb = 0, gn = 0;
    for (const int g : groups) {
      const auto t = static_cast<std::size_t>(g);
      ga = std::min(ga, acc_a[t]), gb = std::max(gb, acc_b[t]), gn = std::max(gn, acc_n[t]);
      acc_a[t] = acc_b[t] = acc_n[t] = 0;
    }
    groups.clear();
    return {a + ga, b + gb, n + gn};
  }
  /// sum |c| |x|: what the rounding of a dot product is proportional to.
  [[nodiscard]] double x_of(const affine& f) const {
    return std::get<1>(fold(f, [&](std::size_t i, double c) {
      return std::pair{0.0, std::abs(c) * mag(i)};
    }));
  }
  /// Terms that can be non-zero at once (gamma's k).
  [[nodiscard]] double terms_of(const affine& f) const {
    return std::get<2>(fold(f, [](std::size_t, double) { return std::pair{0.0, 0.0}; }));
  }
  [[nodiscard]] std::pair<double, double> range_of(const affine& f) const {
    const auto [a, b, n] = fold(f, [&](std::size_t i, double c) {
      return c > 0 ? std::pair{c * lo[i], c * hi[i]} : std::pair{c * hi[i], c * lo[i]};
    });
    return {a, b};
  }
  /// sum |c| E: the input errors a form passes on.
  [[nodiscard]] double input_err(const affine& f) const {
    return std::get<1>(fold(f, [&](std::size_t i, double c) {
      return std::pair{0.0, std::abs(c) * E[i]};
    }));
  }
  [[nodiscard]] double e_of(const affine& f, double eps) const {
    return input_err(f) + gamma(terms_of(f), eps) * x_of(f);
  }
  /// Integer coefficients over exact integer values: computed exactly (magnitudes are small).
  [[nodiscard]] bool exact_integer(const affine& f) const {
    for (auto [d, c] : f.terms) {
      if (E[static_cast<std::size_t>(d)] != 0 || c != std::round(c)) return false;
    }
    return true;
  }
  /// The token t such that `in` is negative (so ReLU(in) exactly 0) at every program position
  /// whose token is not t: its terms gated by t are 0 there and the others stay below 0 with
  /// their error and rounding. -1 when no token does.
  ///
  /// Equal, bit for bit, to range_of(rest).second + e_of(rest, eps) < 0 with rest = the terms
  /// not gated by t, tried for each positive gated term in order; but every fold is done once:
  /// the ungated part is shared and the extreme group without t is the best or second-best
  /// group. (Rebuilding `rest` per term was quadratic in a unit's terms, and a 150-symbol
  /// program's units have hundreds.)
  [[nodiscard]] int gate_of_unit(const affine& in, double eps) const {
    struct part {
      double hi = 0, err = 0, n = 0, x = 0;  // range upper end, input error, terms, magnitude
    };
    part ungated;
    std::vector<std::pair<int, part>> parts;  // per gating token, in order of first term
    for (auto [d, c] : in.terms) {
      const auto i = static_cast<std::size_t>(d);
      const double hi_term = c > 0 ? c * hi[i] : c * lo[i];
      const double err_term = std::abs(c) * E[i];
      const double x_term = std::abs(c) * mag(i);
      part* p = &ungated;
      if (const int g = gate[i]; g >= 0) {
        const auto t = static_cast<std::size_t>(g);
        if (acc_n[t] == 0) {
          acc_n[t] = static_cast<double>(parts.size() + 1);  // scratch: 1 + index into parts
          parts.emplace_back(g, part{});
        }
        p = &parts[static_cast<std::size_t>(acc_n[t]) - 1].second;
      }
      p->hi += hi_term, p->err += err_term, p->n += 1, p->x += x_term;
    }
    for (const auto& [g, q] : parts) acc_n[static_cast<std::size_t>(g)] = 0;
    if (parts.empty()) return -1;
    // The two largest values of each quantity over the groups (each at least 0, as in fold).
    struct top2 {
      double first = 0, second = 0;
      int first_group = -1;
      void add(int g, double v) {
        if (v > first) second = first, first = v, first_group = g;
        else if (v > second) second = v;
      }
      [[nodiscard]] double without(int g) const { return g == first_group ? second : first; }
    };
    top2 t_hi, t_err, t_n, t_x;
    for (const auto& [g, q] : parts) t_hi.add(g, q.hi), t_err.add(g, q.err), t_n.add(g, q.n), t_x.add(g, q.x);
    for (auto [d, c] : in.terms) {
      const int t = gate[static_cast<std::size_t>(d)];
      if (t < 0 || c <= 0) continue;
      const double upper = ungated.hi + t_hi.without(t);
      const double err = ungated.err + t_err.without(t);
      const double n = ungated.n + t_n.without(t);
      const double x = ungated.x + t_x.without(t);
      if (upper + (err + gamma(n, eps) * x) < 0) return t;
    }
    return -1;
  }
};

}  // namespace

bool builder::certifies(int n, double eps, double slope) const {
  const std::size_t d = names_.size();
  bounds b;
  b.lo.assign(d, 0.0), b.hi.assign(d, 0.0), b.E.assign(d, 0.0), b.gate.assign(d, -1);
  b.acc_a.assign(vocab_.size(), 0.0), b.acc_b.assign(vocab_.size(), 0.0);
  b.acc_n.assign(vocab_.size(), 0.0);
  // Embedding and table entries are exact; their range is what program positions hold (the BOS
  // indicator is 0 there).
  std::vector<bool> seen(d, false);
  auto widen = [&](int dm, double v) {
    const auto i = static_cast<std::size_t>(dm);
    b.lo[i] = seen[i] ? std::min(b.lo[i], v) : v;
    b.hi[i] = seen[i] ? std::max(b.hi[i], v) : v;
    seen[i] = true;
  };
  {
    // Each token's embedding column, summed per dimension, kept sparse: the dense loop over
    // vocabulary x d_model was most of this function for 150-symbol programs, and it runs once
    // per step of certified_length()'s bisection.
    std::vector<std::tuple<int, int, double>> cells;  // (token, dim, value)
    cells.reserve(embed_.size());
    for (auto [dm, t, v] : embed_) cells.emplace_back(t, dm, v);
    std::sort(cells.begin(), cells.end(),
              [](const auto& x, const auto& y) { return std::tie(std::get<0>(x), std::get<1>(x)) <
                                                        std::tie(std::get<0>(y), std::get<1>(y)); });
    std::vector<std::tuple<int, int, double>> summed;
    for (auto [t, dm, v] : cells) {
      if (!summed.empty() && std::get<0>(summed.back()) == t && std::get<1>(summed.back()) == dm)
        std::get<2>(summed.back()) += v;
      else
        summed.emplace_back(t, dm, v);
    }
    std::vector<bool> is_bos(vocab_.size(), false);
    for (auto [t, dm, v] : summed)
      if (dm == bos_dim && v != 0) is_bos[static_cast<std::size_t>(t)] = true;
    const auto program_tokens =
        static_cast<std::size_t>(std::count(is_bos.begin(), is_bos.end(), false));
    std::vector<std::size_t> entries(d, 0);  // program tokens with a (summed) entry at the dim
    for (auto [t, dm, v] : summed) {
      if (is_bos[static_cast<std::size_t>(t)]) continue;
      widen(dm, v);
      ++entries[static_cast<std::size_t>(dm)];
    }
    // A program token without an entry holds 0 there.
    if (program_tokens > 0)
      for (std::size_t i = 0; i < d; ++i)
        if (entries[i] < program_tokens) widen(static_cast<int>(i), 0.0);
  }
  for (const auto& [dm, column] : table_) {
    seen[static_cast<std::size_t>(dm)] = false;
    for (std::size_t t = 1; t < column.size(); ++t) widen(dm, column[t]);
  }
  const double N = n;
  // The attention's weighted sums and denominators over N keys (blocked pairwise, forward.cpp).
  const double g_sum = gamma(model::attention_sum_terms(N), eps);
  // The softmax truncation of the precision eps stands for (2^-53: float64, else float32).
  const double cutoff = eps < 1e-10 ? model::attention_cutoff<double> : model::attention_cutoff<float>;
  std::vector<int> clamps_of(d, 0);
  std::vector<bool> exact(d, false);
  for (const auto& c : clamps_) {
    ++clamps_of[static_cast<std::size_t>(c.out)];
    if (c.exact) exact[static_cast<std::size_t>(c.out)] = true;
  }
  std::vector<int> written_by(d, -1);  // the layer whose FFN writes each dimension
  std::vector<int> writers(d, 0);      // FFN layers and attention rows writing it
  for (std::size_t l = 0; l < layers_.size(); ++l) {
    std::vector<bool> in_layer(d, false);
    for (const auto& u : layers_[l].units)
      for (auto [dm, coef] : u.out) {
        const auto i = static_cast<std::size_t>(dm);
        written_by[i] = static_cast<int>(l);
        if (!in_layer[i]) in_layer[i] = true, ++writers[i];
      }
    const auto rows = [&](const head_spec& h) {
      for (const auto& r : h.rows) ++writers[static_cast<std::size_t>(r.out)];
    };
    if (layers_[l].uniform) rows(*layers_[l].uniform);
    for (const auto& [offset, h] : layers_[l].guards) rows(h);
    for (const auto& [key, h] : layers_[l].shaped) rows(h);
  }
  // Token indicators: dimensions no layer writes, not in the APE table, whose embedding is
  // non-zero for one program token only. `fresh`: dimensions that hold 0 at program positions
  // until a layer writes them (no embedding or table entry there), the only ones an FFN can gate.
  std::vector<bool> fresh(d, true);
  {
    std::vector<bool> bos_token(vocab_.size(), false);
    for (auto [dm, t, v] : embed_)
      if (dm == bos_dim && v != 0) bos_token[static_cast<std::size_t>(t)] = true;
    std::vector<int> only(d, -1);  // -1: no token yet, -2: several
    for (auto [dm, t, v] : embed_) {
      const auto i = static_cast<std::size_t>(dm);
      if (bos_token[static_cast<std::size_t>(t)] || v == 0) continue;
      only[i] = only[i] == -1 || only[i] == t ? t : -2;
    }
    for (const auto& [dm, column] : table_) only[static_cast<std::size_t>(dm)] = -2;
    for (std::size_t i = 0; i < d; ++i) {
      if (writers[i] == 0 && only[i] >= 0) b.gate[i] = only[i];
      fresh[i] = only[i] == -1;
    }
  }

  int l = -1;
  for (const auto& layer : layers_) {
    ++l;
    // Attention: every head reads the residual before any head writes. An average of values
    // (the masked BOS value 0 among them) stays in [min(lo, 0), max(hi, 0)].
    struct out_bound {
      int dim;
      double lo, hi, e;
    };
    std::vector<out_bound> written;
    // The score's error at any pair of columns: rounding of q.k and the errors of q and k.
    auto input_err_of = [&](const affine& f) { return b.input_err(f); };
    auto score_error = [&](const head_spec& h, double beta, double K) {
      if (!h.shape) return gamma(2 * K + 4, eps) * beta * K * 2;  // bit heads: exact inputs
      double xq = 0, xk = 0, eq = 0, ek = 0, inputs = 0;
      for (std::size_t r = 0; r < h.shape->q.size(); ++r) {
        const affine& q = h.shape->q[r];
        const affine& k = h.shape->k[r];
        // A row's input error plus its rounding (a single term c x is off by at most eps |c x|).
        auto err = [&](const affine& f) {
          const double n_terms = static_cast<double>(f.terms.size());
          return input_err_of(f) + (n_terms == 1 ? eps : gamma(n_terms, eps)) * b.x_of(f);
        };
        const double Xq = b.x_of(q), Xk = b.x_of(k);
        const double Iq = input_err_of(q), Ik = input_err_of(k);
        xq = std::max(xq, Xq), xk = std::max(xk, Xk);
        eq = std::max(eq, err(q)), ek = std::max(ek, err(k));
        inputs += Xq * Ik + Xk * Iq + Iq * Ik;  // the bound below covers the rounding
      }
      if (h.shape->active_rows > 0) {
        // Query rows c x over exact 0/1 values and key rows that are exact integers in [-1, 1]:
        // every product is 0 or +-c exactly, and the at most two non-zero products sum
        // exactly, so every score is exactly what the construction says.
        bool exact_scores = true;
        for (std::size_t r = 0; r < h.shape->q.size() && exact_scores; ++r) {
          const affine& q = h.shape->q[r];
          const affine& k = h.shape->k[r];
          // the range of x itself (q = c x), not of c x
          const auto [qlo, qhi] = q.terms.empty() ? std::pair{0.0, 0.0}
                                                  : b.range_of(affine::of(q.terms.front().first));
          const auto [klo, khi] = b.range_of(k);
          exact_scores = q.terms.size() <= 1 && input_err_of(q) == 0 && qlo >= 0 && qhi <= 1 &&
                         b.exact_integer(k) && klo >= -1 && khi <= 1;
        }
        if (exact_scores && h.shape->active_rows <= 2) return 0.0;
        const double a = h.shape->active_rows;
        return a * (gamma(a + 2, eps) * xq * xk + xq * ek + eq * xk + eq * ek);
      }
      return gamma(2 * K + 4, eps) * beta * K * 2 + inputs;
    };
    auto read_rows = [&](const head_spec& h, bool uniform, bool phase, double beta, double K) {
      // One score error per head, shared by its value rows.
      const double score_err = uniform ? 0.0 : score_error(h, beta, K);
      for (const auto& r : h.rows) {
        auto [vlo, vhi] = b.range_of(r.value);
        vlo = std::min(vlo, 0.0);
        vhi = std::max(vhi, 0.0);
        // The BOS indicator is 0 at program positions, but its average is not: u <= 1/2 for
        // the U row, a weight <= 1 for a phase head.
        if (r.value.coeff(bos_dim) != 0 && vhi == 0) vhi = phase ? 1.0 : 0.5;
        const double xv = std::max(std::abs(vlo), std::abs(vhi));
        const double ev = b.e_of(r.value, eps);
        double e = 0;
        // Weights more than attention_cutoff below the query's maximum score are dropped
        // (forward.cpp); the maximum's own weight is 1, so the output moves by at most
        // 2 xv (N - 1) e^-cutoff.
        const double dropped = 2 * xv * (N - 1) * std::exp(-cutoff);
        if (uniform) {
          e = b.exact_integer(r.value) ? eps * xv : ev + g_sum * xv + eps * xv;
        } else {
          if (phase) {
            e = (std::expm1(2 * score_err) + 8 * eps) * xv + dropped;
          } else {
            const double gap = 2 * beta - 2 * score_err;
            const double leak = (N - 1) * std::exp(-gap);
            e = ev + 2 * xv * leak + g_sum * xv * (1 + leak) + eps * xv + dropped;
            // An average over many top-scoring columns: their scores differ by up to twice the
            // score error, which moves their relative weights by at most that factor.
            if (h.shape && h.shape->matching) e += std::expm1(2 * score_err) * xv;
          }
        }
        written.push_back({r.out, vlo, vhi, e});
      }
    };
    if (layer.uniform) read_rows(*layer.uniform, true, false, 0, 0);
    for (const auto& [offset, h] : layer.guards)
      read_rows(h, false, false, h.beta, static_cast<double>(h.qdims.size()));
    for (const auto& [key, h] : layer.shaped)
      read_rows(h, false, h.shape->phase, h.shape->beta, static_cast<double>(h.shape->q.size()) / 2);
    for (const auto& w : written) {
      const auto i = static_cast<std::size_t>(w.dim);
      b.lo[i] = w.lo;
      b.hi[i] = w.hi;
      b.E[i] = w.e;
    }
    // FFN: clamps are checked on the residual they read, then every output dimension is set.
    for (const auto& c : clamps_) {
      if (written_by[static_cast<std::size_t>(c.out)] != l) continue;
      const double rounding = gamma(b.terms_of(c.x) + 3, eps) *
                              (c.slope * b.x_of(c.x) + c.slope + 1) / c.slope;
      const double err = b.input_err(c.x);
      const double u = 1.0 / N;
      const double tol = c.exact ? 0.25 : !c.u_scale ? 0.25 : c.phase ? u / 2 : u / 2 - 1 / slope;
      if (!(err + rounding < tol)) return false;
    }
    std::vector<double> lo2(d, 0.0), hi2(d, 0.0), E2(d, 0.0), mag2(d, 0.0), terms(d, 0.0);
    std::vector<bool> touched(d, false), inexact(d, false);
    std::vector<int> gate2(d, -1);  // the gate of every unit writing the dimension, or -2
    for (const auto& u : layer.units) {
      const int g = b.gate_of_unit(u.in, eps);
      const auto [zlo, zhi] = b.range_of(u.in);
      const double hlo = std::max(0.0, zlo), hhi = std::max(0.0, zhi);
      const double za = b.x_of(u.in);
      const bool integral = b.exact_integer(u.in);
      const double rounding = gamma(b.terms_of(u.in), eps) * za;
      const double ea = integral ? 0.0 : b.e_of(u.in, eps);
      for (auto [dm, coef] : u.out) {
        const auto i = static_cast<std::size_t>(dm);
        gate2[i] = g < 0 || (touched[i] && gate2[i] != g) ? -2 : g;
        touched[i] = true;
        lo2[i] += coef > 0 ? coef * hlo : coef * hhi;
        hi2[i] += coef > 0 ? coef * hhi : coef * hlo;
        mag2[i] += std::abs(coef) * hhi;
        terms[i] += 1;
        if (!integral || coef != std::round(coef)) inexact[i] = true;
        // A clamp is flat: its input error (within tolerance) does not reach its output; only
        // the rounding of its own pre-activations does.
        E2[i] += std::abs(coef) * (clamps_of[i] > 0 ? rounding : ea);
      }
    }
    for (std::size_t i = 0; i < d; ++i) {
      if (!touched[i]) continue;
      // Written once, by units all gated by one token: 0 wherever another token is current.
      b.gate[i] = fresh[i] && writers[i] == 1 && gate2[i] >= 0 ? gate2[i] : -1;
      if (exact[i]) {  // a cleaning clamp: exactly 0 or 1
        b.lo[i] = 0, b.hi[i] = 1, b.E[i] = 0;
      } else if (clamps_of[i] > 0) {
        // h1 - h2 with h1 - h2 in [0, 1]: exact by Sterbenz when h2 >= h1 / 2, and otherwise
        // h1 < 2 (h1 - h2), so the subtraction rounds a number below 2.
        b.lo[i] = 0, b.hi[i] = clamps_of[i];
        b.E[i] = E2[i] + 3 * eps * (clamps_of[i] + E2[i]);
      } else if (!inexact[i]) {
        b.lo[i] = lo2[i], b.hi[i] = hi2[i], b.E[i] = 0;  // small integers of exact integers
      } else {
        b.lo[i] = lo2[i], b.hi[i] = hi2[i];
        b.E[i] = E2[i] + gamma(terms[i], eps) * mag2[i] + eps * mag2[i];
      }
    }
  }
  for (const auto& [label, form] : outputs_) {
    const double e = b.e_of(form, eps);
    if (label == "count" ? !(e * N < 0.5) : !(e < 0.5)) return false;
  }
  return true;
}

int builder::certified_length(double eps, double slope) const {
  if (!certifies(2, eps, slope)) return 0;
  int lo = 2, hi = max_len_;
  if (certifies(hi, eps, slope)) return hi;
  while (hi - lo > 1) {  // certifies(lo) and not certifies(hi)
    const int mid = lo + (hi - lo) / 2;
    (certifies(mid, eps, slope) ? lo : hi) = mid;
  }
  return lo;
}

}  // namespace crasp::lower
