// The lowering context shared by the per-primitive passes (one file each: tokens.cpp,
// count.cpp, position.cpp, compare.cpp, arith.cpp, logic.cpp, output.cpp), built in
// lowering.cpp and driven node by node by lower_nodes.cpp (the passes around it: plan.hpp).
// docs/compiler.md explains the construction; the comments here say how the pieces are
// scheduled.
//
// Schedule. Residual "slots" are numbered in the order the forward pass produces them:
// 0 is the embedding, 2l+1 the residual after layer l's attention, 2l+2 after its FFN. Every
// value has a ready slot; an attention read of it goes to the first attention slot after that,
// a ReLU gadget to the first FFN slot after that. Operations of equal depth thus share a layer.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "compile/affine.hpp"
#include "compile/builder.hpp"
#include "interpret/matching.hpp"
#include "crasp/compile.hpp"
#include "crasp/ir.hpp"

namespace crasp::lower {

/// Whether a model of size `s` (from b.size()) is within opts.max_model_bytes; when not, an error
/// at `origin` says how large it would be, what makes it large and the cap (size.cpp).
bool size_fits(const builder& b, const model_size& s, const compile_options& opts,
               const std::string& origin, diagnostics& diags);

/// A value available as a linear form from residual slot `ready` on.
struct form_at {
  affine f;
  int ready = 0;
};

/// How one IR node is represented in the model. Booleans have an exact 0/1 `unit` form.
/// Integer terms have a `unit` form (value itself) when no unguarded count is inside, and/or a
/// `u` form (value * u, u = 1/(p+2)) built on demand by to_u().
struct node_rep {
  bool lowered = false;
  std::optional<form_at> unit;
  std::optional<form_at> u;
  double unit_bound = 0;  ///< |value| bound of the unit form
  double u_bound = 0;     ///< |value * u| bound of the u form
  /// u_bound split by token: the part of the value that is 0 unless the token at the position
  /// is `token` (terms `X if tok(s) else 0`), and the rest. At most one token is current, so
  /// u_bound = u_free + the largest group (a sum over s of such terms is bounded by one term).
  double u_free = 0;
  std::vector<std::pair<std::uint32_t, double>> u_groups;
  /// The unit form is exactly 0 or 1 (a cleaned comparison result), as a token test is.
  bool exact01 = false;
  /// Local counts: their 0/1 summands (one per offset), kept to convert them to the u scale.
  std::vector<form_at> parts;
};

/// First attention slot that can read a value ready at `ready`.
inline int attn_slot_after(int ready) { return ready % 2 == 0 ? ready + 1 : ready + 2; }
/// First FFN slot that can transform a value ready at `ready`.
inline int ffn_slot_after(int ready) { return ready % 2 == 0 ? ready + 2 : ready + 1; }
/// Layer of an attention or FFN slot (slot >= 1).
inline int layer_of(int slot) { return (slot - 1) / 2; }

class lowering {
 public:
  lowering(const ir::program& program, const compile_options& opts);

  const ir::program& prog;
  compile_options opts;
  builder b;
  std::vector<node_rep> reps;
  std::vector<std::string> labels;  ///< printable name of every node (for residual names)
  std::vector<bool> inlined;        ///< AND/OR nodes folded into their single user
  compile_stats stats;
  std::vector<probe> probes;

  int one = 0;   ///< ONE: 1 at every column
  int bos = 1;   ///< 1 at the BOS column only
  double compare_slope() const;   ///< M of the u-scale clamp
  double guard_beta() const;      ///< sharpness of guard heads

  /// The U dimension (u = 1/(t+1) at column t), read by layer 0's uniform head; ready at slot 1.
  form_at u_dim();
  /// The node's form in the u scale, converting a unit form if needed.
  form_at to_u(ir::node_id n);
  /// Unit form of a node that must have one.
  const form_at& unit(ir::node_id n) const { return *reps[n].unit; }

