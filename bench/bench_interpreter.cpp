// Interpreter throughput at n = 10^6 tokens.
//
// items_per_second counts token-operations: one node evaluated at one position (n * nodes per
// run); tokens/s counts positions. Programs are built directly as IR (tests/interpret/builder.hpp):
//
//   unique_retrieval  the Born et al. UR program over 5 symbols + <bos>, <sep>:
//                       PREV[a]     = exists[j <= i, j == i-1] tok(a)        (local guard)
//                       BIGRAM[a,b] = exists[j <= i] (PREV[a] && tok(b))
//                       NEXT[a]     = any s in Sym: tok(s) && BIGRAM[s, a]
//   dyck1             C_open, C_close, V = C_open < C_close, D = #V == 0 && C_open == C_close
//   window            #[i - j < 64] "a" (64 offsets) and a sum: the cost of wide guards
//
// push_* feeds one token at a time (streaming, generation); append_* evaluates the whole input in
// batches (run, trace, check, verify), at n = 10^6 and 10^7. *_retrieval150 is UR over 150
// symbols at n = 10^5, with and without the matching-family evaluation (src/interpret/family.cpp).
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "builder.hpp"
#include "crasp/interpret.hpp"

namespace {

using crasp::ir::cmp;
using crasp::ir::node_id;
using crasp::test::builder;

constexpr std::size_t n_tokens = 1'000'000;

std::vector<std::string> symbols_of(std::size_t k) {
  std::vector<std::string> out;
  for (std::size_t s = 0; s < k; ++s) out.push_back(std::string(1, 's').append(std::to_string(s)));
  return out;
}

crasp::ir::program unique_retrieval(bool cyclic_next, std::size_t k = 5) {
  const std::vector<std::string> symbols = symbols_of(k);
  std::vector<std::string> vocab = symbols;
  vocab.insert(vocab.end(), {"<bos>", "<sep>"});
  builder b(vocab, true);
  std::vector<node_id> tok, prev;
  for (const auto& t : vocab) tok.push_back(b.tok(t));
  for (std::size_t a = 0; a < vocab.size(); ++a) {
    prev.push_back(b.stmt("PREV[\"" + vocab[a] + "\"]", b.exists(b.local(tok[a], {1}))));
  }
  std::vector<std::vector<node_id>> bigram(vocab.size());
  for (std::size_t a = 0; a < vocab.size(); ++a) {
    for (std::size_t c = 0; c < vocab.size(); ++c) {
      bigram[a].push_back(b.stmt("BIGRAM[\"" + vocab[a] + "\",\"" + vocab[c] + "\"]",
                                 b.exists(b.count(b.and_(prev[a], tok[c])))));
    }
  }
  for (std::size_t a = 0; a < symbols.size(); ++a) {
    node_id any = b.and_(tok[0], bigram[0][a]);
    for (std::size_t s = 1; s < symbols.size(); ++s) any = b.or_(any, b.and_(tok[s], bigram[s][a]));
    b.stmt("HIT[\"" + symbols[a] + "\"]", any);
    // For generation, a deterministic cycle s0 -> s1 -> ... keeps NEXT unambiguous forever while
    // every UR statement is still evaluated at every generated position.
    b.next(symbols[a], cyclic_next ? tok[(a + symbols.size() - 1) % symbols.size()] : any);
  }
  return b.program();
}

crasp::ir::program dyck1() {
  builder b({"(", ")"}, true);
  const node_id open = b.stmt("C_open", b.count(b.tok("(")));
  const node_id close = b.stmt("C_close", b.count(b.tok(")")));
  const node_id v = b.stmt("V", b.cmp(cmp::lt, open, close));
  b.stmt("D", b.and_(b.cmp(cmp::eq, b.count(v), b.num(0)), b.cmp(cmp::eq, open, close)));
  return b.program();
}

crasp::ir::program window() {
  builder b({"a", "b"}, true);
  std::vector<std::uint32_t> offsets;
  for (std::uint32_t d = 0; d < 64; ++d) offsets.push_back(d);
  const node_id w = b.stmt("W", b.local(b.tok("a"), offsets));
  b.stmt("S", b.cmp(cmp::gt, b.scale(2, w), b.num(64)));
  return b.program();
}

std::vector<std::uint32_t> random_input(std::size_t vocab, std::size_t n) {
  std::mt19937 rng(42);
  std::uniform_int_distribution<std::uint32_t> pick(0, static_cast<std::uint32_t>(vocab - 1));
  std::vector<std::uint32_t> ids(n);
  for (auto& t : ids) t = pick(rng);
  return ids;
}

void report(benchmark::State& state, const crasp::ir::program& p, std::size_t n) {
  const auto runs = static_cast<std::int64_t>(state.iterations());
  state.SetItemsProcessed(runs * static_cast<std::int64_t>(n * p.nodes.size()));
  state.counters["nodes"] = static_cast<double>(p.nodes.size());
  state.counters["tokens/s"] =
      benchmark::Counter(static_cast<double>(runs) * static_cast<double>(n), benchmark::Counter::kIsRate);
}

void push_all(benchmark::State& state, const crasp::ir::program& p, std::size_t n = n_tokens,
              crasp::evaluator_options options = {}) {
  const auto ids = random_input(p.vocabulary.size(), n);
  for (auto _ : state) {
    crasp::diagnostics diags;
    crasp::evaluator ev(p, "<bench>", options);
    ev.reserve(ids.size());
    for (std::uint32_t t : ids) {
      if (!ev.push(t, diags)) state.SkipWithError("push failed");
    }
    benchmark::DoNotOptimize(ev.last(p.output()));
  }
  report(state, p, n);
}

// append(): the batch evaluator over the whole input (state.range(0) tokens), history included.
// Reports bytes of history per position (the evaluator's vectors after the run).
void append_all(benchmark::State& state, const crasp::ir::program& p,
                crasp::evaluator_options options = {}) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto ids = random_input(p.vocabulary.size(), n);
  for (auto _ : state) {
    crasp::diagnostics diags;
    crasp::evaluator ev(p, "<bench>", options);
    ev.reserve(ids.size());
    if (!ev.append(ids, diags)) state.SkipWithError("append failed");
    benchmark::DoNotOptimize(ev.last(p.output()));
  }
  report(state, p, n);
}

