// Recognition of matching families (matching.hpp). Purely syntactic over the hash-consed IR:
// OR trees are opened to their leaves, AND trees to their conjuncts, and a member must be
// exactly "token test AND (unguarded count >= constant)". Conjunct sets are compared as sorted
// node ids, which hash-consing makes canonical for identical sub-expressions.
#include <algorithm>
#include <limits>
#include <optional>
#include <variant>

#include "interpret/matching.hpp"

namespace crasp::matching {

namespace {

using ir::node_id;

/// Bounds the work on adversarial DAGs: larger trees are left to the node-by-node lowering.
constexpr std::size_t max_members = 1u << 16;
constexpr std::size_t max_conjuncts = 64;

/// Conjuncts of the AND tree under n (n itself when it is not an AND), sorted and unique;
/// nullopt past max_conjuncts.
std::optional<std::vector<node_id>> conjuncts(const ir::program& p, node_id n) {
  std::vector<node_id> out, stack{n};
  while (!stack.empty()) {
    const node_id x = stack.back();
    stack.pop_back();
    if (const auto* a = std::get_if<ir::and_>(&p.nodes[x].operation)) {
      stack.push_back(a->b);
      stack.push_back(a->a);
    } else {
      out.push_back(x);
      if (out.size() > max_conjuncts) return std::nullopt;
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

/// "#[j <= i] C >= t" with t >= 1 in any of its spellings: the count's body and t.
std::optional<std::pair<node_id, std::int64_t>> threshold(const ir::program& p, node_id n) {
  const auto* c = std::get_if<ir::compare>(&p.nodes[n].operation);
  if (c == nullptr) return std::nullopt;
  auto count_body = [&](node_id x) -> std::optional<node_id> {
    const auto* k = std::get_if<ir::count>(&p.nodes[x].operation);
    if (k == nullptr || k->local) return std::nullopt;
    return k->body;
  };
  auto constant = [&](node_id x) -> std::optional<std::int64_t> {
    const auto* k = std::get_if<ir::int_const>(&p.nodes[x].operation);
    if (k == nullptr) return std::nullopt;
    return k->value;
  };
  std::optional<node_id> body;
  std::optional<std::int64_t> v;
  bool strict = false;
  if ((c->op == ir::cmp::ge || c->op == ir::cmp::gt) && (body = count_body(c->a)) &&
      (v = constant(c->b))) {
    strict = c->op == ir::cmp::gt;
  } else if ((c->op == ir::cmp::le || c->op == ir::cmp::lt) && (body = count_body(c->b)) &&
             (v = constant(c->a))) {
    strict = c->op == ir::cmp::lt;
  } else {
    return std::nullopt;
  }
  if (strict && *v == std::numeric_limits<std::int64_t>::max()) return std::nullopt;
  const std::int64_t t = *v + (strict ? 1 : 0);
  if (t < 1) return std::nullopt;  // always true: nothing to match
  return std::make_pair(*body, t);
}

struct member {
  node_id test;
  std::uint32_t token;
  std::vector<node_id> counted;  ///< conjuncts of the counted condition
  std::int64_t at_least;
};

std::optional<member> as_member(const ir::program& p, node_id leaf) {
  if (!std::holds_alternative<ir::and_>(p.nodes[leaf].operation)) return std::nullopt;
  const auto parts = conjuncts(p, leaf);
  if (!parts || parts->size() != 2) return std::nullopt;
  for (int k = 0; k < 2; ++k) {
    const node_id a = (*parts)[static_cast<std::size_t>(k)];
    const node_id b = (*parts)[static_cast<std::size_t>(1 - k)];
    const auto* test = std::get_if<ir::token_test>(&p.nodes[a].operation);
    if (test == nullptr) continue;
    const auto th = threshold(p, b);
    if (!th) return std::nullopt;
    auto counted = conjuncts(p, th->first);
    if (!counted) return std::nullopt;
    return member{a, test->token, std::move(*counted), th->second};
  }
  return std::nullopt;
}

/// Marks of the nodes visited by one recognize() call: a node is seen when its mark equals the
/// current epoch, so no set is allocated or cleared per OR node (find() calls recognize() once per
/// candidate root, and a 150-symbol program has thousands of them).
struct visit_marks {
  std::vector<std::uint32_t> mark;
  std::uint32_t epoch = 0;
  void next() { ++epoch; }
  bool first_visit(node_id x) {
    if (mark[x] == epoch) return false;
    mark[x] = epoch;
    return true;
  }
};

/// The family rooted at the OR node `root`, with the OR nodes inside its tree; nullopt when
/// some leaf is not a member or the members do not form a family.
std::optional<family> recognize(const ir::program& p, node_id root, std::vector<node_id>& inner,
                                visit_marks& marks) {
  std::vector<member> members;
  marks.next();
  std::vector<node_id> stack{root};
  while (!stack.empty()) {
    const node_id x = stack.back();
    stack.pop_back();
    if (!marks.first_visit(x)) continue;  // a shared leaf: OR is idempotent
    if (const auto* o = std::get_if<ir::or_>(&p.nodes[x].operation)) {
      inner.push_back(x);
      stack.push_back(o->b);
      stack.push_back(o->a);
      continue;
    }
    auto m = as_member(p, x);
    if (!m || members.size() >= max_members) return std::nullopt;
    if (!members.empty() && m->at_least != members.front().at_least) return std::nullopt;
    members.push_back(std::move(*m));
  }
  if (members.size() < 2) return std::nullopt;
  std::vector<std::uint32_t> tokens;
  tokens.reserve(members.size());
  for (const auto& m : members) tokens.push_back(m.token);
  std::sort(tokens.begin(), tokens.end());
  if (std::adjacent_find(tokens.begin(), tokens.end()) != tokens.end())
    return std::nullopt;  // two members read one token
  family f;
  f.root = root;
  f.at_least = members.front().at_least;
  f.body = members.front().counted;
  for (const auto& m : members) {
    std::vector<node_id> common;
    std::set_intersection(f.body.begin(), f.body.end(), m.counted.begin(), m.counted.end(),
                          std::back_inserter(common));
    f.body = std::move(common);
  }
  for (const auto& m : members) {
    f.tests.push_back(m.test);
    std::vector<node_id> key;
    std::set_difference(m.counted.begin(), m.counted.end(), f.body.begin(), f.body.end(),
                        std::back_inserter(key));
    f.keys.push_back(std::move(key));
  }
  return f;
}

}  // namespace

std::vector<ir::node_id> family::operands() const {
  std::vector<ir::node_id> out(tests.begin(), tests.end());
  for (const auto& k : keys) out.insert(out.end(), k.begin(), k.end());
  out.insert(out.end(), body.begin(), body.end());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<family> find(const ir::program& program, const std::vector<bool>& wanted) {
  const std::size_t n = program.nodes.size();
  // pure[x]: every leaf of the OR tree under x is a member (a non-OR x: x is one). An OR tree
  // with an impure leaf is no family, and neither is any OR tree containing it, so recognize()
  // runs only on pure roots; without this, a long OR chain of non-members (a 150-symbol
  // program has several) was re-opened from every inner node, quadratically. Operands precede
  // their users (ir.hpp), so one ascending pass suffices.
  std::vector<char> pure(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    if (const auto* o = std::get_if<ir::or_>(&program.nodes[i].operation))
      pure[i] = static_cast<char>(pure[o->a] != 0 && pure[o->b] != 0);
    else if (std::holds_alternative<ir::and_>(program.nodes[i].operation))
      pure[i] = static_cast<char>(as_member(program, static_cast<node_id>(i)).has_value());
  }
  visit_marks marks{std::vector<std::uint32_t>(n, 0), 0};
  std::vector<bool> covered(n, false);
  std::vector<family> out;
  // Highest ids first: an OR tree's root comes after its inner nodes, so the maximal tree is
  // tried before its subtrees, which are then skipped.
  for (std::size_t i = n; i-- > 0;) {
    if (covered[i] || (!wanted.empty() && !wanted[i])) continue;
    if (!std::holds_alternative<ir::or_>(program.nodes[i].operation) || pure[i] == 0) continue;
    std::vector<node_id> inner;
    auto f = recognize(program, static_cast<node_id>(i), inner, marks);
    if (!f) continue;
    for (node_id x : inner) covered[x] = true;
    out.push_back(std::move(*f));
  }
  std::reverse(out.begin(), out.end());
  return out;
}

}  // namespace crasp::matching
