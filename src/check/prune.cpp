// Pruning: folding can leave nodes that no statement uses (the X of `false && X` is built before
// the fold sees the false). Dropping them keeps "size" meaning the operations a program really
// has, and makes print -> parse -> check reproduce the node list exactly.
#include "check/context.hpp"

namespace crasp::checker {
namespace {

template <class F>
void operands(ir::op& o, F&& f) {
  std::visit(
      [&](auto& n) {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, ir::count>) f(n.body);
        else if constexpr (std::is_same_v<T, ir::select>) {
          f(n.cond);
          f(n.a);
          f(n.b);
        } else if constexpr (requires { n.b; }) {
          f(n.a);
          f(n.b);
        } else if constexpr (requires { n.a; }) {
          f(n.a);
        }
      },
      o);
}

}  // namespace

void prune(ir::program& p) {
  std::vector<char> live(p.nodes.size(), 0);
  for (const auto& s : p.statements) live[s.value] = 1;
  for (const auto& r : p.next) live[r.value] = 1;
  // Operands precede users, so one backward sweep marks everything reachable.
  for (std::size_t k = p.nodes.size(); k-- > 0;)
    if (live[k]) operands(p.nodes[k].operation, [&](ir::node_id& a) { live[a] = 1; });
  std::vector<ir::node_id> renumber(p.nodes.size(), 0);
  std::vector<ir::node> kept;
  for (std::size_t k = 0; k < p.nodes.size(); ++k) {
    if (!live[k]) continue;
    renumber[k] = static_cast<ir::node_id>(kept.size());
    kept.push_back(std::move(p.nodes[k]));
    operands(kept.back().operation, [&](ir::node_id& a) { a = renumber[a]; });
  }
  p.nodes = std::move(kept);
  for (auto& s : p.statements) s.value = renumber[s.value];
  for (auto& r : p.next) r.value = renumber[r.value];
}

}  // namespace crasp::checker
