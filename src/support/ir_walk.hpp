// Private helper shared by the interpreter and the compiler: the operands of an IR operation.
#pragma once

#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "crasp/ir.hpp"

namespace crasp::ir {

/// Calls f(id) for every operand of `op`, in field order (cond before branches).
template <class F>
void for_each_operand(const op& operation, F&& f) {
  std::visit(
      [&](const auto& n) {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, not_> || std::is_same_v<T, scale>) {
          f(n.a);
        } else if constexpr (std::is_same_v<T, count>) {
          f(n.body);
        } else if constexpr (std::is_same_v<T, select>) {
          f(n.cond);
          f(n.a);
          f(n.b);
        } else if constexpr (requires { n.a; n.b; }) {
          f(n.a);
          f(n.b);
        }
      },
      operation);
}

/// A next-token rule's name as `crasp expand` prints it: next "TOKEN".
inline std::string next_rule_name(const program& p, const next_rule& r) {
  return "next \"" + p.vocabulary.at(r.token) + "\"";
}

/// For every node, the first rule that uses it: the statements in order, then the next-token
/// rules; empty for a node none reaches. The compiler labels residual dimensions with it and
/// `crasp explain` reads the labels back, so both must agree on who owns a shared node.
inline std::vector<std::string> node_owners(const program& p) {
  std::vector<std::string> owner(p.nodes.size());
  auto claim = [&](node_id root, const std::string& name) {
    std::vector<node_id> stack{root};
    while (!stack.empty()) {
      const node_id x = stack.back();
      stack.pop_back();
      if (x >= owner.size() || !owner[x].empty()) continue;
      owner[x] = name;
      for_each_operand(p.nodes[x].operation, [&](node_id c) { stack.push_back(c); });
    }
  };
  for (const auto& st : p.statements) claim(st.value, st.name);
  for (const auto& r : p.next) claim(r.value, next_rule_name(p, r));
  return owner;
}

}  // namespace crasp::ir
