// From kept expressions to output rules. A goal is one statement the program must define (the
// accepting Boolean, a count, or one `next` rule) with the value it must take at the decision
// positions of the training instances. An expression T serves a goal through a shape: T itself,
// `any s in F: tok(s) && T` (T read for the current token's symbol), `all s in F: T`, or, for a
// family rule `next[a in F]`, `all s in F where s != a: T`. A goal is met by one such condition
// that is exact, by a conjunction of necessary conditions (each true wherever the goal is) that
// together exclude every negative decision, or by a disjunction of sufficient ones.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "synth/enumerate.hpp"

namespace crasp::synth {

enum class shape : std::uint8_t { plain, any, all, all_other };

/// One statement to find and its decisions on the training set.
struct goal {
  std::string name;     ///< how reports name it: "ACCEPT", `next "<eos>"`, "next[a in Sym]"
  bool family = false;  ///< a rule per family symbol (`next[a in F]`): decisions per (position, a)
  bool count = false;   ///< a count (the count format); otherwise a Boolean
  /// Decision positions, as tokens of copy 0 counted over the training instances laid end to
  /// end (the solver maps them to the layout's positions, layout::position_of_flat).
  std::vector<std::uint32_t> positions;
  /// Wanted values: Booleans (0/1) or counts, one per decision: index p * family_size + a for
  /// a family goal, p otherwise.
  std::vector<std::int32_t> want;
};

/// One condition of a rule: an expression read through a shape.
struct part {
  std::int32_t term = -1;
  shape form = shape::plain;
};

/// A goal's solution: one part, or parts joined by && (conjunction) or || (disjunction).
struct rule {
  std::vector<part> parts;
  bool conjunction = true;
  std::size_t size = 0;  ///< the expressions' sizes, plus 1 per join and per shape's `tok(s) &&`
};

/// The symbols read through variables and how copies of the layout are numbered: copy =
/// a_index * s_count + s_index (a_count and s_count are 1 when a variable is not in use).
struct family_info {
  std::vector<std::uint32_t> symbols;  ///< token ids of the family F, in order
  std::size_t a_count = 1, s_count = 1;
};

class solver {
 public:
  solver(const layout& l, const family_info& f, std::vector<goal> goals);

  /// Classifies the expressions the enumerator kept since the last call, reading them on
  /// `threads` threads (the result does not depend on it). `stop` is polled between slices of
  /// 65,536 expressions: once it says so the rest is left out (and never read), so that a
  /// time limit holds during a large size too. False when it did.
  bool absorb(const enumerator& e, unsigned threads = 1, const std::function<bool()>& stop = {});
  /// A rule per goal when every goal has one (the smallest found for each), else nullopt.
  /// Goals are solved on up to `threads` threads (the result does not depend on it).
  [[nodiscard]] std::optional<std::vector<rule>> solve(unsigned threads = 1) const;
  /// The goals, their positions mapped to the layout's.
  [[nodiscard]] const std::vector<goal>& goals() const { return goals_; }

 private:
  struct condition {
    part p;
    std::size_t cost = 0;
    bits value;  ///< over the goal's decisions
  };
  struct goal_state {
    // Where each decision reads an expression's value, per shape, as flat layout positions:
    // plain[k], any[k] (none: the token is not in the family, so the value is false), and
    // every[k * s_count + si] for the `all` shapes (a_of[k] says which one to skip).
    std::vector<std::uint32_t> plain, any, every, a_of;
    bits want, positives, negatives;
    std::optional<condition> exact;
    std::vector<condition> necessary, sufficient;
    std::unordered_map<std::uint64_t, std::vector<std::size_t>> seen_nec, seen_suf;
  };

  const layout& l_;
  family_info f_;
  std::vector<goal> goals_;
  std::vector<goal_state> state_;
  std::size_t absorbed_ = 0;

  /// Files `c` as exact, necessary and/or sufficient for the goal (first of its value only).
  void consider(goal_state& g, condition c);
  [[nodiscard]] bool value_of(const enumerator& e, std::int32_t id, shape form, const goal& g,
                              const goal_state& st, bits& out) const;
  [[nodiscard]] std::optional<rule> best(const goal_state& g) const;
};

/// The cost a shape adds to its expression.
std::size_t shape_cost(shape form);

}  // namespace crasp::synth
