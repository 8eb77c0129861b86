// Expansion: builds the IR for every statement instance. Families are instantiated once per
// tuple of their alphabets, quantifiers become or/and/add chains, `where` filters and symbol
// comparisons are evaluated here (they are constants per instance), and references to family
// instances resolve per instance to the latest earlier definition that covers the tuple.
#include <set>

#include "check/context.hpp"
#include "check/hashcons.hpp"

namespace crasp::checker {
namespace {

struct binding {
  std::string var;
  std::string token;
  int alphabet = -1;
};

class expander {
 public:
  explicit expander(context& cx) : cx_(cx), values_(cx.defs.size()) {}

  std::optional<ir::program> run() {
    ir::program out;
    out.source = cx_.src;
    for (std::size_t d = 0; d < cx_.defs.size(); ++d) statement(static_cast<int>(d), out);
    out.nodes = std::move(b_.nodes);
    out.vocabulary = cx_.vocabulary;
    out.closed_vocabulary = !cx_.alphabets.empty();
    return out;
  }

 private:
  context& cx_;
  builder b_;
  int cur_ = 0;  // definition being expanded
  std::vector<binding> env_;
  // Node of each instance (key: joined tuple) per definition; absent when it failed.
  std::vector<std::unordered_map<std::string, ir::node_id>> values_;
  std::vector<char> failed_ = std::vector<char>(cx_.defs.size(), 0);
  std::set<std::uint32_t> reported_;  // expression ids already reported (once, not per instance)

  static std::string join(const std::vector<std::string>& tuple) {
    std::string k;
    for (const auto& t : tuple) k += t + "\x1f";
    return k;
  }

  static std::string display(const std::string& name, const std::vector<std::string>& tuple) {
    if (tuple.empty()) return name;
    std::string s = name + "[";
    for (std::size_t n = 0; n < tuple.size(); ++n) s += (n ? ",\"" : "\"") + tuple[n] + "\"";
    return s + "]";
  }

  void report(ast::expr_id e, span where, const std::string& msg) {
    if (reported_.insert(e.v).second) cx_.error(where, msg);
  }

  const binding* bound(const std::string& var) const {
    for (auto it = env_.rbegin(); it != env_.rend(); ++it)
      if (it->var == var) return &*it;
    return nullptr;
  }

  // Runs `f(tuple)` for every tuple of the definition's parameters, binding variables.
  template <class F>
  void each_tuple(const definition& d, std::size_t n, std::vector<std::string>& tuple, F&& f) {
    if (n == d.arity()) {
      f(tuple);
      return;
    }
    if (d.param_literal[n]) {
      tuple.push_back(*d.param_literal[n]);
      each_tuple(d, n + 1, tuple, f);
      tuple.pop_back();
      return;
    }
    const alphabet& a = cx_.alphabets[static_cast<std::size_t>(d.param_alphabet[n])];
    for (const std::string& tok : a.tokens) {
      tuple.push_back(tok);
      env_.push_back(binding{d.param_var[n], tok, d.param_alphabet[n]});
      each_tuple(d, n + 1, tuple, f);
      env_.pop_back();
      tuple.pop_back();
    }
  }

  void statement(int d, ir::program& out) {
    const definition& D = cx_.defs[static_cast<std::size_t>(d)];
    if (D.k == def_kind::predicate) return;
    if (!D.ok) {
      failed_[static_cast<std::size_t>(d)] = 1;
      return;
    }
    cur_ = d;
    std::vector<std::string> tuple;
    bool warned = false;
    each_tuple(D, 0, tuple, [&](const std::vector<std::string>& t) {
      auto node = expr(D.value);
      if (!node) {
        failed_[static_cast<std::size_t>(d)] = 1;
        return;
      }
      if (D.k == def_kind::next) {
        std::string tok = D.next_token ? *D.next_token : t.at(0);
        std::uint32_t idx = cx_.add_token(tok);
        for (auto& rule : out.next) {
          if (rule.token != idx) continue;
          if (!warned)
            cx_.diags.warning(cx_.src, D.where, "redefinition of the next rule for \"" + tok + "\" replaces the earlier one");
          warned = true;
          rule.value = *node;
          return;
        }
        out.next.push_back(ir::next_rule{idx, *node});
        return;
      }
      values_[static_cast<std::size_t>(d)][join(t)] = *node;
      out.statements.push_back(ir::statement{display(D.name, t), *node, D.type,
                                             cx_.prog.statements[D.stmt].where});
    });
  }

