// One round of crasp synth: the training set as a problem, enumeration size by size, and after
// each size an attempt to assemble every goal's rule from what has been kept.
#include <chrono>
#include <algorithm>
#include <limits>
#include <thread>

#include <fmt/format.h>

#include "crasp/frontend.hpp"
#include "crasp/task_spec.hpp"
#include "synth/problem.hpp"
#include "synth/render.hpp"
#include "synth/search.hpp"

namespace crasp::synth {

namespace {

// Why a round stopped inside a size, with what it held then: the behaviours kept over every size
// so far and the memory they take (what --max-memory-mib caps), so that a report says how much
// of the size was searched.
std::string stop_text(stop_reason why, std::size_t size, bool cancelled, const enumerator& e) {
  const std::string held = fmt::format("{} behaviours kept, {} MiB", e.terms().size(),
                                       e.stats().bytes >> 20U);
  switch (why) {
    case stop_reason::terms: return fmt::format("term cap reached at size {}: {}", size, held);
    case stop_reason::memory: return fmt::format("memory cap reached at size {}: {}", size, held);
    case stop_reason::interrupted:
      return fmt::format("{} at size {}: {}", cancelled ? "interrupted" : "time limit reached",
                         size, held);
    case stop_reason::none: break;
  }
  return {};
}

}  // namespace

round_result search_round(const synth_options& o, const task_setup& setup,
                          const search_state& state, const std::function<bool()>& stop) {
  const auto t0 = std::chrono::steady_clock::now();
  round_result r;
  vocabulary vocab(setup.family, setup.family_name);
  const problem pr = make_problem(setup.format, state.training, vocab);
  r.positions = pr.positions;
  const layout l(pr.sequences, pr.copies);
  grammar g;
  g.tokens = vocab.fixed();
  g.variable_a = pr.variable_a;
  g.variable_s = pr.variable_s;
  g.max_shift = o.nope ? 0 : static_cast<std::uint32_t>(o.max_shift);
  g.max_modulus = o.nope ? 0 : static_cast<std::uint32_t>(o.max_modulus);
  g.max_constant = static_cast<std::int32_t>(o.max_constant);
  g.max_terms = std::numeric_limits<std::size_t>::max();
  g.max_bytes = o.max_memory_mib << 20U;
  g.threads = o.threads != 0 ? o.threads : std::max(1U, std::thread::hardware_concurrency());
  enumerator e(l, g, stop);
  solver sv(l, pr.family, pr.goals);
  const auto finish = [&] {
    r.kept = e.terms().size();
    r.candidates = e.stats().evaluated;
    r.kept_per_size = e.stats().kept_per_size;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
  };
  for (std::size_t size = 1; size <= o.max_size; ++size) {
    // A size counts as searched once the solver has read all of it too.
    bool complete = e.grow();
    complete = sv.absorb(e, g.threads, stop) && complete;
    r.size = size;
    if (complete) r.complete_size = size;
    if (o.progress)
      o.progress(fmt::format("size {}: {} behaviours over {} positions", size, e.terms().size(),
                             l.positions()));
    if (const auto rules = sv.solve(g.threads)) {
      candidate c;
      c.text = render_program({}, e, pr.goals, *rules, vocab);
      for (const auto& rule : *rules) c.size += rule.size;
      c.depth = rules_depth(e, *rules);
      auto loaded = load_text("synthesized.crasp", c.text);
      if (!loaded.ok()) {
        r.stopped = "internal error: the program found does not load: " + render(loaded.diags);
        r.internal_error = true;
        return finish();
      }
      c.klass = loaded.program->klass == ir::program_class::crasp ? "C-RASP" : "C-RASP[pos]";
      c.program = std::move(*loaded.program);
      r.program = std::move(c);
      return finish();
    }
    if (!complete) {
      const stop_reason why = e.stats().capped() ? e.stats().stopped : stop_reason::interrupted;
      r.stopped = stop_text(why, size, o.cancel != nullptr && o.cancel->load(), e);
      return finish();
    }
  }
  r.stopped = fmt::format("largest size {} reached", o.max_size);
  return finish();
}

std::string annotate(const synth_options& o, const task_setup& setup, const search_state& state,
                     const synth_report& report, const candidate& c) {
  std::vector<std::string> header;
  header.push_back(fmt::format("Found by crasp synth for {} (format {}): size {}, depth {}, {}.",
                               report.task, answer_format_name(report.format), c.size, c.depth,
                               c.klass));
  std::size_t positions = 0;
  for (const auto& inst : state.training) positions += inst.input.size();
  header.push_back(fmt::format("Search: every expression up to size {}, one per behaviour on {} "
                               "training instances",
                               report.rounds.empty() ? 0 : report.rounds.back().size,
                               state.training.size()));
  header.push_back(fmt::format("({} input positions), after {} round(s) of counterexamples; right "
                               "on {} validation instances.",
                               positions, report.rounds.size(), state.validation.size()));
  if (o.nope) header.push_back("Plain C-RASP (no local reads, no periodic predicates): a NoPE witness too.");
  if (!setup.family.empty())
    header.push_back(fmt::format("Written over the alphabet {} (searched with {} of its symbols): "
                                 "the same text runs for any size.",
                                 setup.family_name, setup.family.size()));
  std::string text;
  for (const auto& line : header) text += fmt::format("// {}\n", line);
  return text + "\n" + c.text;
}

}  // namespace crasp::synth
