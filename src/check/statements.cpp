// The statement pass: turns each statement into a definition (value, family, instance,
// predicate, import, next rule), types its body against the definitions before it, and warns
// when a definition shadows an earlier one.
#include "check/context.hpp"

namespace crasp::checker {
namespace {

constexpr const char* known_imports = "pred, pred4, pos_even";

std::string instance_key(const std::string& name, const std::vector<std::optional<std::string>>& lits) {
  std::string k = name;
  for (const auto& l : lits) k += "\x1f" + *l;
  return k;
}

bool all_literal(const definition& d) {
  for (const auto& l : d.param_literal)
    if (!l) return false;
  return true;
}

// A redefinition warns unless both define different single instances of one family.
void warn_shadowing(context& cx, const definition& d, int self) {
  int prev = cx.lookup(d.name, self);
  if (prev < 0) return;
  const definition& p = cx.defs[static_cast<std::size_t>(prev)];
  if (d.arity() > 0 && p.arity() == d.arity() && all_literal(d)) {
    auto it = cx.instances.find(instance_key(d.name, d.param_literal));
    bool covered = false;
    if (it != cx.instances.end())
      for (int k : it->second) covered = covered || k < self;
    for (int k : cx.families[d.name]) {
      const definition& q = cx.defs[static_cast<std::size_t>(k)];
      if (k >= self || q.arity() != d.arity()) continue;
      bool in = true;
      for (std::size_t n = 0; n < d.arity(); ++n) {
        if (q.param_literal[n]) in = in && *q.param_literal[n] == *d.param_literal[n];
        else if (q.param_alphabet[n] >= 0)
          in = in && cx.alphabets[static_cast<std::size_t>(q.param_alphabet[n])].index.count(*d.param_literal[n]);
      }
      covered = covered || in;
    }
    if (!covered) return;
  }
  cx.diags.warning(cx.src, d.where, "redefinition of '" + d.name + "' shadows the earlier definition")
      .notes.push_back(cx.note(p.where, "earlier definition is here"));
}

// Binds family parameters; reports unknown alphabets and repeated variables.
bool bind_params(context& cx, definition& d, const std::vector<ast::family_param>& params,
                 std::vector<scope_var>& scope) {
  bool ok = true;
  for (const ast::family_param& p : params) {
    if (p.literal) {
      d.param_alphabet.push_back(-1);
      d.param_var.emplace_back();
      d.param_literal.push_back(p.literal);
      continue;
    }
    int alpha = -1;
    if (auto it = cx.alphabet_by_name.find(p.alphabet); it != cx.alphabet_by_name.end()) {
      alpha = it->second;
    } else {
      cx.error(p.where, "unknown alphabet '" + p.alphabet + "'");
      ok = false;
    }
    for (const scope_var& v : scope) {
      if (v.name == p.var) {
        cx.error(p.where, "symbol variable '" + p.var + "' is bound twice");
        ok = false;
      }
    }
    scope.push_back(scope_var{p.var, alpha});
    d.param_alphabet.push_back(alpha);
    d.param_var.push_back(p.var);
    d.param_literal.emplace_back();
  }
  return ok;
}

// The value of an assignment or next rule: a Boolean or a count (positional predicates and
// symbol tests become Booleans).
kind value_kind(context& cx, ast::expr_id e, std::vector<scope_var>& scope, int self, bool next) {
  kind k = type_boolean(cx, e, scope, self);
  if (k == kind::error || k == kind::boolean || (k == kind::count && !next)) return k;
  std::string q = cx.quote(e);
  if (k == kind::count)
    cx.error(cx.prog.at(e).where, "a next rule must be Boolean, but " + q + " is a count");
  else if (k == kind::pterm)
    cx.error(cx.prog.at(e).where, q + " is a position term; compare it, as in 'i % 2 == 0'");
  else if (k == kind::sym)
    cx.error(cx.prog.at(e).where, q + " is a symbol variable, not a Boolean; test it with 'tok(" +
                                      cx.text(cx.prog.at(e).where) + ")'");
  return kind::error;
}

// The order statements are checked in: as written, except that the public interpreter applies
// every `#import` before running the program, so in .cr files imports come first.
std::vector<std::size_t> statement_order(const ast::program& prog) {
  std::vector<std::size_t> order;
  const bool hoist = prog.lang == ast::dialect::cr;
  for (std::size_t s = 0; s < prog.statements.size(); ++s)
    if (hoist && std::holds_alternative<ast::import_stmt>(prog.statements[s].node)) order.push_back(s);
  for (std::size_t s = 0; s < prog.statements.size(); ++s)
    if (!hoist || !std::holds_alternative<ast::import_stmt>(prog.statements[s].node)) order.push_back(s);
  return order;
}

}  // namespace

void check_statements(context& cx) {
  for (const std::size_t s : statement_order(cx.prog)) {
    cx.current_stmt = s;
    const ast::statement& st = cx.prog.statements[s];
    if (std::holds_alternative<ast::alphabet_decl>(st.node)) continue;
    int self = static_cast<int>(cx.defs.size());
    definition d;
    d.stmt = s;
    std::vector<scope_var> scope;
    std::size_t errors_before = cx.diags.error_count();
    if (const auto* a = std::get_if<ast::assign>(&st.node)) {
      d.name = a->name;
      d.where = a->name_where;
      d.value = a->value;
      bool ok = bind_params(cx, d, a->params, scope);
      kind k = value_kind(cx, a->value, scope, self, false);
      d.type = k == kind::count ? ir::type::count : ir::type::boolean;
      d.ok = ok && k != kind::error;
    } else if (const auto* im = std::get_if<ast::import_stmt>(&st.node)) {
      d.k = def_kind::predicate;
      d.name = im->name;
      d.where = im->name_where;
      if (im->name != "pred" && im->name != "pred4" && im->name != "pos_even") {
        cx.error(im->name_where, "unknown import '" + im->name + "'; the predefined predicates are " +
                                     known_imports);
        continue;
      }
      define_import(cx, d);
    } else if (const auto* p = std::get_if<ast::predicate_def>(&st.node)) {
      d.k = def_kind::predicate;
      d.name = p->name;
      d.where = p->name_where;
      d.value = p->body;
      d.binary = p->binary;
      kind k = type_expr(cx, p->body, scope, self);
      std::string what = "predicate '" + p->name + "'";
      if (k != kind::pbool) {
        if (k != kind::error)
          cx.error(cx.prog.at(p->body).where, "the body of " + what + " must be a condition over i" +
                                                  (p->binary ? " and j" : "") + ", but " +
                                                  cx.quote(p->body) + " is " + kind_name(k));
        d.ok = false;
      } else if (p->binary) {
        auto g = decide_binary(cx, p->body, what);
        d.ok = g.has_value();
        if (g) d.guard = *g;
      } else if (cx.at(p->body).uses_j) {
        cx.error(cx.prog.at(p->body).where, "unary " + what + " uses 'j'; declare it as 'predicate " +
                                                p->name + "(i, j)' to use it as a guard");
        d.ok = false;
      } else {
        d.ok = decide_unary(cx, p->body, what);
        if (d.ok) d.residues = cx.residues_of[p->body.v];
      }
    } else if (const auto* n = std::get_if<ast::next_decl>(&st.node)) {
      d.k = def_kind::next;
      d.value = n->value;
      d.next_token = n->token;
      d.where = n->token_where;
      d.name = n->token ? "next \"" + *n->token + "\"" : "next";
      bool ok = true;
      if (n->param) {
        std::vector<ast::family_param> params{*n->param};
        ok = bind_params(cx, d, params, scope);
      }
      d.ok = ok && value_kind(cx, n->value, scope, self, true) != kind::error;
    }
    if (cx.diags.error_count() != errors_before) d.ok = false;
    if (d.k != def_kind::next) {
      warn_shadowing(cx, d, self);
      cx.defs_by_name[d.name].push_back(self);
      if (d.arity() > 0 && all_literal(d)) cx.instances[instance_key(d.name, d.param_literal)].push_back(self);
      if (d.arity() > 0 && !all_literal(d)) cx.families[d.name].push_back(self);
    }
    cx.defs.push_back(std::move(d));
  }
}

std::string instance_lookup_key(const std::string& name, const std::vector<std::string>& tuple) {
  std::string k = name;
  for (const auto& t : tuple) k += "\x1f" + t;
  return k;
}

}  // namespace crasp::checker
