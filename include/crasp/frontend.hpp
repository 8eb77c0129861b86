// From text to a checked program: parse (X3, private), then check and expand.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crasp/ast.hpp"
#include "crasp/diagnostic.hpp"
#include "crasp/ir.hpp"

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

/// Options for check(): alphabet overrides let one program serve any vocabulary size.
struct check_options {
  /// Replaces the items of a declared alphabet, e.g. {"Sym", {"t0", ..., "t149"}}.
  std::map<std::string, std::vector<std::string>> alphabet_overrides;
};

/// Result of checking: the expanded program when there were no errors.
struct check_result {
  std::optional<ir::program> program;
  diagnostics diags;
  [[nodiscard]] bool ok() const { return program.has_value() && !diags.has_errors(); }
};

/// Resolves names, checks types and arities, checks the C-RASP[pos] conditions (local,
/// translation-invariant guards; periodic unary predicates), expands families and quantifiers,
/// and classifies the program (C-RASP or C-RASP[pos]).
check_result check(const ast::program& program, const check_options& options = {});

/// Parses alphabet item syntax used on the command line: "a b c", "a..e", "t0..t149", "0..149".
/// Returns std::nullopt (and an error in diags) for malformed ranges.
std::optional<std::vector<std::string>> expand_alphabet_spec(std::string_view spec,
                                                             diagnostics& diags);

/// Expands one range `first .. last`: single characters ("a".."e") or a common prefix with
/// numbers ("t0".."t149", "0".."149"). Returns std::nullopt when the ends do not form a range.
std::optional<std::vector<std::string>> expand_range(const std::string& first,
                                                     const std::string& last);

/// Loads, parses and checks a file in one call (reads the file; unreadable files are errors).
struct load_result {
  std::optional<ir::program> program;
  std::optional<ast::program> syntax;  ///< the AST, when parsing succeeded
  diagnostics diags;
  [[nodiscard]] bool ok() const { return program.has_value() && !diags.has_errors(); }
};
load_result load_file(const std::string& path, const check_options& options = {});
/// Same from text in memory (`name` is used in diagnostics and picks the dialect).
load_result load_text(std::string name, std::string text, const check_options& options = {});

/// Prints an expanded program as plain .crasp statements (families expanded to instances),
/// so that `crasp expand` output parses and checks to an equivalent program.
std::string print_expanded(const ir::program& program);

}  // namespace crasp
