// What the parser checks before and after the grammar so that no later stage meets input it
// cannot handle: bytes that are not UTF-8 (support/utf8.hpp), brackets nested deeper than the grammar's recursion
// may go, and statements whose tree is deeper than max_nesting.
#pragma once

#include <optional>
#include <string>

#include "crasp/ast.hpp"
#include "crasp/diagnostic.hpp"

namespace crasp::parsing {

/// The first `(` or `[` of [b, e) (outside strings and comments) that opens a level deeper than
/// max_nesting, or null.
const char* too_deep_bracket(const char* b, const char* e);

/// The depth of the tree under `root` when it exceeds max_nesting. Nodes with ids below
/// `first` belong to earlier statements and are never operands of this one's.
std::optional<unsigned> too_deep_tree(const ast::program& p, ast::expr_id root, std::uint32_t first);

/// Drops the nodes from `first` on that `root` does not reach (left by abandoned trial readings)
/// and renumbers the rest in order; returns the new id of `root`.
ast::expr_id compact(ast::program& p, ast::expr_id root, std::uint32_t first);

}  // namespace crasp::parsing
