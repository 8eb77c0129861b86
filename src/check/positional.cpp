// Exact decision of translation invariance, locality and periodicity (see positional.hpp).
#include "check/positional.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <utility>

namespace crasp::checker {
namespace {

__extension__ typedef __int128 i128;

// Coefficients beyond this are reported instead of risking overflow in evaluation
// (T + L <= 2e6, so every evaluated value stays far inside 128 bits).
constexpr i128 coef_limit = static_cast<i128>(1) << 40;

i128 iabs(i128 x) { return x < 0 ? -x : x; }

i128 floor_mod(i128 x, i128 m) {
  i128 r = x % m;
  return r < 0 ? r + m : r;
}

// a*i + b*j + c + sum(coef * value of mod term #idx)
struct lin {
  i128 a = 0, b = 0, c = 0;
  std::vector<std::pair<i128, int>> mods;
  [[nodiscard]] bool is_const() const { return a == 0 && b == 0 && mods.empty(); }
};

struct mod_term {
  i128 m = 1;
  i128 period = 1;  // lcm of m and the periods of the mod terms inside
};

class normaliser {
 public:
  normaliser(const ptree& t, bool guard) : t_(t), guard_(guard) {}

  std::optional<pos_error> err;
  i128 threshold = 0;
  i128 period = 1;

  // Walks the Boolean structure; every comparison is an atom.
  void boolean(int n) {
    if (err) return;
    const pnode& p = t_.nodes.at(static_cast<std::size_t>(n));
    switch (p.k) {
      case pkind::bool_const: return;
      case pkind::not_: boolean(p.a); return;
      case pkind::and_:
      case pkind::or_: boolean(p.a); boolean(p.b); return;
      case pkind::cmp: atom(p); return;
      default: return;  // the checker only builds Boolean roots
    }
  }

 private:
  const ptree& t_;
  bool guard_;
  std::vector<mod_term> mods_;

  void fail(pos_error::reason why, span where, std::string detail = {}) {
    if (err) return;
    err = pos_error{};
    err->why = why;
    err->where = where;
    err->detail = std::move(detail);
  }

  bool check(const lin& l, span where) {
    auto big = [](i128 x) { return iabs(x) > coef_limit; };
    bool bad = big(l.a) || big(l.b) || big(l.c);
    for (const auto& m : l.mods) bad = bad || big(m.first);
    if (bad) fail(pos_error::reason::overflow, where);
    return !bad;
  }

  static const char* dependence(i128 a, i128 b) {
    if (b == 0) return "i alone";
    if (a == 0) return "j alone";
    return "i and j separately";
  }

  static lin scaled(lin l, i128 k) {
    l.a *= k;
    l.b *= k;
    l.c *= k;
    for (auto& m : l.mods) m.first *= k;
    return l;
  }

  static lin sum(lin x, const lin& y, i128 sign) {
    x.a += sign * y.a;
    x.b += sign * y.b;
    x.c += sign * y.c;
    for (const auto& m : y.mods) x.mods.emplace_back(sign * m.first, m.second);
    return x;
  }

  lin term(int n) {
    if (err) return {};
    const pnode& p = t_.nodes.at(static_cast<std::size_t>(n));
    lin r;
    switch (p.k) {
      case pkind::int_const: r.c = p.value; break;
      case pkind::var_i: r.a = 1; break;
      case pkind::var_j:
        if (!guard_) fail(pos_error::reason::uses_j, p.where);
        r.b = 1;
        break;
      case pkind::add: r = sum(term(p.a), term(p.b), 1); break;
      case pkind::sub: r = sum(term(p.a), term(p.b), -1); break;
      case pkind::neg: r = scaled(term(p.a), -1); break;
      case pkind::mul: {
        lin x = term(p.a), y = term(p.b);
        if (err) return {};
        if (y.is_const()) {
          r = scaled(x, y.c);
        } else if (x.is_const()) {
          r = scaled(y, x.c);
        } else {
          fail(pos_error::reason::nonlinear, p.where);
        }
        break;
      }
      case pkind::mod: r = modulo(p); break;
      default: break;  // Boolean nodes never appear under a term (the checker's types ensure it)
    }
    if (!err) check(r, p.where);
    return err ? lin{} : r;
  }

