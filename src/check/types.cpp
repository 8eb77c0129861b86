// The type pass: resolves names, checks operand types and arities, folds constant counts and
// decides every positional predicate where it meets ordinary Booleans. Families are typed once
// (types do not depend on which symbol a variable is bound to); instances are built later.
#include <limits>

#include "check/context.hpp"

namespace crasp::checker {
namespace {

bool boolish(kind k) { return k == kind::boolean || k == kind::pbool || k == kind::wbool; }

bool is_comparison(ast::binop op) {
  return op == ast::binop::lt || op == ast::binop::le || op == ast::binop::eq ||
         op == ast::binop::ne || op == ast::binop::ge || op == ast::binop::gt;
}

bool is_order(ast::binop op) { return op != ast::binop::eq && op != ast::binop::ne; }

class typer {
 public:
  typer(context& cx, std::vector<scope_var>& scope, int def) : cx_(cx), scope_(scope), def_(def) {}

  kind go(ast::expr_id e) {
    if (!e.valid() || e.v >= cx_.prog.exprs.size()) return kind::error;
    const ast::expr& x = cx_.prog.at(e);
    kind k = std::visit([&](const auto& n) { return on(e, x, n); }, x.node);
    cx_.at(e).k = k;
    return k;
  }

  /// Converts a Boolean-like operand to an ordinary Boolean, deciding positional predicates.
  kind as_bool(ast::expr_id e, kind k) {
    if (k != kind::pbool) return k == kind::wbool ? kind::boolean : k;
    const expr_info& in = cx_.at(e);
    if (in.uses_j) {
      const auto* n = std::get_if<ast::name_ref>(&cx_.prog.at(e).node);
      if (n && in.def >= 0)
        cx_.error(cx_.prog.at(e).where, "'" + n->name + "' is a binary predicate (a guard); use it as '#[" +
                                            n->name + "] ...'");
      else
        cx_.error(cx_.prog.at(e).where, "'j' can only be used in a guard, but " + cx_.quote(e) +
                                            " is used as a Boolean");
      return kind::error;
    }
    return decide_unary(cx_, e, "positional predicate " + cx_.quote(e)) ? kind::boolean : kind::error;
  }

 private:
  context& cx_;
  std::vector<scope_var>& scope_;
  int def_;

  const scope_var* find_var(const std::string& name) const {
    for (auto it = scope_.rbegin(); it != scope_.rend(); ++it)
      if (it->name == name) return &*it;
    return nullptr;
  }

  kind fail(span where, std::string msg) {
    cx_.error(where, std::move(msg));
    return kind::error;
  }

  kind operand_error(ast::expr_id e, const std::string& msg, kind k) {
    if (k == kind::error) return kind::error;
    return fail(cx_.prog.at(e).where, msg + ", but " + cx_.quote(e) + " is " + kind_name(k));
  }

  kind fold(span where, bool ok, std::int64_t v, expr_info& in, kind k) {
    if (!ok) return fail(where, "integer overflow in constant expression");
    in.constant = v;
    return k;
  }

  // The `#import NAME` statement written below the current one, if any.
  const ast::statement* later_import(const std::string& name) const {
    for (std::size_t s = cx_.current_stmt + 1; s < cx_.prog.statements.size(); ++s) {
      const auto* im = std::get_if<ast::import_stmt>(&cx_.prog.statements[s].node);
      if (im && im->name == name) return &cx_.prog.statements[s];
    }
    return nullptr;
  }

  void import_note(diagnostic& d, const std::string& name) {
    if (name != "pred" && name != "pred4" && name != "pos_even") return;
    if (const ast::statement* im = later_import(name)) {  // only in .crasp: .cr imports come first
      d.notes.push_back(cx_.note(im->where, "'#import " + name +
                                                "' comes after this use; in .crasp files it must "
                                                "come before"));
      return;
    }
    d.notes.push_back(cx_.note(d.where, "'" + name + "' is predefined: add '#import " + name + "'"));
  }

