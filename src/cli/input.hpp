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

/// The longest input line crasp reads, in bytes without the newline: 64 MiB, the limit of a task
/// spec's generator and oracle lines too. An instance of 10^7 one-character tokens is 20 MB.
inline constexpr std::size_t max_input_line = std::size_t{64} << 20;

enum class line_status { ok, end, too_long };

/// Reads the next line of `in` into `line` (without its '\n'; a last line without one counts).
/// Stops with too_long once the line passes `max` bytes, having held at most `max` bytes of it:
/// a stream without newlines never grows `line` further.
line_status read_line(std::istream& in, std::string& line, std::size_t max = max_input_line);

/// "line longer than 67108864 bytes (the limit of an input line); the rest of the `what` is not
/// read": the error of a too_long line, under the origin NAME:LINE.
std::string too_long_line_message(const std::string& what);

/// Reads instances from a stream, one per non-skipped line.
class line_source {
 public:
  /// `name` prefixes origins: "<stdin>" gives "<stdin>:3".
  line_source(std::istream& in, std::string name);
  /// The next instance, or std::nullopt at the end of the input or at a line longer than
  /// max_input_line (then too_long() is set and nothing more is read).
  std::optional<instance> next();
  /// The origin of the line that was too long ("<stdin>:3"), if one was.
  [[nodiscard]] const std::optional<std::string>& too_long() const { return too_long_; }

 private:
  std::istream* in_;
  std::string name_;
  std::size_t line_ = 0;
  std::optional<std::string> too_long_;
};

/// What for_each_instance read.
struct instances_read {
  std::size_t count = 0;  ///< instances handled
  /// Set when reading stopped at a line longer than max_input_line: its origin ("<stdin>:3").
  /// The instances before it were handled.
  std::optional<std::string> too_long;
};

/// Calls `handle` on the instance given by `args` when there is one, else on each instance read
/// from `in` ("<stdin>:LINE" origins), up to a line longer than max_input_line.
instances_read for_each_instance(const std::vector<std::string>& args, std::istream& in,
                                 const std::function<void(const instance&)>& handle);

}  // namespace crasp::cli
