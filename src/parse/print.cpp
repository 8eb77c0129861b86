#include "parse/print.hpp"

#include <fmt/format.h>

namespace crasp::detail {
namespace {

std::string sym(const ast::sym_ref& s) { return s.literal ? fmt::format("\"{}\"", s.text) : s.text; }

struct printer {
  const ast::program& p;

  std::string operator()(ast::expr_id id) const { return std::visit(*this, p.at(id).node); }
  std::string operator()(const ast::token_lit& n) const { return fmt::format("\"{}\"", n.token); }
  std::string operator()(const ast::token_var& n) const { return fmt::format("tok({})", sym(n.sym)); }
  std::string operator()(const ast::bool_lit& n) const { return n.value ? "true" : "false"; }
  std::string operator()(const ast::int_lit& n) const { return std::to_string(n.value); }
  std::string operator()(const ast::pos_var& n) const { return n.is_j ? "j" : "i"; }
  std::string operator()(const ast::name_ref& n) const {
    if (n.args.empty()) return n.name;
    std::string out = n.name;
    for (std::size_t k = 0; k < n.args.size(); ++k) out += fmt::format("{}{}", k ? ", " : "[", sym(n.args[k]));
    return out + "]";
  }
  std::string operator()(const ast::unary& n) const {
    return fmt::format("({}{})", n.op == ast::unop::not_ ? "!" : "-", (*this)(n.operand));
  }
  std::string operator()(const ast::binary& n) const {
    return fmt::format("({} {} {})", (*this)(n.lhs), ast::op_text(n.op), (*this)(n.rhs));
  }
  std::string operator()(const ast::count& n) const {
    std::string guard;
    if (n.g.named) guard = fmt::format("[{}]", *n.g.named);
    if (n.g.inline_expr.valid()) guard = fmt::format("[{}]", (*this)(n.g.inline_expr));
    return fmt::format("({}{} {})", n.exists ? "exists" : "#", guard, (*this)(n.body));
  }
  std::string operator()(const ast::conditional& n) const {
    return fmt::format("({} ? {} : {})", (*this)(n.cond), (*this)(n.then_), (*this)(n.else_));
  }
  std::string operator()(const ast::minmax& n) const {
    return fmt::format("{}({}, {})", n.is_max ? "max" : "min", (*this)(n.a), (*this)(n.b));
  }
  std::string operator()(const ast::quantifier& n) const {
    const char* kind = n.kind == ast::quant_kind::any ? "any" : n.kind == ast::quant_kind::all ? "all" : "sum";
    const std::string where = n.where.valid() ? fmt::format(" where {}", (*this)(n.where)) : "";
    return fmt::format("({} {} in {}{}: {})", kind, n.var, n.alphabet, where, (*this)(n.body));
  }
};

}  // namespace

std::string to_sexpr(const ast::program& p, ast::expr_id id) {
  if (!id.valid()) return "<invalid>";
  return printer{p}(id);
}

}  // namespace crasp::detail
