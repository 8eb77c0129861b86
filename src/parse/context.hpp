// State shared by the conversion of one statement from the X3 tree to the public AST.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "crasp/ast.hpp"
#include "crasp/diagnostic.hpp"

namespace crasp::parsing {

/// The furthest point a statement's expression parse reached before failing, and why. Trial
/// parses (Boolean first, then count) record failures here; only the best one is reported.
struct failure {
  bool set = false;
  std::uint32_t at = 0;  ///< byte offset
  std::uint32_t end = 0;
  int priority = 0;      ///< at the same offset, more specific messages win
  std::string message;
};

/// A finished parse of one nested sequence (the inside of `( )`, `min( , )`, a guard or a
/// `where` clause), kept so that a trial parse that is abandoned and retried does not parse the
/// same text again: without it, each level of `# (# (# ...` doubles the work.
struct memo_entry {
  bool ok = false;
  std::uint32_t first = 0;           ///< id of the first node the parse added
  std::vector<ast::expr> nodes;      ///< the nodes it added, ids relative to `first`
  std::uint32_t result = 0;          ///< id of the result, relative to `first`
  std::vector<diagnostic> pending;   ///< diagnostics it added
  failure best;                      ///< its furthest failure
};

/// Conversion context: the program being built, the source, and diagnostics that may still be
/// rolled back (warnings and errors found inside a trial parse that is later abandoned).
struct context {
  ast::program& prog;
  source_ptr src;
  const char* base = nullptr;  ///< start of the source text: offsets are pointer - base
  ast::dialect lang = ast::dialect::crasp;
  std::vector<diagnostic> pending;
  failure best;
  /// Recursion depth of the expression parser, bounded by max_nesting (frontend.hpp).
  unsigned depth = 0;
  /// Set once the statement nests too deeply: `deep` says where, and wins over any other failure.
  bool too_deep = false;
  failure deep;
  /// Finished nested parses by (sequence, preferred reading); cleared for every statement.
  std::map<std::pair<const void*, bool>, memo_entry> memo;

  [[nodiscard]] span sp(const char* b, const char* e) const {
    return span{static_cast<std::uint32_t>(b - base), static_cast<std::uint32_t>(e - base)};
  }
  [[nodiscard]] std::string_view text(span s) const {
    return std::string_view(src->text).substr(s.begin, s.end - s.begin);
  }
  /// Records a failure if it is further (or as far and more specific) than the best so far.
  void fail(span where, std::string message, int priority = 0) {
    if (too_deep) return;
    if (best.set && (where.begin < best.at || (where.begin == best.at && priority <= best.priority)))
      return;
    best = failure{true, where.begin, where.end, priority, std::move(message)};
  }
  void error(span where, std::string message) {
    pending.push_back(diagnostic{severity::error, std::move(message), src, where, {}, {}, {}});
  }
  void warning(span where, std::string message) {
    pending.push_back(diagnostic{severity::warning, std::move(message), src, where, {}, {}, {}});
  }
};

}  // namespace crasp::parsing
