// Many short inputs through one evaluator: the loop behind Python's Program.run_batch (one
// thread's share), so that docs/performance.md can set the Python binding's throughput against
// the library's own. Inputs: 1,000 of 1,000 tokens, uniform over the program's vocabulary, for
// dyck1 (4 statements) and UR (the bundled program, 5 symbols: matching families).
// bench/python_batch.py times Program.run_batch on the same shape.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"

namespace {

constexpr std::size_t n_inputs = 1000, n_tokens = 1000;

std::vector<std::vector<std::string>> inputs_for(const crasp::ir::program& p) {
  std::mt19937_64 rng(1);
  std::uniform_int_distribution<std::size_t> pick(0, p.vocabulary.size() - 1);
  std::vector<std::vector<std::string>> out(n_inputs);
  for (auto& in : out)
    for (std::size_t i = 0; i < n_tokens; ++i) in.push_back(p.vocabulary[pick(rng)]);
  return out;
}

void BM_run_batch(benchmark::State& state, const char* file) {
  auto loaded = crasp::load_file(std::string(CRASP_PROGRAMS_DIR) + "/" + file);
  if (!loaded.ok()) {
    state.SkipWithError("program does not load");
    return;
  }
  const crasp::ir::program& p = *loaded.program;
  const auto inputs = inputs_for(p);
  crasp::evaluator ev(p);
  for (auto _ : state) {
    std::int64_t sum = 0;
    for (const auto& in : inputs) {
      crasp::diagnostics diags;
      const auto r = crasp::run(ev, in, "<bench>", diags);
      if (!r) state.SkipWithError("run failed");
      sum += r ? r->value : 0;
    }
    benchmark::DoNotOptimize(sum);
  }
  state.counters["inputs/s"] = benchmark::Counter(static_cast<double>(state.iterations() * n_inputs),
                                                  benchmark::Counter::kIsRate);
  state.counters["tokens/s"] = benchmark::Counter(
      static_cast<double>(state.iterations() * n_inputs * n_tokens), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK_CAPTURE(BM_run_batch, dyck1, "dyck1.cr")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_run_batch, ur, "ur.crasp")->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
