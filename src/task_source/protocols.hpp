// Private to the library: the three instance sources of a task spec (docs/tasks.md).
//  - generator: `ARGV... --length N --count K --seed S`, at most K lines {"input", "answer"};
//  - oracle: started once, one {"answer": ...} line per {"input": ...} line, in order;
//  - data: JSONL files of {"input", "answer", "length"?}.
// Answers are decoded per format into the tokens crasp compares with a program's answer
// ("True"/"False", a count in decimal, a continuation, one label per input token). Every
// protocol failure is an error located at the spec key that names the source.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "crasp/diagnostic.hpp"
#include "crasp/task_spec.hpp"

namespace crasp::spec_detail {

using tokens = std::vector<std::string>;

/// One instance with its reference answer, as every check engine consumes it.
struct task_instance {
  tokens input;
  /// accept: {"True"} or {"False"}; count: {"N"}; continuation: the tokens to generate (empty:
  /// nothing); labels: one label per input token.
  tokens expected;
  std::size_t length = 0;  ///< the task's length (binning, counterexample lengths)
  std::string origin;      ///< where it came from, for reports ("generator --length 7", "x.jsonl:3")
};

/// Limits that keep a misbehaving script from hanging or flooding crasp.
struct protocol_limits {
  std::chrono::duration<double> timeout{10.0};  ///< longest wait for the next line
  std::size_t max_line = 64 * 1024 * 1024;      ///< longest line accepted
};

/// The environment a spec's scripts get on top of crasp's: CRASP_ALPHABET_<NAME>="a b c" for
/// every alphabet the spec sets, so that a script can follow the spec's `alphabets`.
std::vector<std::string> script_environment(const task_file& spec);

/// Runs the generator once. Fewer than `count` lines is not an error (no more instances of
/// that length exist). Returns nullopt with an error located at the spec's `generator`.
std::optional<std::vector<task_instance>> run_generator(const task_file& spec,
                                                        std::size_t length, std::size_t count,
                                                        std::uint64_t seed,
                                                        const protocol_limits& limits,
                                                        diagnostics& diags);

/// Reads every `data` file. Returns nullopt with an error located at the spec's `data` entry.
std::optional<std::vector<task_instance>> read_data(const task_file& spec, diagnostics& diags);

/// A running oracle (started on first use, killed by the destructor).
class oracle_session {
 public:
  oracle_session(const task_file& spec, protocol_limits limits);
  ~oracle_session();
  oracle_session(const oracle_session&) = delete;
  oracle_session& operator=(const oracle_session&) = delete;

  /// The oracle's answers for `inputs`, in order: an instance, or nullopt when the oracle says
  /// the input is outside the task. Returns false (with a located error) on protocol failure;
  /// the session is unusable afterwards.
  bool ask(const std::vector<tokens>& inputs, std::vector<std::optional<task_instance>>& out,
           diagnostics& diags);

  /// Inputs asked so far.
  [[nodiscard]] std::size_t asked() const { return asked_; }

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
  std::size_t asked_ = 0;
};

}  // namespace crasp::spec_detail
