// The options of `crasp synth` (docs/cli.md, docs/synth.md).
#include "app.hpp"
#include "option_checks.hpp"

namespace crasp::cli {

CLI::App* add_synth_options(CLI::App* sub, synth_command_options& o) {
  sub->add_option("TASK", o.task, "catalogue task name (see crasp tasks) or task spec (FILE.toml)")
      ->required();
  sub->add_option("--max-size", o.max_size, "largest expression size searched")
      ->capture_default_str()
      ->check(integer_in(1, 64));
  sub->add_option("--time-limit", o.time_limit, "seconds for the search (the check comes on top)")
      ->type_name("SECONDS")
      ->capture_default_str()
      ->check(number_in(0.001, 86400.0));
  sub->add_option("--pe", o.pe, "nope: C-RASP only (no positions); ape: C-RASP[pos]")
      ->capture_default_str()
      ->check(one_of({"nope", "ape"}));
  sub->add_option("--search-vocab", o.search_vocab,
                  "symbols of a variable vocabulary while searching (the program is written "
                  "over the whole alphabet)")
      ->type_name("K")
      ->capture_default_str()
      ->check(integer_in(1, 8));
  sub->add_option("--max-memory-mib", o.max_memory_mib,
                  "memory for the kept behaviours (MiB); the search stops there")
      ->type_name("N")
      ->capture_default_str()
      ->check(integer_in(1, 1'000'000));
  sub->add_option("--max-shift", o.max_shift,
                  "local reads exists[j <= i, j == i - c] for c = 1 .. C (0: none)")
      ->type_name("C")
      ->capture_default_str()
      ->check(integer_in(0, 8));
  sub->add_option("--max-modulus", o.max_modulus,
                  "periodic predicates i % m == r for m = 2 .. M (0 or 1: none)")
      ->type_name("M")
      ->capture_default_str()
      ->check(integer_in(0, 16));
  sub->add_option("--max-constant", o.max_constant, "comparisons of a count with 0 .. K")
      ->type_name("K")
      ->capture_default_str()
      ->check(integer_in(0, 64));
  sub->add_option("-o,--output", o.output, "write the program found to FILE.crasp")
      ->type_name("FILE")
      ->check(file_name());
  sub->add_flag("--positions-first", o.positions_first,
                "search C-RASP[pos] at once (default: plain C-RASP first, at most 8 rounds and "
                "a third of the time, so that a task needing no positions gets a NoPE witness)");
  sub->add_flag("--no-check", o.no_check,
                "skip the final check (compiled models, bins far past training)");
  sub->add_option("--samples", o.samples, "instances per train / test bin")
      ->capture_default_str()
      ->check(integer_in(1, 1'000'000));
  sub->add_option("--far-samples", o.far_samples, "instances per far bin of the final check, at least")
      ->capture_default_str()
      ->check(integer_in(0, 1'000'000));
  sub->add_option("--far-tokens", o.far_tokens,
                  "a far bin of length L draws up to --samples instances while they fit in N tokens")
      ->type_name("N")
      ->capture_default_str()
      ->check(integer_in(0, 100'000'000));
  sub->add_option("--seed", o.seed, "seed of the random instances")
      ->capture_default_str()
      ->check(integer_in(0, 0xFFFFFFFFFFFFFFFFULL));
  sub->add_option("--threads", o.threads,
                  "threads evaluating candidates (default: all cores); the program found does "
                  "not depend on it")
      ->check(integer_in(0, 256));
  sub->add_flag("--progress", o.progress,
                "report progress on stderr even when it is not a terminal");
  sub->add_flag("--json", o.json, "machine-readable JSON output");
  return sub;
}

}  // namespace crasp::cli