  lin modulo(const pnode& p) {
    lin x = term(p.a), y = term(p.b);
    if (err) return {};
    if (!y.is_const() || y.c <= 0) {
      fail(pos_error::reason::bad_modulus, t_.nodes.at(static_cast<std::size_t>(p.b)).where);
      return {};
    }
    i128 m = y.c;
    lin r;
    if (x.is_const()) {
      r.c = floor_mod(x.c, m);
      return r;
    }
    // (a i + b j + ...) % m is a function of i - j when a + b is a multiple of m.
    if (guard_ && floor_mod(x.a + x.b, m) != 0) {
      fail(pos_error::reason::not_invariant, p.where, dependence(x.a, x.b));
      return {};
    }
    mod_term mt;
    mt.m = m;
    mt.period = m;
    for (const auto& inner : x.mods) mt.period = lcm(mt.period, mods_[static_cast<std::size_t>(inner.second)].period);
    if (err) return {};
    mods_.push_back(mt);
    period = lcm(period, mt.period);
    r.mods.emplace_back(1, static_cast<int>(mods_.size()) - 1);
    return r;
  }

  i128 lcm(i128 x, i128 y) {
    i128 g = std::gcd(static_cast<long long>(x), static_cast<long long>(y));
    i128 r = x / g * y;
    if (r > static_cast<i128>(decision_limit)) {
      fail(pos_error::reason::too_large, {});
      if (err) err->period = static_cast<std::uint64_t>(std::min<i128>(r, static_cast<i128>(UINT64_MAX)));
      return 1;
    }
    return r;
  }

