// State shared by the conversion of one statement from the X3 tree to the public AST.
#pragma once

#include <cstdint>
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

/// Conversion context: the program being built, the source, and diagnostics that may still be
/// rolled back (warnings and errors found inside a trial parse that is later abandoned).
struct context {
  ast::program& prog;
  source_ptr src;
  const char* base = nullptr;  ///< start of the source text: offsets are pointer - base
  ast::dialect lang = ast::dialect::crasp;
  std::vector<diagnostic> pending;
  failure best;

  [[nodiscard]] span sp(const char* b, const char* e) const {
    return span{static_cast<std::uint32_t>(b - base), static_cast<std::uint32_t>(e - base)};
  }
  [[nodiscard]] std::string_view text(span s) const {
    return std::string_view(src->text).substr(s.begin, s.end - s.begin);
  }
  /// Records a failure if it is further (or as far and more specific) than the best so far.
  void fail(span where, std::string message, int priority = 0) {
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
