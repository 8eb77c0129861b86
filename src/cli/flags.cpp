// The flags several subcommands share, declared once (flags.hpp).
#include "flags.hpp"

#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "crasp/compile.hpp"
#include "option_checks.hpp"

#ifndef CRASP_VERSION
#define CRASP_VERSION "unknown"
#endif

namespace crasp::cli {

const std::string version_text = std::string("crasp ") + CRASP_VERSION;

const char* const footer =
    "Exit codes: 0 ok, 1 bad program or input (or an example, verify or check failure, or no\n"
    "program found by synth), 2 usage error, 3 internal error. Full reference: docs/cli.md.";

CLI::App* subcommand(CLI::App& app, const std::string& name, const std::string& description) {
  CLI::App* sub = app.add_subcommand(name, description);
  sub->set_version_flag("--version", version_text);
  return sub;
}

void add_program(CLI::App* sub, program_options& opts) {
  sub->add_option("PROGRAM", opts.program, "program file (.crasp, or .cr for the public dialect)")
      ->required()
      ->check(file_name());
}

// run and generate also take a model saved by `crasp compile`.
void add_program_or_model(CLI::App* sub, program_options& opts) {
  sub->add_option("PROGRAM", opts.program,
                  "program file (.crasp, .cr), or a saved model (.safetensors, with --engine "
                  "transformer)")
      ->required()
      ->check(file_name());
}

void add_alphabet(CLI::App* sub, program_options& opts) {
  sub->add_option("--alphabet", opts.alphabets,
                  "replace a declared alphabet (Sym=t0..t149, 'Sym=a b c')")
      ->type_name("NAME=SPEC")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->allow_extra_args(false);
}

void add_json(CLI::App* sub, bool& json) {
  sub->add_flag("--json", json, "machine-readable JSON output");
}


void add_engine_choice(CLI::App* sub, engine_options& opts) {
  sub->add_option_function<std::string>(
         "--engine", [&opts](const std::string& s) { opts.engine = *parse_engine(s); },
         "who answers: the exact interpreter, or the compiled transformer")
      ->check(one_of({"interpreter", "transformer"}))
      ->type_name("interpreter|transformer")
      ->default_str("interpreter");
}

void add_pe(CLI::App* sub, engine_options& opts) {
  sub->add_option_function<std::string>(
         "--pe",
         [&opts](const std::string& s) {
           opts.pe = *parse_cli_positional(s);
           opts.pe_given = true;
         },
         "positional encoding of the compiled model")
      ->check(one_of({"nope", "ape", "rope"}))
      ->type_name("nope|ape|rope")
      ->default_str("ape");
}

void add_max_len(CLI::App* sub, engine_options& opts) {
  sub->add_option_function<std::string>(
         "--max-len",
         [&opts](const std::string& s) {
           opts.max_len = std::stoi(s);
           opts.max_len_given = true;
         },
         "longest input the model is designed for")
      ->check(integer_in(1, static_cast<std::uint64_t>(max_design_len)))
      ->type_name("N")
      ->default_str(std::to_string(default_max_len));
}

void add_precision(CLI::App* sub, engine_options& opts) {
  sub->add_option_function<std::string>(
         "--precision",
         [&opts](const std::string& s) {
           opts.prec = *parse_precision(s);
           opts.prec_given = true;
         },
         "floating-point precision of the forward pass")
      ->check(one_of({"f64", "f32"}))
      ->type_name("f64|f32")
      ->default_str("f64");
}

/// --max-attention: the limit on a transformer's attention work (model::attention_pairs).
void add_max_attention(CLI::App* sub, engine_options& opts) {
  sub->add_option_function<std::string>(
         "--max-attention",
         [&opts](const std::string& s) {
           opts.max_attention = std::stod(s);
           opts.max_attention_given = true;
         },
         "refuse transformer work needing more attention query-key pairs than this (summed over "
         "heads and forward passes; grows with the square of the length)")
      ->check(number_in(1, 1e18))
      ->type_name("PAIRS")
      ->default_str(fmt::format("{:g}", model::default_max_attention));
}

/// --engine, --pe, --precision, --max-len and --max-attention: the commands that can run either engine.
void add_engine_flags(CLI::App* sub, engine_options& opts) {
  add_engine_choice(sub, opts);
  add_pe(sub, opts);
  add_precision(sub, opts);
  sub->add_flag("--allow-uncertified", opts.allow_uncertified,
                "run a compiled float32 model even when its certificate covers no input at all");
  add_max_len(sub, opts);
  add_max_attention(sub, opts);
}

/// --exact-booleans, --plain-booleans and --no-matching-heads: choices of the lowering (every
/// command that compiles a program).
void add_lowering_choices(CLI::App* sub, engine_options& opts) {
  CLI::Option* exact = sub->add_flag_callback(
      "--exact-booleans",
      [&opts] {
        opts.boolean_mode = booleans::exact;
        opts.lowering_given = true;
      },
      "make every comparison result exactly 0/1 (one more FFN level per comparison level; "
      "longer certified float32 range). Default: exactly when that certifies a longer float32 "
      "range");
  sub->add_flag_callback(
         "--plain-booleans",
         [&opts] {
           opts.boolean_mode = booleans::plain;
           opts.lowering_given = true;
         },
         "never add cleaning clamps (fewest layers, shorter certified float32 range)")
      ->excludes(exact);
  sub->add_flag_callback(
      "--no-matching-heads",
      [&opts] {
        opts.matching_heads = false;
        opts.lowering_given = true;
      },
      "lower token-selected count families count by count instead of one matching head each "
      "(for comparison; width O(k^2) instead of O(k))");
}

/// --max-model-mib or --max-params: compile and verify can raise (or lower) the cap on the
/// model's size, in MiB of float64 weights or in parameters (8 bytes each).
void add_max_model(CLI::App* sub, engine_options& opts) {
  CLI::Option* mib =
      sub->add_option_function<std::string>(
             "--max-model-mib",
             [&opts](const std::string& s) { opts.max_model_bytes = std::stoull(s) << 20; },
             "refuse to build a model with more float64 weights than this (MiB)")
          ->check(integer_in(1, max_model_mib))
          ->type_name("N")
          ->default_str(std::to_string(default_max_model_bytes >> 20));
  sub->add_option_function<std::string>(
         "--max-params",
         [&opts](const std::string& s) { opts.max_model_bytes = std::stoull(s) * 8; },
         "the same cap in parameters (8 bytes each)")
      ->check(integer_in(1, max_model_mib << 17))
      ->type_name("N")
      ->default_str(std::to_string(default_max_model_bytes / 8))
      ->excludes(mib);
}

void add_max_new(CLI::App* sub, std::size_t& max_new) {
  sub->add_option("--max-new", max_new, "stop after N generated tokens per instance")
      ->type_name("N")
      ->check(integer_in(0, max_max_new))
      ->capture_default_str();
}

}  // namespace crasp::cli
