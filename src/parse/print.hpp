// A fully parenthesized rendering of AST expressions, for tests and debugging: every operator
// node is wrapped in parentheses, so precedence is visible (`2 * (A + 1)` -> "(2 * (A + 1))").
#pragma once

#include <string>

#include "crasp/ast.hpp"

namespace crasp::detail {

/// Prints expression `id` of `p` fully parenthesized.
std::string to_sexpr(const ast::program& p, ast::expr_id id);

}  // namespace crasp::detail
