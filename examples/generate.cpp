// Next-token generation with a program written once for any vocabulary: UF (unique copy,
// forward) run with its default 5 symbols and with 150 symbols by overriding the alphabet.
//
//   example_generate PROGRAMS_DIR
#include <cstdio>
#include <string>
#include <vector>

#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"

static int copy_with(const std::string& path, std::size_t k) {
  crasp::check_options options;
  std::vector<std::string> symbols;
  for (std::size_t s = 0; s < k; ++s) {
    std::string name = "t";
    name += std::to_string(s);
    symbols.push_back(name);
  }
  options.alphabet_overrides["Sym"] = symbols;
  crasp::load_result loaded = crasp::load_file(path, options);
  if (!loaded.ok()) {
    std::fputs(crasp::render(loaded.diags).c_str(), stderr);
    return 1;
  }
  // The prompt: <bos>, every third symbol (all distinct), <sep>.
  std::vector<std::string> prompt = {"<bos>"};
  for (std::size_t s = 0; s < k; s += 3) prompt.push_back(symbols[s]);
  prompt.push_back("<sep>");

  crasp::diagnostics diags;
  auto out = crasp::generate(*loaded.program, prompt, 10000, "<example>", diags);
  if (!out) {
    std::fputs(crasp::render(diags).c_str(), stderr);
    return 1;
  }
  // A correct copy reproduces the content between <bos> and <sep>, then emits <sep>.
  std::vector<std::string> expected(prompt.begin() + 1, prompt.end());
  std::printf("k=%zu: copied %zu tokens, %s\n", k, out->continuation.size() - 1,
              out->continuation == expected ? "exact" : "WRONG");
  return out->continuation == expected ? 0 : 1;
}

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "programs";
  return copy_with(dir + "/uf.crasp", 5) | copy_with(dir + "/uf.crasp", 150);
}
