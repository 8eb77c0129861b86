// The one entry point into the X3 grammar (grammar.cpp is the only translation unit that
// instantiates it). Parses a single line of source text into the private tree of x3_tree.hpp.
#pragma once

#include <string>

#include "parse/x3_tree.hpp"

namespace crasp::parsing {

/// Result of parsing one line.
struct line_parse {
  enum class status { empty, ok, failed };
  status st = status::empty;
  x::statement stmt;        ///< set when st == ok
  const char* where = nullptr;  ///< failure position (before blanks are skipped)
  /// What was expected at `where`: a rule's description ("')' to close '('"), or one of the
  /// markers "unknown statement" and "end of line".
  std::string which;
};

/// Parses the line [begin, end) (without its newline or carriage return). Never throws.
line_parse parse_line(const char* begin, const char* end);

}  // namespace crasp::parsing
