// Bottom-up enumeration of C-RASP[pos] expressions by size, with observational equivalence: every
// expression is evaluated at every position of the training instances (values.hpp), and only the
// first (smallest) expression of each distinct behaviour is kept. grow.cpp builds each size's
// candidates (on several threads); solve.hpp combines the kept expressions into rules, round.cpp
// and synth.cpp drive the search.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "synth/store.hpp"
#include "synth/values.hpp"

namespace crasp::synth {

/// What the search may build.
struct grammar {
  /// Token tests for these ids (the fixed tokens; symbols of a family are read through
  /// variables instead).
  std::vector<std::uint32_t> tokens;
  bool variable_a = false;         ///< `tok(a)`: the rule's own symbol
  bool variable_s = false;         ///< `tok(s)`: a quantified symbol
  std::uint32_t max_shift = 2;     ///< local reads `exists[j <= i, j == i - c]` for c = 1 .. this
  std::uint32_t max_modulus = 0;   ///< periodic `i % m == r` for m = 2 .. this (0: none, NoPE)
  std::int32_t max_constant = 2;   ///< comparisons with constants 0 .. this
  std::size_t max_terms = 2'000'000;  ///< cap on kept behaviours; grow() stops there
  /// Cap on the search's memory: the kept values, term records and behaviour table.
  std::size_t max_bytes = std::size_t{1} << 30;
  /// Threads evaluating candidates; the expressions kept do not depend on it (grow.cpp).
  unsigned threads = 1;
};

/// Why grow() did not complete a size.
enum class stop_reason : std::uint8_t { none, terms, memory, interrupted };

enum class op : std::uint8_t {
  token, variable, truth, periodic, shift, exists, not_, and_, or_, less, less_eq, equal,
  less_const, less_eq_const, equal_const, greater_eq_const, count, add, sub
};

/// Bits of term::uses.
inline constexpr std::uint8_t uses_a = 1, uses_s = 2;

/// One kept expression: an operation over earlier terms. `a`/`b` are term ids; `k` is the token,
/// variable (0: a, 1: s), shift, modulus or constant; `r` the residue.
struct term {
  op o = op::truth;
  bool is_count = false;
  std::uint8_t uses = 0;  ///< which variables it reads (uses_a | uses_s)
  std::uint8_t depth = 0;  ///< nesting of counts (C-RASP depth)
  std::uint16_t size = 1;
  std::int32_t a = -1, b = -1;
  std::int32_t k = 0, r = 0;
};

class enumerator {
 public:
  /// `stop` is polled during grow(); when it returns true the size is left incomplete.
  enumerator(const layout& l, grammar g, std::function<bool()> stop = {});

  /// Adds every kept expression of the next size. Returns false once a cap is reached or `stop`
  /// said so (the size is then incomplete; stats().stopped says why).
  bool grow();
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] const std::deque<term>& terms() const { return terms_; }
  /// A kept Boolean's value (valid while the enumerator lives: values never move).
  [[nodiscard]] std::span<const word> boolean_value(std::int32_t id) const;
  /// A kept count's value, unpacked into `out` (stored packed, store.hpp).
  void count_value(std::int32_t id, ints& out) const;
  [[nodiscard]] ints count_value(std::int32_t id) const {
    ints out;
    count_value(id, out);
    return out;
  }

  /// The smallest kept Boolean equal to `want` wherever `mask` is set.
  [[nodiscard]] std::optional<std::int32_t> find(const bits& want, const bits& mask) const;

  /// The expression as .crasp text over `vocabulary`, variables named `a_name` and `s_name`
  /// (operands of operators parenthesized unless they are atoms).
  [[nodiscard]] std::string print(std::int32_t id, const std::vector<std::string>& vocabulary,
                                  const std::string& a_name = "a",
                                  const std::string& s_name = "s") const;

