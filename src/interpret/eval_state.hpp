// The evaluator's private state: the program compiled to a flat instruction list (one per node,
// in topological order) and the per-node history of values.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "crasp/ir.hpp"
#include "support/huge_pages.hpp"

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
  family,        // root of matching family `aux` (family.cpp): one counter per member
};

/// How a node's history is kept; value(id, pos) is O(1) for every kind but `derived`.
enum class storage : std::uint8_t {
  constant,   // the same value everywhere: instr.k
  bits,       // Booleans: one bit per position
  prefix,     // unguarded count of a bit column: checkpoint every 64 positions + popcount
  positions,  // unguarded count of a constant body: k * (pos + 1)
  shifted,    // guarded count with one offset d: the body's value at pos - d (nothing stored)
  narrow,     // small non-negative counts (guarded, <= 255): one byte per position
  wide,       // any other count: int64 per position
  derived,    // inside a matching family, read by nothing else: not evaluated by push() or
              // append(); value() recomputes it from its operands' history (O(pos / 64))
};

struct instr {
  opcode code = opcode::constant;
  storage store = storage::constant;
  bool key = false;  // a member's indexed key conjunct: push() and append() list where it holds
  std::uint32_t a = 0, b = 0, c = 0;
  std::int64_t k = 0;
  std::uint32_t aux = 0, len = 0;  // slice of a pool (offsets or residues)
  std::uint32_t slot = 0;          // index into the column vector of `store`
};

/// A matching family (src/interpret/matching.hpp) as the evaluator runs it: its root's value is
/// OR over members m of [token == token_m and #{j <= i : K_m(j) and B(j)} >= at_least], so it
/// keeps one counter per member, and a position adds 1 to the members whose key holds there,
/// found from the position's true indexed key conjuncts rather than by testing every member.
struct family_plan {
  std::vector<std::uint32_t> body;     ///< B: conjunct nodes every member shares
  std::vector<std::uint32_t> tokens;   ///< member m reads tok(tokens[m]); ascending
  std::vector<std::uint32_t> key_at;   ///< member m's conjuncts K_m: key_pool[key_at[m] ..
  std::vector<std::uint32_t> key_end;  ///<   key_end[m])
  /// (indexed conjunct, member) sorted: a member is counted only where its indexed conjunct
  /// (one of K_m stored as bits) holds, so the true ones lead to every member to count.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> by_key;
  std::vector<std::uint32_t> unindexed;  ///< members without a bit-stored key conjunct
  std::int64_t at_least = 1;
  std::uint32_t counts_at = 0;           ///< member m's counter: family_counts[counts_at + m]
};

struct eval_state {
  std::vector<instr> code;
  std::vector<std::uint32_t> active;   // the nodes push() and append() compute, in order
  std::vector<family_plan> families;
  std::vector<std::uint32_t> key_pool;
  std::vector<std::int64_t> family_counts;
  std::vector<std::uint32_t> true_keys;  // push(): key conjuncts true at the current position
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
  support::huge_vector<std::uint64_t> bits;        // storage::bits
  support::huge_vector<std::int64_t> checkpoints;  // storage::prefix: sum before the block
  std::vector<std::int64_t> running;      // storage::prefix: sum so far
  support::huge_vector<std::uint8_t> narrow;       // storage::narrow
  support::huge_vector<std::int64_t> wide;         // storage::wide

  // Batch evaluation plan (src/interpret/batch_plan.cpp), built on the first append().
  bool planned = false;
  std::vector<std::int32_t> column;        // per node: its int64 column in a batch chunk, or -1
  std::uint32_t n_columns = 0;
  std::vector<std::uint32_t> token_rank;   // per vocabulary index: rank of its test, or #tests
  std::vector<std::uint32_t> rank_slot;    // per rank: the bit column of that token test
  std::vector<std::uint8_t> fast;          // per node: a batch_fast shortcut for comparisons
  std::vector<std::uint32_t> runs;         // pool of [lo, hi] runs of consecutive guard offsets
  std::vector<std::uint32_t> run_at;       // per node: first run in `runs` (window counts)
  std::vector<std::uint32_t> run_count;    // per node: number of runs
  std::vector<std::uint64_t> patterns;     // periodic: m words per node, word r starts at residue r
  std::vector<std::uint32_t> pattern_at;   // per node: first pattern word
};

