// Diagnostics as values: every stage returns them, only the CLI prints them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace crasp {

/// A program's text and the name it is reported under. Shared (never copied) by every
/// diagnostic and AST that points into it.
struct source_file {
  std::string name;  ///< path as the user gave it, used in `name:line:col:`
  std::string text;  ///< full contents
};
using source_ptr = std::shared_ptr<const source_file>;

/// Half-open byte range [begin, end) into a source_file's text. end == begin marks a point.
struct span {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
};

/// 1-based line and column (column counts bytes, as clang does).
struct line_col {
  std::uint32_t line = 1;
  std::uint32_t col = 1;
};

/// Converts a byte offset to a 1-based line and column.
line_col locate(std::string_view text, std::uint32_t offset);

/// `text` shortened in the middle to `keep` bytes at each end joined by " ... " when it is
/// longer than that, cutting only between UTF-8 characters: messages that quote source text (a
/// huge token, a long chain) stay a line long and stay valid UTF-8.
std::string abbreviate(std::string_view text, std::size_t keep);

enum class severity { error, warning, note };

/// One message about the program or its input. A diagnostic without a source (input errors,
/// I/O errors) renders as `where: error: message` with `where` the file or "<input>".
struct diagnostic {
  severity level = severity::error;
  std::string message;     ///< short, lower case, no trailing period
  source_ptr source;       ///< may be null for diagnostics not tied to program text
  span where;              ///< meaningful only when source is set
  std::string origin;      ///< shown instead of file:line:col when source is null
  std::vector<diagnostic> notes;  ///< attached notes (rendered after the main message)
  /// Optional replacement text suggested for `where` (a fix-it); rendered as a note line.
  std::string fixit;
};

/// An ordered collection of diagnostics, in the order they were found.
class diagnostics {
 public:
  /// Appends a diagnostic.
  void add(diagnostic d) { items_.push_back(std::move(d)); }
  /// Appends an error at `where` in `src`; returns it for adding notes.
  diagnostic& error(source_ptr src, span where, std::string message);
  /// Appends a warning at `where` in `src`; returns it for adding notes.
  diagnostic& warning(source_ptr src, span where, std::string message);
  /// Appends an error that is not tied to program text (for example a bad input token).
  diagnostic& error(std::string origin, std::string message);
  /// Appends every diagnostic of `other`.
  void append(const diagnostics& other);

  /// True when at least one error (not warning) was recorded.
  [[nodiscard]] bool has_errors() const;
  [[nodiscard]] std::size_t error_count() const;
  [[nodiscard]] std::size_t warning_count() const;
  [[nodiscard]] bool empty() const { return items_.empty(); }
  [[nodiscard]] const std::vector<diagnostic>& items() const { return items_; }

 private:
  std::vector<diagnostic> items_;
};

/// Renders one diagnostic clang-style:
///   prog.crasp:3:14: error: expected ')' after count term
///       3 | c = #[j == i-1] ("a"
///         |              ^~~~~~
/// Notes follow, each rendered the same way with `note:`.
std::string render(const diagnostic& d);

/// Renders all diagnostics, one after another.
std::string render(const diagnostics& ds);

}  // namespace crasp
