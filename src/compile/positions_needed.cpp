// Positions needed: which reachable nodes need positions, and whether the chosen positional
// scheme can give them. A local guard with an offset other than 0 reads position i - c, and a
// periodic predicate that is not constant depends on i mod m; a node that uses either, directly
// or through an operand, needs positions too. A NoPE model has no positional signal at all, so
// such a program is refused here, at the first statement (then next rule) that needs one, with
// the reason, rather than compiled into a model that would silently compute something else.
// APE and RoPE models compile every node. src/check/classify.cpp calls a program C-RASP[pos] by
// the same rule, so the two agree on what NoPE compiles.
#include <string>
#include <variant>

#include <fmt/format.h>

#include "compile/plan.hpp"

namespace crasp::lower {

namespace {

/// Why `node` itself needs positions, or empty when it does not (its operands aside).
std::string positional_reason(const ir::node& node) {
  if (const auto* c = std::get_if<ir::count>(&node.operation)) {
    for (auto o : c->offsets)
      if (o != 0) return fmt::format("a local guard reads position i - {}", o);
  }
  if (const auto* p = std::get_if<ir::periodic>(&node.operation)) {
    for (bool r : p->residues)
      if (r != p->residues.front())
        return fmt::format("a periodic predicate depends on i mod {}", p->residues.size());
  }
  return {};
}

}  // namespace

bool positions_needed(compile_plan& plan, diagnostics& diags) {
  const ir::program& program = plan.program;
  const std::size_t n = program.nodes.size();
  std::vector<std::string>& why = plan.why_positional;
  why.assign(n, {});
  // Operands come first (smaller ids), so a node inherits its first operand's reason.
  for (std::size_t i = 0; i < n; ++i) {
    if (!plan.reach[i]) continue;
    why[i] = positional_reason(program.nodes[i]);
    if (why[i].empty()) {
      plan.for_each_model_operand(i, [&](ir::node_id c) {
        if (why[i].empty()) why[i] = why[c];
      });
    }
  }
  if (plan.opts.pe != model::positional::nope) return true;
  for (const auto& st : program.statements) {
    if (!plan.reach[st.value] || why[st.value].empty()) continue;
    diags.error(program.source, st.where,
                fmt::format("'{}' needs positions ({}); a NoPE model cannot compute it: compile "
                            "with --pe ape",
                            st.name, why[st.value]));
    return false;
  }
  // A next rule can use a guard or a periodic predicate directly, without a statement.
  for (const auto& r : program.next) {
    if (why[r.value].empty()) continue;
    diags.error(plan.origin,
                fmt::format("the next rule for \"{}\" needs positions ({}); a NoPE model cannot "
                            "compute it: compile with --pe ape",
                            program.vocabulary.at(r.token), why[r.value]));
    return false;
  }
  return true;
}

}  // namespace crasp::lower
