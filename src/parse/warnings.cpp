// Warnings where a program's meaning hinges on a surprising reading: the public (.cr)
// precedence where it differs from the conventional one, and count bodies that swallow a
// comparison. Parentheses written by the user silence them.
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "parse/precedence.hpp"

namespace crasp::parsing {
namespace {

bool unparenthesized(const ast::program& p, ast::expr_id id) { return !p.at(id).parenthesized; }

// Source text quoted in a warning, shortened in the middle when long (a warning about one
// link of a 100,000-character chain must not copy the chain).
std::string brief(std::string_view t) { return abbreviate(t, 30); }

std::string text(const context& cx, ast::expr_id id) { return brief(cx.text(cx.prog.at(id).where)); }

constexpr std::string_view reading_marker = "by the public interpreter";

// One reading warning per statement is enough: a chain would repeat it once per link.
bool warned_reading(const context& cx) {
  for (const diagnostic& d : cx.pending)
    if (d.level == severity::warning && d.message.find(reading_marker) != std::string::npos) return true;
  return false;
}

void warn(context& cx, ast::expr_id node, const std::string& reading) {
  if (warned_reading(cx)) return;
  cx.warning(cx.prog.at(node).where,
             fmt::format("'{}' is read as '{}' by the public interpreter; add parentheses to make "
                         "this explicit",
                         text(cx, node), reading));
}

bool has_top_comparison(const ast::program& p, ast::expr_id id) {
  const ast::expr& e = p.at(id);
  if (e.parenthesized) return false;
  if (const auto* b = std::get_if<ast::binary>(&e.node)) {
    if (is_comparison(b->op)) return true;
    if (b->op == ast::binop::and_ || b->op == ast::binop::or_)
      return has_top_comparison(p, b->lhs) || has_top_comparison(p, b->rhs);
    return false;
  }
  if (const auto* u = std::get_if<ast::unary>(&e.node); u && u->op == ast::unop::not_)
    return has_top_comparison(p, u->operand);
  return false;
}

}  // namespace

bool is_comparison(ast::binop op) {
  return op == ast::binop::lt || op == ast::binop::le || op == ast::binop::eq ||
         op == ast::binop::ne || op == ast::binop::ge || op == ast::binop::gt;
}

bool is_binary(const ast::program& p, ast::expr_id id, std::initializer_list<ast::binop> ops) {
  const auto* b = std::get_if<ast::binary>(&p.at(id).node);
  if (!b) return false;
  for (ast::binop op : ops)
    if (b->op == op) return true;
  return false;
}

bool surely_count(const ast::program& p, ast::expr_id id) {
  const ast::expr_node& n = p.at(id).node;
  if (std::holds_alternative<ast::int_lit>(n) || std::holds_alternative<ast::minmax>(n)) return true;
  if (const auto* c = std::get_if<ast::count>(&n)) return !c->exists;  // `exists` is a Boolean
  if (const auto* u = std::get_if<ast::unary>(&n)) return u->op == ast::unop::neg;
  if (const auto* b = std::get_if<ast::binary>(&n))
    return b->op == ast::binop::add || b->op == ast::binop::sub || b->op == ast::binop::mul ||
           b->op == ast::binop::mod;
  if (const auto* q = std::get_if<ast::quantifier>(&n)) return q->kind == ast::quant_kind::sum;
  // Branches nest by at most max_nesting levels: the parser refused deeper programs.
  if (const auto* c = std::get_if<ast::conditional>(&n))
    return surely_count(p, c->then_) || surely_count(p, c->else_);
  return false;
}

void warn_cr_reading(context& cx, ast::expr_id node) {
  if (cx.lang != ast::dialect::cr) return;
  const ast::program& p = cx.prog;
  const ast::expr& e = p.at(node);
  if (const auto* u = std::get_if<ast::unary>(&e.node)) {
    // `!A && B` is `!(A && B)`.
    if (u->op == ast::unop::not_ && unparenthesized(p, u->operand) &&
        is_binary(p, u->operand, {ast::binop::and_, ast::binop::or_}))
      warn(cx, node, fmt::format("!({})", text(cx, u->operand)));
  } else if (const auto* b = std::get_if<ast::binary>(&e.node)) {
    const bool rhs_sum = unparenthesized(p, b->rhs) &&
                         is_binary(p, b->rhs, {ast::binop::add, ast::binop::sub});
    // `2 * A + 1` is `2 * (A + 1)`.
    if (b->op == ast::binop::mul && rhs_sum && std::holds_alternative<ast::int_lit>(p.at(b->lhs).node))
      warn(cx, node, fmt::format("{} * ({})", text(cx, b->lhs), text(cx, b->rhs)));
    // `A - B + C` is `A - (B + C)`.
    if (b->op == ast::binop::sub && unparenthesized(p, b->rhs) && is_binary(p, b->rhs, {ast::binop::add}))
      warn(cx, node, fmt::format("{} - ({})", text(cx, b->lhs), text(cx, b->rhs)));
  } else if (const auto* c = std::get_if<ast::conditional>(&e.node)) {
    // `A if P else B if Q else C` is `(A if P else B) if Q else C`.
    if (unparenthesized(p, c->then_) && std::holds_alternative<ast::conditional>(p.at(c->then_).node))
      warn(cx, node, fmt::format("({}) if {} else {}", text(cx, c->then_), text(cx, c->cond),
                                 text(cx, c->else_)));
  }
}

void warn_count_body(context& cx, ast::expr_id count) {
  const ast::program& p = cx.prog;
  const auto& c = std::get<ast::count>(p.at(count).node);
  if (c.exists || !has_top_comparison(p, c.body)) return;
  const span whole = p.at(count).where;
  const span body = p.at(c.body).where;
  std::string head(cx.text(span{whole.begin, body.begin}));
  while (!head.empty() && (head.back() == ' ' || head.back() == '\t')) head.pop_back();
  cx.warning(whole, fmt::format("'{}' is read as '{}({})'; add parentheses to make this explicit",
                                brief(cx.text(whole)), brief(head), text(cx, c.body)));
}

}  // namespace crasp::parsing