/// How append() computes a comparison with a constant without materializing the count
/// (operands normalized so that the count is `a`, the constant `b`).
enum batch_fast : std::uint8_t {
  fast_none = 0,
  fast_prefix,   // unguarded count of a bit column vs constant: per word from the checkpoint
  fast_shifted,  // one-offset guarded count (0/1) vs constant: a shifted word of the body
};

/// `x op y` for a comparison opcode (lt .. gt; any other opcode reads as gt).
inline bool compare(opcode op, std::int64_t x, std::int64_t y) {
  switch (op) {
    case opcode::lt: return x < y;
    case opcode::le: return x <= y;
    case opcode::eq: return x == y;
    case opcode::ne: return x != y;
    case opcode::ge: return x >= y;
    default: return x > y;
  }
}

/// Mask of bits 0..b (inclusive) of a history word.
inline std::uint64_t upto(unsigned b) {
  return b == 63 ? ~std::uint64_t{0} : (std::uint64_t{2} << b) - 1;
}

/// Value of a `derived` node at `pos`, recomputed from the history of its operands (family.cpp).
std::int64_t derived_value(const eval_state& s, std::uint32_t id, std::size_t pos);

/// Value of node `id` at `pos` from the history (pos must be below the evaluated length).
inline std::int64_t stored_value(const eval_state& s, std::uint32_t id, std::size_t pos) {
  const instr& in = s.code[id];
  switch (in.store) {
    case storage::constant: return in.k;
    case storage::bits:
      return static_cast<std::int64_t>((s.bits[(pos >> 6) * s.n_bits + in.slot] >> (pos & 63)) & 1);
    case storage::prefix: {
      const std::size_t block = pos >> 6;
      const std::uint64_t w = s.bits[block * s.n_bits + s.code[in.a].slot] & upto(pos & 63);
      return s.checkpoints[block * s.n_prefix + in.slot] + std::popcount(w);
    }
    case storage::positions: return in.k * static_cast<std::int64_t>(pos + 1);
    case storage::shifted: {
      const std::uint32_t d = s.offsets[in.aux];
      return pos < d ? 0 : stored_value(s, in.a, pos - d);
    }
    case storage::narrow: return s.narrow[pos * s.n_narrow + in.slot];
    case storage::wide: return s.wide[pos * s.n_wide + in.slot];
    case storage::derived: return derived_value(s, id, pos);
  }
  return 0;
}

/// Finds the matching families of `program` and plans them into `s` (opcode::family at each
/// root, storage::derived for the inner nodes nothing else reads, key flags, counters). Called by
/// compile() between choosing storage kinds and assigning columns.
void plan_families(const ir::program& program, eval_state& s);

/// One position of family `f` at absolute position `pos` (whose bit columns are written up to
/// the family's operands): counts the members whose key holds (`keys` lists the flagged key
/// conjuncts true at `pos`) and returns the root's value for the token at `pos`.
bool family_step(eval_state& s, const family_plan& f, std::size_t pos, std::uint32_t token,
                 const std::uint32_t* keys, std::size_t n_keys);

/// Builds the batch plan of a compiled program (column, token_rank, fast, runs, patterns).
void plan_batch(eval_state& state);

/// Compiles and validates `program` into `state` (code, pools, columns). A malformed program
/// (operand after its user, wrong operand type, ...) sets state.internal_error.
/// With `families` false, matching families are evaluated node by node like everything else.
void compile(const ir::program& program, eval_state& state, bool families = true);

/// Names node `id` for an error message: the statement whose value it is, else the first
/// statement (or NEXT rule) that uses it, else "node N". Sets `*where` to that statement, if any.
std::string describe_node(const ir::program& program, ir::node_id id,
                          const ir::statement** where);

}  // namespace crasp::detail
