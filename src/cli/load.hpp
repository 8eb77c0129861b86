// Loading a program for a command: `--alphabet` flags, parse + check, diagnostics to stderr.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli.hpp"
#include "crasp/frontend.hpp"
#include "crasp/ir.hpp"

namespace crasp::cli {

/// Turns `--alphabet NAME=SPEC` values into check options. A malformed value is a usage error:
/// it is printed (with the --help hint) and std::nullopt is returned.
std::optional<check_options> parse_alphabet_flags(const std::vector<std::string>& flags, io& io);

/// A checked program together with its syntax tree (for alphabets in `info`).
struct loaded_program {
  ir::program program;
  std::optional<ast::program> syntax;
};

/// Loads and checks `path`. Warnings and errors are rendered to io.err; returns std::nullopt
/// when the program has errors, and for a saved model (`.safetensors`), which is not a program.
std::optional<loaded_program> load_program(const std::string& path, const check_options& options,
                                           io& io);

/// The bundled programs: the source tree this binary was built from, else ./programs (an
/// installed binary run from a checkout).
std::string bundled_programs_dir();

/// Renders diagnostics to io.err (nothing when empty).
void print_diagnostics(const diagnostics& diags, io& io);

/// Reports an error that is not tied to program text (`origin: error: message`) on io.err.
void print_error(io& io, const std::string& origin, const std::string& message);

/// Reports a warning that is not tied to program text (`origin: warning: message`) on io.err.
void print_warning(io& io, const std::string& origin, const std::string& message);

}  // namespace crasp::cli
