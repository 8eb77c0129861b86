// The crasp command-line tool: options of every subcommand and the functions that run them.
// main.cpp owns argv, the standard streams and the exit code; every command here receives the
// streams it may use through `io` and returns an exit code, so the commands never touch globals.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "engine_options.hpp"

namespace crasp::cli {

/// Process exit codes (documented in docs/cli.md).
enum class exit_code : int {
  ok = 0,        ///< success
  failure = 1,   ///< bad program, bad input, example mismatch (diagnostics on stderr)
  usage = 2,     ///< unknown flag, missing or malformed argument
  internal = 3,  ///< a bug in crasp (exception escaped)
};

/// The streams a command reads and writes; bound to std::cin/cout/cerr by main.cpp only.
struct io {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  /// Whether err is a terminal (main.cpp asks isatty): live progress lines go only there.
  bool err_is_terminal = false;
  /// What the command is doing now ("compiling the program"), set by the commands as they go:
  /// when memory runs out, main.cpp names it in the error (empty: the command as a whole).
  std::string_view stage;
};

/// Flags shared by the commands that load a program.
struct program_options {
  std::string program;                 ///< path of the .crasp / .cr file
  std::vector<std::string> alphabets;  ///< raw `--alphabet NAME=SPEC` values
  bool json = false;                   ///< machine-readable output
};

struct run_options {
  program_options common;
  std::vector<std::string> tokens;  ///< one instance from the command line; stdin when empty
  std::string trace_path;           ///< `--trace FILE` (.txt, .html or .json), empty when absent
  engine_options engine;
};

/// Default bound on generated tokens per instance.
inline constexpr std::size_t default_max_new = 10000;

struct generate_options {
  program_options common;
  std::vector<std::string> prefix;  ///< one prefix from the command line; stdin when empty
  std::size_t max_new = default_max_new;
  engine_options engine;
};

struct info_options {
  program_options common;
};

struct examples_options {
  std::vector<std::string> paths;  ///< programs or directories; the current directory when empty
  /// `--examples FILE`: the examples of the single program in `paths`; empty: X.examples
  std::string examples_file;
  std::size_t max_new = default_max_new;
  bool json = false;
  engine_options engine;
};

/// `crasp explain`: one input through one or more compiled (or saved) models.
struct explain_command_options {
  program_options common;              ///< PROGRAM|MODEL, --alphabet, --json
  std::vector<std::string> compare;    ///< `--compare OTHER`: more programs or models, side by side
  std::vector<std::string> tokens;     ///< the input; one stdin line when empty
  std::string output;                  ///< `-o FILE`: .html report, .svg heatmaps or .json
  engine_options engine;               ///< pe, max-len and lowering choices for programs
};

// Named *_command_options: crasp::compile_options and crasp::verify_options are the library's.
struct compile_command_options {
  program_options common;
  std::string output;     ///< `-o MODEL`, the .safetensors file to write
  engine_options engine;  ///< pe and max_len only
  /// Random inputs per length bucket of the compile-time check (verify in f64 and f32).
  std::size_t check_samples = 1;
  bool no_check = false;  ///< `--no-check`: skip the compile-time check
  bool progress = false;  ///< `--progress`: report the check's progress even off a terminal
  bool f32 = false;       ///< `--dtype f32`: write F32 tensors (the float32 model)
};

struct verify_command_options {
  program_options common;
  engine_options engine;  ///< pe, prec and max_len
  int exhaustive_length = -1;  ///< -1: the longest length within the library's budget
  std::size_t samples = 8;     ///< random inputs per length bucket
  std::uint64_t seed = 1;
  bool progress = false;       ///< `--progress`: progress lines on stderr even when not a terminal
};

struct tasks_command_options {
  std::vector<std::string> names;  ///< tasks to describe in full; all (as a table) when empty
  bool json = false;
  // The task-spec protocols, for one catalogue task (docs/tasks.md):
  bool generate = false;   ///< `--generate`: write instances as a spec generator does
  bool oracle = false;     ///< `--oracle`: answer {"input"} lines as a spec oracle does
  bool spec = false;       ///< `--spec`: print a task spec that reproduces the task
  std::size_t length = 0;  ///< `--length N` (with --generate)
  std::size_t count = 1;   ///< `--count K` (with --generate)
  std::uint64_t seed = 1;  ///< `--seed S` (with --generate)
  std::size_t vocab = 0;   ///< `--vocab K`: vocabulary size (0: what crasp check uses)
};

struct check_command_options {
  std::vector<std::string> tasks;  ///< task names and spec files (.toml); all with --all
  bool all = false;
  std::string train = "4:100";     ///< A:B
  std::string test = "101:200";    ///< C:D
  std::vector<std::string> pe = {"ape", "rope", "nope"};
  std::vector<std::string> precisions = {"f64", "f32"};
  std::size_t samples = 20;
  std::size_t far_samples = 2;
  std::size_t far_tokens = 20000;   ///< --far-tokens N: far bins fill up to N tokens
  bool no_communication = false;    ///< --no-communication: skip the communication analysis
  std::size_t adversarial = 10;     ///< --adversarial N: per train / test bin of a spec
  std::size_t far_adversarial = 2;  ///< --far-adversarial N: per far bin
  std::size_t vocab = 0;           ///< --vocab K (0: each task's paper setup)
  std::vector<std::size_t> far = {10, 100};
  std::uint64_t seed = 1;
  std::string programs;  ///< --programs DIR: replaces the bundled programs DIR holds
  double oracle_timeout = 10;  ///< --oracle-timeout SECONDS: longest wait for a script's line
  std::string plot;      ///< --plot FILE.svg
  std::vector<std::string> trained;  ///< --trained metrics.json...: crasp_model train results
  std::uint64_t max_model_mib = default_max_model_bytes >> 20;  ///< --max-model-mib
  std::uint64_t max_params = 0;  ///< --max-params (0: --max-model-mib decides)
  double max_attention = model::default_max_attention;         ///< --max-attention
  unsigned threads = 0;
  bool synth = false;              ///< --synth: search for a witness where a task has none
  double synth_time_limit = 60;    ///< --synth-time-limit SECONDS per task
  std::size_t synth_max_size = 14;  ///< --synth-max-size N
  bool json = false;
  bool progress = false;
};

struct synth_command_options {
  std::string task;              ///< catalogue task name or spec file (.toml)
  std::size_t max_size = 14;     ///< --max-size N
  double time_limit = 60;        ///< --time-limit SECONDS (the search; the check comes on top)
  std::string pe = "ape";        ///< --pe nope|ape: C-RASP only, or C-RASP[pos]
  std::size_t search_vocab = 3;  ///< --search-vocab K: family symbols while searching
  std::size_t max_memory_mib = 1024;  ///< --max-memory-mib N: kept behaviours
  std::size_t max_shift = 2;     ///< --max-shift C: local reads j == i - 1 .. i - C
  std::size_t max_modulus = 2;   ///< --max-modulus M: periodic i % m == r for m = 2 .. M
  std::size_t max_constant = 2;  ///< --max-constant K: comparisons with 0 .. K
  std::string output;            ///< -o FILE.crasp
  bool no_check = false;         ///< --no-check: skip the final check
  bool positions_first = false;  ///< --positions-first: no plain C-RASP phase first
  std::size_t samples = 20;      ///< --samples: per train / test bin (validation and check)
  std::size_t far_samples = 2;   ///< --far-samples: per far bin of the check, at least
  std::size_t far_tokens = 20000;  ///< --far-tokens: far bins fill up to this many tokens
  std::uint64_t seed = 1;
  unsigned threads = 0;          ///< --threads T: candidate evaluation (0: all cores)
  bool json = false;
  bool progress = false;
};

struct communication_command_options {
  std::string task;  ///< catalogue name, spec (.toml) or program (.crasp, .cr)
  std::size_t min_length = 2;
  std::size_t max_length = 14;
  std::vector<std::size_t> splits;  ///< --splits: content tokens Alice holds (default n / 2)
  std::size_t budget = 200'000;     ///< --budget: answers per (n, a)
  std::size_t vocab = 0;
  std::uint64_t seed = 1;
  double oracle_timeout = 10;
  std::string plot;  ///< --plot FILE.svg
  bool json = false;
  bool progress = false;
};

/// `crasp communication`: prefix classes and what they rule out (crasp::analyze_communication).
exit_code communication_command(const communication_command_options& opts, io& io);

struct reduce_command_options {
  std::string target;               ///< a program (pulled back) or a spec (its reduction checked)
  std::vector<std::string> map;     ///< --map SYMBOL=WORD, one per source symbol
  std::vector<std::string> before;  ///< --before: frame tokens before the image
  std::vector<std::string> after;   ///< --after: frame tokens after it
  std::uint64_t seed = 1;
  bool json = false;
};

/// `crasp reduce`: pulls a program back through a word map, or checks a spec's reduction.
exit_code reduce_command(const reduce_command_options& opts, io& io);

struct regular_command_options {
  std::vector<std::string> regexes;   ///< REGEX arguments
  std::vector<std::string> dfas;      ///< --dfa FILE
  std::string alphabet;               ///< --alphabet "a b c": the alphabet of every language
  std::string suite;                  ///< --suite FILE.csv: name,regex,crasp rows
  std::string programs;               ///< --programs DIR: write each witness as NAME.crasp
  bool witness = false;               ///< --witness: print the witness after the verdict
  bool json = false;
};

/// `crasp regular`: which regular languages C-RASP expresses (crasp/regular.hpp).
exit_code regular_command(const regular_command_options& opts, io& io);

/// `crasp synth`: searches for a program for a task and checks what it finds (crasp::synthesize).
exit_code synth_command(const synth_command_options& opts, io& io);

/// `crasp tasks`: the task catalogue with formats and verdicts.
exit_code tasks_command(const tasks_command_options& opts, io& io);
/// `crasp tasks NAME --generate | --oracle | --spec`: a catalogue task through the task-spec
/// protocols, so that a user can start a spec from it.
exit_code task_protocol_command(const tasks_command_options& opts, io& io);
/// `crasp check`: per-task verdicts and accuracy by length bin (crasp::check).
exit_code check_command(const check_command_options& opts, io& io);

/// `crasp run`: acceptor mode (or next-token prediction for generator programs).
exit_code run_command(const run_options& opts, io& io);
/// `crasp generate`: greedy next-token generation.
exit_code generate_command(const generate_options& opts, io& io);
/// `crasp info`: class, mode, alphabets, statements, depth, size.
exit_code info_command(const info_options& opts, io& io);
/// `crasp info MODEL.safetensors`: architecture, designed range, rotary frequencies, checks.
exit_code info_model_command(const info_options& opts, io& io);
/// `crasp expand`: the program with families expanded, as plain .crasp.
exit_code expand_command(const info_options& opts, io& io);
/// `crasp examples`: checks programs against their X.examples files.
exit_code examples_command(const examples_options& opts, io& io);
/// `crasp compile`: compiles a program to a transformer and saves it (safetensors).
exit_code compile_command(const compile_command_options& opts, io& io);
exit_code explain_command(const explain_command_options& opts, io& io);
/// `crasp verify`: compiles a program and checks the model against the interpreter.
exit_code verify_command(const verify_command_options& opts, io& io);

/// Prints a usage error the way CLI11 does (message, then the --help hint).
exit_code usage_error(io& io, const std::string& message);

}  // namespace crasp::cli
