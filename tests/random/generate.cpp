// The random program generator: well-typed .crasp programs covering every construct of
// docs/language.md (token tests, counts with every guard form, exists, periodic predicates inline
// and named, imports, arithmetic, comparisons, ?: and if-else, min/max, Boolean connectives,
// alphabets, families, instances, any/all/sum with `where`, shadowing, next rules). Sizes are
// bounded (statements, depth, nested counts) so that every program compiles to a small model.
#include <algorithm>

#include "positional.hpp"

namespace rnd {
namespace {

struct var { std::string name, abc; };

struct generator {
  rng_t rng;
  gen_options o;
  program p;
  std::vector<std::string> pool;  // tokens a token test may name
  std::vector<var> vars;          // symbol variables in scope
  int counts_left = 2;            // nested counts still allowed in this statement
  int fresh = 0;

  std::int64_t pick(std::int64_t n) { return rnd::pick(rng, n); }
  bool chance(double x) { return rnd::chance(rng, x); }

  // Statements a name can refer to now: values (latest of each name) or predicates.
  std::vector<int> visible(bool want_pred, bool binary, ty t) const {
    std::vector<int> out;
    for (int k = 0; k < static_cast<int>(p.stmts.size()); ++k) {
      const auto& s = p.stmts[k];
      bool shadowed = false;
      for (std::size_t l = k + 1; l < p.stmts.size(); ++l) shadowed |= p.stmts[l].name == s.name;
      if (shadowed) continue;
      const bool pred = s.form == statement::predicate1 || s.form == statement::predicate2 ||
                        s.form == statement::import_;
      const bool bin = s.form == statement::predicate2 || (s.form == statement::import_ && s.name != "pos_even");
      if (want_pred ? (pred && bin == binary)
                    : ((s.form == statement::assign || s.form == statement::family) && s.type == t))
        out.push_back(k);
    }
    return out;
  }

  expr node(ek k, std::vector<expr> kids = {}) {
    expr e;
    e.k = k;
    e.kids = std::move(kids);
    e.style = static_cast<int>(pick(2));
    return e;
  }

  expr ref_to(int k) {
    expr e = node(ek::ref);
    e.target = k;
    const auto& s = p.stmts[k];
    for (const auto& abc : s.param_abc) {
      std::vector<std::string> same;
      for (const auto& v : vars)
        if (v.abc == abc) same.push_back(v.name);
      if (!same.empty() && chance(0.7)) e.args.push_back(same[pick(same.size())]);
      else e.args.push_back('"' + p.abc(abc).items[pick(p.abc(abc).items.size())] + '"');
    }
    return e;
  }

  guard make_guard() {
    guard g;
    const auto named = visible(true, true, ty::boolean);
    switch (pick(8)) {
      case 0: case 1: case 2: g.form = guard::none; break;
      case 3: g.form = guard::plain; break;
      case 4: case 5: g.form = guard::inline_le; g.psi = local_guard(rng, 2); break;
      case 6: g.form = guard::inline_bare; g.psi = local_guard(rng, 1); break;
      default:
        if (named.empty()) break;
        g.form = chance(0.5) ? guard::named : guard::named_le;
        g.pred = named[pick(named.size())];
    }
    return g;
  }

  // A quantifier's variable, bound for the body; `where` compares it with an outer variable of
  // the same alphabet (symbol order).
  expr quantifier(ek k, int depth) {
    expr e = node(k);
    e.alphabet = p.alphabets[pick(p.alphabets.size())].name;
    e.text = "x" + std::to_string(fresh++);
    for (const auto& v : vars)
      if (v.abc == e.alphabet && chance(0.4)) {
        e.where_var = v.name;
        e.op = static_cast<cmp_op>(pick(6));
      }
    vars.push_back({e.text, e.alphabet});
    e.kids.push_back(k == ek::sum ? count_expr(depth - 1) : bool_expr(depth - 1));
    vars.pop_back();
    return e;
  }

