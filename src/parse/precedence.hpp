// Turns one flat X3 expression sequence into an AST expression, applying the dialect's
// precedence (docs/language.md): conventional in .crasp, the public ANTLR grammar's in .cr.
//
// The parser is typed: Boolean rules (|| && ! comparisons, atoms) and count rules (+ - * %,
// counts, min/max) are separate, as in the grammar, and ambiguous atoms (names, parentheses) are
// resolved by trying the preferred reading first and backtracking. Backtracking restores the
// position, the expression arena and pending diagnostics, so abandoned trials leave no trace.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <utility>
#include <vector>

#include "parse/context.hpp"
#include "parse/x3_tree.hpp"

namespace crasp::parsing {

namespace x3 = boost::spirit::x3;

/// The alternative of an X3 variant, or null.
template <typename T, typename V>
const T* as(const V* v) {
  return boost::get<T>(&v->get());
}

class expr_parser {
 public:
  expr_parser(context& cx, const x::seq& s);
  /// Parses the whole sequence (`prefer_bool`: try the Boolean reading first). Returns an
  /// invalid id on failure; the reason is in cx.best.
  ast::expr_id parse_all(bool prefer_bool);

 private:
  enum class kind { atom, prefix, op };
  struct item {
    kind k;
    const x::atom* atom = nullptr;
    const x::prefix* pre = nullptr;
    x::op_kind op{};
    span where;
  };
  struct mark {
    std::size_t k, exprs, pending;
  };

  /// One level of recursion of the expression parser. The statement fails with a nesting error
  /// once cx.depth passes max_nesting, before the stack can run out.
  class depth_guard {
   public:
    depth_guard(expr_parser& p, span where);
    ~depth_guard() { --cx_.depth; }
    depth_guard(const depth_guard&) = delete;
    depth_guard& operator=(const depth_guard&) = delete;
    [[nodiscard]] bool ok() const { return ok_; }

   private:
    context& cx_;
    bool ok_ = true;
  };

  context& cx_;
  std::vector<item> items_;
  std::size_t k_ = 0;
  /// Items from here on are out of reach: a trial reading of a comparison's left side stops
  /// at the comparison it is to stand left of (split_comparison). items_.size() otherwise.
  std::size_t end_ = 0;
  bool restricted_ = false;  // inside the body of a count standing left of a comparison
  /// Finished bounded_count() parses by (first item, bound): a count over counts tries each
  /// comparison as its bound, and so does every count in its body; without this, `# # ... # X
  /// < 1 < 1 ...` would take a step per way of choosing the bounds.
  struct bounded_entry {
    bool ok = false;
    std::uint32_t result = 0;
    std::size_t after = 0;              ///< k_ after the parse
    std::vector<diagnostic> pending;    ///< diagnostics it added
    failure best;                       ///< its furthest failure
  };
  std::map<std::pair<std::size_t, std::size_t>, bounded_entry> bounded_;

  void flatten(const x::operand& o);
  [[nodiscard]] mark save() const;
  void restore(const mark& m);
  [[nodiscard]] const item* peek(std::size_t ahead = 0) const;
  [[nodiscard]] bool at_op(x::op_kind op) const;
  [[nodiscard]] bool at_cmp() const;
  [[nodiscard]] bool at_stop() const;
  [[nodiscard]] span here() const;  // the next item, or the end of the sequence
  ast::expr_id add(ast::expr_node n, span where);
  [[nodiscard]] span where(ast::expr_id id) const { return cx_.prog.at(id).where; }
  void leftover(ast::expr_id r, bool was_bool);
  /// Joins operands with one associative operator: left to right for short chains (as written),
  /// as a balanced tree for long ones, so that a chain's depth grows with the log of its length.
  ast::expr_id chain(ast::binop op, const std::vector<ast::expr_id>& operands);

  // precedence.cpp
  ast::expr_id expr(bool prefer_bool);
  ast::expr_id bool_top();
  ast::expr_id count_top();
  ast::expr_id boolean(int min_level);
  ast::expr_id not_expr();
  ast::expr_id batom();
  /// `lhs CMP sum`, the comparison operator being the next item.
  ast::expr_id comparison(ast::expr_id lhs);
  /// `C CMP sum` where the count C at the next item must take a comparison into its body:
  /// C is read up to each later comparison in turn (the second, third, ... after it) until a
  /// reading that ends there, compared, ends the chain. Invalid (and nothing consumed) if none.
  ast::expr_id split_comparison();
  /// `sum` read from the next item with the items from `bound` on out of reach, outside any
  /// restricted body (split_comparison's only use). Memoized in bounded_.
  ast::expr_id bounded_count(std::size_t bound);
  ast::expr_id sum(int min_level, bool restricted);
  ast::expr_id cunary(bool restricted);

  // atoms.cpp
  ast::expr_id bool_atom();
  ast::expr_id catom();
  ast::expr_id convert_atom(const x::atom& a, bool prefer_bool);
  ast::expr_id count_node(const item& head, bool restricted);
  ast::expr_id quantifier(const item& head, bool restricted);
  bool guard(const x::count_head& h, ast::guard& g);
  ast::expr_id nested(const x::seq& s, bool prefer_bool);
};

/// Reports a .cr reading that differs from the conventional one (warnings.cpp).
void warn_cr_reading(context& cx, ast::expr_id node);
/// Warns about a `#` count whose unparenthesized body contains a comparison (warnings.cpp).
void warn_count_body(context& cx, ast::expr_id count);

/// Helpers on AST nodes used by the parser.
bool is_comparison(ast::binop op);
/// Whether a node can only be a count, whatever its names turn out to be (an integer, a count,
/// arithmetic, min/max, a sum, a conditional with such a branch).
bool surely_count(const ast::program& p, ast::expr_id id);
bool is_binary(const ast::program& p, ast::expr_id id, std::initializer_list<ast::binop> ops);

}  // namespace crasp::parsing