  // .cr: an import used above its line is applied first, as by the public interpreter; said once
  // per name, since a .crasp reader would expect an error.
  void warn_early_import(const definition& D, span use) {
    if (D.import_tree < 0 || D.stmt <= cx_.current_stmt || !cx_.early_imports.insert(D.name).second)
      return;
    cx_.diags.warning(cx_.src, use, "'" + D.name + "' is used above its '#import " + D.name +
                                        "' line; imports apply to the whole program, as in the "
                                        "public interpreter")
        .notes.push_back(cx_.note(cx_.prog.statements[D.stmt].where, "the import is here"));
  }

  kind on(ast::expr_id, const ast::expr&, const ast::token_lit&) { return kind::boolean; }
  kind on(ast::expr_id, const ast::expr&, const ast::bool_lit&) { return kind::pbool; }
  kind on(ast::expr_id e, const ast::expr&, const ast::int_lit& n) {
    cx_.at(e).constant = n.value;
    return kind::count;
  }
  kind on(ast::expr_id e, const ast::expr&, const ast::pos_var& n) {
    cx_.at(e).uses_j = n.is_j;
    return kind::pterm;
  }
  kind on(ast::expr_id, const ast::expr&, const ast::token_var& n) {
    if (n.sym.literal || find_var(n.sym.text)) return kind::boolean;
    return fail(n.sym.where, "undefined symbol variable '" + n.sym.text + "'");
  }

  kind on(ast::expr_id e, const ast::expr& x, const ast::name_ref& n) {
    expr_info& in = cx_.at(e);
    if (n.args.empty()) {
      if (const scope_var* v = find_var(n.name)) {
        in.sym_alphabet = v->alphabet;
        return kind::sym;
      }
    }
    int d = cx_.lookup(n.name, def_);
    if (d < 0) {
      diagnostic& diag = cx_.error(x.where, "undefined name '" + n.name + "'");
      import_note(diag, n.name);
      return kind::error;
    }
    in.def = d;
    const definition& D = cx_.defs[static_cast<std::size_t>(d)];
    warn_early_import(D, x.where);
    bool bad = false;
    for (const ast::sym_ref& a : n.args) {
      if (!a.literal && !find_var(a.text)) {
        cx_.error(a.where, "undefined symbol variable '" + a.text + "'");
        bad = true;
      }
    }
    if (D.k == def_kind::predicate) {
      if (!n.args.empty()) return fail(x.where, "predicate '" + n.name + "' takes no indices");
      in.uses_j = D.binary;
      return D.ok ? kind::pbool : kind::error;
    }
    if (D.arity() != n.args.size()) {
      if (D.arity() == 0) return fail(x.where, "'" + n.name + "' is not a family; it takes no indices");
      return fail(x.where, "family '" + n.name + "' takes " + std::to_string(D.arity()) + " ind" +
                               (D.arity() == 1 ? "ex" : "ices") + ", not " + std::to_string(n.args.size()));
    }
    if (bad || !D.ok) return kind::error;
    return D.type == ir::type::count ? kind::count : kind::boolean;
  }

  kind on(ast::expr_id e, const ast::expr& x, const ast::unary& n) {
    kind k = go(n.operand);
    expr_info& in = cx_.at(e);
    const expr_info& op = cx_.at(n.operand);
    if (n.op == ast::unop::not_) {
      if (!boolish(k)) return operand_error(n.operand, "'!' needs a Boolean operand", k);
      in.uses_j = op.uses_j;
      return k;
    }
    if (k == kind::pterm) {
      in.uses_j = op.uses_j;
      return k;
    }
    if (k != kind::count) return operand_error(n.operand, "'-' needs a count operand", k);
    if (op.constant) {
      bool ok = *op.constant != std::numeric_limits<std::int64_t>::min();
      return fold(x.where, ok, ok ? -*op.constant : 0, in, k);
    }
    return k;
  }

