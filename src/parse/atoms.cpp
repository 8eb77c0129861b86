// Atoms, counts, guards and quantifiers, and the expr_parser's bookkeeping (the flat item list,
// backtracking marks).
#include <charconv>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "crasp/parse.hpp"
#include "parse/precedence.hpp"

namespace crasp::parsing {
namespace {

template <typename N>
span span_of(const context& cx, const N& n) {
  return cx.sp(n.b, n.e);
}

struct atom_span {
  using result_type = span;
  const context& cx;
  span operator()(const x::leaf& n) const { return span_of(cx, n); }
  span operator()(const x::name& n) const { return span_of(cx, n); }
  span operator()(const x::tok& n) const { return span_of(cx, n); }
  span operator()(const x3::forward_ast<x::paren>& n) const { return span_of(cx, n.get()); }
  span operator()(const x3::forward_ast<x::minmax>& n) const { return span_of(cx, n.get()); }
};
struct prefix_span {
  using result_type = span;
  const context& cx;
  span operator()(const x::simple_prefix& n) const { return span_of(cx, n); }
  span operator()(const x3::forward_ast<x::count_head>& n) const { return span_of(cx, n.get()); }
  span operator()(const x3::forward_ast<x::quant_head>& n) const { return span_of(cx, n.get()); }
};

ast::sym_ref to_sym(const context& cx, const x::sym& s) {
  return ast::sym_ref{s.literal, s.text, span_of(cx, s)};
}

bool is_pos_var(const ast::program& p, ast::expr_id id, bool is_j) {
  const auto* v = std::get_if<ast::pos_var>(&p.at(id).node);
  return v && v->is_j == is_j && !p.at(id).parenthesized;
}

// `j <= i` as written (the plain count range, i.e. no guard at all).
bool is_plain_range(const ast::program& p, ast::expr_id id) {
  const auto* b = std::get_if<ast::binary>(&p.at(id).node);
  return b && !p.at(id).parenthesized && b->op == ast::binop::le && is_pos_var(p, b->lhs, true) &&
         is_pos_var(p, b->rhs, false);
}

const ast::name_ref* plain_name(const ast::program& p, ast::expr_id id) {
  const auto* n = std::get_if<ast::name_ref>(&p.at(id).node);
  return n && n->args.empty() && !p.at(id).parenthesized ? n : nullptr;
}

}  // namespace

expr_parser::expr_parser(context& cx, const x::seq& s) : cx_(cx) {
  flatten(s.first);
  for (const x::tail& t : s.rest) {
    items_.push_back(item{kind::op, nullptr, nullptr, t.o.kind, cx_.sp(t.o.b, t.o.e)});
    flatten(t.rhs);
  }
  end_ = items_.size();
}

void expr_parser::flatten(const x::operand& o) {
  for (const x::prefix& p : o.prefixes)
    items_.push_back(item{kind::prefix, nullptr, &p, {}, boost::apply_visitor(prefix_span{cx_}, p)});
  items_.push_back(item{kind::atom, &o.value, nullptr, {}, boost::apply_visitor(atom_span{cx_}, o.value)});
}

expr_parser::depth_guard::depth_guard(expr_parser& p, span where) : cx_(p.cx_) {
  // Once the limit is hit the statement has failed: every other trial stops at once too.
  if (++cx_.depth <= max_nesting && !cx_.too_deep) return;
  ok_ = false;
  if (cx_.too_deep) return;
  cx_.deep = failure{true, where.begin, where.end, 0,
                     fmt::format("expression nested deeper than {} levels", max_nesting)};
  cx_.too_deep = true;
}

expr_parser::mark expr_parser::save() const {
  return mark{k_, cx_.prog.exprs.size(), cx_.pending.size()};
}

// Nodes added by the abandoned trial stay in the arena, unreferenced: nested parses that the
// trial finished are memoized by id (nested() below), and a retry reuses them.
void expr_parser::restore(const mark& m) {
  k_ = m.k;
  cx_.pending.erase(cx_.pending.begin() + static_cast<std::ptrdiff_t>(m.pending), cx_.pending.end());
}

const expr_parser::item* expr_parser::peek(std::size_t ahead) const {
  return k_ + ahead < end_ ? &items_[k_ + ahead] : nullptr;
}

bool expr_parser::at_op(x::op_kind op) const {
  const item* it = peek();
  return it && it->k == kind::op && it->op == op;
}

bool expr_parser::at_cmp() const {
  using k = x::op_kind;
  return at_op(k::lt) || at_op(k::le) || at_op(k::eq) || at_op(k::ne) || at_op(k::ge) ||
         at_op(k::gt);
}

bool expr_parser::at_stop() const { return k_ == end_ || at_op(x::op_kind::colon); }

span expr_parser::here() const {
  if (const item* it = peek()) return it->where;
  const std::uint32_t end = end_ == 0 ? 0 : items_[end_ - 1].where.end;
  return span{end, end};
}

ast::expr_id expr_parser::add(ast::expr_node n, span where) {
  return cx_.prog.add(ast::expr{std::move(n), where, false});
}

// A nested sequence is parsed once per reading: trial parses of the enclosing expression that
// are abandoned and retried get the same result (and the same diagnostics and failure) again.
ast::expr_id expr_parser::nested(const x::seq& s, bool prefer_bool) {
  const auto key = std::make_pair(static_cast<const void*>(&s), prefer_bool);
  if (const auto it = cx_.memo.find(key); it != cx_.memo.end()) {
    const memo_entry& m = it->second;
    cx_.pending.insert(cx_.pending.end(), m.pending.begin(), m.pending.end());
    if (m.best.set) cx_.fail(span{m.best.at, m.best.end}, m.best.message, m.best.priority);
    return m.ok ? ast::expr_id{m.result} : ast::expr_id{};
  }
  const depth_guard g(*this, span_of(cx_, s));
  if (!g.ok()) return {};
  const std::size_t pending_before = cx_.pending.size();
  const failure outer = std::exchange(cx_.best, failure{});
  ast::expr_id r;
  {
    expr_parser sub(cx_, s);
    r = sub.parse_all(prefer_bool);
  }
  memo_entry m;
  m.ok = r.valid();
  m.result = r.v;
  m.pending.assign(cx_.pending.begin() + static_cast<std::ptrdiff_t>(pending_before), cx_.pending.end());
  m.best = std::exchange(cx_.best, outer);
  if (m.best.set) cx_.fail(span{m.best.at, m.best.end}, m.best.message, m.best.priority);
  cx_.memo.emplace(key, std::move(m));
  return r;
}

ast::expr_id expr_parser::bool_atom() { return convert_atom(*items_[k_++].atom, true); }

ast::expr_id expr_parser::catom() {
  const item& it = items_[k_];
  if (const auto* l = as<x::leaf>(it.atom);
      (l && l->kind != x::leaf_kind::integer && l->kind != x::leaf_kind::var_i &&
       l->kind != x::leaf_kind::var_j) ||
      as<x::tok>(it.atom)) {
    cx_.fail(it.where, fmt::format("expected a count, but '{}' is a Boolean", cx_.text(it.where)));
    return {};
  }
  ++k_;
  return convert_atom(*it.atom, false);
}

ast::expr_id expr_parser::convert_atom(const x::atom& a, bool prefer_bool) {
  const span w = boost::apply_visitor(atom_span{cx_}, a);
  if (const auto* l = as<x::leaf>(&a)) {
    switch (l->kind) {
      case x::leaf_kind::integer: {
        std::int64_t v = 0;
        const auto [p, ec] = std::from_chars(l->text.data(), l->text.data() + l->text.size(), v);
        if (ec != std::errc())
          cx_.error(w, fmt::format("integer literal '{}' does not fit in 64 bits", l->text));
        return add(ast::int_lit{v}, w);
      }
      case x::leaf_kind::string: return add(ast::token_lit{l->text}, w);
      case x::leaf_kind::true_: return add(ast::bool_lit{true}, w);
      case x::leaf_kind::false_: return add(ast::bool_lit{false}, w);
      case x::leaf_kind::var_i: return add(ast::pos_var{false}, w);
      case x::leaf_kind::var_j: return add(ast::pos_var{true}, w);
    }
  }
  if (const auto* n = as<x::name>(&a)) {
    ast::name_ref r{n->text, {}};
    for (const x::sym& s : n->args) r.args.push_back(to_sym(cx_, s));
    return add(std::move(r), w);
  }
  if (const auto* t = as<x::tok>(&a)) return add(ast::token_var{to_sym(cx_, t->arg)}, w);
  if (const auto* m = as<x3::forward_ast<x::minmax>>(&a)) {
    const ast::expr_id lhs = nested(m->get().a, false);
    if (!lhs.valid()) return {};
    const ast::expr_id rhs = nested(m->get().c, false);
    if (!rhs.valid()) return {};
    return add(ast::minmax{m->get().fn == "max", lhs, rhs}, w);
  }
  const auto& p = as<x3::forward_ast<x::paren>>(&a)->get();
  const ast::expr_id inner = nested(p.inner, prefer_bool);
  if (!inner.valid()) return {};
  cx_.prog.exprs[inner.v].parenthesized = true;
  cx_.prog.exprs[inner.v].where = w;
  return inner;
}

// `[j <= i]` is no guard; `[NAME]` and `[j <= i, NAME]` are named; anything else is kept as an
// inline positional expression for the checker (which rejects what is not local).
bool expr_parser::guard(const x::count_head& h, ast::guard& g) {
  if (h.guards.empty()) return true;
  if (h.guards.size() > 2) {
    const x::seq& extra = h.guards[2];
    cx_.error(cx_.sp(extra.b, extra.e), "a guard has at most two parts: '[j <= i, condition]'");
  }
  const x::seq& cond_seq = h.guards.size() >= 2 ? h.guards[1] : h.guards[0];
  const ast::expr_id cond = nested(cond_seq, true);
  if (!cond.valid()) return false;
  // Nodes of a dropped range or name stay in the arena unreferenced (see restore()).
  if (h.guards.size() >= 2) {
    const ast::expr_id range = nested(h.guards[0], true);
    if (!range.valid()) return false;
    if (!is_plain_range(cx_.prog, range))
      cx_.error(where(range), "expected 'j <= i' before ',' in a guard");
  } else if (is_plain_range(cx_.prog, cond)) {
    return true;
  }
  if (const ast::name_ref* n = plain_name(cx_.prog, cond)) {
    g.named = n->name;
    g.named_where = where(cond);
  } else {
    g.inline_expr = cond;
  }
  return true;
}

ast::expr_id expr_parser::count_node(const item& head, bool restricted) {
  const depth_guard dg(*this, head.where);
  if (!dg.ok()) return {};
  const x::count_head& h = as<x3::forward_ast<x::count_head>>(head.pre)->get();
  ast::count c;
  c.exists = h.kw == "exists";
  if (!guard(h, c.g)) return {};
  const bool saved = restricted_;
  restricted_ = restricted;
  const ast::expr_id body = boolean(1);
  restricted_ = saved;
  if (!body.valid()) return {};
  c.body = body;
  const ast::expr_id n = add(std::move(c), span{head.where.begin, where(body).end});
  if (!restricted) warn_count_body(cx_, n);
  return n;
}

ast::expr_id expr_parser::quantifier(const item& head, bool restricted) {
  const depth_guard dg(*this, head.where);
  if (!dg.ok()) return {};
  const x::quant_head& q = as<x3::forward_ast<x::quant_head>>(head.pre)->get();
  ast::quantifier r;
  r.kind = q.kind == "any" ? ast::quant_kind::any
           : q.kind == "all" ? ast::quant_kind::all
                             : ast::quant_kind::sum;
  r.var = q.var.text;
  r.alphabet = q.alphabet.text;
  if (!q.where.empty()) {
    r.where = nested(q.where.front(), true);
    if (!r.where.valid()) return {};
  }
  r.body = r.kind == ast::quant_kind::sum
               ? sum(cx_.lang == ast::dialect::cr ? 2 : 1, restricted)
               : boolean(1);
  if (!r.body.valid()) return {};
  const span w{head.where.begin, where(r.body).end};
  return add(std::move(r), w);
}

}  // namespace crasp::parsing