  expr bool_leaf() {
    const auto refs = visible(false, false, ty::boolean);
    const auto preds = visible(true, false, ty::boolean);
    const auto r = pick(10);
    if (r < 2 && !refs.empty()) return ref_to(refs[pick(refs.size())]);
    if (r == 2 && !preds.empty()) {
      expr e = node(ek::pred_ref);
      e.target = preds[pick(preds.size())];
      return e;
    }
    if (r == 3 && chance(0.5)) {
      expr e = node(ek::periodic);
      e.phi = periodic_pred(rng, 1);
      return e;
    }
    if (r == 4) {
      expr e = node(ek::bool_lit);
      e.value = pick(2);
      return e;
    }
    if (r >= 7 && !vars.empty()) {
      expr e = node(ek::tok_var);
      e.text = vars[pick(vars.size())].name;
      return e;
    }
    expr e = node(ek::tok_lit);
    e.text = pool[pick(pool.size())];
    return e;
  }

  expr bool_expr(int depth) {
    if (depth <= 0 || chance(0.2)) return bool_leaf();
    switch (pick(9)) {
      case 0: return node(ek::not_, {bool_expr(depth - 1)});
      case 1: return node(ek::and_, {bool_expr(depth - 1), bool_expr(depth - 1)});
      case 2: return node(ek::or_, {bool_expr(depth - 1), bool_expr(depth - 1)});
      case 3: case 4: {
        expr e = node(ek::cmp, {count_expr(depth - 1), count_expr(depth - 1)});
        e.op = static_cast<cmp_op>(pick(6));
        return e;
      }
      case 5: case 6:
        if (counts_left > 0) {
          --counts_left;
          expr e = node(ek::exists);
          e.g = make_guard();
          e.kids.push_back(bool_expr(depth - 1));
          ++counts_left;
          return e;
        }
        return bool_leaf();
      default:
        if (p.alphabets.empty()) return bool_leaf();
        return quantifier(chance(0.5) ? ek::any : ek::all, depth);
    }
  }

  expr count_leaf() {
    const auto refs = visible(false, false, ty::count);
    if (!refs.empty() && chance(0.3)) return ref_to(refs[pick(refs.size())]);
    if (counts_left > 0 && chance(0.6)) {
      expr e = node(ek::count, {bool_leaf()});
      e.g = make_guard();
      return e;
    }
    expr e = node(ek::int_lit);
    e.value = chance(0.85) ? pick(4) : pick(8) - 3;
    return e;
  }

  expr count_expr(int depth) {
    if (depth <= 0 || chance(0.2)) return count_leaf();
    switch (pick(11)) {
      case 0: case 1: case 2:
        if (counts_left > 0) {
          --counts_left;
          expr e = node(ek::count);
          e.g = make_guard();
          e.kids.push_back(bool_expr(depth - 1));
          ++counts_left;
          return e;
        }
        return count_leaf();
      case 3: return node(ek::add, {count_expr(depth - 1), count_expr(depth - 1)});
      case 4: return node(ek::sub, {count_expr(depth - 1), count_expr(depth - 1)});
      case 5: {
        expr e = node(ek::scale, {count_expr(depth - 1)});
        e.value = std::vector<std::int64_t>{-2, -1, 2, 3}[pick(4)];
        return e;
      }
      case 6: return node(ek::neg, {count_expr(depth - 1)});
      case 7: return node(chance(0.5) ? ek::min : ek::max, {count_expr(depth - 1), count_expr(depth - 1)});
      case 8: return node(ek::cond, {bool_expr(depth - 1), count_expr(depth - 1), count_expr(depth - 1)});
      default:
        if (p.alphabets.empty()) return count_leaf();
        return quantifier(ek::sum, depth);
    }
  }

