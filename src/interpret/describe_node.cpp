// Names a node for run-time errors. Users know statements, not node ids, so an overflow is
// reported in the statement that computes the node, or else the first one whose value uses it.
#include <variant>

#include <fmt/format.h>

#include "interpret/eval_state.hpp"

namespace crasp::detail {
namespace {

template <class F>
void for_each_operand(const ir::op& op, F&& f) {
  std::visit(
      [&](const auto& n) {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, ir::not_> || std::is_same_v<T, ir::scale>) {
          f(n.a);
        } else if constexpr (std::is_same_v<T, ir::and_> || std::is_same_v<T, ir::or_> ||
                             std::is_same_v<T, ir::compare> || std::is_same_v<T, ir::add> ||
                             std::is_same_v<T, ir::sub> || std::is_same_v<T, ir::min_> ||
                             std::is_same_v<T, ir::max_>) {
          f(n.a);
          f(n.b);
        } else if constexpr (std::is_same_v<T, ir::count>) {
          f(n.body);
        } else if constexpr (std::is_same_v<T, ir::select>) {
          f(n.cond);
          f(n.a);
          f(n.b);
        }
      },
      op);
}

// True when `target` is in the cone of `root`; nodes already in an earlier cone are skipped
// (they were not the target), so all searches together visit each node once.
bool reaches(const ir::program& p, ir::node_id root, ir::node_id target,
             std::vector<bool>& seen) {
  std::vector<ir::node_id> stack{root};
  while (!stack.empty()) {
    ir::node_id id = stack.back();
    stack.pop_back();
    if (id >= p.nodes.size() || seen[id]) continue;
    seen[id] = true;
    if (id == target) return true;
    for_each_operand(p.nodes[id].operation, [&](ir::node_id o) { stack.push_back(o); });
  }
  return false;
}

}  // namespace

std::string describe_node(const ir::program& p, ir::node_id id, const ir::statement** where) {
  *where = nullptr;
  for (const auto& st : p.statements) {
    if (st.value == id) {
      *where = &st;
      return st.name;
    }
  }
  std::vector<bool> seen(p.nodes.size(), false);
  for (const auto& st : p.statements) {
    if (reaches(p, st.value, id, seen)) {
      *where = &st;
      return st.name;
    }
  }
  for (const auto& rule : p.next) {
    if (reaches(p, rule.value, id, seen)) {
      const std::string tok = rule.token < p.vocabulary.size() ? p.vocabulary[rule.token] : "?";
      return fmt::format("next \"{}\"", tok);
    }
  }
  return fmt::format("node {}", id);
}

}  // namespace crasp::detail