  // The latest definition before the current one that defines name[tuple].
  int resolve(const std::string& name, const std::vector<std::string>& tuple) const {
    int best = -1;
    if (auto it = cx_.instances.find(instance_lookup_key(name, tuple)); it != cx_.instances.end())
      for (int k : it->second)
        if (k < cur_) best = std::max(best, k);
    auto it = cx_.families.find(name);
    if (it == cx_.families.end()) return best;
    for (auto k = it->second.rbegin(); k != it->second.rend(); ++k) {
      if (*k <= best) break;  // an instance definition after every remaining family wins
      if (*k >= cur_) continue;
      const definition& D = cx_.defs[static_cast<std::size_t>(*k)];
      if (D.arity() != tuple.size()) continue;
      bool covers = true;
      for (std::size_t n = 0; n < tuple.size() && covers; ++n) {
        if (D.param_literal[n])
          covers = *D.param_literal[n] == tuple[n];
        else
          covers = D.param_alphabet[n] >= 0 &&
                   cx_.alphabets[static_cast<std::size_t>(D.param_alphabet[n])].index.count(tuple[n]);
      }
      if (covers) return *k;  // the latest covering family
    }
    return best;
  }

  // Why name[tuple] has no definition: name the symbol outside the family's alphabet.
  std::string missing(const ast::name_ref& n, const std::vector<std::string>& tuple) const {
    int latest = cx_.lookup(n.name, cur_);
    if (latest >= 0) {
      const definition& D = cx_.defs[static_cast<std::size_t>(latest)];
      for (std::size_t k = 0; k < tuple.size() && k < D.arity(); ++k) {
        if (D.param_literal[k] || D.param_alphabet[k] < 0) continue;
        const alphabet& a = cx_.alphabets[static_cast<std::size_t>(D.param_alphabet[k])];
        if (!a.index.count(tuple[k]))
          return "'" + tuple[k] + "' is not in alphabet '" + a.name + "' of family '" + n.name + "'";
      }
    }
    return "no instance " + display(n.name, tuple) + " is defined before this statement";
  }

  std::optional<ir::node_id> name(ast::expr_id e, const ast::expr& x, const ast::name_ref& n) {
    std::vector<std::string> tuple;
    for (const ast::sym_ref& a : n.args) {
      const binding* v = a.literal ? nullptr : bound(a.text);
      if (!a.literal && !v) return std::nullopt;  // reported by the type pass
      tuple.push_back(a.literal ? a.text : v->token);
    }
    int d = n.args.empty() ? cx_.at(e).def : resolve(n.name, tuple);
    if (d < 0) {
      report(e, x.where, missing(n, tuple));
      return std::nullopt;
    }
    if (failed_[static_cast<std::size_t>(d)]) return std::nullopt;
    const definition& D = cx_.defs[static_cast<std::size_t>(d)];
    ir::type want = cx_.at(e).k == kind::count ? ir::type::count : ir::type::boolean;
    if (D.type != want) {
      report(e, x.where, "instance " + display(n.name, tuple) + " is " +
                             (D.type == ir::type::count ? "a count" : "a Boolean") +
                             ", unlike the latest definition of '" + n.name + "'");
      return std::nullopt;
    }
    auto& vals = values_[static_cast<std::size_t>(d)];
    auto it = vals.find(join(tuple));
    if (it == vals.end()) return std::nullopt;
    return it->second;
  }

