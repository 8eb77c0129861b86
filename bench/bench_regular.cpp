// Which regular languages C-RASP expresses (docs/regular.md, docs/performance.md "Regular
// languages"):
//  - BM_DecideSuites: every language of Yang et al.'s two suites (175, bench/suites), through
//    crasp::decide_regular: regex to minimal DFA, the rounds, the quotients for a no, and the
//    witness program for a yes. Counter `languages/s`.
//  - BM_DecideRandom/states:N/symbols:K: decide_crasp alone on the minimal DFA of a random
//    complete DFA with N states over K symbols (one large component: the rounds, then a quotient
//    per symbol). Counter `states` is the minimal DFA's size.
//  - BM_DecideCounter/states:N: a counter of N states over a b (a up, b down, a sink past either
//    end): one component, one round, every state separated by its potential, and its witness.
#include <benchmark/benchmark.h>

#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "crasp/regular.hpp"
#include "regular/crasp_class.hpp"
#include "regular/witness.hpp"

namespace {

std::vector<std::string> suite_regexes() {
  std::vector<std::string> out;
  for (const char* file : {"yang2026_main.csv", "yang2026_secondary.csv"}) {
    std::ifstream in(std::string(CRASP_SOURCE_DIR) + "/bench/suites/" + file);
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
      const auto c1 = line.find(','), c2 = line.rfind(',');
      out.push_back(line.substr(c1 + 1, c2 - c1 - 1));
    }
  }
  return out;
}

void BM_DecideSuites(benchmark::State& state) {
  const auto regexes = suite_regexes();
  for (auto _ : state) {
    for (const auto& r : regexes) {
      crasp::diagnostics diags;
      crasp::regular_language lang;
      lang.regex = r;
      auto d = crasp::decide_regular(lang, diags);
      benchmark::DoNotOptimize(d);
    }
  }
  state.counters["languages"] = static_cast<double>(regexes.size());
  state.counters["languages/s"] = benchmark::Counter(
      static_cast<double>(state.iterations() * regexes.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DecideSuites)->Unit(benchmark::kMillisecond);

crasp::regular::dfa random_dfa(std::size_t n, std::size_t k, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  crasp::regular::dfa d;
  for (std::size_t a = 0; a < k; ++a) d.alphabet.push_back(std::string(1, static_cast<char>('a' + a)));
  d.delta.assign(n, std::vector<std::uint32_t>(k));
  d.accepting.assign(n, false);
  for (std::size_t q = 0; q < n; ++q) {
    for (std::size_t a = 0; a < k; ++a) d.delta[q][a] = static_cast<std::uint32_t>(rng() % n);
    d.accepting[q] = rng() % 2 == 0;
  }
  return crasp::regular::minimize(d);
}

void BM_DecideRandom(benchmark::State& state) {
  const auto d = random_dfa(static_cast<std::size_t>(state.range(0)),
                            static_cast<std::size_t>(state.range(1)), 7);
  for (auto _ : state) {
    auto r = crasp::regular::decide_crasp(d);
    benchmark::DoNotOptimize(r);
  }
  state.counters["states"] = static_cast<double>(d.states());
}
BENCHMARK(BM_DecideRandom)
    ->ArgNames({"states", "symbols"})
    ->Args({100, 3})
    ->Args({1000, 5})
    ->Unit(benchmark::kMillisecond);

void BM_DecideCounter(benchmark::State& state) {
  const auto n = static_cast<std::uint32_t>(state.range(0));
  crasp::regular::dfa d;
  d.alphabet = {"a", "b"};
  d.delta.assign(n + 1, {n, n});  // state n is the sink
  d.accepting.assign(n + 1, false);
  d.accepting[0] = true;
  for (std::uint32_t q = 0; q < n; ++q) {
    if (q + 1 < n) d.delta[q][0] = q + 1;
    if (q > 0) d.delta[q][1] = q - 1;
  }
  const auto m = crasp::regular::minimize(d);
  std::size_t size = 0;
  for (auto _ : state) {
    auto r = crasp::regular::decide_crasp(m);
    std::string why;
    auto text = crasp::regular::tracking_program(m, r.language,
                                                 crasp::regular::tracking_output::accept, why);
    size = text ? text->size() : 0;
    benchmark::DoNotOptimize(text);
  }
  state.counters["states"] = static_cast<double>(m.states());
  state.counters["program_bytes"] = static_cast<double>(size);
}
BENCHMARK(BM_DecideCounter)->ArgName("states")->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
