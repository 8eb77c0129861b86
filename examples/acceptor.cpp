// Using crasp as a library: load a program in the public .cr dialect, run it as an acceptor on a
// few inputs, and look at one statement's value at every position.
//
//   example_acceptor PROGRAMS_DIR
#include <cstdio>
#include <string>
#include <vector>

#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "programs";
  crasp::load_result loaded = crasp::load_file(dir + "/dyck1.cr");
  if (!loaded.ok()) {
    std::fputs(crasp::render(loaded.diags).c_str(), stderr);
    return 1;
  }
  const crasp::ir::program& program = *loaded.program;

  const std::vector<std::vector<std::string>> inputs = {
      {"(", ")"}, {"(", "(", ")"}, {")", "("}, {"(", "(", ")", ")", "(", ")"}};
  const bool expected[] = {true, false, false, true};
  int wrong = 0;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    crasp::diagnostics diags;
    auto out = crasp::run(program, inputs[k], "<example>", diags);
    if (!out) {
      std::fputs(crasp::render(diags).c_str(), stderr);
      return 1;
    }
    std::string text;
    for (const auto& t : inputs[k]) text += t + " ";
    std::printf("%zu %s: %s\n", k + 1, text.c_str(), out->value ? "True" : "False");
    wrong += (out->value != 0) != expected[k];
  }

  // The trace holds every statement at every position: here the Dyck-1 program's last statement.
  crasp::diagnostics diags;
  auto table = crasp::trace(program, inputs[3], "<example>", diags);
  if (!table) return 1;
  std::printf("%s:", table->statement_names.back().c_str());
  for (std::int64_t v : table->values.back()) std::printf(" %lld", static_cast<long long>(v));
  std::printf("\n");
  return wrong == 0 ? 0 : 1;
}