void BM_append_unique_retrieval(benchmark::State& state) { append_all(state, unique_retrieval(false)); }
void BM_append_dyck1(benchmark::State& state) { append_all(state, dyck1()); }
void BM_append_window64(benchmark::State& state) { append_all(state, window()); }

void BM_push_unique_retrieval(benchmark::State& state) { push_all(state, unique_retrieval(false)); }
void BM_push_dyck1(benchmark::State& state) { push_all(state, dyck1()); }
void BM_push_window64(benchmark::State& state) { push_all(state, window()); }

// UR over 150 symbols (k^2 = 22,500 bigram counts in 150 matching families), with the families
// evaluated by per-member counters (range(1) = 1, the default) or node by node (0).
void BM_append_retrieval150(benchmark::State& state) {
  append_all(state, unique_retrieval(false, 150), {.matching_families = state.range(1) != 0});
}
void BM_push_retrieval150(benchmark::State& state) {
  push_all(state, unique_retrieval(false, 150), static_cast<std::size_t>(state.range(0)),
           {.matching_families = state.range(1) != 0});
}

// run(): the public entry point, including encoding strings to vocabulary indices.
void BM_run_unique_retrieval(benchmark::State& state) {
  const auto p = unique_retrieval(false);
  std::vector<std::string> tokens;
  for (std::uint32_t t : random_input(p.vocabulary.size(), n_tokens)) tokens.push_back(p.vocabulary[t]);
  for (auto _ : state) {
    crasp::diagnostics diags;
    auto out = crasp::run(p, tokens, "<bench>", diags);
    if (!out) state.SkipWithError("run failed");
    benchmark::DoNotOptimize(out);
  }
  report(state, p, n_tokens);
}

// generate(): 10^6 new tokens from a one-token prefix; linear, as push() is.
void BM_generate_unique_retrieval(benchmark::State& state) {
  const auto p = unique_retrieval(true);
  for (auto _ : state) {
    crasp::diagnostics diags;
    auto out = crasp::generate(p, {"s0"}, n_tokens - 1, "<bench>", diags);
    if (!out || out->continuation.size() != n_tokens - 1) state.SkipWithError("generate failed");
    benchmark::DoNotOptimize(out);
  }
  report(state, p, n_tokens);
}

}  // namespace

BENCHMARK(BM_push_unique_retrieval)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_push_dyck1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_push_window64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_append_unique_retrieval)->Arg(1'000'000)->Arg(10'000'000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_append_dyck1)->Arg(1'000'000)->Arg(10'000'000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_append_window64)->Arg(1'000'000)->Arg(10'000'000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_append_retrieval150)->Args({100'000, 1})->Args({100'000, 0})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_push_retrieval150)->Args({100'000, 1})->Args({100'000, 0})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_run_unique_retrieval)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_generate_unique_retrieval)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
