// `crasp synth TASK|SPEC.toml`: runs crasp::synthesize and prints the program found, how it was
// found and its check (or, without one, how far the search went). Ctrl-C stops the search and
// prints what it has. Exit 0: found and verified (found, with --no-check); 1: not found, or
// found but not exact in the check; 2: usage.
#include <atomic>
#include <csignal>
#include <fstream>
#include <ostream>

#include <fmt/format.h>

#include "check_text.hpp"
#include "cli.hpp"
#include "crasp/synth.hpp"
#include "crasp/task_spec.hpp"
#include "load.hpp"
#include "progress.hpp"
#include "command.hpp"
#include "flags.hpp"
#include "option_checks.hpp"

namespace crasp::cli {
namespace {

std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

// The first Ctrl-C asks the search to stop and report; a second one (during the final check,
// which does not poll) ends the process as Ctrl-C normally does.
extern "C" void on_interrupt(int) {
  if (interrupted) {
    std::signal(SIGINT, SIG_DFL);
    std::raise(SIGINT);
    return;
  }
  interrupted = true;
}

// Installs the Ctrl-C handler for the search and restores the default one afterwards.
class interrupt_scope {
 public:
  interrupt_scope() {
    interrupted = false;
    previous_ = std::signal(SIGINT, on_interrupt);
  }
  ~interrupt_scope() { std::signal(SIGINT, previous_ == SIG_ERR ? SIG_DFL : previous_); }
  interrupt_scope(const interrupt_scope&) = delete;
  interrupt_scope& operator=(const interrupt_scope&) = delete;

 private:
  void (*previous_)(int) = SIG_DFL;
};

std::string sizes_line(const std::vector<std::size_t>& kept) {
  std::string s;
  for (std::size_t k = 1; k < kept.size(); ++k) s += fmt::format("{}{}:{}", k > 1 ? " " : "", k, kept[k]);
  return s;
}

std::string report_text(const synth_report& r) {
  std::string out = fmt::format("synth {} (format {}): ", r.task, answer_format_name(r.format));
  if (r.found)
    out += r.verified ? "found, and exact in the check\n"
           : r.check  ? "found, but NOT exact in the check\n"
                      : "found (not checked: --no-check)\n";
  else
    out += fmt::format("none up to size {} ({}; {}); this is evidence, not a proof that none "
                       "exists\n",
                       r.complete_size, r.stopped, r.grammar);
  if (!r.plain_first.empty())
    out += fmt::format("plain C-RASP (no positions) searched first: {}{}\n", r.plain_first,
                       !r.found || r.plain_first == "found" ? ""
                       : r.program_class == "C-RASP"
                           ? "; found later with positions allowed, and it uses none"
                           : "; the program uses positions");
  out += fmt::format("search: {} round(s), {:.2f} s, {} expressions evaluated; last round: "
                     "every expression up to size {} ({} behaviours)\n",
                     r.rounds.size(), r.seconds, r.candidates, r.complete_size, r.searched);
  // The last round may have been cut early by the time limit after earlier rounds (on other
  // training sets) got further: say how far any round got.
  if (!r.found && !r.rounds.empty()) {
    std::size_t best = 0;
    for (std::size_t k = 1; k < r.rounds.size(); ++k)
      if (r.rounds[k].complete_size > r.rounds[best].complete_size) best = k;
    const auto& b = r.rounds[best];
    out += fmt::format("furthest round: {} ({} instances), every expression up to size {}\n",
                       best + 1, b.instances, b.complete_size);
  }
  out += fmt::format("behaviours per size: {}\n", sizes_line(r.kept_per_size));
  for (std::size_t k = 0; k < r.rounds.size(); ++k) {
    const auto& round = r.rounds[k];
    out += fmt::format("  round {}{}: {} instances ({} positions), size {}, {:.2f} s{}\n", k + 1,
                       round.plain ? " (plain)" : "", round.instances, round.positions,
                       round.size, round.seconds,
                       round.counterexample.empty() ? ""
                                                    : ": refuted by " + round.counterexample);
  }
  if (r.found) {
    out += fmt::format("\nprogram (size {}, depth {}, {}):\n", r.size, r.depth, r.program_class);
    out += r.program;
  } else if (!r.partial.empty()) {
    out += "\nlast candidate (refuted):\n" + r.partial;
  }
  if (r.check) {
    out += fmt::format("\ncheck ({:.2f} s):\n", r.check_seconds);
    out += check_report_text(*r.check);
  }
  return out;
}

}  // namespace

exit_code synth_command(const synth_command_options& opts, io& io) {
  synth_options o;
  o.task = opts.task;
  o.max_size = opts.max_size;
  o.time_limit = opts.time_limit;
  o.nope = opts.pe == "nope";
  o.plain_first = !opts.positions_first;
  o.search_vocab = opts.search_vocab;
  o.max_memory_mib = opts.max_memory_mib;
  o.max_shift = opts.max_shift;
  o.max_modulus = opts.max_modulus;
  o.max_constant = opts.max_constant;
  o.threads = opts.threads;
  o.verify = !opts.no_check;
  o.check.samples = opts.samples;
  o.check.far_samples = opts.far_samples;
  o.check.far_tokens = opts.far_tokens;
  o.check.seed = opts.seed;
  o.check.programs_dir = bundled_programs_dir();
  if (o.nope) o.check.encodings = {model::positional::nope};
  progress_line progress(io, "synth");
  if (opts.progress || io.err_is_terminal)
    o.progress = [&progress](const std::string& what) { progress.show("synth: " + what); };
  o.cancel = &interrupted;
  diagnostics diags;
  std::optional<synth_report> report;
  {
    interrupt_scope scope;
    io.stage = "searching";
    report = synthesize(o, diags);
    io.stage = {};
  }
  progress.finish();
  print_diagnostics(diags, io);
  if (!report) return exit_code::failure;
  if (interrupted)
    io.err << "synth: interrupted; the report shows what the search had"
           << (report->found && !report->check ? " (the final check was skipped)" : "") << "\n";
  if (report->found && !opts.output.empty()) {
    std::ofstream f(opts.output, std::ios::binary);
    f << report->program;
    if (!f) {
      print_error(io, opts.output, "cannot write the program");
      return exit_code::failure;
    }
  }
  io.out << (opts.json ? synth_report_json(*report) : report_text(*report));
  const bool ok = report->found && (report->verified || !o.verify);
  return ok ? exit_code::ok : exit_code::failure;
}


namespace {

// The flags of `crasp synth` (docs/cli.md, docs/synth.md).
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
  sub->add_option("--far-samples", o.far_samples,
                  "instances per far bin of the final check, at least")
      ->capture_default_str()
      ->check(integer_in(0, 1'000'000));
  sub->add_option(
         "--far-tokens", o.far_tokens,
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

}  // namespace

CLI::App* declare_synth(CLI::App& app, synth_command_options& o) {
  return add_synth_options(
      subcommand(app, "synth",
                 "search for a C-RASP[pos] program for a task, then check it as crasp check would"),
      o);
}

}  // namespace crasp::cli