  kind on(ast::expr_id e, const ast::expr& x, const ast::binary& n) {
    kind a = go(n.lhs), b = go(n.rhs);
    expr_info& in = cx_.at(e);
    const expr_info& ia = cx_.at(n.lhs);
    const expr_info& ib = cx_.at(n.rhs);
    std::string op = std::string("'") + ast::op_text(n.op) + "'";
    if (n.op == ast::binop::and_ || n.op == ast::binop::or_) {
      bool bad = false;
      for (auto [id, k] : {std::pair{n.lhs, a}, std::pair{n.rhs, b}}) {
        if (!boolish(k)) {
          operand_error(id, op + " needs Boolean operands", k);
          bad = true;
        }
      }
      if (bad || a == kind::error || b == kind::error) return kind::error;
      if (a == b && a != kind::boolean) {  // stays positional (decided as a whole) or a where-test
        in.uses_j = ia.uses_j || ib.uses_j;
        return a;
      }
      kind ca = as_bool(n.lhs, a), cb = as_bool(n.rhs, b);
      return ca == kind::error || cb == kind::error ? kind::error : kind::boolean;
    }
    if (a == kind::error || b == kind::error) return kind::error;
    if (is_comparison(n.op)) return compare(e, x, n, a, b, op);
    // arithmetic: positional terms or counts
    if (n.op == ast::binop::mod) return modulo(e, n, a, b);
    auto is_const = [](kind k, const expr_info& i) { return k == kind::count && i.constant; };
    if (a == kind::pterm || b == kind::pterm) {
      for (auto [id, k] : {std::pair{n.lhs, a}, std::pair{n.rhs, b}}) {
        if (k != kind::pterm && !is_const(k, cx_.at(id)))
          return operand_error(id, op + " in a position term needs position terms or constants", k);
      }
      if (n.op == ast::binop::mul && a == kind::pterm && b == kind::pterm)
        return fail(x.where, "'*' needs a constant on one side, but neither " + cx_.quote(n.lhs) + " nor " +
                                 cx_.quote(n.rhs) + " is constant");
      in.uses_j = ia.uses_j || ib.uses_j;
      return kind::pterm;
    }
    for (auto [id, k] : {std::pair{n.lhs, a}, std::pair{n.rhs, b}})
      if (k != kind::count) return operand_error(id, op + " needs count operands", k);
    if (ia.constant && ib.constant) {
      std::int64_t r = 0;
      bool over = n.op == ast::binop::add   ? __builtin_add_overflow(*ia.constant, *ib.constant, &r)
                  : n.op == ast::binop::sub ? __builtin_sub_overflow(*ia.constant, *ib.constant, &r)
                                            : __builtin_mul_overflow(*ia.constant, *ib.constant, &r);
      return fold(x.where, !over, r, in, kind::count);
    }
    if (n.op == ast::binop::mul && !ia.constant && !ib.constant)
      return fail(x.where, "'*' needs a constant on one side, but neither " + cx_.quote(n.lhs) + " nor " +
                               cx_.quote(n.rhs) + " is constant");
    return kind::count;
  }

  kind compare(ast::expr_id e, const ast::expr& x, const ast::binary& n, kind a, kind b,
               const std::string& op) {
    expr_info& in = cx_.at(e);
    if (a == kind::sym || b == kind::sym) return compare_symbols(x, n, a, b, op);
    if (a == kind::pterm || b == kind::pterm) {
      for (auto [id, k] : {std::pair{n.lhs, a}, std::pair{n.rhs, b}}) {
        if (k == kind::pterm || (k == kind::count && cx_.at(id).constant)) continue;
        if (k == kind::count)
          return fail(cx_.prog.at(id).where, op + " compares a position with " + cx_.quote(id) +
                                                 ", which is not a constant");
        return operand_error(id, op + " compares position terms", k);
      }
      in.uses_j = cx_.at(n.lhs).uses_j || cx_.at(n.rhs).uses_j;
      return kind::pbool;
    }
    for (auto [id, k] : {std::pair{n.lhs, a}, std::pair{n.rhs, b}})
      if (k != kind::count) return operand_error(id, op + " compares counts", k);
    return kind::boolean;
  }

