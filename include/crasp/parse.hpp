// From text to a syntax tree: the parser (Boost.Spirit X3, private to the parse stage) with its
// limits. crasp/frontend.hpp goes on to a checked program.
#pragma once

#include <cstddef>
#include <string_view>

#include "crasp/ast.hpp"
#include "crasp/diagnostic.hpp"

namespace crasp {

/// Result of parsing: the AST (possibly partial when there are errors) and every diagnostic found.
struct parse_result {
  ast::program program;
  diagnostics diags;
  [[nodiscard]] bool ok() const { return !diags.has_errors(); }
};

/// The deepest an expression may nest: brackets, prefix operators (`!`, `-`, counts,
/// quantifiers), conditionals and operator chains that do not regroup (`-`, `.cr` `if`-chains)
/// each add a level. Deeper programs are rejected with an error at the point where the limit is
/// crossed, so that no later stage can run out of stack. Long chains of one associative operator
/// (`&&`, `||`, `+`) are grouped as balanced trees and add only the logarithm of their length.
inline constexpr unsigned max_nesting = 256;

/// parse() stops reading a program after this many syntax errors (and says so in a note).
inline constexpr std::size_t max_errors = 20;

/// Picks the dialect from a file name: `.cr` is the public dialect, anything else is `.crasp`.
ast::dialect dialect_for(std::string_view filename);

/// Parses a whole program. Never throws for bad input; syntax errors become diagnostics
/// (as many as one pass can find: the parser resynchronizes at the next line).
parse_result parse(source_ptr source, ast::dialect lang);

}  // namespace crasp
