#include "load.hpp"

#include <filesystem>
#include <ostream>

#include "crasp/diagnostic.hpp"
#include "engine_options.hpp"

#ifndef CRASP_PROGRAMS_DIR
#define CRASP_PROGRAMS_DIR "programs"
#endif

namespace crasp::cli {

std::optional<check_options> parse_alphabet_flags(const std::vector<std::string>& flags, io& io) {
  check_options options;
  for (const std::string& flag : flags) {
    const auto eq = flag.find('=');
    if (eq == std::string::npos || eq == 0) {
      usage_error(io, "--alphabet: expected NAME=SPEC (e.g. Sym=t0..t149 or 'Sym=a b c'), got '" +
                          flag + "'");
      return std::nullopt;
    }
    const std::string name = flag.substr(0, eq);
    diagnostics diags;
    auto items = expand_alphabet_spec(flag.substr(eq + 1), diags);
    if (!items || diags.has_errors()) {
      std::string why = "malformed alphabet";
      for (const diagnostic& d : diags.items()) {
        if (d.level == severity::error) {
          why = d.message;
          break;
        }
      }
      usage_error(io, "--alphabet " + flag + ": " + why);
      return std::nullopt;
    }
    if (items->empty()) {
      usage_error(io, "--alphabet " + flag + ": the alphabet is empty");
      return std::nullopt;
    }
    options.alphabet_overrides[name] = std::move(*items);
  }
  return options;
}

std::optional<loaded_program> load_program(const std::string& path, const check_options& options,
                                           io& io) {
  // Commands that take a saved model load it before this; elsewhere its bytes would be parsed
  // (and echoed in the diagnostic) as program text.
  if (is_saved_model_path(path)) {
    print_error(io, path, "a saved model, not a program: this command needs a .crasp or .cr file");
    return std::nullopt;
  }
  load_result loaded = load_file(path, options);
  print_diagnostics(loaded.diags, io);
  if (!loaded.ok()) {
    if (!loaded.diags.has_errors()) print_error(io, path, "program does not check");
    return std::nullopt;
  }
  return loaded_program{std::move(*loaded.program), std::move(loaded.syntax)};
}

std::string bundled_programs_dir() {
  // The source tree's first: a user's own ./programs folder must not silently replace the
  // bundled programs (that is what `check --programs DIR` is for).
  std::error_code ec;
  if (std::filesystem::is_directory(CRASP_PROGRAMS_DIR, ec)) return CRASP_PROGRAMS_DIR;
  return "programs";
}

void print_diagnostics(const diagnostics& diags, io& io) {
  if (!diags.empty()) io.err << render(diags);
}

void print_error(io& io, const std::string& origin, const std::string& message) {
  diagnostics diags;
  diags.error(origin, message);
  print_diagnostics(diags, io);
}

void print_warning(io& io, const std::string& origin, const std::string& message) {
  diagnostics diags;
  diags.add(diagnostic{severity::warning, message, nullptr, {}, origin, {}, {}});
  print_diagnostics(diags, io);
}

}  // namespace crasp::cli
