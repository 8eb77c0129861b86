// The evaluator's private state: the program compiled to a flat instruction list (one per node,
// in topological order) and the per-node history of values.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "crasp/ir.hpp"

namespace crasp::detail {

enum class opcode : std::uint8_t {
  token,         // a == token
  constant,      // k
  not_, and_, or_,
  periodic,      // residues[i % m] from the residue pool at [aux, aux + len)
  lt, le, eq, ne, ge, gt,
  prefix_count,  // running sum of a
  window_count,  // sum over offsets (pool [aux, aux + len)) of a at i - d
  add, sub, scale, min_, max_, select,
};

/// How a node's history is kept; value(id, pos) is O(1) for every kind.
enum class storage : std::uint8_t {
  constant,   // the same value everywhere: instr.k
  bits,       // Booleans: one bit per position
  prefix,     // unguarded count of a bit column: checkpoint every 64 positions + popcount
  positions,  // unguarded count of a constant body: k * (pos + 1)
  narrow,     // small non-negative counts (guarded, <= 255): one byte per position
  wide,       // any other count: int64 per position
};

struct instr {
  opcode code = opcode::constant;
  storage store = storage::constant;
  std::uint32_t a = 0, b = 0, c = 0;
  std::int64_t k = 0;
  std::uint32_t aux = 0, len = 0;  // slice of a pool (offsets or residues)
  std::uint32_t slot = 0;          // index into the column vector of `store`
};

struct eval_state {
  std::vector<instr> code;
  std::vector<std::uint32_t> offsets;  // pool of sorted guard offsets
  std::vector<std::uint8_t> residues;  // pool of periodic residues
  std::string internal_error;          // non-empty when the program is malformed
  std::string origin;
  bool failed = false;

  // History, block-major: for each block of 64 positions, one word per bit column (bit p % 64
  // of word [p / 64][slot] is the value at p) and one checkpoint per prefix count; narrow and
  // wide columns are row-major ([p][slot]). Appending a position touches one contiguous row.
  std::vector<std::int64_t> cur;          // every node at the last position
  std::uint32_t n_bits = 0, n_prefix = 0, n_narrow = 0, n_wide = 0;  // columns of each kind
  std::vector<std::uint64_t> bits;        // storage::bits
  std::vector<std::int64_t> checkpoints;  // storage::prefix: sum before the block
  std::vector<std::int64_t> running;      // storage::prefix: sum so far
  std::vector<std::uint8_t> narrow;       // storage::narrow
  std::vector<std::int64_t> wide;         // storage::wide
};

/// Compiles and validates `program` into `state` (code, pools, columns). A malformed program
/// (operand after its user, wrong operand type, ...) sets state.internal_error.
void compile(const ir::program& program, eval_state& state);

/// Names node `id` for an error message: the statement whose value it is, else the first
/// statement (or NEXT rule) that uses it, else "node N". Sets `*where` to that statement, if any.
std::string describe_node(const ir::program& program, ir::node_id id,
                          const ir::statement** where);

}  // namespace crasp::detail
