// Nesting and encoding limits of the parser (limits.hpp). Everything here is a single loop: it
// runs before (or instead of) code that recurses.
#include "parse/limits.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "crasp/parse.hpp"

namespace crasp::parsing {
namespace {

// Calls f on every operand id of x (by reference, so that it can renumber them).
template <class X, class F>
void for_each_child(X& x, F&& f) {
  std::visit(
      [&](auto& n) {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, ast::unary>) {
          f(n.operand);
        } else if constexpr (std::is_same_v<T, ast::binary>) {
          f(n.lhs);
          f(n.rhs);
        } else if constexpr (std::is_same_v<T, ast::count>) {
          f(n.g.inline_expr);
          f(n.body);
        } else if constexpr (std::is_same_v<T, ast::conditional>) {
          f(n.cond);
          f(n.then_);
          f(n.else_);
        } else if constexpr (std::is_same_v<T, ast::minmax>) {
          f(n.a);
          f(n.b);
        } else if constexpr (std::is_same_v<T, ast::quantifier>) {
          f(n.where);
          f(n.body);
        }
      },
      x.node);
}

}  // namespace

const char* too_deep_bracket(const char* b, const char* e) {
  unsigned depth = 0;
  for (const char* p = b; p < e; ++p) {
    if (*p == '"') {
      const char* q = static_cast<const char*>(std::memchr(p + 1, '"', static_cast<std::size_t>(e - p - 1)));
      if (!q) return nullptr;
      p = q;
    } else if (*p == '/' && p + 1 < e && p[1] == '/') {
      return nullptr;
    } else if (*p == '(' || *p == '[') {
      if (++depth > max_nesting) return p;
    } else if ((*p == ')' || *p == ']') && depth > 0) {
      --depth;
    }
  }
  return nullptr;
}

std::optional<unsigned> too_deep_tree(const ast::program& p, ast::expr_id root, std::uint32_t first) {
  if (!root.valid() || root.v < first || root.v >= p.exprs.size()) return std::nullopt;
  // Operands always have smaller ids than their users, so one forward pass over the
  // statement's part of the arena computes every depth.
  std::vector<unsigned> depth(root.v - first + 1, 1);
  for (std::uint32_t id = first; id <= root.v; ++id) {
    unsigned d = 1;
    for_each_child(p.exprs[id], [&](const ast::expr_id& c) {
      if (c.valid() && c.v >= first && c.v < id) d = std::max(d, depth[c.v - first] + 1);
    });
    depth[id - first] = d;
  }
  const unsigned d = depth[root.v - first];
  if (d > max_nesting) return d;
  return std::nullopt;
}

}  // namespace crasp::parsing

namespace crasp::parsing {

ast::expr_id compact(ast::program& p, ast::expr_id root, std::uint32_t first) {
  if (!root.valid() || root.v < first || root.v >= p.exprs.size()) {
    p.exprs.resize(std::min<std::size_t>(p.exprs.size(), first));
    return root;
  }
  // Operands have smaller ids than their users: one backward pass marks what root reaches.
  std::vector<bool> keep(root.v - first + 1, false);
  keep.back() = true;
  for (std::uint32_t id = root.v + 1; id-- > first;) {
    if (!keep[id - first]) continue;
    for_each_child(p.exprs[id], [&](const ast::expr_id& c) {
      if (c.valid() && c.v >= first && c.v < id) keep[c.v - first] = true;
    });
  }
  std::vector<std::uint32_t> renumber(keep.size(), UINT32_MAX);
  std::uint32_t next = first;
  for (std::uint32_t id = first; id <= root.v; ++id) {
    if (!keep[id - first]) continue;
    renumber[id - first] = next;
    if (next != id) p.exprs[next] = std::move(p.exprs[id]);
    for_each_child(p.exprs[next], [&](ast::expr_id& c) {
      if (c.valid() && c.v >= first && c.v - first < renumber.size()) c.v = renumber[c.v - first];
    });
    ++next;
  }
  p.exprs.resize(next);
  return ast::expr_id{renumber.back()};
}

}  // namespace crasp::parsing
