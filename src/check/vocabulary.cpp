// The vocabulary: every declared alphabet's tokens and every token the program names, in the
// order they first appear, so that vocabulary indices are stable and readable.
#include "check/context.hpp"

namespace crasp::checker {
namespace {

void walk(context& cx, ast::expr_id e) {
  if (!e.valid() || e.v >= cx.prog.exprs.size()) return;
  std::visit(
      [&](const auto& n) {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, ast::token_lit>) {
          cx.add_token(n.token);
        } else if constexpr (std::is_same_v<T, ast::token_var>) {
          if (n.sym.literal) cx.add_token(n.sym.text);
        } else if constexpr (std::is_same_v<T, ast::unary>) {
          walk(cx, n.operand);
        } else if constexpr (std::is_same_v<T, ast::binary>) {
          walk(cx, n.lhs);
          walk(cx, n.rhs);
        } else if constexpr (std::is_same_v<T, ast::count>) {
          walk(cx, n.g.inline_expr);
          walk(cx, n.body);
        } else if constexpr (std::is_same_v<T, ast::conditional>) {
          walk(cx, n.cond);
          walk(cx, n.then_);
          walk(cx, n.else_);
        } else if constexpr (std::is_same_v<T, ast::minmax>) {
          walk(cx, n.a);
          walk(cx, n.b);
        } else if constexpr (std::is_same_v<T, ast::quantifier>) {
          walk(cx, n.where);
          walk(cx, n.body);
        }
      },
      cx.prog.at(e).node);
}

}  // namespace

void collect_vocabulary(context& cx) {
  for (const ast::statement& st : cx.prog.statements) {
    if (const auto* a = std::get_if<ast::alphabet_decl>(&st.node)) {
      auto it = cx.alphabet_by_name.find(a->name);
      if (it == cx.alphabet_by_name.end()) continue;
      for (const std::string& tok : cx.alphabets[static_cast<std::size_t>(it->second)].tokens) cx.add_token(tok);
    } else if (const auto* s = std::get_if<ast::assign>(&st.node)) {
      walk(cx, s->value);
    } else if (const auto* n = std::get_if<ast::next_decl>(&st.node)) {
      if (n->token) cx.add_token(*n->token);
      walk(cx, n->value);
    }
  }
}

}  // namespace crasp::checker
