// How a harness reports a finding that is not a crash by itself (a wrong answer, a broken
// contract): print what was seen and abort, so that libFuzzer saves the input and a replay fails.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace crasp::fuzz {

[[noreturn]] inline void finding(const std::string& what, const std::string& detail = {}) {
  std::fprintf(stderr, "crasp fuzz finding: %s\n%s\n", what.c_str(), detail.c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace crasp::fuzz
