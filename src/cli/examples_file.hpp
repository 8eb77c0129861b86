// X.examples files: one example per line, `INPUT => OUTPUT`; `//` comment lines and blank lines
// are skipped. OUTPUT is True / False / an integer for acceptors, the expected continuation for
// generators (`<none>` for an empty one).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "crasp/diagnostic.hpp"

namespace crasp::cli {

struct example {
  std::size_t line = 0;             ///< 1-based line in the examples file
  std::string origin;               ///< "X.examples:LINE"
  std::vector<std::string> tokens;  ///< the input
  std::string expected;             ///< OUTPUT with surrounding whitespace removed
};

/// X.crasp / X.cr -> X.examples (same directory).
std::string examples_path_for(const std::string& program_path);

/// Reads an examples file. A missing file, a line without `=>` or a line longer than
/// max_input_line (reading stops there) is an error in `diags`; the well-formed lines are still
/// returned. Returns std::nullopt only when the file is unreadable.
std::optional<std::vector<example>> read_examples(const std::string& path, diagnostics& diags);

/// Programs named by `paths`: files as given, directories expanded to their *.crasp and *.cr
/// files (sorted by name). No paths means the current directory. Errors go to `diags`.
std::vector<std::string> collect_programs(const std::vector<std::string>& paths,
                                          diagnostics& diags);

}  // namespace crasp::cli
