// Hash-consing and folding for the IR builder (see hashcons.hpp).
#include "check/hashcons.hpp"

#include <algorithm>
#include <cstring>

namespace crasp::checker {
namespace {

template <class T>
void put(std::string& k, T v) {
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));
  k.append(buf, sizeof(T));
}

std::uint32_t depth_of(const std::vector<ir::node>& nodes, ir::node_id n) { return nodes[n].depth; }

}  // namespace

std::string node_key(const ir::op& o) {
  std::string k;
  put(k, static_cast<std::uint8_t>(o.index()));
  std::visit(
      [&](const auto& n) {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, ir::token_test>) put(k, n.token);
        else if constexpr (std::is_same_v<T, ir::bool_const>) put(k, n.value);
        else if constexpr (std::is_same_v<T, ir::int_const>) put(k, n.value);
        else if constexpr (std::is_same_v<T, ir::not_>) put(k, n.a);
        else if constexpr (std::is_same_v<T, ir::periodic>) {
          for (bool r : n.residues) k += r ? '1' : '0';
        } else if constexpr (std::is_same_v<T, ir::compare>) {
          put(k, static_cast<std::uint8_t>(n.op));
          put(k, n.a);
          put(k, n.b);
        } else if constexpr (std::is_same_v<T, ir::count>) {
          put(k, n.body);
          put(k, n.local);
          for (auto d : n.offsets) put(k, d);
        } else if constexpr (std::is_same_v<T, ir::scale>) {
          put(k, n.k);
          put(k, n.a);
        } else if constexpr (std::is_same_v<T, ir::select>) {
          put(k, n.cond);
          put(k, n.a);
          put(k, n.b);
        } else {  // and_, or_, add, sub, min_, max_
          put(k, n.a);
          put(k, n.b);
        }
      },
      o);
  return k;
}

ir::node_id builder::make(ir::op o, ir::type t) {
  std::string key = node_key(o);
  if (auto it = table_.find(key); it != table_.end()) return it->second;
  std::uint32_t depth = 0;
  std::visit(
      [&](const auto& n) {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, ir::count>) depth = depth_of(nodes, n.body) + 1;
        else if constexpr (std::is_same_v<T, ir::not_> || std::is_same_v<T, ir::scale>) depth = depth_of(nodes, n.a);
        else if constexpr (std::is_same_v<T, ir::select>)
          depth = std::max({depth_of(nodes, n.cond), depth_of(nodes, n.a), depth_of(nodes, n.b)});
        else if constexpr (requires { n.a; n.b; }) depth = std::max(depth_of(nodes, n.a), depth_of(nodes, n.b));
      },
      o);
  auto id = static_cast<ir::node_id>(nodes.size());
  nodes.push_back(ir::node{std::move(o), t, depth});
  table_.emplace(std::move(key), id);
  return id;
}

const std::int64_t* builder::int_value(ir::node_id n) const {
  const auto* c = std::get_if<ir::int_const>(&nodes[n].operation);
  return c ? &c->value : nullptr;
}

const bool* builder::bool_value(ir::node_id n) const {
  const auto* c = std::get_if<ir::bool_const>(&nodes[n].operation);
  return c ? &c->value : nullptr;
}

ir::node_id builder::boolean(bool v) { return make(ir::bool_const{v}, ir::type::boolean); }
ir::node_id builder::integer(std::int64_t v) { return make(ir::int_const{v}, ir::type::count); }
ir::node_id builder::token(std::uint32_t t) { return make(ir::token_test{t}, ir::type::boolean); }

ir::node_id builder::not_(ir::node_id a) {
  if (const bool* v = bool_value(a)) return boolean(!*v);
  if (const auto* n = std::get_if<ir::not_>(&nodes[a].operation)) return n->a;
  return make(ir::not_{a}, ir::type::boolean);
}

// And/or are commutative: operands are ordered by id so `A && B` and `B && A` share a node.
ir::node_id builder::and_(ir::node_id a, ir::node_id b) {
  if (const bool* v = bool_value(a)) return *v ? b : a;
  if (const bool* v = bool_value(b)) return *v ? a : b;
  if (a == b) return a;
  return make(ir::and_{std::min(a, b), std::max(a, b)}, ir::type::boolean);
}

