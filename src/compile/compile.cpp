// The compiler's driver: what to compile (the nodes the outputs depend on), whether it can be
// compiled with the chosen positional scheme, and the order of the per-primitive passes.
#include <cmath>
#include <memory>
#include <variant>

#include <fmt/format.h>

#include "compile/lowering.hpp"
#include "support/ir_walk.hpp"
#include "crasp/compile.hpp"

namespace crasp {
namespace lower {

namespace {

using ir::for_each_operand;

/// Why a node needs positions, or empty when it does not.
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

}  // namespace lower

std::optional<compiled_program> compile(const ir::program& program, const compile_options& opts,
                                        diagnostics& diags) {
  using namespace lower;
  const std::string origin = program.source ? program.source->name : std::string("<program>");
  if (opts.max_len < 1) {
    diags.error(origin, fmt::format("--max-len must be at least 1 (got {})", opts.max_len));
    return std::nullopt;
  }
  if (opts.max_len > max_design_len) {
    diags.error(origin, fmt::format("--max-len {} is too large (at most {}: float32 counts "
                                    "are exact only below 2^24 positions)",
                                    opts.max_len, max_design_len));
    return std::nullopt;
  }
  if (opts.pe == model::positional::ape && opts.max_len > max_ape_len) {
    diags.error(origin, fmt::format("--max-len {} is too large for an APE table (at most {})",
                                    opts.max_len, max_ape_len));
    return std::nullopt;
  }
  if (program.statements.empty() && !program.is_generator()) {
    diags.error(origin, "program has no statements");
    return std::nullopt;
  }
  const std::size_t n = program.nodes.size();
  std::vector<ir::node_id> roots;
  if (program.is_generator()) {
    for (const auto& r : program.next) roots.push_back(r.value);
  } else {
    roots.push_back(program.output());
  }
  // Matching families (matching.hpp) replace their OR tree: the family root's operands are
  // the nodes its head reads, and the k counts under it are never lowered.
  std::vector<const matching::family*> family_at(n, nullptr);
  std::vector<matching::family> families;
  std::vector<std::vector<ir::node_id>> family_operands;
  // Calls f(c) for every operand c of node i as the model computes it.
  auto operands = [&](std::size_t i, auto&& f) {
    if (family_at[i] != nullptr) {
      for (ir::node_id c : family_operands[static_cast<std::size_t>(
               family_at[i] - families.data())])
        f(c);
    } else {
      for_each_operand(program.nodes[i].operation, f);
    }
  };
  // Reachability and users, walking down from the outputs (ids decrease along operands).
  std::vector<bool> reach(n, false);
  std::vector<int> users(n, 0);
  auto walk = [&] {
    reach.assign(n, false);
    users.assign(n, 0);
    for (auto r : roots) {
      reach[r] = true;
      ++users[r];
    }
    for (std::size_t i = n; i-- > 0;) {
      if (!reach[i]) continue;
      operands(i, [&](ir::node_id c) {
        reach[c] = true;
        ++users[c];
      });
    }
  };
  walk();
  if (opts.matching_heads) {
    families = matching::find(program, reach);
    if (!families.empty()) {
      for (const auto& f : families) {
        family_at[f.root] = &f;
        family_operands.push_back(f.operands());
      }
      walk();
    }
  }
  // Positions: which reachable nodes need them, and the first statement that does.
  std::vector<std::string> why(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (!reach[i]) continue;
    why[i] = positional_reason(program.nodes[i]);
    if (why[i].empty()) {
      operands(i, [&](ir::node_id c) {
        if (why[i].empty()) why[i] = why[c];
      });
    }
  }
  if (opts.pe == model::positional::nope) {
    for (const auto& st : program.statements) {
      if (!reach[st.value] || why[st.value].empty()) continue;
      auto& d = diags.error(program.source, st.where,
                            fmt::format("'{}' needs positions ({}); a NoPE model cannot compute "
                                        "it: compile with --pe ape",
                                        st.name, why[st.value]));
      (void)d;
      return std::nullopt;
    }
    // A next rule can use a guard or a periodic predicate directly, without a statement.
    for (const auto& r : program.next) {
      if (why[r.value].empty()) continue;
      diags.error(program.source ? program.source->name : std::string("<program>"),
                  fmt::format("the next rule for \"{}\" needs positions ({}); a NoPE model cannot "
                              "compute it: compile with --pe ape",
                              program.vocabulary.at(r.token), why[r.value]));
      return std::nullopt;
    }
  }

  // AND/OR nodes folded into their single user when that user is the same connective (one
  // unit for the whole tree, logic.cpp); the same for either lowering below.
  std::vector<bool> inlined(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    const auto& op = program.nodes[i].operation;
    const bool is_and = std::holds_alternative<ir::and_>(op);
    const bool is_or = std::holds_alternative<ir::or_>(op) && family_at[i] == nullptr;
    if (!(is_and || is_or) || users[i] != 1) continue;
    bool is_root = false;
    for (auto r : roots) is_root = is_root || r == i;
    if (is_root) continue;
    for (std::size_t j = i + 1; j < n; ++j) {
      if (!reach[j]) continue;
      bool uses = false;
      operands(j, [&](ir::node_id c) { uses = uses || c == i; });
      if (!uses) continue;
      const bool or_user = std::holds_alternative<ir::or_>(program.nodes[j].operation) &&
                           family_at[j] == nullptr;
      inlined[i] = (is_and && std::holds_alternative<ir::and_>(program.nodes[j].operation)) ||
                   (is_or && or_user);
      break;
    }
  }

  // The whole lowering, with or without cleaning clamps after comparisons.
  auto lower_all = [&](bool exact) {
    auto owned = std::make_unique<lowering>(program, opts);
    lowering& L = *owned;
    L.exact_booleans = exact;
    L.family_at = family_at;
    L.inlined = inlined;
    for (std::size_t i = 0; i < n; ++i) {
      if (!reach[i] || L.inlined[i]) continue;
      const auto id = static_cast<ir::node_id>(i);
      if (family_at[i] != nullptr) {
        L.lower_matching(id, *family_at[i]);
        L.reps[i].lowered = true;
        continue;
      }
      std::visit(
          [&](const auto& op) {
            using T = std::decay_t<decltype(op)>;
            if constexpr (std::is_same_v<T, ir::token_test>) {
              L.lower_token(id, op);
            } else if constexpr (std::is_same_v<T, ir::bool_const> ||
                                 std::is_same_v<T, ir::int_const>) {
              L.lower_constant(id);
            } else if constexpr (std::is_same_v<T, ir::count>) {
              if (op.local) {
                L.lower_local_count(id, op);
              } else {
                L.lower_count(id, op);
              }
            } else if constexpr (std::is_same_v<T, ir::periodic>) {
              if (opts.pe == model::positional::rope) {
                L.lower_periodic_rope(id, op);
              } else {
                L.lower_periodic(id, op);
              }
            } else if constexpr (std::is_same_v<T, ir::compare>) {
              L.lower_compare(id, op);
            } else if constexpr (std::is_same_v<T, ir::not_> || std::is_same_v<T, ir::and_> ||
                                 std::is_same_v<T, ir::or_>) {
              L.lower_logic(id);
            } else {
              L.lower_arith(id);
            }
          },
          program.nodes[i].operation);
      L.reps[i].lowered = true;
    }
    L.lower_outputs();
    return owned;
  };

  const double f32 = std::ldexp(1.0, -24);
  std::unique_ptr<lowering> chosen = lower_all(opts.boolean_mode == booleans::exact);
  const double slope = chosen->compare_slope();
  int plain_f32 = -1;
  if (opts.boolean_mode == booleans::automatic && chosen->stats.comparisons > 0) {
    // Exact Booleans cost a layer per comparison level: taken only when they certify a longer
    // float32 range, and the model still fits.
    plain_f32 = chosen->b.certified_length(f32, slope);
    if (plain_f32 < chosen->b.max_len()) {
      std::unique_ptr<lowering> exact = lower_all(true);
      const model_size s = exact->b.size(exact->b.layers_used());
      const bool fits = opts.max_model_bytes == 0 || s.bytes <= opts.max_model_bytes;
      if (fits && exact->b.certified_length(f32, slope) > plain_f32) chosen = std::move(exact);
    }
  }
  lowering& L = *chosen;

  // The dense matrices are allocated only below: refuse a model that would not fit first.
  const model_size size = L.b.size(L.b.layers_used());
  if (!size_fits(L.b, size, opts, origin, diags)) return std::nullopt;
  compiled_program out;
  out.model = L.b.assemble(L.b.layers_used(), 0);
  out.probes = std::move(L.probes);
  out.stats = L.stats;
  out.stats.size = size;
  out.stats.compare_slope = L.stats.comparisons > 0 ? L.compare_slope() : 0.0;
  out.stats.guard_beta = L.stats.guard_reads > 0 ? L.guard_beta() : 0.0;
  // n model positions certified = n - 1 program tokens.
  out.stats.certified_f64 = std::max(0, L.b.certified_length(std::ldexp(1.0, -53), slope) - 1);
  const int chosen_f32 =
      plain_f32 >= 0 && !L.exact_booleans ? plain_f32 : L.b.certified_length(f32, slope);
  out.stats.certified_f32 = std::max(0, chosen_f32 - 1);
  out.stats.exact_booleans = L.exact_booleans;
  if (plain_f32 >= 0 && L.exact_booleans) out.stats.plain_certified_f32 = std::max(0, plain_f32 - 1);
  // Kept with the model, so that a run of a saved model can tell when it leaves the range.
  out.model.info["certified.f64"] = std::to_string(out.stats.certified_f64);
  out.model.info["certified.f32"] = std::to_string(out.stats.certified_f32);
  const diagnostics problems = model::validate(out.model);
  if (problems.has_errors()) {
    diags.error(origin, "internal error: the compiled model is malformed");
    diags.append(problems);
    return std::nullopt;
  }
  return out;
}

}  // namespace crasp
