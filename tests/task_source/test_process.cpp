// child_process: the pipes to a generator or oracle. Nothing may hang or kill the test process:
// every wait has a deadline, a dead reader is an error value (not SIGPIPE), and kill() takes the
// child's whole process group with it.
#include <signal.h>
#include <sys/types.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <thread>

#include "spec_fixture.hpp"
#include "task_source/process.hpp"

using namespace spec_test;
using crasp::spec_detail::child_process;
using crasp::spec_detail::io_status;
using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;

namespace {

using seconds = std::chrono::duration<double>;
constexpr std::size_t max_line = 1 << 20;

child_process start(const std::vector<std::string>& argv, const std::vector<std::string>& env = {},
                    const std::string& cwd = ".") {
  std::string error;
  auto c = child_process::start(argv, cwd, env, error);
  INFO(error);
  REQUIRE(c.has_value());
  return std::move(*c);
}

child_process shell(const std::string& script) { return start({"sh", "-c", script}); }

// Whether process `pid` is gone (or a zombie waiting for its new parent to reap it).
bool gone(pid_t pid) {
  if (::kill(pid, 0) != 0 && errno == ESRCH) return true;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  std::getline(stat, text);
  const auto close = text.rfind(')');
  return close != std::string::npos && close + 2 < text.size() && text[close + 2] == 'Z';
}

}  // namespace

TEST_CASE("child_process: reads the lines a child writes", "[spec][process]") {
  auto c = shell("printf 'one\\ntwo\\r\\n\\nthree'");
  std::string line;
  CHECK(c.read_line(line, seconds(5), max_line) == io_status::ok);
  CHECK(line == "one");
  CHECK(c.read_line(line, seconds(5), max_line) == io_status::ok);
  CHECK(line == "two");  // a CR before the newline is dropped
  CHECK(c.read_line(line, seconds(5), max_line) == io_status::ok);
  CHECK(line.empty());
  CHECK(c.read_line(line, seconds(5), max_line) == io_status::ok);
  CHECK(line == "three");  // a final line without a newline counts
  CHECK(c.read_line(line, seconds(5), max_line) == io_status::eof);
  const auto st = c.wait(seconds(5));
  REQUIRE(st.has_value());
  CHECK(st->ok());
}

TEST_CASE("child_process: the environment and the working directory", "[spec][process]") {
  ::setenv("CRASP_TEST_INHERITED", "from-crasp", 1);
  ::setenv("CRASP_TEST_OVERRIDDEN", "old", 1);
  auto c = start({"sh", "-c", "echo \"$CRASP_TEST_ADDED|$CRASP_TEST_INHERITED|$CRASP_TEST_OVERRIDDEN\"; pwd"},
                 {"CRASP_TEST_ADDED=a b c", "CRASP_TEST_OVERRIDDEN=new"}, specs_dir());
  std::string line;
  REQUIRE(c.read_line(line, seconds(5), max_line) == io_status::ok);
  CHECK(line == "a b c|from-crasp|new");
  REQUIRE(c.read_line(line, seconds(5), max_line) == io_status::ok);
  CHECK(std::filesystem::equivalent(line, specs_dir()));
  ::unsetenv("CRASP_TEST_INHERITED");
  ::unsetenv("CRASP_TEST_OVERRIDDEN");
}

TEST_CASE("child_process: a program that cannot be started is an error value", "[spec][process]") {
  std::string error;
  CHECK_FALSE(child_process::start({"crasp-no-such-program"}, ".", {}, error).has_value());
  CHECK_THAT(error, StartsWith("cannot start 'crasp-no-such-program': "));
  CHECK_THAT(error, Contains("No such file or directory"));
  error.clear();
  CHECK_FALSE(child_process::start({"sh", "-c", "true"}, specs_dir() + "/no-such-folder", {}, error)
                  .has_value());
  CHECK_THAT(error, Contains("does not exist"));
  error.clear();
  CHECK_FALSE(child_process::start({}, ".", {}, error).has_value());
  CHECK_FALSE(error.empty());
}

