// Task sources (src/task_source): a child process that crasp talks to through its standard streams,
// for the task-spec protocols (a generator writes JSON lines; an oracle answers one line per
// line it reads). Nothing here may hang or kill crasp: every wait has a deadline, the child runs
// in its own process group and is killed with it when it misbehaves or is no longer needed, and
// writing to a child that has died is an error value rather than SIGPIPE.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crasp::spec_detail {

/// How a child process ended.
struct exit_status {
  bool exited = false;  ///< ended by exit(); `code` is its status
  int code = 0;
  int signal = 0;       ///< the signal that ended it, when !exited
  /// "exited with status 2", "was killed by signal 9 (Killed)".
  [[nodiscard]] std::string describe() const;
  [[nodiscard]] bool ok() const { return exited && code == 0; }
};

/// What a read or an exchange ended with.
enum class io_status {
  ok,         ///< got what was asked for
  eof,        ///< the child closed its output (usually: it exited) first
  timeout,    ///< nothing arrived for the timeout
  broken,     ///< the child stopped reading its input
  too_long,   ///< a line longer than the limit
};

/// A running child with pipes on stdin, stdout and stderr. Move-only; the destructor kills the
/// child (and its process group) if it still runs and reaps it.
class child_process {
 public:
  using seconds = std::chrono::duration<double>;

  /// Starts argv[0] (looked up on PATH when it has no '/') with `argv` in directory `cwd`, with
  /// crasp's environment plus `env` ("NAME=value" entries, which take precedence). Returns
  /// nullopt and sets `error` ("cannot start 'x': No such file or directory") when the program
  /// cannot be started.
  static std::optional<child_process> start(const std::vector<std::string>& argv,
                                            const std::string& cwd,
                                            const std::vector<std::string>& env,
                                            std::string& error);

  child_process(child_process&& other) noexcept;
  child_process& operator=(child_process&& other) noexcept;
  child_process(const child_process&) = delete;
  child_process& operator=(const child_process&) = delete;
  ~child_process();

  /// Reads one line of stdout (without its '\n'); waits at most `timeout` for it. A final line
  /// without '\n' counts as a line. Lines longer than `max_line` bytes end the read (too_long).
  io_status read_line(std::string& line, seconds timeout, std::size_t max_line);

  /// Writes `lines` (each followed by '\n') to stdin while reading the same number of lines from
  /// stdout into `answers`, without deadlocking when both pipes fill. `timeout` bounds the wait
  /// for each next answer line. When the child stops reading (broken), writing stops and its
  /// answers are still read until it closes its output (eof: it exited, usually) or writes
  /// nothing for min(timeout, 1 s) (broken); `answers` holds every line it wrote.
  io_status exchange(const std::vector<std::string>& lines, std::vector<std::string>& answers,
                     seconds timeout, std::size_t max_line);

  /// Closes stdin (the child sees end of input).
  void close_input();

  /// Waits for the child to exit, discarding further stdout; kills it after `timeout`. Returns
  /// nullopt when it had to be killed.
  std::optional<exit_status> wait(seconds timeout);

  /// Kills the child's process group and reaps it (idempotent).
  void kill();

  /// The last few KB the child wrote to stderr (collected all along, so it never blocks on it).
  [[nodiscard]] std::string error_output() const;

 private:
  child_process() = default;
  bool pump(std::string_view& to_write, seconds timeout, io_status& status);
  bool take_line(std::string& line);
  void drain_stderr();

  int pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string out_buf_, err_buf_;
  bool out_eof_ = false;
  std::optional<exit_status> status_;
};

/// The tail of a child's stderr, for a diagnostic note: at most `max_lines` lines (with a count
/// of those left out), without trailing blank lines or a final newline.
std::string stderr_tail(const std::string& text, std::size_t max_lines = 12);

}  // namespace crasp::spec_detail