  /// Materializes a sum of ReLU units at the first FFN slot after `ready`, into a new
  /// dimension: value = sum_k c_k ReLU(in_k). Returns its form (ready at that slot).
  form_at relu_sum(const std::string& name, int ready,
                   const std::vector<std::pair<affine, double>>& units);

  // Per-primitive passes (one file each).
  void lower_token(ir::node_id n, const ir::token_test& op);
  void lower_constant(ir::node_id n);
  void lower_count(ir::node_id n, const ir::count& op);
  void lower_local_count(ir::node_id n, const ir::count& op);
  void lower_periodic(ir::node_id n, const ir::periodic& op);
  void lower_compare(ir::node_id n, const ir::compare& op);
  /// The single-offset local count a comparison `# >= 1` merely reads, if it is one.
  std::optional<ir::node_id> single_read(const ir::compare& op) const;
  void lower_arith(ir::node_id n);
  void lower_logic(ir::node_id n);
  void lower_outputs();
  /// A matching family (matching.hpp) as one matching head plus a clamp (matching_head.cpp).
  void lower_matching(ir::node_id n, const matching::family& f);
  /// sum(parts) - (k - 1): the AND of k Booleans before its ReLU (1 exactly when all hold).
  form_at conjunct_sum(const std::vector<ir::node_id>& parts);
  /// Exact 0/1 AND of lowered Booleans (ONE when empty), shared by every family that needs it.
  form_at conjunction(const std::vector<ir::node_id>& parts);
  /// The conjunction as a matching head's key: cleaned to exactly 0/1 unless it already is.
  form_at exact_key(const std::vector<ir::node_id>& parts);
  /// Per node: the matching family rooted there, lowered by lower_matching() (set by lower_nodes).
  std::vector<const matching::family*> family_at;
  /// Token id of vocabulary entry v in the model (BOS is 0).
  static int model_token(std::uint32_t v) { return static_cast<int>(v) + 1; }

  bool exact_booleans = false;  ///< cleaning clamps after comparisons (cleaned())
  int max_offsets = 1;  ///< largest guard offset set (for the guard sharpness)
  std::uint32_t max_offset = 0;  ///< largest guard offset (RoPE frequencies must separate it)

  /// [x >= 0] as an exact 0/1 clamp (unit or u scale) in a new dimension.
  form_at clamp_ge(const std::string& name, const affine& x, bool u_scale, int ready,
                   bool phase = false);
  /// With exact_booleans, a Boolean re-made exactly 0/1 by a cleaning clamp; otherwise b.
  form_at cleaned(const std::string& name, const form_at& b);
  /// A Boolean within 1/4 of 0 or 1 re-made exactly 0/1 by a cleaning clamp.
  form_at clean(const std::string& name, const form_at& b);

  // RoPE (rope.cpp): positions only through rotations inside attention heads.
  /// The value of `body` at position i - c (0 when i - c < 0) as a read plus a gate.
  form_at rope_read(ir::node_id body, std::uint32_t c);
  /// Periodic predicate through heads that attend to BOS depending on the phase of i.
  void lower_periodic_rope(ir::node_id n, const ir::periodic& op);

 private:
  std::optional<form_at> u_;
  std::vector<int> pos_bits_;                   ///< bits of t (keys)
  std::vector<std::pair<std::uint32_t, std::vector<int>>> shifted_bits_;  ///< bits of t - c
  std::map<std::uint32_t, form_at> rope_gates_;  ///< [i >= c] per offset
  std::map<std::pair<std::size_t, std::size_t>, form_at> phase_tests_;  ///< [i mod m == r]
  std::optional<form_at> first_;  ///< [i == 0]
  std::map<std::vector<ir::node_id>, form_at> conjunctions_;
  std::map<std::string, form_at> match_bos_;  ///< BOS weight read of each matching head
  std::map<std::vector<ir::node_id>, form_at> exact_keys_;
 public:
  /// Position bits of t - offset (offset 0: of t), created on first use.
  const std::vector<int>& position_bits(std::uint32_t offset);
};

}  // namespace crasp::lower
