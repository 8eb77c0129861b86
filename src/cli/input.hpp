// Where instances come from: the command line (one instance) or input lines (one per line,
// `//` comment lines and blank lines skipped, CRLF accepted).
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace crasp::cli {

/// One input sequence and where it came from.
struct instance {
  std::vector<std::string> tokens;
  std::string origin;  ///< "<command line>" or "<stdin>:LINE", used in diagnostics
  std::size_t line = 0;  ///< 1-based input line, 0 for the command line
};

/// Joins tokens with single spaces (how instances are echoed).
std::string join_tokens(const std::vector<std::string>& tokens);

/// The single instance given as command-line arguments; each argument may hold several
/// whitespace-separated tokens ("a b c" and a b c are the same instance).
instance instance_from_args(const std::vector<std::string>& args);

/// True for lines that carry no instance: blank (after removing a trailing CR) or `//` comments.
bool is_skipped_line(const std::string& line);

/// Reads instances from a stream, one per non-skipped line.
class line_source {
 public:
  /// `name` prefixes origins: "<stdin>" gives "<stdin>:3".
  line_source(std::istream& in, std::string name);
  /// The next instance, or std::nullopt at the end of the input.
  std::optional<instance> next();

 private:
  std::istream* in_;
  std::string name_;
  std::size_t line_ = 0;
};

/// Calls `handle` on the instance given by `args` when there is one, else on each instance read
/// from `in` ("<stdin>:LINE" origins). Returns the number of instances handled.
std::size_t for_each_instance(const std::vector<std::string>& args, std::istream& in,
                              const std::function<void(const instance&)>& handle);

}  // namespace crasp::cli
