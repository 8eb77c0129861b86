// Precedence of both dialects over the flat operand/operator sequences of the X3 tree.
//
//   expr      = bool_top | count_top                  (preferred reading first, then the other)
//   bool_top  = boolean [ "?" expr ":" expr ]
//   count_top = sum [ "if" boolean "else" expr ]       (.crasp; .cr has `if` inside sum)
//   boolean   = not { ("&&" | "||") not }              (&& binds tighter)
//   not       = "!" operand | quantifier | batom       (.crasp operand: not; .cr: boolean)
//   batom     = sum CMP sum | Boolean atom
//   sum       = cunary { op cunary }                   (levels per dialect, below)
//   cunary    = "-" cunary | count | sum-quantifier | [.cr] INT "*" sum(2) | count atom
//
// .crasp count levels: + - (1), * % (2). .cr (ANTLR, earlier alternative binds tighter):
// if-else (1, left associative), - (2), + (3), * % (5), with the prefix `INT *` taking as operand
// everything from level 2 up, so `2 * A + 1` is `2 * (A + 1)`.
#include <string>
#include <utility>

#include <fmt/format.h>

#include "parse/precedence.hpp"

namespace crasp::parsing {
namespace {

using x::op_kind;

bool is_cmp_op(op_kind k) {
  return k == op_kind::lt || k == op_kind::le || k == op_kind::eq || k == op_kind::ne ||
         k == op_kind::ge || k == op_kind::gt;
}
bool is_arith_op(op_kind k) {
  return k == op_kind::add || k == op_kind::sub || k == op_kind::mul || k == op_kind::mod;
}

ast::binop to_binop(op_kind k) {
  switch (k) {
    case op_kind::or_: return ast::binop::or_;
    case op_kind::and_: return ast::binop::and_;
    case op_kind::lt: return ast::binop::lt;
    case op_kind::le: return ast::binop::le;
    case op_kind::eq: return ast::binop::eq;
    case op_kind::ne: return ast::binop::ne;
    case op_kind::ge: return ast::binop::ge;
    case op_kind::gt: return ast::binop::gt;
    case op_kind::add: return ast::binop::add;
    case op_kind::sub: return ast::binop::sub;
    case op_kind::mul: return ast::binop::mul;
    default: return ast::binop::mod;
  }
}

struct level {
  int lhs = 0;  // 0: not a count operator
  int rhs = 0;  // minimum level of the right operand
};

level count_level(ast::dialect d, op_kind k) {
  if (d == ast::dialect::crasp) {
    if (k == op_kind::add || k == op_kind::sub) return {1, 2};
    if (k == op_kind::mul || k == op_kind::mod) return {2, 3};
    return {};
  }
  if (k == op_kind::if_) return {1, 2};
  if (k == op_kind::sub) return {2, 3};
  if (k == op_kind::add) return {3, 4};
  if (k == op_kind::mul || k == op_kind::mod) return {5, 6};
  return {};
}

}  // namespace

ast::expr_id expr_parser::parse_all(bool prefer_bool) {
  ast::expr_id r = expr(prefer_bool);
  if (r.valid() && k_ != items_.size()) {
    leftover(r, true);
    return {};
  }
  return r;
}

ast::expr_id expr_parser::expr(bool prefer_bool) {
  for (bool as_bool : {prefer_bool, !prefer_bool}) {
    const mark m = save();
    const ast::expr_id r = as_bool ? bool_top() : count_top();
    if (r.valid()) {
      if (at_stop()) return r;
      leftover(r, as_bool);
    }
    restore(m);
  }
  return {};
}

ast::expr_id expr_parser::bool_top() {
  const ast::expr_id b = boolean(1);
  if (!b.valid() || !at_op(op_kind::question)) return b;
  ++k_;
  const depth_guard g(*this, here());
  if (!g.ok()) return {};
  const ast::expr_id t = expr(false);
  if (!t.valid()) return {};
  if (!at_op(op_kind::colon)) {
    cx_.fail(here(), "expected ':' after the '?' branch", 2);
    return {};
  }
  ++k_;
  const ast::expr_id e = expr(false);
  if (!e.valid()) return {};
  return add(ast::conditional{b, t, e}, span{where(b).begin, where(e).end});
}

ast::expr_id expr_parser::count_top() {
  const ast::expr_id c = sum(1, false);
  if (!c.valid() || cx_.lang == ast::dialect::cr || !at_op(op_kind::if_)) return c;
  ++k_;
  const ast::expr_id p = boolean(1);
  if (!p.valid()) return {};
  if (!at_op(op_kind::else_)) {
    cx_.fail(here(), "expected 'else' after the condition of 'if'", 2);
    return {};
  }
  ++k_;
  const depth_guard g(*this, here());
  if (!g.ok()) return {};
  const ast::expr_id e = expr(false);
  if (!e.valid()) return {};
  return add(ast::conditional{p, c, e}, span{where(c).begin, where(e).end});
}

// `a && b || c` is `(a && b) || c`: a `||` list of `&&` chains (only one chain at level 2).
ast::expr_id expr_parser::boolean(int min_level) {
  std::vector<ast::expr_id> ors;
  for (;;) {
    std::vector<ast::expr_id> ands{not_expr()};
    if (!ands.back().valid()) return {};
    while (at_op(op_kind::and_)) {
      ++k_;
      ands.push_back(not_expr());
      if (!ands.back().valid()) return {};
    }
    ors.push_back(chain(ast::binop::and_, ands));
    if (min_level > 1 || !at_op(op_kind::or_)) break;
    ++k_;
  }
  return chain(ast::binop::or_, ors);
}

ast::expr_id expr_parser::not_expr() {
  const item* it = peek();
  if (it && it->k == kind::prefix) {
    if (const auto* p = as<x::simple_prefix>(it->pre); p && p->op == '!') {
      const depth_guard g(*this, it->where);
      if (!g.ok()) return {};
      ++k_;
      const ast::expr_id operand = cx_.lang == ast::dialect::cr ? boolean(1) : not_expr();
      if (!operand.valid()) return {};
      const ast::expr_id n =
          add(ast::unary{ast::unop::not_, operand}, span{it->where.begin, where(operand).end});
      warn_cr_reading(cx_, n);
      return n;
    }
    if (const auto* q = as<x3::forward_ast<x::quant_head>>(it->pre);
        q && q->get().kind != "sum") {
      ++k_;
      return quantifier(*it, restricted_);
    }
  }
  return batom();
}

ast::expr_id expr_parser::batom() {
  const item* it = peek();
  if (!it) {
    cx_.fail(here(), "expected an expression");
    return {};
  }
  auto boolish = [&] {
    if (it->k != kind::atom) return false;
    if (const auto* l = as<x::leaf>(it->atom))
      return l->kind == x::leaf_kind::string || l->kind == x::leaf_kind::true_ ||
             l->kind == x::leaf_kind::false_;
    return as<x3::forward_ast<x::minmax>>(it->atom) == nullptr;
  };
  const item* next = peek(1);
  const bool continues = next && next->k == kind::op &&
                         (is_cmp_op(next->op) || is_arith_op(next->op) ||
                          (cx_.lang == ast::dialect::cr && next->op == op_kind::if_));
  // The next item is the comparison a trial reading of a left side stops at (split_comparison).
  const bool before_bound = end_ < items_.size() && k_ + 1 == end_;
  if (boolish() && (!continues || restricted_)) {
    const mark m = save();
    const ast::expr_id b = bool_atom();
    // `# (C + 1) > 0`: a parenthesized count cannot be the body, so the body is not cut short
    // before the comparison: the count reading `#((C + 1) > 0)` is tried instead, as ANTLR does.
    if (!b.valid() || !(continues || before_bound) || !surely_count(cx_.prog, b)) return b;
    cx_.fail(where(b), fmt::format("'{}' is a count, but a Boolean is expected here",
                                   cx_.text(where(b))));
    restore(m);
    return {};
  }
  if (it->k == kind::prefix) {
    if (const auto* c = as<x3::forward_ast<x::count_head>>(it->pre);
        c && c->get().kw == "exists") {
      ++k_;
      return count_node(*it, false);
    }
  }
  if (!restricted_) {
    const mark m = save();
    const ast::expr_id lhs = sum(1, true);
    if (lhs.valid() && at_cmp()) {
      const ast::expr_id r = comparison(lhs);
      if (!r.valid() || !at_cmp() || it->k != kind::prefix) return r;
      // `# Z < 1 <= 3` is a chain with the count cut short, but `#` may swallow the first
      // comparison: `(#(Z < 1)) <= 3` is the public interpreter's (only) reading. The count
      // body warning says so.
      restore(m);
      const ast::expr_id whole = sum(1, false);
      if (whole.valid() && at_cmp()) {
        const ast::expr_id r2 = comparison(whole);
        if (r2.valid() && !at_cmp()) return r2;
      }
      restore(m);  // back to the first reading: the caller reports the chain
      return comparison(sum(1, true));
    }
    if (lhs.valid())
      cx_.fail(where(lhs),
               fmt::format("'{}' is a count, but a Boolean is expected here", cx_.text(where(lhs))),
               1);
    restore(m);
    // `# # "a" <= 1 < 2`, `# (# "a") < 1 > 0`: the body of the first count cannot stop before
    // the first comparison (it would be `# "a"` or `(# "a")`, counts), so it takes it, and the
    // count is compared by the next: `(#((# "a") <= 1)) < 2`, the public interpreter's only
    // reading.
    if (it->k == kind::prefix) {
      if (const ast::expr_id r3 = split_comparison(); r3.valid()) return r3;
    }
  }
  if (boolish()) return bool_atom();
  cx_.fail(it->where, "expected a Boolean expression");
  return {};
}

ast::expr_id expr_parser::comparison(ast::expr_id lhs) {
  const ast::binop op = to_binop(peek()->op);
  ++k_;
  const ast::expr_id rhs = sum(1, false);
  if (!rhs.valid()) return {};
  return add(ast::binary{op, lhs, rhs}, span{where(lhs).begin, where(rhs).end});
}

ast::expr_id expr_parser::split_comparison() {
  const mark m = save();
  const failure best = cx_.best;  // a failed trial leaves the reported failure as it was
  const std::size_t bound = end_;
  std::size_t comparisons = 0;
  for (std::size_t p = k_ + 1; p < bound; ++p) {
    const item& at = items_[p];
    // Up to the first comparison is the reading batom() tried first.
    if (at.k != kind::op || !is_cmp_op(at.op) || ++comparisons < 2) continue;
    restore(m);
    const ast::expr_id lhs = bounded_count(p);
    if (!lhs.valid() || k_ != p) continue;
    const ast::expr_id r = comparison(lhs);
    if (r.valid() && !at_cmp()) return r;
  }
  restore(m);
  cx_.best = best;
  return {};
}

ast::expr_id expr_parser::bounded_count(std::size_t bound) {
  const std::pair<std::size_t, std::size_t> key{k_, bound};
  if (const auto it = bounded_.find(key); it != bounded_.end()) {
    const bounded_entry& e = it->second;
    cx_.pending.insert(cx_.pending.end(), e.pending.begin(), e.pending.end());
    if (e.best.set) cx_.fail(span{e.best.at, e.best.end}, e.best.message, e.best.priority);
    k_ = e.after;
    return e.ok ? ast::expr_id{e.result} : ast::expr_id{};
  }
  const std::size_t pending_before = cx_.pending.size();
  const failure outer = std::exchange(cx_.best, failure{});
  const std::size_t saved_end = end_;
  end_ = bound;
  const ast::expr_id r = sum(1, false);
  end_ = saved_end;
  bounded_entry e;
  e.ok = r.valid();
  e.result = r.v;
  e.after = k_;
  e.pending.assign(cx_.pending.begin() + static_cast<std::ptrdiff_t>(pending_before), cx_.pending.end());
  e.best = std::exchange(cx_.best, outer);
  if (e.best.set) cx_.fail(span{e.best.at, e.best.end}, e.best.message, e.best.priority);
  bounded_.emplace(key, std::move(e));
  return r;
}

ast::expr_id expr_parser::sum(int min_level, bool restricted) {
  ast::expr_id lhs = cunary(restricted);
  // Operands of the current run of `+` (lhs first); joined by chain() when another operator
  // or the end of the sum comes.
  std::vector<ast::expr_id> run;
  auto close_run = [&] {
    if (run.size() > 1) lhs = chain(ast::binop::add, run);
    run.clear();
  };
  while (lhs.valid()) {
    const item* it = peek();
    if (!it || it->k != kind::op) break;
    const level lv = count_level(cx_.lang, it->op);
    if (lv.lhs == 0 || lv.lhs < min_level) break;
    ++k_;
    if (it->op == op_kind::add) {
      const ast::expr_id rhs = sum(lv.rhs, restricted);
      if (!rhs.valid()) return {};
      if (run.empty()) run.push_back(lhs);
      run.push_back(rhs);
      continue;
    }
    close_run();
    if (it->op == op_kind::if_) {  // .cr: `C1 if P else C2`, left associative
      const ast::expr_id p = boolean(1);
      if (!p.valid()) return {};
      if (!at_op(op_kind::else_)) {
        cx_.fail(here(), "expected 'else' after the condition of 'if'", 2);
        return {};
      }
      ++k_;
      const ast::expr_id e = sum(lv.rhs, restricted);
      if (!e.valid()) return {};
      lhs = add(ast::conditional{p, lhs, e}, span{where(lhs).begin, where(e).end});
    } else {
      const ast::expr_id rhs = sum(lv.rhs, restricted);
      if (!rhs.valid()) return {};
      lhs = add(ast::binary{to_binop(it->op), lhs, rhs}, span{where(lhs).begin, where(rhs).end});
    }
    warn_cr_reading(cx_, lhs);
  }
  if (lhs.valid()) close_run();
  return lhs;
}

ast::expr_id expr_parser::cunary(bool restricted) {
  const item* it = peek();
  if (!it) {
    cx_.fail(here(), "expected an expression");
    return {};
  }
  if (it->k == kind::prefix) {
    if (const auto* p = as<x::simple_prefix>(it->pre)) {
      if (p->op == '!') {
        cx_.fail(it->where, "expected a count, but '!' makes a Boolean");
        return {};
      }
      const depth_guard g(*this, it->where);
      if (!g.ok()) return {};
      ++k_;
      const ast::expr_id operand = cunary(restricted);
      if (!operand.valid()) return {};
      return add(ast::unary{ast::unop::neg, operand}, span{it->where.begin, where(operand).end});
    }
    ++k_;
    if (as<x3::forward_ast<x::count_head>>(it->pre)) return count_node(*it, restricted);
    return quantifier(*it, restricted);
  }
  if (cx_.lang == ast::dialect::cr && peek(1) && peek(1)->k == kind::op &&
      peek(1)->op == op_kind::mul) {
    const auto* l = as<x::leaf>(it->atom);
    if (l && l->kind == x::leaf_kind::integer) {  // the public prefix form `INT * count_expr`
      const ast::expr_id factor = catom();
      if (!factor.valid()) return {};
      ++k_;
      const ast::expr_id operand = sum(2, restricted);
      if (!operand.valid()) return {};
      const ast::expr_id n = add(ast::binary{ast::binop::mul, factor, operand},
                                 span{where(factor).begin, where(operand).end});
      warn_cr_reading(cx_, n);
      return n;
    }
  }
  return catom();
}

ast::expr_id expr_parser::chain(ast::binop op, const std::vector<ast::expr_id>& operands) {
  // Up to this many operands keep the left-to-right tree as written (what `crasp expand` and the
  // compiled layers show for ordinary programs); longer chains regroup, which && || + allow.
  constexpr std::size_t as_written = 16;
  auto join = [&](ast::expr_id l, ast::expr_id r) {
    const ast::expr_id n = add(ast::binary{op, l, r}, span{where(l).begin, where(r).end});
    warn_cr_reading(cx_, n);
    return n;
  };
  if (operands.size() <= as_written) {
    ast::expr_id lhs = operands.front();
    for (std::size_t k = 1; k < operands.size(); ++k) lhs = join(lhs, operands[k]);
    return lhs;
  }
  // Bottom-up pairing: each pass halves the list, so no recursion per operand.
  std::vector<ast::expr_id> level = operands;
  while (level.size() > 1) {
    std::vector<ast::expr_id> up;
    up.reserve((level.size() + 1) / 2);
    for (std::size_t k = 0; k + 1 < level.size(); k += 2) up.push_back(join(level[k], level[k + 1]));
    if (level.size() % 2 == 1) up.push_back(level.back());
    level = std::move(up);
  }
  return level.front();
}

void expr_parser::leftover(ast::expr_id r, bool was_bool) {
  const item* it = peek();
  if (!it) return;
  const std::string op(cx_.text(it->where));
  const ast::expr& e = cx_.prog.at(r);
  if (it->k == kind::op && is_cmp_op(it->op) && !e.parenthesized &&
      is_binary(cx_.prog, r, {ast::binop::lt, ast::binop::le, ast::binop::eq, ast::binop::ne,
                              ast::binop::ge, ast::binop::gt})) {
    cx_.fail(it->where, "comparisons cannot be chained; add parentheses", 3);
  } else if (it->k == kind::op && (is_cmp_op(it->op) || is_arith_op(it->op)) && was_bool) {
    cx_.fail(it->where, fmt::format("unexpected '{}' after a Boolean expression", op), 1);
  } else if (it->k == kind::op &&
             (it->op == op_kind::and_ || it->op == op_kind::or_ || it->op == op_kind::question) &&
             !was_bool) {
    cx_.fail(it->where, fmt::format("unexpected '{}' after a count expression", op), 1);
  } else {
    cx_.fail(it->where, fmt::format("unexpected '{}'", op), 1);
  }
}

}  // namespace crasp::parsing
