// The checked, fully expanded program ("core IR") that the interpreter and the compiler consume.
// Families, quantifiers, named predicates and sugar are gone; what remains are the operations of
// C-RASP[pos] as a DAG of nodes in topological order (every operand id is smaller than its user).
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "crasp/diagnostic.hpp"

namespace crasp::ir {

using node_id = std::uint32_t;

enum class type { boolean, count };
enum class cmp { lt, le, eq, ne, ge, gt };

/// Q_a: the token at i is vocabulary entry `token` (index into program::vocabulary).
struct token_test { std::uint32_t token = 0; };
struct bool_const { bool value = false; };
struct int_const { std::int64_t value = 0; };
struct not_ { node_id a; };
struct and_ { node_id a, b; };
struct or_ { node_id a, b; };
/// φ(i): periodic unary predicate, true iff residues[i % residues.size()] (0-based i).
struct periodic { std::vector<bool> residues; };
/// Comparison of two counts.
struct compare { cmp op; node_id a, b; };
/// #[j <= i, (i - j) in offsets] body; `offsets` empty and `local == false` means unguarded.
struct count {
  node_id body;
  bool local = false;                 ///< true for a guarded (local) count
  std::vector<std::uint32_t> offsets;  ///< sorted distinct values of i - j, when local
};
struct add { node_id a, b; };
struct sub { node_id a, b; };
struct scale { std::int64_t k = 1; node_id a; };  ///< k * a
struct min_ { node_id a, b; };
struct max_ { node_id a, b; };
/// cond ? a : b on counts.
struct select { node_id cond, a, b; };

using op = std::variant<token_test, bool_const, int_const, not_, and_, or_, periodic, compare, count,
                        add, sub, scale, min_, max_, select>;

/// One operation; `depth` is the number of nested counts below and including it.
struct node {
  op operation;
  type result = type::boolean;
  std::uint32_t depth = 0;
};

/// A named statement (after expansion: `BIGRAM["a","b"]` is one statement) pointing at its node.
struct statement {
  std::string name;  ///< printable name, instances as NAME["a","b"]
  node_id value;
  type result = type::boolean;
  span where;        ///< the defining statement in the source
};

/// NEXT_token: true at the last position when `token` should be generated next.
struct next_rule {
  std::uint32_t token;  ///< vocabulary index
  node_id value;
};

enum class program_class { crasp, crasp_pos };  ///< NoPE suffices / needs positions

/// A checked program, ready to run or compile.
struct program {
  source_ptr source;
  std::vector<node> nodes;           ///< topological order, hash-consed (no duplicates)
  std::vector<statement> statements;  ///< in definition order (later shadows earlier)
  std::vector<std::string> vocabulary;  ///< every token the program names or declares
  /// True when the program declares an alphabet: input tokens outside `vocabulary` are errors.
  bool closed_vocabulary = false;
  std::vector<next_rule> next;        ///< non-empty for next-token (generator) programs
  program_class klass = program_class::crasp;
  std::uint32_t depth = 0;            ///< longest chain of nested counts
  /// Looks up a vocabulary entry; returns UINT32_MAX when absent.
  [[nodiscard]] std::uint32_t token_index(const std::string& tok) const;
  /// The node whose value the program answers with in acceptor mode (the last statement).
  [[nodiscard]] node_id output() const { return statements.back().value; }
  [[nodiscard]] bool is_generator() const { return !next.empty(); }
};

}  // namespace crasp::ir
