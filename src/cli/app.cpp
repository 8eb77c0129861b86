#include "app.hpp"

#include <cstdint>

#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "crasp/compile.hpp"
#include "option_checks.hpp"

#ifndef CRASP_VERSION
#define CRASP_VERSION "unknown"
#endif

namespace crasp::cli {
namespace {

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

// Upper bounds of the numeric options (docs/cli.md). Each is far above any sensible use and
// low enough that a mistyped value is refused instead of wrapping around or running for days.
constexpr std::uint64_t max_max_new = 100'000'000;     // generated tokens per instance
constexpr std::uint64_t max_samples = 10'000;          // verify / compile-check inputs per bucket
constexpr std::uint64_t max_seed = UINT64_MAX;
constexpr std::uint64_t max_model_mib = 1 << 20;       // 1 TiB, past any machine's memory

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

}  // namespace

command_line::command_line()
    : app_("crasp: parse, check, run and compile C-RASP[pos] programs", "crasp") {
  app_.set_version_flag("--version", version_text);
  app_.require_subcommand(1);
  app_.footer(footer);

  run_ = subcommand(app_, "run",
                    "run a program: one line `<k> <tokens>: <value>` per instance");
  add_program_or_model(run_, run_opts_.common);
  run_->add_option("TOKENS", run_opts_.tokens,
                   "one instance (default: one per stdin line)");
  run_->add_option("--trace", run_opts_.trace_path,
                   "write the trace to FILE (.txt, .html or .json)")
      ->type_name("FILE")
      ->check(file_name());
  add_engine_flags(run_, run_opts_.engine);
  add_lowering_choices(run_, run_opts_.engine);
  add_alphabet(run_, run_opts_.common);
  add_json(run_, run_opts_.common.json);

  generate_ = subcommand(app_, "generate",
                         "generate continuations with the program's next declarations");
  add_program_or_model(generate_, generate_opts_.common);
  generate_->add_option("PREFIX", generate_opts_.prefix,
                        "one prefix (default: one per stdin line)");
  add_max_new(generate_, generate_opts_.max_new);
  add_engine_flags(generate_, generate_opts_.engine);
  add_lowering_choices(generate_, generate_opts_.engine);
  add_alphabet(generate_, generate_opts_.common);
  add_json(generate_, generate_opts_.common.json);

  info_ = subcommand(app_, "info",
                     "describe a program: class, mode, alphabets, statements, depth, size");
  add_program(info_, info_opts_.common);
  add_alphabet(info_, info_opts_.common);
  add_json(info_, info_opts_.common.json);

  expand_ = subcommand(app_, "expand", "print the program with families and quantifiers expanded");
  add_program(expand_, expand_opts_.common);
  add_alphabet(expand_, expand_opts_.common);

  examples_ = subcommand(app_, "examples",
                         "check programs against their X.examples files");
  examples_->add_option("PROGRAMS", examples_opts_.paths,
                        "program files or directories (default: the current directory)")
      ->check(file_name());
  examples_->add_option("--examples", examples_opts_.examples_file,
                        "check the one PROGRAM against FILE instead of its X.examples")
      ->type_name("FILE")
      ->check(file_name());
  add_max_new(examples_, examples_opts_.max_new);
  add_engine_flags(examples_, examples_opts_.engine);
  add_lowering_choices(examples_, examples_opts_.engine);
  add_json(examples_, examples_opts_.json);

  compile_ = subcommand(app_, "compile",
                        "compile a program to a transformer and save it (safetensors)");
  add_program(compile_, compile_opts_.common);
  compile_->add_option("-o,--output", compile_opts_.output, "the model file to write")
      ->type_name("MODEL")
      ->required()
      ->check(file_name());
  add_pe(compile_, compile_opts_.engine);
  add_max_len(compile_, compile_opts_.engine);
  add_lowering_choices(compile_, compile_opts_.engine);
  add_max_model(compile_, compile_opts_.engine);
  add_max_attention(compile_, compile_opts_.engine);
  compile_->add_option("--check-samples", compile_opts_.check_samples,
                       "random inputs per length bucket in the compile-time check")
      ->type_name("K")
      ->check(integer_in(0, max_samples))
      ->capture_default_str();
  compile_->add_flag("--no-check", compile_opts_.no_check,
                     "skip the compile-time check against the interpreter");
  compile_->add_flag("--progress", compile_opts_.progress,
                     "report the check's progress on stderr even when it is not a terminal");
  compile_
      ->add_option_function<std::string>(
          "--dtype", [this](const std::string& s) { compile_opts_.f32 = s == "f32"; },
          "tensor type of the file: f64 (the model exactly) or f32 (the float32 model, half the "
          "size; it carries only the float32 certificate)")
      ->check(one_of({"f64", "f32"}))
      ->type_name("f64|f32")
      ->default_str("f64");
  add_alphabet(compile_, compile_opts_.common);
  add_json(compile_, compile_opts_.common.json);

  verify_ = subcommand(app_, "verify",
                       "compile a program and check the model against the interpreter");
  add_program(verify_, verify_opts_.common);
  add_pe(verify_, verify_opts_.engine);
  add_max_len(verify_, verify_opts_.engine);
  add_lowering_choices(verify_, verify_opts_.engine);
  add_max_model(verify_, verify_opts_.engine);
  add_max_attention(verify_, verify_opts_.engine);
  add_precision(verify_, verify_opts_.engine);
  verify_->add_option_function<std::string>(
         "--exhaustive-length",
         [this](const std::string& s) { verify_opts_.exhaustive_length = std::stoi(s); },
         "check every input up to length L (default: the longest within " +
             std::to_string(verify_options{}.exhaustive_budget) + " inputs)")
      ->check(integer_in(0, static_cast<std::uint64_t>(max_design_len)))
      ->type_name("L");
  verify_->add_option("--samples", verify_opts_.samples, "random inputs per length bucket")
      ->type_name("K")
      ->check(integer_in(0, max_samples))
      ->capture_default_str();
  verify_->add_option("--seed", verify_opts_.seed, "seed of the random inputs")
      ->type_name("S")
      ->check(integer_in(0, max_seed))
      ->capture_default_str();
  verify_->add_flag("--progress", verify_opts_.progress,
                    "report progress on stderr even when it is not a terminal");
  add_alphabet(verify_, verify_opts_.common);
  add_json(verify_, verify_opts_.common.json);

  tasks_ = subcommand(app_, "tasks", "list the task catalogue: formats, programs and verdicts");
  tasks_->add_option("TASKS", tasks_opts_.names, "describe these tasks in full");
  add_json(tasks_, tasks_opts_.json);
  tasks_->add_flag("--generate", tasks_opts_.generate,
                   "write instances of TASK as a spec generator does (JSON lines; docs/tasks.md)");
  tasks_->add_flag("--oracle", tasks_opts_.oracle,
                   "answer {\"input\": ...} lines on stdin as a spec oracle does");
  tasks_->add_flag("--spec", tasks_opts_.spec,
                   "print a task spec (TOML) that reproduces TASK through --generate and --oracle");
  tasks_->add_option("--length", tasks_opts_.length, "with --generate: instances of length N")
      ->type_name("N")
      ->check(integer_in(1, 10'000'000));
  tasks_->add_option("--count", tasks_opts_.count, "with --generate: at most K instances")
      ->type_name("K")
      ->capture_default_str()
      ->check(integer_in(0, 10'000'000));
  tasks_->add_option("--seed", tasks_opts_.seed, "with --generate: seed of the instances")
      ->type_name("S")
      ->capture_default_str()
      ->check(integer_in(0, max_seed));
  tasks_->add_option("--vocab", tasks_opts_.vocab,
                     "vocabulary size (default: what crasp check uses for the task)")
      ->type_name("K")
      ->check(integer_in(1, 100'000));

  check_ = subcommand(app_, "check",
                      "per task: the expressibility verdict, and its program and transformers "
                      "tested far past the training lengths");
  check_->add_option("TASKS", check_opts_.tasks,
                     "catalogue task names (see crasp tasks) and task specs (FILE.toml, "
                     "docs/tasks.md)");
  check_->add_flag("--all", check_opts_.all, "check every task of the catalogue");
  check_->add_option("--train-len", check_opts_.train, "training lengths A:B")
      ->capture_default_str();
  check_->add_option("--test-len", check_opts_.test, "test lengths C:D")->capture_default_str();
  check_->add_option("--far", check_opts_.far,
                     "far bins at these multiples of the longest training length")
      ->delimiter(',')
      ->check(integer_in(1, 1000))
      ->capture_default_str();
  check_->add_option("--pe", check_opts_.pe, "compiled variants (comma-separated)")
      ->delimiter(',')
      ->check(one_of({"nope", "ape", "rope"}))
      ->capture_default_str();
  check_->add_option("--prec", check_opts_.precisions, "precisions (comma-separated)")
      ->delimiter(',')
      ->check(one_of({"f64", "f32"}))
      ->capture_default_str();
  check_->add_option("--samples", check_opts_.samples, "instances per train / test bin")
      ->capture_default_str()
      ->check(integer_in(1, 1'000'000));
  check_->add_option("--far-samples", check_opts_.far_samples,
                     "instances per far bin, at least (0: no far bins)")
      ->capture_default_str()
      ->check(integer_in(0, 1'000'000));
  check_->add_option("--far-tokens", check_opts_.far_tokens,
                     "a far bin of length L draws up to --samples instances while they fit in N "
                     "tokens (so the 10x bin gets 20, the 100x bin --far-samples); 0: "
                     "--far-samples everywhere")
      ->type_name("N")
      ->capture_default_str()
      ->check(integer_in(0, 100'000'000));
  check_->add_flag("--no-communication", check_opts_.no_communication,
                   "skip the communication analysis (prefix classes, docs/communication.md)");
  check_->add_option("--adversarial", check_opts_.adversarial,
                     "hard instances crasp adds per train / test bin of a spec that can answer "
                     "any input (one-edit neighbours, runs)")
      ->type_name("N")
      ->capture_default_str()
      ->check(integer_in(0, 1'000'000));
  check_->add_option("--far-adversarial", check_opts_.far_adversarial,
                     "the same per far bin")
      ->type_name("N")
      ->capture_default_str()
      ->check(integer_in(0, 1'000'000));
  check_->add_option("--vocab", check_opts_.vocab,
                     "symbols of the tasks whose vocabulary varies (retrieval, copying, "
                     "majority), clamped to each task's range (default: the papers' setups, "
                     "crasp tasks)")
      ->type_name("K")
      ->check(integer_in(1, 100'000));
  CLI::Option* check_mib =
      check_->add_option("--max-model-mib", check_opts_.max_model_mib,
                         "do not build a compiled variant with more float64 weights than this (MiB)")
          ->type_name("N")
          ->check(integer_in(1, max_model_mib))
          ->capture_default_str();
  check_->add_option("--max-params", check_opts_.max_params,
                     "the same cap in parameters (8 bytes each)")
      ->type_name("N")
      ->check(integer_in(1, max_model_mib << 17))
      ->excludes(check_mib);
  check_->add_option("--max-attention", check_opts_.max_attention,
                     "do not run a compiled variant whose instances need more attention "
                     "query-key pairs than this")
      ->type_name("PAIRS")
      ->check(number_in(1, 1e18))
      ->default_str(fmt::format("{:g}", model::default_max_attention));
  check_->add_option("--seed", check_opts_.seed, "seed of the random instances")
      ->capture_default_str()
      ->check(integer_in(0, max_seed));
  check_->add_option("--programs", check_opts_.programs,
                     "run the catalogue programs this directory holds instead of the bundled "
                     "ones (the others stay)")
      ->type_name("DIR")
      ->check(file_name());
  check_->add_option("--oracle-timeout", check_opts_.oracle_timeout,
                     "seconds to wait for the next line of a spec's generator or oracle")
      ->type_name("SECONDS")
      ->capture_default_str()
      ->check(number_in(0.001, 86400.0));
  check_->add_option("--plot", check_opts_.plot, "write accuracy against length as SVG")
      ->type_name("FILE")
      ->check(file_name());
  check_->add_option("--trained", check_opts_.trained,
                     "show the accuracies of transformers trained by `python3 -m crasp_model "
                     "train` (its metrics.json) beside the task's verdicts")
      ->type_name("METRICS.json")
      ->check(file_name());
  check_->add_option("--threads", check_opts_.threads, "worker threads (default: all cores)")
      ->check(integer_in(0, 256));
  check_->add_flag("--synth", check_opts_.synth,
                   "search for a program (crasp synth) for every task without a witness, and "
                   "check what it finds");
  check_->add_option("--synth-time-limit", check_opts_.synth_time_limit,
                     "seconds of search per task with --synth")
      ->type_name("SECONDS")
      ->capture_default_str()
      ->check(number_in(0.001, 86400.0));
  check_->add_option("--synth-max-size", check_opts_.synth_max_size,
                     "largest expression size searched with --synth")
      ->type_name("N")
      ->capture_default_str()
      ->check(integer_in(1, 64));
  check_->add_flag("--progress", check_opts_.progress,
                   "report progress on stderr even when it is not a terminal");
  add_json(check_, check_opts_.json);
  synth_ = add_synth_options(
      subcommand(app_, "synth",
                 "search for a C-RASP[pos] program for a task, then check it as crasp check would"),
      synth_opts_);

  explain_ = subcommand(app_, "explain",
                        "draw what a compiled transformer does on one input: attention per head, "
                        "head roles, statements, residual stream");
  explain_->add_option("PROGRAM", explain_opts_.common.program,
                       "program file (.crasp, .cr), compiled here, or a saved model (.safetensors)")
      ->required()
      ->check(file_name());
  explain_->add_option("TOKENS", explain_opts_.tokens, "the input (default: one stdin line)");
  explain_->add_option("-o,--output", explain_opts_.output,
                       "write the report: .html (self-contained page), .svg (heatmaps) or .json")
      ->type_name("FILE")
      ->check(file_name());
  explain_->add_option("--compare", explain_opts_.compare,
                       "another program or model run on the same input, shown side by side")
      ->type_name("OTHER")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->allow_extra_args(false)
      ->check(file_name());
  add_pe(explain_, explain_opts_.engine);
  add_max_len(explain_, explain_opts_.engine);
  add_lowering_choices(explain_, explain_opts_.engine);
  add_alphabet(explain_, explain_opts_.common);
  add_json(explain_, explain_opts_.common.json);

  auto& co = communication_opts_;
  communication_ = subcommand(app_, "communication",
                              "prefix classes a task's answers tell apart, and the programs "
                              "they rule out (docs/communication.md)");
  communication_->add_option("TASK", co.task,
                             "catalogue task name, task spec (FILE.toml) or program "
                             "(FILE.crasp, FILE.cr: measured against its own bound)")
      ->required();
  communication_->add_option("--min-length", co.min_length, "shortest input (content tokens)")
      ->capture_default_str()
      ->check(integer_in(2, 1000));
  communication_->add_option("--max-length", co.max_length, "longest input (content tokens)")
      ->capture_default_str()
      ->check(integer_in(2, 1000));
  communication_->add_option("--splits", co.splits,
                             "content tokens Alice holds (comma-separated; default: n / 2)")
      ->delimiter(',');
  communication_->add_option("--budget", co.budget,
                             "answers per length and split: every prefix and suffix while they "
                             "fit, sampled past it (a lower bound)")
      ->capture_default_str()
      ->check(integer_in(1, 100'000'000));
  communication_->add_option("--vocab", co.vocab,
                             "symbols of a catalogue task whose vocabulary varies (default: its "
                             "own)");
  communication_->add_option("--seed", co.seed, "seed of the sampled prefixes and suffixes")
      ->capture_default_str();
  communication_->add_option("--oracle-timeout", co.oracle_timeout,
                             "seconds to wait for the next line of a spec's oracle")
      ->capture_default_str();
  communication_->add_option("--plot", co.plot,
                             "write log2 classes against a, with the envelopes of programs "
                             "with 1..4 counts, as SVG")
      ->type_name("FILE")
      ->check(file_name());
  communication_->add_flag("--progress", co.progress,
                           "report progress on stderr even when it is not a terminal");
  add_json(communication_, co.json);

  auto& ro = reduce_opts_;
  reduce_ = subcommand(app_, "reduce",
                       "pull a program back through a letter-to-word map, or check a task "
                       "spec's declared reduction (docs/communication.md, Reductions)");
  reduce_->add_option("TARGET", ro.target,
                      "program (FILE.crasp, FILE.cr: printed pulled back) or task spec "
                      "(FILE.toml: its reduces_from / reduction_map checked)")
      ->required();
  reduce_->add_option("--map", ro.map, "SYMBOL=WORD: a source symbol and its image (repeat)")
      ->type_name("SYMBOL=WORD");
  reduce_->add_option("--before", ro.before, "frame tokens before the image")->type_name("TOKEN");
  reduce_->add_option("--after", ro.after, "frame tokens after the image")->type_name("TOKEN");
  reduce_->add_option("--seed", ro.seed, "seed of the long source inputs checked")
      ->capture_default_str();
  add_json(reduce_, ro.json);
}

exit_code command_line::dispatch(io& io) {
  if (run_->parsed()) return run_command(run_opts_, io);
  if (generate_->parsed()) return generate_command(generate_opts_, io);
  if (info_->parsed()) return info_command(info_opts_, io);
  if (expand_->parsed()) return expand_command(expand_opts_, io);
  if (examples_->parsed()) return examples_command(examples_opts_, io);
  if (compile_->parsed()) return compile_command(compile_opts_, io);
  if (verify_->parsed()) return verify_command(verify_opts_, io);
  if (tasks_->parsed()) {
    if (tasks_opts_.generate || tasks_opts_.oracle || tasks_opts_.spec)
      return task_protocol_command(tasks_opts_, io);
    return tasks_command(tasks_opts_, io);
  }
  if (check_->parsed()) return check_command(check_opts_, io);
  if (synth_->parsed()) return synth_command(synth_opts_, io);
  if (explain_->parsed()) return explain_command(explain_opts_, io);
  if (communication_->parsed()) return communication_command(communication_opts_, io);
  if (reduce_->parsed()) return reduce_command(reduce_opts_, io);
  return usage_error(io, "a subcommand is required");
}

exit_code usage_error(io& io, const std::string& message) {
  io.err << message << "\nRun with --help for more information.\n";
  return exit_code::usage;
}

}  // namespace crasp::cli
