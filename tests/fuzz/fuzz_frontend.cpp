// Arbitrary bytes as program text, in both dialects, through the public frontend as a library
// user calls it: load_text (parse + check + expand), render the diagnostics, and print the
// expanded program, which must load again (print_expanded promises re-loadable .crasp).
// Exceptions are deliberately not caught: the API promises none, so one escaping is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "crasp/frontend.hpp"
#include "finding.hpp"

namespace {

void one_dialect(const std::string& name, const std::string& text) {
  crasp::load_result loaded = crasp::load_text(name, text);
  // Rendering walks every span against the source: it is part of what a caller does with bad input.
  (void)crasp::render(loaded.diags);
  if (loaded.program.has_value() != !loaded.diags.has_errors()) {
    crasp::fuzz::finding("load_text: program presence disagrees with errors", crasp::render(loaded.diags));
  }
  if (!loaded.ok()) return;
  std::string expanded = crasp::print_expanded(*loaded.program);
  crasp::load_result again = crasp::load_text("expanded.crasp", expanded);
  if (!again.ok()) {
    crasp::fuzz::finding("print_expanded output does not load again",
                         expanded + "\n---\n" + crasp::render(again.diags));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  one_dialect("fuzz.crasp", text);
  one_dialect("fuzz.cr", text);
  return 0;
}