TEST_CASE("child_process: read_line times out on a silent child", "[spec][process]") {
  const auto t0 = std::chrono::steady_clock::now();
  auto c = start({"sleep", "30"});
  std::string line;
  CHECK(c.read_line(line, seconds(0.2), max_line) == io_status::timeout);
  CHECK(since(t0) >= 0.15);
  c.kill();
  CHECK(since(t0) < 5);
}

TEST_CASE("child_process: a line longer than the limit", "[spec][process]") {
  auto c = shell("i=0; while [ $i -lt 300 ]; do printf 'xxxxxxxxxx'; i=$((i+1)); done; sleep 30");
  std::string line;
  CHECK(c.read_line(line, seconds(5), 1000) == io_status::too_long);
}

TEST_CASE("child_process: how a child ended is described", "[spec][process]") {
  {
    auto c = shell("exit 3");
    const auto st = c.wait(seconds(5));
    REQUIRE(st.has_value());
    CHECK(st->exited);
    CHECK(st->code == 3);
    CHECK_FALSE(st->ok());
    CHECK(st->describe() == "exited with status 3");
  }
  {
    auto c = shell("kill -9 $$");
    const auto st = c.wait(seconds(5));
    REQUIRE(st.has_value());
    CHECK_FALSE(st->exited);
    CHECK(st->signal == SIGKILL);
    CHECK_FALSE(st->ok());
    CHECK_THAT(st->describe(), StartsWith("was killed by signal 9 ("));
  }
  {
    auto c = shell("exit 0");
    const auto st = c.wait(seconds(5));
    REQUIRE(st.has_value());
    CHECK(st->ok());
    CHECK(st->describe() == "exited with status 0");
    // wait() again gives the same status.
    CHECK(c.wait(seconds(1))->ok());
  }
}

TEST_CASE("child_process: wait drains a chatty child and kills a stuck one", "[spec][process]") {
  // 200,000 lines overflow any pipe: wait() must keep reading for the child to reach its exit.
  auto chatty = shell("yes line | head -n 200000; exit 4");
  auto st = chatty.wait(seconds(20));
  REQUIRE(st.has_value());
  CHECK(st->code == 4);

  const auto t0 = std::chrono::steady_clock::now();
  auto stuck = start({"sleep", "30"});
  CHECK_FALSE(stuck.wait(seconds(0.3)).has_value());  // killed after the timeout
  CHECK(since(t0) < 5);
}

TEST_CASE("child_process: stderr is collected all along and its tail is kept", "[spec][process]") {
  // 300 KB on stderr before the first stdout line: a child blocked on a full stderr pipe would
  // never write it, so read_line must drain stderr while it waits.
  auto c = shell("i=0; while [ $i -lt 3000 ]; do echo \"stderr line $i ......................"
                 "..................................................................\" >&2; "
                 "i=$((i+1)); done; echo done; echo oops >&2; exit 1");
  std::string line;
  REQUIRE(c.read_line(line, seconds(20), max_line) == io_status::ok);
  CHECK(line == "done");
  const auto st = c.wait(seconds(5));
  REQUIRE(st.has_value());
  CHECK(st->code == 1);
  const std::string err = c.error_output();
  CHECK_THAT(err, EndsWith("oops\n"));
  CHECK(err.size() <= 16 * 1024);
  CHECK(err.size() > 8 * 1024);

  // stderr_tail: the last lines, with a count of the ones left out; trailing blank lines dropped.
  std::string text;
  for (int k = 1; k <= 20; ++k) text += "line " + std::to_string(k) + "\n";
  const auto tail = crasp::spec_detail::stderr_tail(text + "\n  \n");
  CHECK_THAT(tail, StartsWith("[8 earlier lines]\nline 9\n"));
  CHECK_THAT(tail, EndsWith("line 20"));
  CHECK(crasp::spec_detail::stderr_tail("a\nb", 12) == "a\nb");
  CHECK(crasp::spec_detail::stderr_tail("a\nb\nc\n", 2) == "[1 earlier lines]\nb\nc");
  CHECK(crasp::spec_detail::stderr_tail("").empty());
  CHECK(crasp::spec_detail::stderr_tail("\n\n").empty());
}

