// Child processes for the task-spec protocols (see process.hpp). POSIX only: posix_spawnp with
// the child in its own process group (so a generator that is a shell script dies with its
// children), stdout/stderr on pipes, stdin on a socket pair so that writes use MSG_NOSIGNAL
// (a dead oracle yields EPIPE, never SIGPIPE, and crasp's signal dispositions stay untouched).
#include "task_source/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

#include <fmt/format.h>

extern char** environ;

namespace crasp::spec_detail {
namespace {

using clock_type = std::chrono::steady_clock;

// stderr is only shown on failure, as a tail: keep the last 16 KB.
constexpr std::size_t stderr_keep = 16 * 1024;

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

int millis_until(clock_type::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline -
                                                                        clock_type::now());
  return left.count() <= 0 ? 0 : static_cast<int>(std::min<long long>(left.count(), 1 << 30));
}

// Reads what is available on a non-blocking fd into `buf`; false at end of file or error.
bool read_some(int fd, std::string& buf) {
  char chunk[65536];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n > 0) {
      buf.append(chunk, static_cast<std::size_t>(n));
      if (static_cast<std::size_t>(n) < sizeof chunk) return true;
      continue;
    }
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
    if (n < 0 && errno == EINTR) continue;
    return false;
  }
}

exit_status decode(int raw) {
  exit_status s;
  if (WIFEXITED(raw)) {
    s.exited = true;
    s.code = WEXITSTATUS(raw);
  } else if (WIFSIGNALED(raw)) {
    s.signal = WTERMSIG(raw);
  }
  return s;
}

}  // namespace

std::string exit_status::describe() const {
  if (exited) return fmt::format("exited with status {}", code);
  return fmt::format("was killed by signal {} ({})", signal, ::strsignal(signal));
}

