// Compiles an ir::program into the evaluator's flat instruction list, checking the invariants the
// interpreter relies on (topological order, operand types, vocabulary indices). A violation is an
// internal error (the checker should never produce it), not the user's fault.
#include <algorithm>
#include <string>
#include <type_traits>
#include <variant>

#include <fmt/format.h>

#include "interpret/eval_state.hpp"

namespace crasp::detail {
namespace {

struct compiler {
  const ir::program& p;
  eval_state& s;
  ir::node_id self = 0;

  bool fail(std::string msg) {
    if (s.internal_error.empty()) s.internal_error = fmt::format("node {}: {}", self, msg);
    return false;
  }
  bool operand(ir::node_id id, ir::type want, const char* role) {
    if (id >= self) return fail(fmt::format("{} operand {} does not precede its user", role, id));
    if (p.nodes[id].result != want) {
      return fail(fmt::format("{} operand {} should be a {}", role, id,
                              want == ir::type::boolean ? "boolean" : "count"));
    }
    return true;
  }
  bool result(ir::type want) {
    if (p.nodes[self].result != want) return fail("result type does not match its operation");
    return true;
  }

  void operator()(const ir::token_test& t, instr& in) {
    if (t.token >= p.vocabulary.size()) fail("token index outside the vocabulary");
    result(ir::type::boolean);
    in.code = opcode::token;
    in.k = t.token;
  }
  void operator()(const ir::bool_const& c, instr& in) {
    result(ir::type::boolean);
    in.code = opcode::constant;
    in.k = c.value ? 1 : 0;
  }
  void operator()(const ir::int_const& c, instr& in) {
    result(ir::type::count);
    in.code = opcode::constant;
    in.k = c.value;
  }
  void operator()(const ir::not_& n, instr& in) {
    operand(n.a, ir::type::boolean, "not") && result(ir::type::boolean);
    in.code = opcode::not_;
    in.a = n.a;
  }
  void operator()(const ir::and_& n, instr& in) { binary_bool(opcode::and_, n.a, n.b, in); }
  void operator()(const ir::or_& n, instr& in) { binary_bool(opcode::or_, n.a, n.b, in); }
  void operator()(const ir::periodic& n, instr& in) {
    result(ir::type::boolean);
    if (n.residues.empty()) fail("periodic predicate without residues");
    in.code = opcode::periodic;
    in.aux = static_cast<std::uint32_t>(s.residues.size());
    in.len = static_cast<std::uint32_t>(n.residues.size());
    for (bool r : n.residues) s.residues.push_back(r ? 1 : 0);
  }
  void operator()(const ir::compare& n, instr& in) {
    operand(n.a, ir::type::count, "comparison") && operand(n.b, ir::type::count, "comparison") &&
        result(ir::type::boolean);
    static constexpr opcode ops[] = {opcode::lt, opcode::le, opcode::eq,
                                     opcode::ne, opcode::ge, opcode::gt};
    in.code = ops[static_cast<int>(n.op)];
    in.a = n.a;
    in.b = n.b;
  }
  void operator()(const ir::count& n, instr& in) {
    operand(n.body, ir::type::boolean, "count body") && result(ir::type::count);
    in.a = n.body;
    if (!n.local) {
      in.code = opcode::prefix_count;
      return;
    }
    in.code = opcode::window_count;
    in.aux = static_cast<std::uint32_t>(s.offsets.size());
    in.len = static_cast<std::uint32_t>(n.offsets.size());
    s.offsets.insert(s.offsets.end(), n.offsets.begin(), n.offsets.end());
    // Sorted and distinct offsets let push() stop at the first one beyond the current position.
    auto first = s.offsets.begin() + in.aux;
    std::sort(first, s.offsets.end());
    s.offsets.erase(std::unique(first, s.offsets.end()), s.offsets.end());
    in.len = static_cast<std::uint32_t>(s.offsets.size()) - in.aux;
  }
  void operator()(const ir::add& n, instr& in) { binary_count(opcode::add, n.a, n.b, in); }
  void operator()(const ir::sub& n, instr& in) { binary_count(opcode::sub, n.a, n.b, in); }
  void operator()(const ir::min_& n, instr& in) { binary_count(opcode::min_, n.a, n.b, in); }
  void operator()(const ir::max_& n, instr& in) { binary_count(opcode::max_, n.a, n.b, in); }
  void operator()(const ir::scale& n, instr& in) {
    operand(n.a, ir::type::count, "scale") && result(ir::type::count);
    in.code = opcode::scale;
    in.a = n.a;
    in.k = n.k;
  }
  void operator()(const ir::select& n, instr& in) {
    operand(n.cond, ir::type::boolean, "select condition") &&
        operand(n.a, ir::type::count, "select") && operand(n.b, ir::type::count, "select") &&
        result(ir::type::count);
    in.code = opcode::select;
    in.a = n.cond;
    in.b = n.a;
    in.c = n.b;
  }

