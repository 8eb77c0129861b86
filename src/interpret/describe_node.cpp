// Names a node for run-time errors. Users know statements, not node ids, so an overflow is
// reported in the statement that computes the node, or else the first one whose value uses it.
#include <variant>

#include <fmt/format.h>

#include "interpret/eval_state.hpp"
#include "support/ir_walk.hpp"

namespace crasp::detail {
namespace {

using ir::for_each_operand;

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
