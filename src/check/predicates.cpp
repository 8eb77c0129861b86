// Positional predicates: copies AST predicates (with named ones substituted) into a ptree, runs
// the decision procedures of positional.cpp and words their verdicts as diagnostics.
#include "check/context.hpp"

namespace crasp::checker {
namespace {

pcmp to_pcmp(ast::binop op) {
  switch (op) {
    case ast::binop::lt: return pcmp::lt;
    case ast::binop::le: return pcmp::le;
    case ast::binop::ne: return pcmp::ne;
    case ast::binop::ge: return pcmp::ge;
    case ast::binop::gt: return pcmp::gt;
    default: return pcmp::eq;
  }
}

int copy(const ptree& from, int n, ptree& to) {
  pnode p = from.nodes.at(static_cast<std::size_t>(n));
  if (p.a >= 0) p.a = copy(from, p.a, to);
  if (p.b >= 0) p.b = copy(from, p.b, to);
  return to.add(p);
}

// Builds the tree of an expression the type pass found positional (pbool or pterm).
int build(const context& cx, ast::expr_id e, ptree& t) {
  const ast::expr& x = cx.prog.at(e);
  const expr_info& in = cx.info.at(e.v);
  pnode p;
  p.where = x.where;
  if (in.k == kind::count && in.constant) {
    p.k = pkind::int_const;
    p.value = *in.constant;
    return t.add(p);
  }
  if (const auto* b = std::get_if<ast::bool_lit>(&x.node)) {
    p.k = pkind::bool_const;
    p.value = b->value;
  } else if (const auto* v = std::get_if<ast::pos_var>(&x.node)) {
    p.k = v->is_j ? pkind::var_j : pkind::var_i;
  } else if (const auto* u = std::get_if<ast::unary>(&x.node)) {
    p.k = u->op == ast::unop::not_ ? pkind::not_ : pkind::neg;
    p.a = build(cx, u->operand, t);
  } else if (const auto* bin = std::get_if<ast::binary>(&x.node)) {
    switch (bin->op) {
      case ast::binop::and_: p.k = pkind::and_; break;
      case ast::binop::or_: p.k = pkind::or_; break;
      case ast::binop::add: p.k = pkind::add; break;
      case ast::binop::sub: p.k = pkind::sub; break;
      case ast::binop::mul: p.k = pkind::mul; break;
      case ast::binop::mod: p.k = pkind::mod; break;
      default: p.k = pkind::cmp; p.op = to_pcmp(bin->op); break;
    }
    p.a = build(cx, bin->lhs, t);
    p.b = build(cx, bin->rhs, t);
  } else if (std::holds_alternative<ast::name_ref>(x.node) && in.def >= 0) {
    // A named predicate stands for its body (already checked at its definition).
    const definition& D = cx.defs[static_cast<std::size_t>(in.def)];
    if (D.import_tree >= 0) return copy(cx.imports, D.import_tree, t);
    return build(cx, D.value, t);
  } else {
    p.k = pkind::bool_const;  // unreachable for well-typed input
  }
  return t.add(p);
}

// "i < 5" and friends: the legal way to say it with a count (#[j <= i] true is i + 1).
std::string position_rewrite(const context& cx, ast::expr_id e) {
  const auto* bin = std::get_if<ast::binary>(&cx.prog.at(e).node);
  if (bin) {
    const auto* v = std::get_if<ast::pos_var>(&cx.prog.at(bin->lhs).node);
    const auto& c = cx.info.at(bin->rhs.v).constant;
    if (v && !v->is_j && c && *c < INT64_MAX - 1) {
      std::string n = std::to_string(*c + 1);
      switch (bin->op) {
        case ast::binop::lt: return "'#[j <= i] true <= " + std::to_string(*c) + "'";
        case ast::binop::le: return "'#[j <= i] true <= " + n + "'";
        case ast::binop::eq: return "'#[j <= i] true == " + n + "'";
        case ast::binop::ne: return "'#[j <= i] true != " + n + "'";
        case ast::binop::ge: return "'#[j <= i] true >= " + n + "'";
        case ast::binop::gt: return "'#[j <= i] true > " + n + "'";
        default: break;
      }
    }
  }
  return {};
}

void report(context& cx, const pos_error& err, ast::expr_id e, const std::string& what,
            ast::expr_id body) {
  span whole = cx.prog.at(e).where;
  using R = pos_error::reason;
  switch (err.why) {
    case R::bad_modulus:
      cx.error(err.where, "'%' needs a positive constant modulus");
      return;
    case R::nonlinear:
      cx.error(err.where, "'*' needs a constant on one side");
      return;
    case R::uses_j:
      cx.error(err.where, what + " uses 'j', but only guards (binary predicates) may");
      return;
    case R::overflow:
      cx.error(err.where, what + " has constants too large to decide");
      return;
    case R::too_large:
      cx.error(whole, what + " is too large to decide exactly (threshold " + std::to_string(err.threshold) +
                          ", period " + std::to_string(err.period) + "; the limit is " +
                          std::to_string(decision_limit) + ")");
      return;
    case R::not_invariant: {
      diagnostic& d = cx.error(whole, what + " is not translation invariant: it depends on " + err.detail +
                                          ", not only on i - j");
      if (err.where.begin != whole.begin || err.where.end != whole.end)
        d.notes.push_back(cx.note(err.where, "this term depends on " + err.detail));
      return;
    }
    case R::not_local: {
      diagnostic& d = cx.error(whole, what + " is not local: it holds for infinitely many distances i - j");
      if (err.colocal) {
        std::string p = body.valid() ? cx.text(cx.prog.at(body).where) : "";
        if (p.empty()) p = "P";
        if (body.valid() && !cx.prog.at(body).parenthesized && p.find(' ') != std::string::npos) p = "(" + p + ")";
        d.notes.push_back(cx.note(whole, "it fails for only finitely many distances, so count the complement: '#[j <= i] " +
                                             p + " - #[j <= i, " + offsets_condition(err.complement) + "] " + p + "'"));
      } else {
        d.notes.push_back(cx.note(whole, "a guard must hold for only finitely many distances i - j"));
      }
      return;
    }
    case R::not_periodic: {
      diagnostic& d = cx.error(whole, what + " is not periodic");
      std::string r = position_rewrite(cx, e);
      d.notes.push_back(cx.note(
          whole, r.empty() ? "positions can be counted legally: '#[j <= i] true' is i + 1"
                           : "positions can be counted legally: " + cx.quote(e) + " is " + r));
      return;
    }
  }
}

}  // namespace

bool decide_unary(context& cx, ast::expr_id e, const std::string& what) {
  if (cx.residues_of.count(e.v)) return true;
  ptree t;
  int root = build(cx, e, t);
  auto r = decide_periodic(t, root);
  if (auto* err = std::get_if<pos_error>(&r)) {
    report(cx, *err, e, what, {});
    return false;
  }
  cx.residues_of[e.v] = std::get<std::vector<bool>>(r);
  return true;
}

std::optional<guard_result> decide_binary(context& cx, ast::expr_id e, const std::string& what,
                                          ast::expr_id body) {
  ptree t;
  int root = build(cx, e, t);
  auto r = decide_guard(t, root);
  if (auto* err = std::get_if<pos_error>(&r)) {
    report(cx, *err, e, what, body);
    return std::nullopt;
  }
  return std::get<guard_result>(r);
}

void define_import(context& cx, definition& d) {
  ptree& t = cx.imports;
  int i = t.var(false), j = t.var(true);
  if (d.name == "pos_even") {
    d.import_tree = t.compare(pcmp::eq, t.bin(pkind::mod, i, t.konst(2)), t.konst(0));
    d.residues = std::get<std::vector<bool>>(decide_periodic(t, d.import_tree));
    return;
  }
  d.binary = true;
  d.import_tree = t.compare(pcmp::eq, j, t.bin(pkind::sub, i, t.konst(d.name == "pred" ? 1 : 4)));
  d.guard = std::get<guard_result>(decide_guard(t, d.import_tree));
}

}  // namespace crasp::checker
