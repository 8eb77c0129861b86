// The lowering context (lowering.hpp) every per-primitive pass writes into: the builder with
// the vocabulary embedded, the ONE and BOS dimensions every gadget may use, a printable label
// per node, and the two constants chosen from the designed length (comparison slope, guard
// sharpness). lower_nodes.cpp makes one per lowering it tries.
#include <algorithm>
#include <cmath>
#include <variant>

#include <fmt/format.h>

#include "compile/lowering.hpp"
#include "support/ir_walk.hpp"

namespace crasp::lower {

lowering::lowering(const ir::program& program, const compile_options& options)
    : prog(program), opts(options), b(options.max_len + 1, options.pe) {
  one = b.dim("one", 1.0);
  bos = b.dim("bos", 1.0);
  const int bos_token = b.token(model_bos_token);
  for (const auto& v : prog.vocabulary) b.token(v);
  const int n_tokens = static_cast<int>(prog.vocabulary.size()) + 1 +
                       (prog.closed_vocabulary ? 0 : 1);
  if (!prog.closed_vocabulary) b.token(model_other_token);
  for (int t = 0; t < n_tokens; ++t) b.embed(one, t, 1.0);
  b.embed(bos, bos_token, 1.0);

  const std::size_t n = prog.nodes.size();
  reps.resize(n);
  inlined.assign(n, false);
  labels.assign(n, {});
  family_at.assign(n, nullptr);
  for (const auto& node : prog.nodes) {
    if (const auto* c = std::get_if<ir::count>(&node.operation)) {
      max_offsets = std::max(max_offsets, static_cast<int>(c->offsets.size()));
      for (auto o : c->offsets) max_offset = std::max(max_offset, o);
    }
  }
  // Labels: a statement's value is called by the statement's name, a next-token rule's by
  // `next "TOKEN"`; any other node by its id and the first rule that uses it, so every residual
  // dimension and head reads back to the source (`match:next "t1".n102`).
  const std::vector<std::string> owner = ir::node_owners(prog);
  for (std::size_t i = 0; i < n; ++i) {
    labels[i] = owner[i].empty() ? fmt::format("n{}", i) : fmt::format("{}.n{}", owner[i], i);
  }
  for (const auto& r : prog.next) labels[r.value] = ir::next_rule_name(prog, r);
  for (const auto& st : prog.statements) labels[st.value] = st.name;
}

double lowering::compare_slope() const { return 4.0 * b.max_len(); }

double lowering::guard_beta() const {
  // Off-target weight <= t exp(-2 beta) <= 1 / (64 * offsets * max_len) <= u / (64 * offsets):
  // a local count read this way is exact to far below the u/4 a comparison tolerates.
  const double L = b.max_len();
  return 0.5 * std::log(64.0 * max_offsets * L * L);
}

}  // namespace crasp::lower
