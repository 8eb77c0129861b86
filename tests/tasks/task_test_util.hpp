// Helpers for the task-reference tests.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "crasp/tasks.hpp"

namespace task_test {

/// Splits on whitespace: toks("<bos> t1 <sep>") == {"<bos>", "t1", "<sep>"}.
inline std::vector<std::string> toks(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string t; in >> t;) out.push_back(t);
  return out;
}

/// The task named `name`; the tests only ask for names that exist.
inline const crasp::tasks::task_spec& task(const char* name) {
  return *crasp::tasks::find(name);
}

/// solve() as a space-joined string, "nullopt" if the precondition fails.
inline std::string answer(const char* name, const std::string& input) {
  const auto a = crasp::tasks::solve(task(name), toks(input));
  if (!a) return "nullopt";
  std::string s;
  for (const auto& t : *a) s += (s.empty() ? "" : " ") + t;
  return s;
}

/// The tokens between `<bos>` and `<sep>` of a copy-style prompt.
inline std::vector<std::string> body_of(const crasp::tasks::instance& inst) {
  return {inst.input.begin() + 1, inst.input.end() - 1};
}

/// Checks a copy-style instance: every body token is a symbol of the task for vocabulary size
/// k, and the expected answer is `want` followed by the task's end token.
inline void check_copy_answer(const crasp::tasks::task_spec& t, std::size_t k,
                              const crasp::tasks::instance& inst,
                              const std::vector<std::string>& want) {
  const auto alphabet = crasp::tasks::symbols(t, k);
  const std::set<std::string> allowed(alphabet.begin(), alphabet.end());
  for (const auto& tok : body_of(inst)) CHECK(allowed.count(tok) == 1);
  REQUIRE(inst.expected.size() == want.size() + 1);
  CHECK(inst.expected.back() == t.end_token);
  CHECK(std::equal(want.begin(), want.end(), inst.expected.begin()));
}

}  // namespace task_test