TEST_CASE("child_process: writing to a child that exited is an error, not SIGPIPE",
          "[spec][process]") {
  // SIGPIPE's default action would end this test process.
  struct sigaction old {};
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  ::sigaction(SIGPIPE, &dfl, &old);

  std::vector<std::string> lines(20000, std::string(100, 'x'));
  std::vector<std::string> answers;
  {
    auto c = shell("exit 0");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const auto st = c.exchange(lines, answers, seconds(5), max_line);
    CHECK((st == io_status::broken || st == io_status::eof));
    CHECK(answers.empty());
  }
  {
    // A child that closes its input and keeps running: the writes fail.
    auto c = shell("exec 0<&-; sleep 30");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    CHECK(c.exchange(lines, answers, seconds(5), max_line) == io_status::broken);
  }
  ::sigaction(SIGPIPE, &old, nullptr);
}

TEST_CASE("child_process: exchange of 20,000 lines through cat does not deadlock",
          "[spec][process]") {
  std::vector<std::string> lines;
  for (int k = 0; k < 20000; ++k)
    lines.push_back("{\"input\": \"line " + std::to_string(k) + " " + std::string(40, 'a') + "\"}");
  auto c = start({"cat"});
  std::vector<std::string> answers;
  const auto t0 = std::chrono::steady_clock::now();
  REQUIRE(c.exchange(lines, answers, seconds(10), max_line) == io_status::ok);
  CHECK(answers == lines);
  // A second exchange on the same child continues where the first ended.
  REQUIRE(c.exchange({"again"}, answers, seconds(10), max_line) == io_status::ok);
  CHECK(answers == std::vector<std::string>{"again"});
  CHECK(since(t0) < 10);
  c.close_input();
  const auto st = c.wait(seconds(5));
  REQUIRE(st.has_value());
  CHECK(st->ok());
}

TEST_CASE("child_process: exchange times out on a child that stops answering", "[spec][process]") {
  auto c = shell("read l; echo \"$l\"; sleep 30");
  std::vector<std::string> answers;
  const auto t0 = std::chrono::steady_clock::now();
  CHECK(c.exchange({"a", "b", "c"}, answers, seconds(0.3), max_line) == io_status::timeout);
  CHECK(answers == std::vector<std::string>{"a"});
  CHECK(since(t0) < 5);
}

TEST_CASE("child_process: kill ends a child that ignores its input, with its group",
          "[spec][process]") {
  auto c = shell("sleep 30 & echo $!; wait");
  std::string line;
  REQUIRE(c.read_line(line, seconds(5), max_line) == io_status::ok);
  const pid_t grandchild = static_cast<pid_t>(std::stol(line));
  const auto t0 = std::chrono::steady_clock::now();
  c.kill();
  CHECK(since(t0) < 2);
  c.kill();  // idempotent
  const auto st = c.wait(seconds(1));
  REQUIRE(st.has_value());
  CHECK(st->signal == SIGKILL);
  // The background sleep was in the child's process group: it is gone too.
  bool dead = false;
  for (int k = 0; k < 100 && !dead; ++k) {
    dead = gone(grandchild);
    if (!dead) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK(dead);
}

TEST_CASE("child_process: moving keeps one owner", "[spec][process]") {
  auto a = start({"cat"});
  child_process b = std::move(a);
  std::vector<std::string> answers;
  REQUIRE(b.exchange({"x"}, answers, seconds(5), max_line) == io_status::ok);
  CHECK(answers == std::vector<std::string>{"x"});
  auto c = start({"sleep", "30"});
  const auto t0 = std::chrono::steady_clock::now();
  c = std::move(b);  // kills the sleep
  CHECK(since(t0) < 2);
  REQUIRE(c.exchange({"y"}, answers, seconds(5), max_line) == io_status::ok);
  CHECK(answers == std::vector<std::string>{"y"});
}