  void atom(const pnode& p) {
    lin l = sum(term(p.a), term(p.b), -1);
    if (err || !check(l, p.where)) return;
    if (guard_ && l.a + l.b != 0) {
      fail(pos_error::reason::not_invariant, p.where, dependence(l.a, l.b));
      return;
    }
    if (l.a == 0) return;  // periodic in d (or constant): no sign change to wait for
    // Past T the linear part outweighs every modulus term and the constant: a fixed sign.
    i128 bound = iabs(l.c);
    for (const auto& m : l.mods) bound += iabs(m.first) * (mods_[static_cast<std::size_t>(m.second)].m - 1);
    threshold = std::max(threshold, bound / iabs(l.a) + 1);
  }
};

i128 eval_term(const ptree& t, int n, i128 i, i128 j);

bool eval_bool(const ptree& t, int n, i128 i, i128 j) {
  const pnode& p = t.nodes.at(static_cast<std::size_t>(n));
  switch (p.k) {
    case pkind::bool_const: return p.value != 0;
    case pkind::not_: return !eval_bool(t, p.a, i, j);
    case pkind::and_: return eval_bool(t, p.a, i, j) && eval_bool(t, p.b, i, j);
    case pkind::or_: return eval_bool(t, p.a, i, j) || eval_bool(t, p.b, i, j);
    case pkind::cmp: {
      i128 x = eval_term(t, p.a, i, j), y = eval_term(t, p.b, i, j);
      switch (p.op) {
        case pcmp::lt: return x < y;
        case pcmp::le: return x <= y;
        case pcmp::eq: return x == y;
        case pcmp::ne: return x != y;
        case pcmp::ge: return x >= y;
        case pcmp::gt: return x > y;
      }
      return false;
    }
    default: return false;
  }
}

i128 eval_term(const ptree& t, int n, i128 i, i128 j) {
  const pnode& p = t.nodes.at(static_cast<std::size_t>(n));
  switch (p.k) {
    case pkind::int_const: return p.value;
    case pkind::var_i: return i;
    case pkind::var_j: return j;
    case pkind::add: return eval_term(t, p.a, i, j) + eval_term(t, p.b, i, j);
    case pkind::sub: return eval_term(t, p.a, i, j) - eval_term(t, p.b, i, j);
    case pkind::mul: return eval_term(t, p.a, i, j) * eval_term(t, p.b, i, j);
    case pkind::neg: return -eval_term(t, p.a, i, j);
    case pkind::mod: return floor_mod(eval_term(t, p.a, i, j), eval_term(t, p.b, i, j));
    default: return 0;
  }
}

// Runs the normaliser and checks the decision bounds; fills T and L.
std::optional<pos_error> normalise(const ptree& t, int root, bool guard, std::uint64_t& T,
                                   std::uint64_t& L) {
  normaliser nz(t, guard);
  nz.boolean(root);
  if (nz.err) return nz.err;
  if (nz.threshold > static_cast<i128>(decision_limit) || nz.period > static_cast<i128>(decision_limit)) {
    pos_error e;
    e.why = pos_error::reason::too_large;
    e.threshold = static_cast<std::uint64_t>(std::min<i128>(nz.threshold, static_cast<i128>(UINT64_MAX)));
    e.period = static_cast<std::uint64_t>(nz.period);
    return e;
  }
  T = static_cast<std::uint64_t>(nz.threshold);
  L = static_cast<std::uint64_t>(nz.period);
  return std::nullopt;
}

}  // namespace

std::variant<guard_result, pos_error> decide_guard(const ptree& t, int root) {
  std::uint64_t T = 0, L = 1;
  if (auto e = normalise(t, root, true, T, L)) return *e;
  // Translation invariant: psi(i, j) == psi(i - j, 0). Past T it repeats with period L.
  auto psi = [&](std::uint64_t d) { return eval_bool(t, root, static_cast<i128>(d), 0); };
  bool any_true = false, any_false = false;
  for (std::uint64_t d = T; d < T + L; ++d) (psi(d) ? any_true : any_false) = true;
  guard_result g;
  if (!any_true) {
    for (std::uint64_t d = 0; d < T; ++d)
      if (psi(d)) g.offsets.push_back(static_cast<std::uint32_t>(d));
    return g;
  }
  pos_error e;
  e.why = pos_error::reason::not_local;
  e.threshold = T;
  e.period = L;
  if (!any_false) {
    for (std::uint64_t d = 0; d < T; ++d)
      if (!psi(d)) e.complement.push_back(static_cast<std::uint32_t>(d));
    if (e.complement.empty()) {  // true for every d >= 0: the unguarded count
      g.all = true;
      return g;
    }
    e.colocal = true;
  }
  return e;
}

std::variant<std::vector<bool>, pos_error> decide_periodic(const ptree& t, int root) {
  std::uint64_t T = 0, L = 1;
  if (auto e = normalise(t, root, false, T, L)) return *e;
  auto phi = [&](std::uint64_t x) { return eval_bool(t, root, static_cast<i128>(x), 0); };
  // Periodic at all iff the eventual period L already holds from 0 (see positional.hpp).
  for (std::uint64_t x = 0; x < T; ++x) {
    if (phi(x) != phi(x + L)) {
      pos_error e;
      e.why = pos_error::reason::not_periodic;
      e.threshold = T;
      e.period = L;
      return e;
    }
  }
  std::vector<bool> res(L);
  for (std::uint64_t x = 0; x < L; ++x) res[x] = phi(x);
  // Canonical form: the minimal period (a divisor of L), so equal predicates hash-cons together.
  for (std::uint64_t p = 1; p < L; ++p) {
    if (L % p != 0) continue;
    bool ok = true;
    for (std::uint64_t x = p; x < L && ok; ++x) ok = res[x] == res[x % p];
    if (ok) {
      res.resize(p);
      break;
    }
  }
  return res;
}

std::string offsets_condition(const std::vector<std::uint32_t>& offsets) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;
  for (std::uint32_t d : offsets) {
    if (!ranges.empty() && ranges.back().second + 1 == d)
      ranges.back().second = d;
    else
      ranges.emplace_back(d, d);
  }
  std::string out;
  for (const auto& [lo, hi] : ranges) {
    if (!out.empty()) out += " || ";
    if (lo == hi)
      out += "i - j == " + std::to_string(lo);
    else if (lo == 0)
      out += "i - j <= " + std::to_string(hi);
    else  // && binds tighter than ||: no parentheses needed
      out += "i - j >= " + std::to_string(lo) + " && i - j <= " + std::to_string(hi);
  }
  return out;
}

std::string residues_condition(const std::vector<bool>& residues) {
  std::string out;
  bool all = true;
  for (std::size_t r = 0; r < residues.size(); ++r) {
    if (!residues[r]) {
      all = false;
      continue;
    }
    if (!out.empty()) out += " || ";
    out += "i % " + std::to_string(residues.size()) + " == " + std::to_string(r);
  }
  if (all) return "true";
  return out.empty() ? "false" : out;
}

}  // namespace crasp::checker
