// See reference.hpp. Deliberately naive: clarity over speed, and each rule of the language table
// in docs/language.md is one case below.
#include "reference.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <stdexcept>

namespace rnd {
namespace {

using column = std::vector<std::int64_t>;
using env = std::map<std::string, std::string>;  // symbol variable -> token

std::int64_t eval_pos(const pos& e, std::int64_t i, std::int64_t j) {
  const auto a = [&] { return eval_pos(e.kids[0], i, j); };
  const auto b = [&] { return eval_pos(e.kids[1], i, j); };
  switch (e.k) {
    case pos::i: return i;
    case pos::j: return j;
    case pos::lit: return e.value;
    case pos::true_: return 1;
    case pos::false_: return 0;
    case pos::add: return a() + b();
    case pos::sub: return a() - b();
    case pos::mul: return e.value * a();
    case pos::mod: return ((a() % e.value) + e.value) % e.value;  // always in [0, m)
    case pos::cmp: return cmp_holds(e.op, a(), b());
    case pos::and_: return a() != 0 && b() != 0;
    case pos::or_: return a() != 0 || b() != 0;
    case pos::not_: return a() == 0;
  }
  return 0;
}

struct evaluator {
  const program& p;
  const std::vector<std::string>& w;
  std::size_t current = 0;  // the statement being evaluated: names resolve before it
  std::vector<std::map<std::vector<std::string>, column>> values;  // [statement][instance]

  // The most recent earlier statement of that name (docs/language.md: shadowing).
  std::size_t resolve(const std::string& name) const {
    for (std::size_t k = current; k-- > 0;)
      if (p.stmts[k].name == name && p.stmts[k].form != statement::next_tok) return k;
    throw std::logic_error("unbound name " + name);
  }
  static const std::string& lookup(const env& en, const std::string& var) {
    const auto it = en.find(var);
    if (it == en.end()) throw std::logic_error("unbound variable " + var);
    return it->second;
  }

  bool in_guard(const guard& g, std::int64_t i, std::int64_t j) const {
    switch (g.form) {
      case guard::none: case guard::plain: return true;
      case guard::inline_le: case guard::inline_bare: return eval_pos(g.psi, i, j) != 0;
      case guard::named: case guard::named_le:
        return eval_pos(p.stmts[resolve(p.stmts[g.pred].name)].pred, i, j) != 0;
    }
    return false;
  }

  column map2(const expr& e, const env& en, std::int64_t (*f)(std::int64_t, std::int64_t)) {
    column a = eval(e.kids[0], en);
    const column b = eval(e.kids[1], en);
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = f(a[i], b[i]);
    return a;
  }

  column quantify(const expr& e, const env& en) {
    const auto& items = p.abc(e.alphabet).items;
    const auto index = [&](const std::string& t) { return std::find(items.begin(), items.end(), t) - items.begin(); };
    column acc(w.size(), e.k == ek::all ? 1 : 0);
    for (const auto& sym : items) {
      if (!e.where_var.empty() && !cmp_holds(e.op, index(sym), index(lookup(en, e.where_var))))
        continue;
      env inner = en;
      inner[e.text] = sym;
      const column v = eval(e.kids[0], inner);
      for (std::size_t i = 0; i < w.size(); ++i)
        acc[i] = e.k == ek::sum ? acc[i] + v[i] : e.k == ek::any ? (acc[i] || v[i]) : (acc[i] && v[i]);
    }
    return acc;
  }

