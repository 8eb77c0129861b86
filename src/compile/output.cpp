// The unembedding. A Boolean acceptor scores "accept" = b and "reject" = 1 - b; a count
// acceptor scores "count" = count * u (the decoder multiplies by p + 2); a next-token program
// scores "next:TOKEN" = NEXT_TOKEN for every token with a NEXT rule, predicted when > 1/2.
// Several rules for one token are ORed, as the interpreter does.
#include <map>

#include "compile/lowering.hpp"

namespace crasp::lower {

void lowering::lower_outputs() {
  if (!prog.is_generator()) {
    const ir::node_id out = prog.output();
    if (prog.nodes[out].result == ir::type::boolean) {
      const affine& f = unit(out).f;
      b.output("accept", f);
      b.output("reject", affine::of(one) - f);
    } else {
      b.output("count", to_u(out).f);
    }
    return;
  }
  std::map<std::uint32_t, std::vector<ir::node_id>> rules;
  for (const auto& r : prog.next) rules[r.token].push_back(r.value);
  for (const auto& [token, values] : rules) {
    affine f = unit(values.front()).f;
    if (values.size() > 1) {
      affine sum;
      int ready = 0;
      for (ir::node_id v : values) {
        sum.add(unit(v).f);
        ready = std::max(ready, unit(v).ready);
      }
      const form_at r = relu_sum("or:next:" + prog.vocabulary[token], ready,
                                 {{affine::of(one) - sum, 1.0}});
      f = affine::of(one) - r.f;
    }
    b.output("next:" + prog.vocabulary[token], f);
  }
}

}  // namespace crasp::lower