std::optional<child_process> child_process::start(const std::vector<std::string>& argv,
                                                  const std::string& cwd,
                                                  const std::vector<std::string>& env,
                                                  std::string& error) {
  if (argv.empty()) {
    error = "empty command";
    return std::nullopt;
  }
  struct stat st {};
  if (::stat(cwd.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    error = fmt::format("cannot start '{}': the directory '{}' does not exist", argv[0], cwd);
    return std::nullopt;
  }
  int in[2], out[2], err[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0) {
    error = fmt::format("cannot start '{}': {}", argv[0], std::strerror(errno));
    return std::nullopt;
  }
  if (::pipe2(out, O_CLOEXEC) != 0) {
    error = fmt::format("cannot start '{}': {}", argv[0], std::strerror(errno));
    ::close(in[0]), ::close(in[1]);
    return std::nullopt;
  }
  if (::pipe2(err, O_CLOEXEC) != 0) {
    error = fmt::format("cannot start '{}': {}", argv[0], std::strerror(errno));
    ::close(in[0]), ::close(in[1]), ::close(out[0]), ::close(out[1]);
    return std::nullopt;
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[1], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                      POSIX_SPAWN_SETSIGDEF);

  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  // The environment: `env` first, then crasp's own entries that `env` does not override.
  std::vector<char*> envp;
  for (const auto& e : env) envp.push_back(const_cast<char*>(e.c_str()));
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string_view entry(*e);
    const auto name = entry.substr(0, entry.find('=') + 1);
    const bool overridden = std::any_of(env.begin(), env.end(), [&](const std::string& x) {
      return std::string_view(x).substr(0, name.size()) == name;
    });
    if (!overridden) envp.push_back(*e);
  }
  envp.push_back(nullptr);
  pid_t pid = -1;
  const int rc = ::posix_spawnp(&pid, argv[0].c_str(), &actions, &attr, args.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(in[1]), ::close(out[1]), ::close(err[1]);
  if (rc != 0) {
    error = fmt::format("cannot start '{}': {}", argv[0], std::strerror(rc));
    ::close(in[0]), ::close(out[0]), ::close(err[0]);
    return std::nullopt;
  }
  child_process c;
  c.pid_ = pid;
  c.in_ = in[0], c.out_ = out[0], c.err_ = err[0];
  set_nonblocking(c.in_);
  set_nonblocking(c.out_);
  set_nonblocking(c.err_);
  return c;
}

child_process::child_process(child_process&& o) noexcept
    : pid_(o.pid_), in_(o.in_), out_(o.out_), err_(o.err_), out_buf_(std::move(o.out_buf_)),
      err_buf_(std::move(o.err_buf_)), out_eof_(o.out_eof_), status_(o.status_) {
  o.pid_ = -1;
  o.in_ = o.out_ = o.err_ = -1;
}

child_process& child_process::operator=(child_process&& o) noexcept {
  if (this != &o) {
    kill();
    std::swap(pid_, o.pid_);
    std::swap(in_, o.in_);
    std::swap(out_, o.out_);
    std::swap(err_, o.err_);
    std::swap(out_buf_, o.out_buf_);
    std::swap(err_buf_, o.err_buf_);
    std::swap(out_eof_, o.out_eof_);
    std::swap(status_, o.status_);
  }
  return *this;
}

child_process::~child_process() { kill(); }

void child_process::drain_stderr() {
  if (err_ < 0) return;
  if (!read_some(err_, err_buf_)) close_fd(err_);
  if (err_buf_.size() > 2 * stderr_keep) err_buf_.erase(0, err_buf_.size() - stderr_keep);
}

bool child_process::take_line(std::string& line) {
  const auto nl = out_buf_.find('\n');
  if (nl == std::string::npos) return false;
  line.assign(out_buf_, 0, nl);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  out_buf_.erase(0, nl + 1);
  return true;
}

// One poll round: waits (until `deadline`) for stdout, stderr and, while `to_write` is not
// empty, for room on stdin; moves whatever is ready. Returns false with `status` set when the
// round ended the operation (timeout, broken input).
bool child_process::pump(std::string_view& to_write, seconds timeout,
                         io_status& status) {
  pollfd fds[3];
  nfds_t n = 0;
  int out_i = -1, err_i = -1, in_i = -1;
  if (!out_eof_ && out_ >= 0) out_i = static_cast<int>(n), fds[n++] = {out_, POLLIN, 0};
  if (err_ >= 0) err_i = static_cast<int>(n), fds[n++] = {err_, POLLIN, 0};
  if (!to_write.empty() && in_ >= 0) in_i = static_cast<int>(n), fds[n++] = {in_, POLLOUT, 0};
  const auto deadline =
      clock_type::now() + std::chrono::duration_cast<clock_type::duration>(timeout);
  const int ready = ::poll(fds, n, millis_until(deadline));
  if (ready < 0 && errno == EINTR) return true;
  if (ready <= 0) {
    status = io_status::timeout;
    return false;
  }
  if (out_i >= 0 && fds[out_i].revents != 0 && !read_some(out_, out_buf_)) out_eof_ = true;
  if (err_i >= 0 && fds[err_i].revents != 0) drain_stderr();
  if (in_i >= 0 && fds[in_i].revents != 0) {
    const ssize_t w = ::send(in_, to_write.data(), to_write.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    if (w > 0) {
      to_write.remove_prefix(static_cast<std::size_t>(w));
    } else if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
      status = io_status::broken;
      return false;
    }
  }
  return true;
}

io_status child_process::read_line(std::string& line, seconds timeout, std::size_t max_line) {
  const auto deadline =
      clock_type::now() + std::chrono::duration_cast<clock_type::duration>(timeout);
  std::string_view nothing;
  for (;;) {
    if (take_line(line)) return io_status::ok;
    if (out_buf_.size() > max_line) return io_status::too_long;
    if (out_eof_) {
      if (out_buf_.empty()) return io_status::eof;
      line = std::move(out_buf_);
      out_buf_.clear();
      return io_status::ok;
    }
    if (clock_type::now() >= deadline) return io_status::timeout;
    io_status status = io_status::ok;
    if (!pump(nothing, deadline - clock_type::now(), status)) return status;
  }
}

io_status child_process::exchange(const std::vector<std::string>& lines,
                                  std::vector<std::string>& answers, seconds timeout,
                                  std::size_t max_line) {
  answers.clear();
  std::string pending;
  for (const auto& l : lines) pending.append(l).push_back('\n');
  std::string_view to_write = pending;
  // Once the child stops reading, the answers to what it did read may still be on their way
  // (or it crashed, and its end of output says how): keep reading, for a short grace period
  // per line rather than the full timeout, since no answer past what it read can come.
  const auto grace = std::min<seconds>(timeout, std::chrono::seconds(1));
  bool broken = false;
  const auto wait_for = [&] { return broken ? grace : timeout; };
  auto deadline = clock_type::now() + std::chrono::duration_cast<clock_type::duration>(timeout);
  std::string line;
  while (answers.size() < lines.size()) {
    if (take_line(line)) {
      answers.push_back(std::move(line));
      deadline = clock_type::now() + std::chrono::duration_cast<clock_type::duration>(wait_for());
      continue;
    }
    if (out_buf_.size() > max_line) return io_status::too_long;
    if (out_eof_) return io_status::eof;
    if (clock_type::now() >= deadline) return broken ? io_status::broken : io_status::timeout;
    io_status status = io_status::ok;
    if (pump(to_write, deadline - clock_type::now(), status)) continue;
    if (status != io_status::broken) return broken ? io_status::broken : status;
    broken = true;
    to_write = {};
    close_input();
    deadline = std::min(deadline, clock_type::now() +
                                      std::chrono::duration_cast<clock_type::duration>(grace));
  }
  return io_status::ok;
}

void child_process::close_input() { close_fd(in_); }

std::optional<exit_status> child_process::wait(seconds timeout) {
  close_input();
  if (status_) return status_;
  const auto deadline =
      clock_type::now() + std::chrono::duration_cast<clock_type::duration>(timeout);
  std::string_view nothing;
  // Keep draining stdout and stderr: a child blocked on a full pipe would never exit.
  while (!out_eof_ && clock_type::now() < deadline) {
    io_status status = io_status::ok;
    if (!pump(nothing, deadline - clock_type::now(), status)) break;
    out_buf_.clear();
  }
  auto pause = std::chrono::microseconds(200);
  while (pid_ > 0) {
    int raw = 0;
    const pid_t r = ::waitpid(pid_, &raw, WNOHANG);
    if (r == pid_) {
      status_ = decode(raw);
      drain_stderr();
      return status_;
    }
    if (r < 0 && errno != EINTR) break;
    if (clock_type::now() >= deadline) break;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(20000));
  }
  kill();
  return std::nullopt;
}

