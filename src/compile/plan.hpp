// What the compiler's passes know about one compilation, and the passes themselves, in the
// order compile() (compile.cpp) runs them. Each pass is a file of its own named after it; each
// reads the fields earlier passes filled and fills its own, so the plan says what flows where
// instead of a driver's shared locals. docs/compiler.md ("Pipeline") lists the same order.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "compile/lowering.hpp"
#include "crasp/compile.hpp"
#include "crasp/diagnostic.hpp"
#include "crasp/ir.hpp"
#include "support/ir_walk.hpp"

namespace crasp::lower {

/// One compilation: its inputs, and what each pass found or built. Set at construction:
/// program, opts, origin; the comment on every other field names the pass that fills it and
/// the passes that read it.
struct compile_plan {
  compile_plan(const ir::program& p, const compile_options& o)
      : program(p), opts(o), origin(p.source ? p.source->name : std::string("<program>")) {}

  const ir::program& program;  ///< the checked program; read by every pass
  const compile_options& opts;  ///< read by every pass
  /// Where an error without a statement of its own points: the source's name or "<program>".
  std::string origin;

  /// The output nodes (the last statement of an acceptor, every next rule's value of a
  /// generator). Filled by select_outputs; read by mark_reachable, fold_connectives.
  std::vector<ir::node_id> roots;
  /// Per node: whether an output depends on it, as the model computes it (through matching
  /// families once there are any). Filled by mark_reachable (select_outputs, and again by
  /// find_matching_heads); read by find_matching_heads, positions_needed, fold_connectives,
  /// lower_nodes.
  std::vector<bool> reach;
  /// Per node: how many reachable nodes (and outputs) use it. Filled with reach; read by
  /// fold_connectives.
  std::vector<int> users;

  /// Matching families (matching.hpp) among the reachable OR trees, in root order; empty
  /// without opts.matching_heads. Filled by find_matching_heads; family_at points into it.
  std::vector<matching::family> families;
  /// Per family (same order): the nodes its head reads, which replace the OR tree's operands.
  /// Filled by find_matching_heads; read through for_each_model_operand().
  std::vector<std::vector<ir::node_id>> family_operands;
  /// Per node: the family rooted there, or null. Filled by find_matching_heads; read by
  /// for_each_model_operand(), fold_connectives, lower_nodes (and copied into the lowering).
  std::vector<const matching::family*> family_at;

  /// Per node: why it needs positions ("a local guard reads position i - 2"), empty when it
  /// does not; set for reachable nodes only. Filled by positions_needed; read by no later pass.
  std::vector<std::string> why_positional;

  /// Per node: an AND/OR folded into its single user of the same connective (one ReLU unit
  /// for the whole tree, logic.cpp). Filled by fold_connectives; read by lower_nodes.
  std::vector<bool> inlined;

  /// The lowering the model is built from: plain or exact Booleans, as opts.boolean_mode asks
  /// or automatic chooses. Filled by choose_boolean_mode (through lower_nodes); read by
  /// check_size, assemble_model, record_certified.
  std::unique_ptr<lowering> lowered;
  /// Slope M of the comparison clamps, with which the certified ranges are computed. Filled by
  /// choose_boolean_mode; read by record_certified.
  double slope = 0;
  /// The float32 range (model positions) plain Booleans certify, when automatic mode had to
  /// compute it to decide; -1 otherwise. Filled by choose_boolean_mode; read by
  /// record_certified.
  int plain_f32 = -1;

  /// The dense model's size, counted before any matrix exists. Filled by check_size; read by
  /// assemble_model.
  model_size size;

  /// The compiled program compile() returns. Filled by assemble_model (model, probes, stats),
  /// completed by record_certified (certified ranges); read by validate_model.
  compiled_program result;

  /// Calls f(c) for every operand c of node i as the model computes it: a matching family's
  /// root reads the family's operands instead of its OR tree's.
  template <class F>
  void for_each_model_operand(std::size_t i, F&& f) const {
    if (family_at[i] != nullptr) {
      const auto k = static_cast<std::size_t>(family_at[i] - families.data());
      for (ir::node_id c : family_operands[k]) f(c);
    } else {
      ir::for_each_operand(program.nodes[i].operation, f);
    }
  }
};

// The passes, in order. A pass that returns bool has refused the program (an error in diags)
// when it returns false; compile() then stops.

/// Refuses a designed length out of range and a program with nothing to compute
/// (check_options.cpp).
bool check_options(const compile_plan& plan, diagnostics& diags);
/// The outputs and every node they depend on (select_outputs.cpp).
void select_outputs(compile_plan& plan);
/// Recomputes reach and users from roots, walking operands as the model computes them
/// (select_outputs.cpp; find_matching_heads re-runs it).
void mark_reachable(compile_plan& plan);
/// Token-selected count families lowered as one matching head each (find_matching_heads.cpp).
void find_matching_heads(compile_plan& plan);
/// Which nodes need positions; refuses a NoPE model for a program that uses them
/// (positions_needed.cpp).
bool positions_needed(compile_plan& plan, diagnostics& diags);
/// AND/OR trees folded into one unit each (fold_connectives.cpp).
void fold_connectives(compile_plan& plan);
/// A lowering of every reachable node, with or without exact Booleans (lower_nodes.cpp).
std::unique_ptr<lowering> lower_nodes(const compile_plan& plan, bool exact_booleans);
/// Lowers once, or twice to choose between plain and exact Booleans (boolean_mode.cpp).
void choose_boolean_mode(compile_plan& plan);
/// The model's size; refuses one over opts.max_model_bytes (size.cpp).
bool check_size(compile_plan& plan, diagnostics& diags);
/// The dense model with its probes and statistics (assemble.cpp).
void assemble_model(compile_plan& plan);
/// The input lengths certified exact in float64 and float32, in the stats and the model's info
/// (record_certified.cpp).
void record_certified(compile_plan& plan);
/// Refuses a malformed model as an internal error (validate.cpp).
bool validate_model(const compile_plan& plan, diagnostics& diags);

}  // namespace crasp::lower
