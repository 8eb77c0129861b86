// crasp synth's inner loop (docs/synth.md, docs/performance.md "Synthesis"):
//  - BM_BooleanOps: `&&`, `||` and `!` of two Boolean values over every position of a training
//    set, as the enumerator evaluates them (64 positions per machine word). Counter
//    `expr_positions/s` is expression-position evaluations per second on one core.
//  - BM_Enumerate/size:S/threads:T: the enumerator up to size S, on T threads, over every string of length 1..8 on two
//    symbols (510 instances, 3,586 positions), behaviours kept and candidates per second.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "synth/enumerate.hpp"
#include "synth/strings.hpp"

namespace {

using crasp::synth::bits;

using synth_test::all_strings;

void BM_BooleanOps(benchmark::State& state) {
  const crasp::synth::layout l(all_strings(2, static_cast<std::size_t>(state.range(0))));
  std::mt19937_64 rng(1);
  bits a(l.words()), b(l.words()), out;
  for (auto& w : a) w = rng();
  for (auto& w : b) w = rng();
  for (auto _ : state) {
    crasp::synth::both(a, b, out);
    benchmark::DoNotOptimize(out.data());
    crasp::synth::either(a, out, out);
    benchmark::DoNotOptimize(out.data());
    l.negate(out, out);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  const auto evals = static_cast<double>(state.iterations()) * 3.0 * static_cast<double>(l.positions());
  state.counters["positions"] = static_cast<double>(l.positions());
  state.counters["expr_positions/s"] = benchmark::Counter(evals, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_BooleanOps)->Arg(8)->Arg(12);

void BM_Enumerate(benchmark::State& state) {
  const crasp::synth::layout l(all_strings(2, 8));
  crasp::synth::grammar g;
  g.tokens = {0, 1};
  g.max_modulus = 2;
  g.threads = static_cast<unsigned>(state.range(1));
  std::size_t kept = 0, evaluated = 0;
  for (auto _ : state) {
    crasp::synth::enumerator e(l, g);
    for (std::int64_t s = 0; s < state.range(0); ++s) e.grow();
    kept += e.terms().size();
    evaluated += e.stats().evaluated;
  }
  state.counters["kept/s"] = benchmark::Counter(static_cast<double>(kept), benchmark::Counter::kIsRate);
  state.counters["candidates/s"] =
      benchmark::Counter(static_cast<double>(evaluated), benchmark::Counter::kIsRate);
  state.counters["expr_positions/s"] = benchmark::Counter(
      static_cast<double>(evaluated) * static_cast<double>(l.positions()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Enumerate)
    ->ArgNames({"size", "threads"})
    ->Args({6, 1})
    ->Args({8, 1})
    ->Args({9, 1})
    ->Args({9, 2})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