  // `a < b`, `a == "x"` inside where filters (and anywhere: a constant per instance).
  kind compare_symbols(const ast::expr& x, const ast::binary& n, kind a, kind b, const std::string& op) {
    auto literal = [&](ast::expr_id id) { return std::get_if<ast::token_lit>(&cx_.prog.at(id).node); };
    for (auto [id, k] : {std::pair{n.lhs, a}, std::pair{n.rhs, b}}) {
      if (k != kind::sym && !literal(id))
        return operand_error(id, op + " compares symbols", k);
    }
    if (!is_order(n.op)) return kind::wbool;
    int al = a == kind::sym ? cx_.at(n.lhs).sym_alphabet : -1;
    int bl = b == kind::sym ? cx_.at(n.rhs).sym_alphabet : -1;
    if (al >= 0 && bl >= 0 && al != bl)
      return fail(x.where, "cannot order symbols of different alphabets '" + cx_.alphabets[al].name +
                               "' and '" + cx_.alphabets[bl].name + "'");
    if (al < 0 && bl < 0) {
      if (a != kind::sym && b != kind::sym)
        return fail(x.where, op + " orders symbols by an alphabet, but neither side is a symbol variable");
      return kind::wbool;  // an unknown alphabet, already reported
    }
    int alpha = al >= 0 ? al : bl;
    for (ast::expr_id id : {n.lhs, n.rhs}) {
      const auto* lit = literal(id);
      if (lit && !cx_.alphabets[alpha].index.count(lit->token))
        return fail(cx_.prog.at(id).where, "'" + lit->token + "' is not in alphabet '" +
                                               cx_.alphabets[alpha].name + "'");
    }
    return kind::wbool;
  }

  kind modulo(ast::expr_id e, const ast::binary& n, kind a, kind b) {
    const expr_info& ia = cx_.at(n.lhs);
    const expr_info& ib = cx_.at(n.rhs);
    if (a != kind::pterm && !(a == kind::count && ia.constant)) {
      if (a == kind::count)
        return fail(cx_.prog.at(n.lhs).where,
                    "'%' is only for position terms over i and j, but " + cx_.quote(n.lhs) + " is a count");
      return operand_error(n.lhs, "'%' needs a position term", a);
    }
    if (b != kind::pterm && b != kind::count) return operand_error(n.rhs, "'%' needs a constant modulus", b);
    if (b != kind::count || !ib.constant)
      return fail(cx_.prog.at(n.rhs).where,
                  "'%' needs a positive constant modulus, but " + cx_.quote(n.rhs) + " is not constant");
    if (*ib.constant <= 0)
      return fail(cx_.prog.at(n.rhs).where,
                  "'%' needs a positive constant modulus, not " + std::to_string(*ib.constant));
    cx_.at(e).uses_j = ia.uses_j;
    return kind::pterm;
  }

  kind on(ast::expr_id e, const ast::expr& x, const ast::count& n) {
    const char* what = n.exists ? "'exists'" : "'#'";
    bool bad = false;
    if (n.g.named) {
      int d = cx_.lookup(*n.g.named, def_);
      if (d < 0) {
        diagnostic& diag = cx_.error(n.g.named_where, "undefined predicate '" + *n.g.named + "'");
        import_note(diag, *n.g.named);
        bad = true;
      } else {
        const definition& D = cx_.defs[static_cast<std::size_t>(d)];
        warn_early_import(D, n.g.named_where);
        bad = !guard_def(D, n.g.named_where);
        if (!bad) cx_.guard_of[e.v] = D.guard;
      }
    } else if (n.g.inline_expr.valid()) {
      kind g = go(n.g.inline_expr);
      const auto* nr = std::get_if<ast::name_ref>(&cx_.prog.at(n.g.inline_expr).node);
      int d = cx_.at(n.g.inline_expr).def;
      if (g == kind::pbool && nr && d >= 0) {
        bad = !guard_def(cx_.defs[static_cast<std::size_t>(d)], cx_.prog.at(n.g.inline_expr).where);
        if (!bad) cx_.guard_of[e.v] = cx_.defs[static_cast<std::size_t>(d)].guard;
      } else if (g == kind::pbool) {
        auto r = decide_binary(cx_, n.g.inline_expr, "guard " + cx_.quote(n.g.inline_expr), n.body);
        bad = !r;
        if (r) cx_.guard_of[e.v] = *r;
        if (r && !r->all && r->offsets.empty())  // legal, but surely not what was meant
          cx_.diags.warning(cx_.src, cx_.prog.at(n.g.inline_expr).where,
                            "guard " + cx_.quote(n.g.inline_expr) + " never holds for j <= i: the count is always 0");
      } else {
        bad = true;
        if (g != kind::error)
          operand_error(n.g.inline_expr, "a guard must be a condition over i and j", g);
      }
    } else {
      cx_.guard_of[e.v] = guard_result{true, {}};
    }
    kind b = go(n.body);
    if (!boolish(b)) {
      operand_error(n.body, std::string(what) + " needs a Boolean body", b);
      return kind::error;
    }
    if (as_bool(n.body, b) == kind::error || bad) return kind::error;
    (void)x;
    return n.exists ? kind::boolean : kind::count;
  }