  const std::string* sym_value(ast::expr_id e, int& alpha) const {
    const ast::expr& x = cx_.prog.at(e);
    if (const auto* t = std::get_if<ast::token_lit>(&x.node)) return &t->token;
    if (const auto* n = std::get_if<ast::name_ref>(&x.node)) {
      if (const binding* v = bound(n->name)) {
        alpha = v->alphabet;
        return &v->token;
      }
    }
    return nullptr;
  }

  // A symbol comparison (where filter) under the current bindings.
  bool where_value(ast::expr_id e) const {
    const ast::expr& x = cx_.prog.at(e);
    if (const auto* b = std::get_if<ast::bool_lit>(&x.node)) return b->value;
    if (const auto* u = std::get_if<ast::unary>(&x.node)) return !where_value(u->operand);
    const auto* bin = std::get_if<ast::binary>(&x.node);
    if (!bin) return false;
    if (bin->op == ast::binop::and_) return where_value(bin->lhs) && where_value(bin->rhs);
    if (bin->op == ast::binop::or_) return where_value(bin->lhs) || where_value(bin->rhs);
    int al = -1, bl = -1;
    const std::string* p = sym_value(bin->lhs, al);
    const std::string* q = sym_value(bin->rhs, bl);
    if (!p || !q) return false;
    if (bin->op == ast::binop::eq) return *p == *q;
    if (bin->op == ast::binop::ne) return *p != *q;
    int alpha = al >= 0 ? al : bl;
    if (alpha < 0) return false;
    const auto& index = cx_.alphabets[static_cast<std::size_t>(alpha)].index;
    auto pi = index.find(*p), qi = index.find(*q);
    if (pi == index.end() || qi == index.end()) return false;
    std::uint32_t u = pi->second, v = qi->second;
    switch (bin->op) {
      case ast::binop::lt: return u < v;
      case ast::binop::le: return u <= v;
      case ast::binop::ge: return u >= v;
      case ast::binop::gt: return u > v;
      default: return false;
    }
  }

  static ir::cmp to_cmp(ast::binop op) {
    switch (op) {
      case ast::binop::lt: return ir::cmp::lt;
      case ast::binop::le: return ir::cmp::le;
      case ast::binop::ne: return ir::cmp::ne;
      case ast::binop::ge: return ir::cmp::ge;
      case ast::binop::gt: return ir::cmp::gt;
      default: return ir::cmp::eq;
    }
  }

  std::optional<ir::node_id> expr(ast::expr_id e) {
    const ast::expr& x = cx_.prog.at(e);
    const expr_info& in = cx_.at(e);
    switch (in.k) {
      case kind::error:
      case kind::sym:
      case kind::pterm: return std::nullopt;
      case kind::wbool: return b_.boolean(where_value(e));
      case kind::pbool: {
        auto it = cx_.residues_of.find(e.v);
        if (it == cx_.residues_of.end()) return std::nullopt;
        return b_.periodic(it->second);
      }
      case kind::count:
        if (in.constant) return b_.integer(*in.constant);
        break;
      case kind::boolean: break;
    }
    return std::visit([&](const auto& n) { return on(e, x, n); }, x.node);
  }

  std::optional<ir::node_id> on(ast::expr_id, const ast::expr&, const ast::token_lit& n) {
    return b_.token(cx_.add_token(n.token));
  }
  std::optional<ir::node_id> on(ast::expr_id, const ast::expr&, const ast::token_var& n) {
    if (n.sym.literal) return b_.token(cx_.add_token(n.sym.text));
    const binding* v = bound(n.sym.text);
    if (!v) return std::nullopt;
    return b_.token(cx_.add_token(v->token));
  }
  std::optional<ir::node_id> on(ast::expr_id, const ast::expr&, const ast::bool_lit& n) { return b_.boolean(n.value); }
  std::optional<ir::node_id> on(ast::expr_id, const ast::expr&, const ast::int_lit& n) { return b_.integer(n.value); }
  std::optional<ir::node_id> on(ast::expr_id, const ast::expr&, const ast::pos_var&) { return std::nullopt; }
  std::optional<ir::node_id> on(ast::expr_id e, const ast::expr& x, const ast::name_ref& n) { return name(e, x, n); }

