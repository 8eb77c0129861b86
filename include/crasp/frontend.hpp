// From text to a checked program: parse (crasp/parse.hpp), then check and expand.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crasp/ast.hpp"
#include "crasp/diagnostic.hpp"
#include "crasp/ir.hpp"
#include "crasp/parse.hpp"

namespace crasp {

/// Options for check_program(): alphabet overrides let one program serve any vocabulary size.
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
/// and classifies the program (C-RASP or C-RASP[pos]). (crasp::check in task_check.hpp is the
/// task check, a different thing.)
check_result check_program(const ast::program& program, const check_options& options = {});

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