void child_process::kill() {
  if (pid_ > 0 && !status_) {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    int raw = 0;
    while (::waitpid(pid_, &raw, 0) < 0 && errno == EINTR) {
    }
    status_ = decode(raw);
  }
  drain_stderr();
  close_fd(in_);
  close_fd(out_);
  out_eof_ = true;  // nothing more can be read: a later read ends at once
  close_fd(err_);
}

std::string child_process::error_output() const {
  return err_buf_.size() <= stderr_keep ? err_buf_ : err_buf_.substr(err_buf_.size() - stderr_keep);
}

std::string stderr_tail(const std::string& text, std::size_t max_lines) {
  std::vector<std::string> lines;
  std::size_t pos = 0;
  while (pos < text.size()) {
    auto nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    lines.push_back(text.substr(pos, nl - pos));
    pos = nl + 1;
  }
  while (!lines.empty() && lines.back().find_first_not_of(" \t\r") == std::string::npos)
    lines.pop_back();
  const std::size_t first = lines.size() > max_lines ? lines.size() - max_lines : 0;
  std::string out = first > 0 ? fmt::format("[{} earlier lines]\n", first) : "";
  for (std::size_t k = first; k < lines.size(); ++k) out += (k > first ? "\n" : "") + lines[k];
  return out;
}

}  // namespace crasp::spec_detail