  std::optional<ir::node_id> on(ast::expr_id, const ast::expr&, const ast::unary& n) {
    auto a = expr(n.operand);
    if (!a) return a;
    if (n.op == ast::unop::not_) return b_.not_(*a);
    return b_.sub(b_.integer(0), *a);
  }

  std::optional<ir::node_id> on(ast::expr_id, const ast::expr&, const ast::binary& n) {
    auto a = expr(n.lhs);
    auto b = expr(n.rhs);
    if (!a || !b) return std::nullopt;
    switch (n.op) {
      case ast::binop::and_: return b_.and_(*a, *b);
      case ast::binop::or_: return b_.or_(*a, *b);
      case ast::binop::add: return b_.add(*a, *b);
      case ast::binop::sub: return b_.sub(*a, *b);
      case ast::binop::mul: {
        const auto& ca = cx_.at(n.lhs).constant;
        if (ca) return b_.scale(*ca, *b);
        return b_.scale(*cx_.at(n.rhs).constant, *a);
      }
      case ast::binop::mod: return std::nullopt;
      default: return b_.compare(to_cmp(n.op), *a, *b);
    }
  }

  std::optional<ir::node_id> on(ast::expr_id e, const ast::expr&, const ast::count& n) {
    auto body = expr(n.body);
    auto g = cx_.guard_of.find(e.v);
    if (!body || g == cx_.guard_of.end()) return std::nullopt;
    ir::node_id c = b_.count(*body, g->second);
    if (n.exists) return b_.compare(ir::cmp::ge, c, b_.integer(1));
    return c;
  }

  std::optional<ir::node_id> on(ast::expr_id, const ast::expr&, const ast::conditional& n) {
    auto c = expr(n.cond), a = expr(n.then_), b = expr(n.else_);
    if (!c || !a || !b) return std::nullopt;
    return b_.select(*c, *a, *b);
  }

  std::optional<ir::node_id> on(ast::expr_id, const ast::expr&, const ast::minmax& n) {
    auto a = expr(n.a), b = expr(n.b);
    if (!a || !b) return std::nullopt;
    return n.is_max ? b_.max_(*a, *b) : b_.min_(*a, *b);
  }

  std::optional<ir::node_id> on(ast::expr_id, const ast::expr&, const ast::quantifier& n) {
    auto it = cx_.alphabet_by_name.find(n.alphabet);
    if (it == cx_.alphabet_by_name.end()) return std::nullopt;
    ir::node_id acc = n.kind == ast::quant_kind::sum ? b_.integer(0) : b_.boolean(n.kind == ast::quant_kind::all);
    for (const std::string& tok : cx_.alphabets[static_cast<std::size_t>(it->second)].tokens) {
      env_.push_back(binding{n.var, tok, it->second});
      bool keep = !n.where.valid() || where_value(n.where);
      std::optional<ir::node_id> v = keep ? expr(n.body) : std::optional<ir::node_id>{acc};
      env_.pop_back();
      if (!v) return std::nullopt;
      if (!keep) continue;
      acc = n.kind == ast::quant_kind::any ? b_.or_(acc, *v)
            : n.kind == ast::quant_kind::all ? b_.and_(acc, *v)
                                             : b_.add(acc, *v);
    }
    return acc;
  }
};

}  // namespace

std::optional<ir::program> expand(context& cx) {
  expander x(cx);
  return x.run();
}

}  // namespace crasp::checker
