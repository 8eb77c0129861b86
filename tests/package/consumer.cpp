// Loads a program through the installed library and runs it on one input.
#include <cstdio>

#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  crasp::load_result loaded = crasp::load_file(argv[1]);
  if (!loaded.ok()) {
    std::fputs(crasp::render(loaded.diags).c_str(), stderr);
    return 1;
  }
  crasp::diagnostics diags;
  auto out = crasp::run(*loaded.program, {"c", "a", "b"}, "<consumer>", diags);
  if (!out) return 1;
  std::printf("consumer: %s\n", out->value ? "True" : "False");
  return out->value ? 0 : 1;
}