  struct statistics {
    std::vector<std::size_t> kept_per_size;  ///< index: size
    std::size_t evaluated = 0;               ///< candidate expressions evaluated
    /// Memory held by the kept values, term records and behaviour table (what max_bytes caps).
    std::size_t bytes = 0;
    stop_reason stopped = stop_reason::none;
    [[nodiscard]] bool capped() const { return stopped != stop_reason::none; }
  };
  [[nodiscard]] const statistics& stats() const { return stats_; }

 private:
  const layout& l_;
  grammar g_;
  std::size_t size_ = 0;
  // Deques, not vectors: growing one allocates a block, never a second copy of the whole (a
  // vector's doubling would briefly hold 1.5 times its size, past the memory cap).
  std::deque<term> terms_;
  std::deque<std::uint32_t> slot_;  ///< the value's slot in values_
  value_store values_;
  std::vector<std::deque<std::int32_t>> bools_by_size_, counts_by_size_;
  // Behaviour table: open addressing over (hash, value slot), linear probing from bits 3.. of
  // the hash, at most half full (7/8 near the memory cap, table_must_grow); a lookup allocates nothing. An entry keeps the hash's low 32
  // bits (bit 0: a count, bits 1-2: its width, so an equal tag means a value of the same
  // kind and layout, and comparing words decides) and where the value is, not the term: a
  // lookup then reads the entry and the value only (the table is where the enumeration waits
  // on memory). 8 bytes an entry.
  struct slot {
    std::uint32_t tag = 0;
    std::uint32_t value = empty;
    static constexpr std::uint32_t empty = 0xFFFFFFFFU;
  };
  std::vector<slot> table_ = std::vector<slot>(1024);
  std::size_t table_used_ = 0;
  /// What evaluating a candidate needs, one per thread: its value (a Boolean, or a count and
  /// its packed form) and its operands' counts unpacked.
  struct scratch {
    bits b;
    ints c, x, y;
    packed pc;
  };
  scratch scratch_;
  statistics stats_;
  std::function<bool()> stop_;

  /// Keep `t` with value `v` unless its behaviour is known; `h` is behaviour_hash of the value.
  void add_boolean(term t, const bits& v);
  void add_count(term t, const ints& v);
  /// `v`: the bitset, or `count`'s packed words.
  void insert(term t, std::uint64_t h, std::span<const word> v, const packed* count);
  [[nodiscard]] static std::uint64_t behaviour_hash(std::span<const word> b);
  [[nodiscard]] static std::uint64_t behaviour_hash(const packed& c);

  /// Numbered candidates of one kind: make(i, term, scratch) builds candidate i into the term
  /// and the value of its kind (scratch.b or scratch.c), or returns false when there is no
  /// candidate i (an operand order that another candidate already covers). make must only read
  /// the enumerator.
  struct family {
    bool counts = false;
    std::size_t size = 0;
    std::function<bool(std::size_t, term&, scratch&)> make;
  };
  /// Evaluates a family (in parallel over g_.threads) and keeps its new behaviours in order.
  void run_family(const family& f);
  /// Evaluates candidate i into `s` and its behaviour hash; false when there is none.
  bool evaluate(const family& f, std::size_t i, term& t, scratch& s, std::uint64_t& h) const;
  [[nodiscard]] bool known(std::uint64_t h, std::span<const word> v) const;
  /// Starts loading the table entry where a lookup of `h` begins.
  void prefetch(std::uint64_t h) const { __builtin_prefetch(&table_[(h >> 3) & (table_.size() - 1)]); }
  [[nodiscard]] std::size_t memory() const;
  [[nodiscard]] bool table_may_grow() const;
  [[nodiscard]] bool table_must_grow() const;
  void remember(std::uint64_t h, std::uint32_t value);
  [[nodiscard]] std::span<const word> stored(std::uint32_t tag, std::uint32_t value) const;
  void grow_booleans(std::uint16_t s);
  void grow_counts(std::uint16_t s);
  /// Whether a cap is reached or `stop` fired (polled once per block of candidates).
  bool full();
  /// Whether the term or memory cap is reached (checked before every insertion).
  bool at_cap();
};

}  // namespace crasp::synth