  void binary_bool(opcode code, ir::node_id a, ir::node_id b, instr& in) {
    operand(a, ir::type::boolean, "logical") && operand(b, ir::type::boolean, "logical") &&
        result(ir::type::boolean);
    in.code = code;
    in.a = a;
    in.b = b;
  }
  void binary_count(opcode code, ir::node_id a, ir::node_id b, instr& in) {
    operand(a, ir::type::count, "arithmetic") && operand(b, ir::type::count, "arithmetic") &&
        result(ir::type::count);
    in.code = code;
    in.a = a;
    in.b = b;
  }
};

// Bounds on a count's value at every position, where the program alone fixes them: constants,
// guarded counts (at most one per offset) and arithmetic over bounded operands. An unguarded count
// grows with the input, so it and everything computed from it are unbounded.
struct bounds {
  std::int64_t lo = 0, hi = 0;
  bool known = false;
};

bounds bounds_of(const instr& in, const std::vector<bounds>& b) {
  std::int64_t lo = 0, hi = 0;
  switch (in.code) {
    case opcode::constant: return {in.k, in.k, true};
    case opcode::window_count: return {0, in.len, true};
    default: break;
  }
  const bounds& x = b[in.a];
  const bounds& y = b[in.b];
  // lo and hi are read only after both overflow checks wrote them: passed as arguments beside
  // the checks, they would be read before or after depending on the compiler's evaluation order
  // (gcc got the sums' bounds right, clang read 0 and stored w - 63 in one unsigned byte).
  switch (in.code) {
    case opcode::add: {
      if (!x.known || !y.known) return {};
      const bool ok = !__builtin_add_overflow(x.lo, y.lo, &lo) && !__builtin_add_overflow(x.hi, y.hi, &hi);
      return ok ? bounds{lo, hi, true} : bounds{};
    }
    case opcode::sub: {
      if (!x.known || !y.known) return {};
      const bool ok = !__builtin_sub_overflow(x.lo, y.hi, &lo) && !__builtin_sub_overflow(x.hi, y.lo, &hi);
      return ok ? bounds{lo, hi, true} : bounds{};
    }
    case opcode::scale: {
      if (!x.known) return {};
      const bool ok = !__builtin_mul_overflow(in.k, x.lo, &lo) && !__builtin_mul_overflow(in.k, x.hi, &hi);
      return ok ? bounds{std::min(lo, hi), std::max(lo, hi), true} : bounds{};
    }
    case opcode::min_:
      if (!x.known || !y.known) return {};
      return {std::min(x.lo, y.lo), std::min(x.hi, y.hi), true};
    case opcode::max_:
      if (!x.known || !y.known) return {};
      return {std::max(x.lo, y.lo), std::max(x.hi, y.hi), true};
    case opcode::select: {
      const bounds& t = b[in.b];
      const bounds& e = b[in.c];
      if (!t.known || !e.known) return {};
      return {std::min(t.lo, e.lo), std::max(t.hi, e.hi), true};
    }
    default: return {};
  }
}

// Picks the storage of a compiled node; operands are already assigned.
storage choose_storage(const instr& in, const eval_state& s, ir::type result, const bounds& range) {
  if (in.code == opcode::constant) return storage::constant;
  if (result == ir::type::boolean) return storage::bits;
  if (in.code == opcode::prefix_count) {
    return s.code[in.a].store == storage::constant ? storage::positions : storage::prefix;
  }
  if (in.code == opcode::window_count && in.len == 1) return storage::shifted;
  // Any count that provably stays in 0..255 (a guarded count, 2 * it, a min with a constant...)
  // takes one byte per position instead of eight.
  if (range.known && range.lo >= 0 && range.hi <= 255) return storage::narrow;
  return storage::wide;
}

}  // namespace

void compile(const ir::program& program, eval_state& s, bool families) {
  s.code.assign(program.nodes.size(), instr{});
  std::vector<bounds> range(program.nodes.size());
  compiler c{program, s};
  for (ir::node_id id = 0; id < program.nodes.size(); ++id) {
    c.self = id;
    instr& in = s.code[id];
    std::visit([&](const auto& op) { c(op, in); }, program.nodes[id].operation);
    if (!s.internal_error.empty()) return;
    if (program.nodes[id].result == ir::type::count) range[id] = bounds_of(in, range);
    in.store = choose_storage(in, s, program.nodes[id].result, range[id]);
  }
  // Families before columns: their derived inner nodes take no column.
  if (families) plan_families(program, s);
  s.active.clear();
  for (ir::node_id id = 0; id < program.nodes.size(); ++id) {
    instr& in = s.code[id];
    if (in.store != storage::derived) s.active.push_back(id);
    switch (in.store) {
      case storage::derived: break;
      case storage::constant: break;
      case storage::positions: in.k = s.code[in.a].k; break;
      case storage::shifted: break;
      case storage::bits: in.slot = s.n_bits++; break;
      case storage::prefix: in.slot = s.n_prefix++; break;
      case storage::narrow: in.slot = s.n_narrow++; break;
      case storage::wide: in.slot = s.n_wide++; break;
    }
  }
  s.running.assign(s.n_prefix, 0);
  for (const auto& st : program.statements) {
    if (st.value >= program.nodes.size()) {
      s.internal_error = fmt::format("statement '{}' refers to a missing node", st.name);
      return;
    }
  }
  for (const auto& rule : program.next) {
    if (rule.value >= program.nodes.size() || rule.token >= program.vocabulary.size() ||
        program.nodes[rule.value].result != ir::type::boolean) {
      s.internal_error = "malformed next rule";
      return;
    }
  }
  s.cur.assign(program.nodes.size(), 0);
}

}  // namespace crasp::detail