  void alphabets() {
    if (chance(0.3)) {
      pool = {"a", "b", "c"};  // open vocabulary
      return;
    }
    static const std::vector<std::vector<std::string>> syms = {{"a", "b"}, {"a", "b", "c"}, {"b", "c"}};
    const auto& items = syms[pick(syms.size())];
    p.alphabets.push_back({"Sym", items, chance(0.5)});
    if (chance(0.3)) p.alphabets.push_back({"Ctl", {"<sep>", "c"}, false});
    pool = {"a", "b", "c"};
    if (p.alphabets.size() > 1) pool.push_back("<sep>");
  }

  void add_statement(bool last) {
    statement s;
    counts_left = 2;
    const int depth = 1 + static_cast<int>(pick(o.max_depth));
    const auto r = pick(20);
    if (!last && r == 0) {
      s.form = statement::predicate1;
      s.name = "per" + std::to_string(p.stmts.size());
      s.pred = periodic_pred(rng, 2);
    } else if (!last && r == 1) {
      s.form = statement::predicate2;
      s.name = "loc" + std::to_string(p.stmts.size());
      s.pred = local_guard(rng, 2);
    } else if (!last && r == 2) {
      static const char* names[] = {"pred", "pred4", "pos_even"};
      s.form = statement::import_;
      s.name = names[pick(3)];
      for (const auto& t : p.stmts)
        if (t.name == s.name) return;  // imported once
      using k = pos::kind;
      s.pred = s.name == "pos_even" ? Pcmp(cmp_op::eq, Pmod(P(k::i, 0), 2), P(k::lit, 0))
                                    : Pcmp(cmp_op::eq, P(k::j, 0),
                                           P(k::sub, P(k::i, 0), P(k::lit, s.name == "pred" ? 1 : 4)));
    } else {
      const bool family = !last && !p.alphabets.empty() && r < 9;
      s.form = family ? statement::family : statement::assign;
      s.type = chance(0.55) ? ty::boolean : ty::count;
      const auto old = visible(false, false, s.type);
      s.name = (family ? "F" : "S") + std::to_string(p.stmts.size());
      if (!family && !old.empty() && p.stmts[old.back()].form == statement::assign && chance(0.1))
        s.name = p.stmts[old.back()].name;  // shadowing: later uses see the new statement
      for (int n = family ? 1 + static_cast<int>(chance(0.3)) : 0; n > 0; --n) {
        s.params.push_back("p" + std::to_string(fresh++));
        s.param_abc.push_back(p.alphabets[pick(p.alphabets.size())].name);
        vars.push_back({s.params.back(), s.param_abc.back()});
      }
      s.value = s.type == ty::boolean ? bool_expr(depth) : count_expr(depth);
      vars.clear();
    }
    p.stmts.push_back(std::move(s));
  }

  void next_rules() {
    for (int n = 1 + static_cast<int>(pick(2)); n > 0; --n) {
      statement s;
      counts_left = 2;
      if (!p.alphabets.empty() && chance(0.5)) {
        s.form = statement::next_family;
        s.params = {"p" + std::to_string(fresh++)};
        s.param_abc = {p.alphabets[0].name};
        vars.push_back({s.params[0], s.param_abc[0]});
      } else {
        s.form = statement::next_tok;
        s.name = pool[pick(pool.size())];
      }
      s.value = bool_expr(1 + static_cast<int>(pick(o.max_depth)));
      vars.clear();
      p.stmts.push_back(std::move(s));
    }
  }
};

}  // namespace

program generate(std::uint64_t seed, const gen_options& opts) {
  generator g{rng_t(seed), opts, {}, {}, {}, 2, 0};
  g.alphabets();
  const int n = 1 + static_cast<int>(g.pick(opts.max_statements));
  for (int k = 0; k + 1 < n; ++k) g.add_statement(false);
  if (g.chance(0.15)) g.next_rules();
  else g.add_statement(true);
  return g.p;
}

}  // namespace rnd
