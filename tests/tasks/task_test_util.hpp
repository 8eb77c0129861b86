// Helpers for the task-reference tests.
#pragma once

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

}  // namespace task_test