ir::node_id builder::or_(ir::node_id a, ir::node_id b) {
  if (const bool* v = bool_value(a)) return *v ? a : b;
  if (const bool* v = bool_value(b)) return *v ? b : a;
  if (a == b) return a;
  return make(ir::or_{std::min(a, b), std::max(a, b)}, ir::type::boolean);
}

ir::node_id builder::periodic(const std::vector<bool>& residues) {
  if (std::all_of(residues.begin(), residues.end(), [&](bool r) { return r == residues[0]; }))
    return boolean(residues[0]);
  return make(ir::periodic{residues}, ir::type::boolean);
}

ir::node_id builder::compare(ir::cmp op, ir::node_id a, ir::node_id b) {
  const std::int64_t* x = int_value(a);
  const std::int64_t* y = int_value(b);
  if ((x && y) || a == b) {
    std::int64_t p = x && y ? *x : 0, q = x && y ? *y : 0;
    switch (op) {
      case ir::cmp::lt: return boolean(p < q);
      case ir::cmp::le: return boolean(p <= q);
      case ir::cmp::eq: return boolean(p == q);
      case ir::cmp::ne: return boolean(p != q);
      case ir::cmp::ge: return boolean(p >= q);
      case ir::cmp::gt: return boolean(p > q);
    }
  }
  return make(ir::compare{op, a, b}, ir::type::boolean);
}

ir::node_id builder::count(ir::node_id body, const guard_result& g) {
  const bool* v = bool_value(body);
  if ((v && !*v) || (!g.all && g.offsets.empty())) return integer(0);
  if (g.all) return make(ir::count{body, false, {}}, ir::type::count);
  return make(ir::count{body, true, g.offsets}, ir::type::count);
}

ir::node_id builder::add(ir::node_id a, ir::node_id b) {
  const std::int64_t* x = int_value(a);
  const std::int64_t* y = int_value(b);
  std::int64_t r = 0;
  if (x && y && !__builtin_add_overflow(*x, *y, &r)) return integer(r);
  if (x && *x == 0) return b;
  if (y && *y == 0) return a;
  return make(ir::add{std::min(a, b), std::max(a, b)}, ir::type::count);
}

ir::node_id builder::sub(ir::node_id a, ir::node_id b) {
  const std::int64_t* x = int_value(a);
  const std::int64_t* y = int_value(b);
  std::int64_t r = 0;
  if (x && y && !__builtin_sub_overflow(*x, *y, &r)) return integer(r);
  if (y && *y == 0) return a;
  if (a == b) return integer(0);
  return make(ir::sub{a, b}, ir::type::count);
}

ir::node_id builder::scale(std::int64_t k, ir::node_id a) {
  const std::int64_t* x = int_value(a);
  std::int64_t r = 0;
  if (x && !__builtin_mul_overflow(k, *x, &r)) return integer(r);
  if (k == 1) return a;
  if (k == 0) return integer(0);
  return make(ir::scale{k, a}, ir::type::count);
}

ir::node_id builder::min_(ir::node_id a, ir::node_id b) {
  const std::int64_t* x = int_value(a);
  const std::int64_t* y = int_value(b);
  if (x && y) return integer(std::min(*x, *y));
  if (a == b) return a;
  return make(ir::min_{std::min(a, b), std::max(a, b)}, ir::type::count);
}

ir::node_id builder::max_(ir::node_id a, ir::node_id b) {
  const std::int64_t* x = int_value(a);
  const std::int64_t* y = int_value(b);
  if (x && y) return integer(std::max(*x, *y));
  if (a == b) return a;
  return make(ir::max_{std::min(a, b), std::max(a, b)}, ir::type::count);
}

ir::node_id builder::select(ir::node_id c, ir::node_id a, ir::node_id b) {
  if (const bool* v = bool_value(c)) return *v ? a : b;
  if (a == b) return a;
  return make(ir::select{c, a, b}, ir::type::count);
}

}  // namespace crasp::checker
