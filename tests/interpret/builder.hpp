// Builds ir::program values by hand for interpreter tests (the checker is not needed): each call
// appends one node and returns its id, so operands always precede their users.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "crasp/ir.hpp"

namespace crasp::test {

class builder {
 public:
  explicit builder(std::vector<std::string> vocabulary = {"a", "b"}, bool closed = false) {
    p_.vocabulary = std::move(vocabulary);
    p_.closed_vocabulary = closed;
  }

  ir::node_id tok(const std::string& t) {
    auto it = std::find(p_.vocabulary.begin(), p_.vocabulary.end(), t);
    if (it == p_.vocabulary.end()) {
      p_.vocabulary.push_back(t);
      it = p_.vocabulary.end() - 1;
    }
    return add(ir::token_test{static_cast<std::uint32_t>(it - p_.vocabulary.begin())},
               ir::type::boolean, {});
  }
  ir::node_id boolean(bool v) { return add(ir::bool_const{v}, ir::type::boolean, {}); }
  ir::node_id num(std::int64_t v) { return add(ir::int_const{v}, ir::type::count, {}); }
  ir::node_id not_(ir::node_id a) { return add(ir::not_{a}, ir::type::boolean, {a}); }
  ir::node_id and_(ir::node_id a, ir::node_id b) { return add(ir::and_{a, b}, ir::type::boolean, {a, b}); }
  ir::node_id or_(ir::node_id a, ir::node_id b) { return add(ir::or_{a, b}, ir::type::boolean, {a, b}); }
  ir::node_id periodic(std::vector<bool> residues) {
    p_.klass = ir::program_class::crasp_pos;
    return add(ir::periodic{std::move(residues)}, ir::type::boolean, {});
  }
  ir::node_id cmp(ir::cmp op, ir::node_id a, ir::node_id b) {
    return add(ir::compare{op, a, b}, ir::type::boolean, {a, b});
  }
  ir::node_id count(ir::node_id body) {
    return add(ir::count{body, false, {}}, ir::type::count, {body}, true);
  }
  ir::node_id local(ir::node_id body, std::vector<std::uint32_t> offsets) {
    p_.klass = ir::program_class::crasp_pos;
    return add(ir::count{body, true, std::move(offsets)}, ir::type::count, {body}, true);
  }
  /// exists[...] body, as the checker expands it: 1 <= count (one shared constant 1, as the
  /// checker's hash-consing would give).
  ir::node_id exists(ir::node_id count_node) {
    if (!one_) one_ = num(1);
    return cmp(ir::cmp::le, *one_, count_node);
  }
  ir::node_id plus(ir::node_id a, ir::node_id b) { return add(ir::add{a, b}, ir::type::count, {a, b}); }
  ir::node_id minus(ir::node_id a, ir::node_id b) { return add(ir::sub{a, b}, ir::type::count, {a, b}); }
  ir::node_id scale(std::int64_t k, ir::node_id a) { return add(ir::scale{k, a}, ir::type::count, {a}); }
  ir::node_id min(ir::node_id a, ir::node_id b) { return add(ir::min_{a, b}, ir::type::count, {a, b}); }
  ir::node_id max(ir::node_id a, ir::node_id b) { return add(ir::max_{a, b}, ir::type::count, {a, b}); }
  ir::node_id select(ir::node_id c, ir::node_id a, ir::node_id b) {
    return add(ir::select{c, a, b}, ir::type::count, {c, a, b});
  }

  /// Names `id` as a statement; returns id for chaining.
  ir::node_id stmt(const std::string& name, ir::node_id id) {
    p_.statements.push_back(ir::statement{name, id, p_.nodes[id].result, {}});
    return id;
  }
  void next(const std::string& token, ir::node_id id) {
    auto it = std::find(p_.vocabulary.begin(), p_.vocabulary.end(), token);
    if (it == p_.vocabulary.end()) {
      p_.vocabulary.push_back(token);
      it = p_.vocabulary.end() - 1;
    }
    p_.next.push_back(ir::next_rule{static_cast<std::uint32_t>(it - p_.vocabulary.begin()), id});
  }

  [[nodiscard]] const ir::program& program() const { return p_; }
  ir::program& program() { return p_; }

 private:
  ir::node_id add(ir::op op, ir::type t, std::initializer_list<ir::node_id> operands,
                  bool is_count = false) {
    std::uint32_t depth = 0;
    for (ir::node_id o : operands) depth = std::max(depth, p_.nodes[o].depth);
    if (is_count) ++depth;
    p_.depth = std::max(p_.depth, depth);
    p_.nodes.push_back(ir::node{std::move(op), t, depth});
    return static_cast<ir::node_id>(p_.nodes.size() - 1);
  }

  ir::program p_;
  std::optional<ir::node_id> one_;
};

}  // namespace crasp::test