  // A named guard must be a binary predicate (checked at its definition).
  bool guard_def(const definition& D, span where) {
    if (D.k != def_kind::predicate) {
      cx_.error(where, "'" + D.name + "' is not a predicate; a guard needs a binary predicate such as "
                                      "'predicate prev(i, j) = j == i - 1'");
      return false;
    }
    if (!D.binary) {
      cx_.error(where, "'" + D.name + "' is a unary predicate; a guard needs a binary predicate of i and j");
      return false;
    }
    return D.ok;
  }

  kind on(ast::expr_id, const ast::expr&, const ast::conditional& n) {
    kind c = go(n.cond), a = go(n.then_), b = go(n.else_);
    bool bad = false;
    if (!boolish(c)) {
      operand_error(n.cond, "the condition of a conditional must be Boolean", c);
      bad = true;
    } else if (as_bool(n.cond, c) == kind::error) {
      bad = true;
    }
    for (auto [id, k] : {std::pair{n.then_, a}, std::pair{n.else_, b}}) {
      if (k != kind::count) {
        operand_error(id, "the arms of a conditional must be counts", k);
        bad = true;
      }
    }
    return bad ? kind::error : kind::count;
  }

  kind on(ast::expr_id e, const ast::expr& x, const ast::minmax& n) {
    kind a = go(n.a), b = go(n.b);
    std::string op = n.is_max ? "'max'" : "'min'";
    bool bad = false;
    for (auto [id, k] : {std::pair{n.a, a}, std::pair{n.b, b}}) {
      if (k != kind::count) {
        operand_error(id, op + " needs count operands", k);
        bad = true;
      }
    }
    if (bad) return kind::error;
    const expr_info& ia = cx_.at(n.a);
    const expr_info& ib = cx_.at(n.b);
    if (ia.constant && ib.constant)
      return fold(x.where, true, n.is_max ? std::max(*ia.constant, *ib.constant) : std::min(*ia.constant, *ib.constant),
                  cx_.at(e), kind::count);
    return kind::count;
  }

  kind on(ast::expr_id, const ast::expr& x, const ast::quantifier& n) {
    bool bad = false;
    int alpha = -1;
    if (auto it = cx_.alphabet_by_name.find(n.alphabet); it != cx_.alphabet_by_name.end()) {
      alpha = it->second;
    } else {
      cx_.error(x.where, "unknown alphabet '" + n.alphabet + "'");
      bad = true;
    }
    scope_.push_back(scope_var{n.var, alpha});
    if (n.where.valid()) {
      kind w = go(n.where);
      bool constant_bool = std::holds_alternative<ast::bool_lit>(cx_.prog.at(n.where).node);
      if (w != kind::wbool && !constant_bool && w != kind::error) {
        operand_error(n.where, "a 'where' filter must compare symbol variables (== != < <= > >=)", w);
        bad = true;
      }
      bad = bad || w == kind::error;
    }
    kind b = go(n.body);
    scope_.pop_back();
    if (n.kind == ast::quant_kind::sum) {
      if (b != kind::count) {
        operand_error(n.body, "'sum' needs a count body", b);
        return kind::error;
      }
      return bad ? kind::error : kind::count;
    }
    std::string q = n.kind == ast::quant_kind::any ? "'any'" : "'all'";
    if (!boolish(b)) {
      operand_error(n.body, q + " needs a Boolean body", b);
      return kind::error;
    }
    if (as_bool(n.body, b) == kind::error) return kind::error;
    return bad ? kind::error : kind::boolean;
  }
};

}  // namespace

kind type_expr(context& cx, ast::expr_id e, std::vector<scope_var>& scope, int def) {
  typer t(cx, scope, def);
  return t.go(e);
}

kind type_boolean(context& cx, ast::expr_id e, std::vector<scope_var>& scope, int def) {
  typer t(cx, scope, def);
  kind k = t.go(e);
  return boolish(k) ? t.as_bool(e, k) : k;
}

}  // namespace crasp::checker
