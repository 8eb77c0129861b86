// The flags several subcommands share (flags.cpp), and the bounds of numeric options. Each
// command declares its own flags in its own file (commands_<name>.cpp) from these pieces.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <cstdint>
#include <string>

#include "cli.hpp"

namespace crasp::cli {

/// "crasp 0.1.0", for --version on the top level and on every subcommand.
extern const std::string version_text;
/// The exit codes and where the full reference is, under `crasp --help`.
extern const char* const footer;

// Upper bounds of the numeric options (docs/cli.md). Each is far above any sensible use and
// low enough that a mistyped value is refused instead of wrapping around or running for days.
inline constexpr std::uint64_t max_max_new = 100'000'000;  // generated tokens per instance
inline constexpr std::uint64_t max_samples = 10'000;  // verify / compile-check inputs per bucket
inline constexpr std::uint64_t max_seed = UINT64_MAX;
inline constexpr std::uint64_t max_model_mib = 1 << 20;  // 1 TiB, past any machine's memory

/// A subcommand of `app` with its own --version.
CLI::App* subcommand(CLI::App& app, const std::string& name, const std::string& description);
/// PROGRAM: a program file (required).
void add_program(CLI::App* sub, program_options& opts);
/// PROGRAM: a program file or a model saved by `crasp compile` (run and generate).
void add_program_or_model(CLI::App* sub, program_options& opts);
/// --alphabet NAME=SPEC (repeatable).
void add_alphabet(CLI::App* sub, program_options& opts);
/// --json.
void add_json(CLI::App* sub, bool& json);
/// --engine interpreter|transformer.
void add_engine_choice(CLI::App* sub, engine_options& opts);
/// --pe ape|rope|nope.
void add_pe(CLI::App* sub, engine_options& opts);
/// --max-len N: the longest sequence the compiled model is designed for.
void add_max_len(CLI::App* sub, engine_options& opts);
/// --precision f64|f32.
void add_precision(CLI::App* sub, engine_options& opts);
/// --max-attention PAIRS.
void add_max_attention(CLI::App* sub, engine_options& opts);
/// --engine, --pe, --precision, --allow-uncertified, --max-len and --max-attention: the
/// commands that can run either engine.
void add_engine_flags(CLI::App* sub, engine_options& opts);
/// --exact-booleans, --plain-booleans and --no-matching-heads: choices of the lowering.
void add_lowering_choices(CLI::App* sub, engine_options& opts);
/// --max-model-mib and --max-params.
void add_max_model(CLI::App* sub, engine_options& opts);
/// --max-new N.
void add_max_new(CLI::App* sub, std::size_t& max_new);

}  // namespace crasp::cli
