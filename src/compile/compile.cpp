// The compiler's driver, as a table of contents: compile() runs the passes below in order, each
// in the file named after it, and they share one compile_plan (plan.hpp) whose fields say which
// pass fills them and which read them. A pass that refuses the program leaves an error in
// diags, and compile() returns nothing. docs/compiler.md ("Pipeline") walks the same order.
#include <optional>
#include <utility>

#include "compile/plan.hpp"
#include "crasp/compile.hpp"

namespace crasp {

std::optional<compiled_program> compile(const ir::program& program, const compile_options& opts,
                                        diagnostics& diags) {
  using namespace lower;
  compile_plan plan(program, opts);
  // What to compile, and whether it can be compiled at all.
  if (!check_options(plan, diags)) return std::nullopt;
  select_outputs(plan);       // the outputs and the nodes they depend on
  find_matching_heads(plan);  // token-selected count families as one head each
  if (!positions_needed(plan, diags)) return std::nullopt;  // NoPE refuses positions
  // How to compile it.
  fold_connectives(plan);     // AND/OR trees as one unit each
  choose_boolean_mode(plan);  // lower_nodes, once or twice: plain or exact Booleans
  // The model.
  if (!check_size(plan, diags)) return std::nullopt;  // before any matrix is allocated
  assemble_model(plan);       // dense matrices, probes, stats
  record_certified(plan);     // the float64 / float32 ranges certify.cpp guarantees
  if (!validate_model(plan, diags)) return std::nullopt;
  return std::move(plan.result);
}

}  // namespace crasp
