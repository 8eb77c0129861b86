// State shared by the checker's passes (private to src/check). Each pass is a function over
// `context`; results live in side tables indexed by AST expression id, as the AST is immutable.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "check/positional.hpp"
#include "crasp/ast.hpp"
#include "crasp/diagnostic.hpp"
#include "crasp/frontend.hpp"
#include "crasp/ir.hpp"

namespace crasp::checker {

/// A declared alphabet after range expansion and overrides; order is declaration order.
struct alphabet {
  std::string name;
  span where;
  std::vector<std::string> tokens;
  std::unordered_map<std::string, std::uint32_t> index;  ///< token -> position in `tokens`
};

/// What an expression is, as far as the checker is concerned.
enum class kind : std::uint8_t {
  error,    ///< already reported (or depends on something that was): stay silent
  boolean,  ///< a Boolean value at every position
  count,    ///< an integer value at every position
  pterm,    ///< an integer term over i / j (only inside positional predicates)
  pbool,    ///< a positional predicate (over i, and j when uses_j)
  sym,      ///< a symbol variable (bound by a family or quantifier)
  wbool,    ///< a comparison of symbols: a constant per instance (`where` filters)
};

/// Per-expression results of the type pass.
struct expr_info {
  kind k = kind::error;
  bool uses_j = false;                  ///< pbool/pterm mentions j or a binary predicate
  std::optional<std::int64_t> constant;  ///< folded value of a constant count
  int def = -1;                         ///< name_ref: the definition it resolves to
  int sym_alphabet = -1;                ///< sym: alphabet of the variable
};

enum class def_kind { value, predicate, next };

/// One definition statement: a value (plain, family or instance), a predicate or a next rule.
struct definition {
  def_kind k = def_kind::value;
  std::string name;
  span where;                  ///< the defined name
  std::size_t stmt = 0;        ///< index into ast::program::statements
  ast::expr_id value;          ///< value / predicate body (invalid for imports)
  /// Family parameters: alphabet index (bound to `vars[n]`) or a literal token.
  std::vector<int> param_alphabet;
  std::vector<std::string> param_var;
  std::vector<std::optional<std::string>> param_literal;
  ir::type type = ir::type::boolean;
  bool ok = true;  ///< false when its statement had errors: references stay silent
  // predicates
  bool binary = false;
  int import_tree = -1;  ///< root in context::imports for #import'ed predicates
  guard_result guard;    ///< decided binary predicate
  std::vector<bool> residues;  ///< decided unary predicate
  // next rules
  std::optional<std::string> next_token;
  [[nodiscard]] std::size_t arity() const { return param_alphabet.size(); }
};

/// A symbol variable in scope during the type pass.
struct scope_var {
  std::string name;
  int alphabet = -1;
};

struct context {
  context(const ast::program& p, const check_options& o) : prog(p), options(o), src(p.source) {}

  const ast::program& prog;
  const check_options& options;
  source_ptr src;
  diagnostics diags;

  std::vector<alphabet> alphabets;
  std::map<std::string, int> alphabet_by_name;

  std::vector<definition> defs;  ///< in statement order
  /// Definition indices per name, ascending (so lookups are a binary search).
  std::unordered_map<std::string, std::vector<int>> defs_by_name;
  /// Instance definitions (all indices literal) per key name + \x1f + tuple, ascending.
  std::unordered_map<std::string, std::vector<int>> instances;
  /// Family definitions (some index bound to an alphabet) per name, ascending.
  std::unordered_map<std::string, std::vector<int>> families;

  std::vector<expr_info> info;  ///< indexed by expr id
  std::unordered_map<std::uint32_t, std::vector<bool>> residues_of;  ///< decided pbool roots
  std::unordered_map<std::uint32_t, guard_result> guard_of;        ///< decided count guards
  ptree imports;  ///< trees of the predefined predicates

  std::vector<std::string> vocabulary;
  std::unordered_map<std::string, std::uint32_t> vocab_index;

  /// Source text of an expression, quoted for messages ('#"a"'), shortened when long.
  [[nodiscard]] std::string quote(ast::expr_id e) const;
  [[nodiscard]] std::string text(span s) const;
  diagnostic& error(span where, std::string message) { return diags.error(src, where, std::move(message)); }
  diagnostic note(span where, std::string message) const {
    diagnostic d;
    d.level = severity::note;
    d.message = std::move(message);
    d.source = src;
    d.where = where;
    return d;
  }
  std::uint32_t add_token(const std::string& tok);
  /// Statement being checked (statements are checked in order, .cr imports first).
  std::size_t current_stmt = 0;
  /// Import names already warned about for being used above their `#import` line (.cr).
  std::set<std::string> early_imports;
  /// Latest definition named `name` among defs[0, before); -1 when none.
  [[nodiscard]] int lookup(const std::string& name, int before) const;
  expr_info& at(ast::expr_id e) { return info.at(e.v); }
};

// The passes, in the order check() runs them.
void collect_alphabets(context& cx);     // alphabet.cpp
void collect_vocabulary(context& cx);    // vocabulary.cpp
void check_statements(context& cx);      // statements.cpp (names, types, predicates)
/// Key of `name[tuple]` in context::instances.
std::string instance_lookup_key(const std::string& name, const std::vector<std::string>& tuple);
/// Types one expression (types.cpp); `def` is the definition being checked (for lookups).
kind type_expr(context& cx, ast::expr_id e, std::vector<scope_var>& scope, int def);
/// Same, then converts a Boolean-like result (positional, symbol test) to an ordinary Boolean.
kind type_boolean(context& cx, ast::expr_id e, std::vector<scope_var>& scope, int def);
/// Decides a pbool expression used as a Boolean (unary) or a guard; reports failures.
bool decide_unary(context& cx, ast::expr_id e, const std::string& what);  // predicates.cpp
std::optional<guard_result> decide_binary(context& cx, ast::expr_id e, const std::string& what,
                                          ast::expr_id body = {});
void define_import(context& cx, definition& d);                          // predicates.cpp
std::optional<ir::program> expand(context& cx);                          // expand.cpp
void prune(ir::program& p);     // prune.cpp: drops nodes no statement or next rule uses
void classify(ir::program& p);  // classify.cpp

/// Human names of kinds for messages: "a Boolean", "a count", ...
const char* kind_name(kind k);

}  // namespace crasp::checker