  column eval(const expr& e, const env& en) {
    const std::size_t n = w.size();
    column out(n, 0);
    switch (e.k) {
      case ek::tok_lit: for (std::size_t i = 0; i < n; ++i) out[i] = w[i] == e.text; return out;
      case ek::tok_var: for (std::size_t i = 0; i < n; ++i) out[i] = w[i] == lookup(en, e.text); return out;
      case ek::bool_lit: case ek::int_lit: return column(n, e.value);
      case ek::periodic: for (std::size_t i = 0; i < n; ++i) out[i] = eval_pos(e.phi, i, 0) != 0; return out;
      case ek::pred_ref: {
        const pos& phi = p.stmts[resolve(p.stmts[e.target].name)].pred;
        for (std::size_t i = 0; i < n; ++i) out[i] = eval_pos(phi, i, 0) != 0;
        return out;
      }
      case ek::ref: {
        std::vector<std::string> key;
        for (const auto& a : e.args) key.push_back(a.front() == '"' ? a.substr(1, a.size() - 2) : lookup(en, a));
        const auto& inst = values.at(resolve(p.stmts[e.target].name));
        const auto it = inst.find(key);
        if (it == inst.end()) throw std::logic_error("no such instance");
        return it->second;
      }
      case ek::not_: { out = eval(e.kids[0], en); for (auto& v : out) v = v == 0; return out; }
      case ek::and_: return map2(e, en, [](std::int64_t a, std::int64_t b) -> std::int64_t { return a && b; });
      case ek::or_: return map2(e, en, [](std::int64_t a, std::int64_t b) -> std::int64_t { return a || b; });
      case ek::cmp: {
        const column a = eval(e.kids[0], en), b = eval(e.kids[1], en);
        for (std::size_t i = 0; i < n; ++i) out[i] = cmp_holds(e.op, a[i], b[i]);
        return out;
      }
      case ek::count: case ek::exists: {
        const column body = eval(e.kids[0], en);
        for (std::size_t i = 0; i < n; ++i) {
          for (std::size_t j = 0; j <= i; ++j) out[i] += in_guard(e.g, i, j) && body[j] != 0;
          if (e.k == ek::exists) out[i] = out[i] >= 1;
        }
        return out;
      }
      case ek::add: return map2(e, en, [](std::int64_t a, std::int64_t b) { return a + b; });
      case ek::sub: return map2(e, en, [](std::int64_t a, std::int64_t b) { return a - b; });
      case ek::min: return map2(e, en, [](std::int64_t a, std::int64_t b) { return std::min(a, b); });
      case ek::max: return map2(e, en, [](std::int64_t a, std::int64_t b) { return std::max(a, b); });
      case ek::scale: { out = eval(e.kids[0], en); for (auto& v : out) v *= e.value; return out; }
      case ek::neg: { out = eval(e.kids[0], en); for (auto& v : out) v = -v; return out; }
      case ek::cond: {
        const column c = eval(e.kids[0], en), a = eval(e.kids[1], en), b = eval(e.kids[2], en);
        for (std::size_t i = 0; i < n; ++i) out[i] = c[i] ? a[i] : b[i];
        return out;
      }
      case ek::any: case ek::all: case ek::sum: return quantify(e, en);
    }
    return out;
  }

  // Every binding of a family's parameters, first parameter slowest (symbol order).
  void instances(const statement& s, std::size_t k, env& en, std::vector<std::string>& key,
                 const std::function<void(const env&, const std::vector<std::string>&)>& f) {
    if (k == s.params.size()) return f(en, key);
    for (const auto& sym : p.abc(s.param_abc[k]).items) {
      en[s.params[k]] = sym;
      key.push_back(sym);
      instances(s, k + 1, en, key, f);
      key.pop_back();
    }
  }
};

}  // namespace

std::string next_set(std::vector<std::string> tokens) {
  std::sort(tokens.begin(), tokens.end());
  tokens.erase(std::unique(tokens.begin(), tokens.end()), tokens.end());
  std::string s = "{";
  for (std::size_t k = 0; k < tokens.size(); ++k) s += (k ? "," : "") + tokens[k];
  return s + "}";
}

evaluation evaluate(const program& p, const std::vector<std::string>& input) {
  evaluator ev{p, input, 0, std::vector<std::map<std::vector<std::string>, column>>(p.stmts.size())};
  evaluation out;
  // NEXT rules by token: a later rule for the same token replaces the earlier one (crasp warns
  // "redefinition of the next rule ... replaces the earlier one"; docs/language.md is silent).
  std::map<std::string, column> next;
  for (; ev.current < p.stmts.size(); ++ev.current) {
    const statement& s = p.stmts[ev.current];
    if (s.form != statement::assign && s.form != statement::family && s.form != statement::next_tok &&
        s.form != statement::next_family)
      continue;
    env en;
    std::vector<std::string> key;
    ev.instances(s, 0, en, key, [&](const env& bound, const std::vector<std::string>& k) {
      const column v = ev.eval(s.value, bound);
      if (s.form == statement::next_tok || s.form == statement::next_family) {
        next[s.form == statement::next_tok ? s.name : k[0]] = v;
        return;
      }
      ev.values[ev.current][k] = v;
      std::string name = s.name;
      for (std::size_t a = 0; a < k.size(); ++a) name += (a ? ",\"" : "[\"") + k[a] + "\"";
      out.statements.push_back({k.empty() ? name : name + "]", v});
    });
  }
  if (out.statements.empty() && !p.is_generator()) throw std::logic_error("no statement");
  for (std::size_t i = 0; i < input.size(); ++i) {
    std::vector<std::string> holds;
    for (const auto& [token, v] : next)
      if (v[i] != 0) holds.push_back(token);
    out.answers.push_back(p.is_generator() ? next_set(holds) : std::to_string(out.statements.back().values[i]));
  }
  return out;
}

}  // namespace rnd
