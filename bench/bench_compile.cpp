// The compiler: how long lowering takes for every bundled program, how big the models are, and how
// close the compiled models' forward pass runs to the same machine's Eigen GEMM peak.
//
// load/<program>     load_file(): read, parse, check and expand (not part of the compile time).
// compile/<program>  crasp::compile() of the already checked program, APE, max_len 4096: lowering
//                    only, with every iteration's memory fresh from the OS (as in a one-shot
//                    `crasp compile`: on a VM, first-touch page faults can dominate).
// compile_warm/<p>   the same with the allocator reusing the previous iteration's memory: the
//                    lowering work alone (run last: it changes the process's malloc settings).
//                    Counters of both: layers, heads (total), d_model, d_ff (largest layer),
//                    d_head (largest head), params (model::summarize: every stored tensor
//                    element, the APE table included).
// forward_f64/<p>, forward_f32/<p>
//                    model::forward of the compiled model (f32: model::cast<float>) on one random
//                    input of 4096 program tokens, i.e. BOS (id 0) then 4096 ids drawn uniformly
//                    from 1..vocab-1: n = 4097 positions, the longest input the model is built for.
//                    `GFLOPs` counts useful operations as bench_model.cpp does, per head and layer
//                    from the actual shapes: projections 2·d_model·n·(2·d_head + 2·d_value), causal
//                    attention 2·d_head·n(n+1)/2 for the scores and 2·d_value·n(n+1)/2 for the
//                    weighted values, FFN 2·2·d_model·d_ff·n, unembedding 2·n_out·d_model·n
//                    (embedding lookup, APE addition, softmax, LayerNorm and ReLU not counted).
//                    `vs_gemm` is that rate divided by the GEMM peak of the same precision, both
//                    in thread CPU time; the peak is measured once per process at its first use
//                    (best of 5 Eigen 1024^3 products). `attn_share`: the fraction of the counted
//                    operations in the causal score and value products.
// gemm_f64, gemm_f32 the Eigen 1024^3 product exactly as in bench_model.cpp, for the record.
//
// Single-threaded (Eigen is built without OpenMP here). Programs come from CRASP_PROGRAMS_DIR.
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "crasp/compile.hpp"
#include "crasp/frontend.hpp"
#include "crasp/model.hpp"

namespace {

namespace fs = std::filesystem;
using crasp::model::basic_model;

constexpr int max_len = 4096;

crasp::compile_options options() {
  return {crasp::model::positional::ape, max_len};
}

/// Every *.crasp and *.cr file of the programs directory, sorted by name.
std::vector<std::string> bundled_programs() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(CRASP_PROGRAMS_DIR)) {
    const auto ext = entry.path().extension();
    if (entry.is_regular_file() && (ext == ".crasp" || ext == ".cr"))
      names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string path_of(const std::string& name) {
  return std::string(CRASP_PROGRAMS_DIR) + "/" + name;
}

crasp::ir::program load(const std::string& name) {
  auto loaded = crasp::load_file(path_of(name));
  if (!loaded.ok()) throw std::runtime_error(name + ": " + crasp::render(loaded.diags));
  return std::move(*loaded.program);
}

crasp::model::model compile_model(const crasp::ir::program& p, const std::string& name) {
  crasp::diagnostics diags;
  auto c = crasp::compile(p, options(), diags);
  if (!c) throw std::runtime_error(name + ": " + crasp::render(diags));
  return std::move(c->model);
}

/// Compiled models, built once per program and shared by the f64 and f32 benchmarks.
const crasp::model::model& compiled(const std::string& name) {
  static std::map<std::string, crasp::model::model> cache;
  auto it = cache.find(name);
  if (it == cache.end()) it = cache.emplace(name, compile_model(load(name), name)).first;
  return it->second;
}

void BM_load(benchmark::State& state, const std::string& name) {
  for (auto _ : state) {
    auto loaded = crasp::load_file(path_of(name));
    if (!loaded.ok()) {
      state.SkipWithError(crasp::render(loaded.diags).c_str());
      return;
    }
    benchmark::DoNotOptimize(loaded.program->nodes.data());
  }
  const auto p = load(name);
  state.counters["nodes"] = static_cast<double>(p.nodes.size());
}

/// `cold`: every iteration gets its memory fresh from the OS, as a one-shot `crasp compile` does
/// (malloc_trim after freeing the model, outside the timing). Warm: glibc is told to serve every
/// block from its heap and never to trim it, so from the second iteration on no page is faulted
/// in and the time is the lowering work alone. That setting lasts for the rest of the process,
/// which is why the warm benchmarks are registered last.
void BM_compile(benchmark::State& state, const std::string& name, bool cold) {
  if (!cold) {
    mallopt(M_MMAP_THRESHOLD, 1 << 30);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
  }
  const auto p = load(name);
  crasp::model::summary s;
  for (auto _ : state) {
    crasp::diagnostics diags;
    auto c = crasp::compile(p, options(), diags);
    if (!c) {
      state.SkipWithError(crasp::render(diags).c_str());
      return;
    }
    benchmark::DoNotOptimize(c->model.embed.data());
    state.PauseTiming();  // freeing the model (the APE table is d_model x 4097) is not lowering
    s = crasp::model::summarize(c->model);
    c.reset();
    if (cold) malloc_trim(0);
    state.ResumeTiming();
  }
  state.counters["layers"] = s.layers;
  state.counters["heads"] = s.heads;
  state.counters["d_model"] = s.d_model;
  state.counters["d_ff"] = s.max_d_ff;
  state.counters["d_head"] = s.max_d_head;
  state.counters["params"] = static_cast<double>(s.parameters);
}

/// Useful floating-point operations of one forward pass over n positions (see the header).
template <class T>
double useful_flops(const basic_model<T>& m, double n) {
  const double d = m.d_model();
  const double tri = n * (n + 1) / 2;
  double f = 0;
  for (const auto& l : m.layers) {
    for (const auto& h : l.heads) {
      const double dh = static_cast<double>(h.wq.rows()), dv = static_cast<double>(h.wv.rows());
      f += 2.0 * d * n * (2 * dh + 2 * dv) + 2.0 * dh * tri + 2.0 * dv * tri;
    }
    f += 2 * 2.0 * d * static_cast<double>(l.ffn.w1.rows()) * n;
  }
  return f + 2.0 * static_cast<double>(m.unembed.rows()) * d * n;
}

/// The part of useful_flops() in causal attention (scores and weighted values).
template <class T>
double attention_flops(const basic_model<T>& m, double n) {
  const double tri = n * (n + 1) / 2;
  double f = 0;
  for (const auto& l : m.layers)
    for (const auto& h : l.heads) f += 2.0 * static_cast<double>(h.wq.rows() + h.wv.rows()) * tri;
  return f;
}

constexpr int gemm_k = 1024;

/// CPU time of the calling thread, in seconds (Eigen runs on this thread only).
double thread_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

/// Eigen GEMM rate in FLOP/s of thread CPU time: best of 5 products of 1024 x 1024 matrices
/// (after one warm-up), measured once per process.
template <class T>
double gemm_peak() {
  static const double peak = [] {
    using mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;
    const mat a = mat::Random(gemm_k, gemm_k);
    const mat b = mat::Random(gemm_k, gemm_k);
    mat c(gemm_k, gemm_k);
    c.noalias() = a * b;
    double best = 0;
    for (int r = 0; r < 5; ++r) {
      const double t0 = thread_seconds();
      c.noalias() = a * b;
      benchmark::DoNotOptimize(c.data());
      best = std::max(best, 2.0 * gemm_k * gemm_k * gemm_k / (thread_seconds() - t0));
    }
    return best;
  }();
  return peak;
}

template <class T>
void BM_forward(benchmark::State& state, const std::string& name) {
  const basic_model<T> m = crasp::model::cast<T>(compiled(name));
  const double peak = gemm_peak<T>();
  if (m.bos != 0) {
    state.SkipWithError("the compiled model's BOS is not token 0");
    return;
  }
  std::mt19937 rng(2);
  std::uniform_int_distribution<int> pick(1, static_cast<int>(m.vocab.size()) - 1);
  std::vector<int> tokens{0};
  for (int i = 0; i < max_len; ++i) tokens.push_back(pick(rng));
  crasp::diagnostics diags;
  double cpu = 0;
  for (auto _ : state) {
    const double t0 = thread_seconds();
    auto r = crasp::model::forward(m, tokens, diags);
    cpu += thread_seconds() - t0;
    if (!r) {
      state.SkipWithError(crasp::render(diags).c_str());
      return;
    }
    benchmark::DoNotOptimize(r->scores.data());
  }
  const double n = static_cast<double>(tokens.size());
  const double flops = useful_flops(m, n);
  const double attention = attention_flops(m, n);
  state.counters["GFLOPs"] =
      benchmark::Counter(flops / 1e9, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["tokens/s"] = benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["peak_GFLOPs"] = peak / 1e9;
  // the ratio as a plain number (a rate counter would print "/s")
  state.counters["vs_gemm"] = flops * static_cast<double>(state.iterations()) / cpu / peak;
  state.counters["attn_share"] = attention / flops;  // causal score and value products
}

template <class T>
void BM_gemm(benchmark::State& state) {
  using mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;
  const mat a = mat::Random(gemm_k, gemm_k);
  const mat b = mat::Random(gemm_k, gemm_k);
  mat c(gemm_k, gemm_k);
  for (auto _ : state) {
    c.noalias() = a * b;
    benchmark::DoNotOptimize(c.data());
  }
  state.counters["GFLOPs"] = benchmark::Counter(2.0 * gemm_k * gemm_k * gemm_k / 1e9,
                                                benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

int main(int argc, char** argv) {
  const auto programs = bundled_programs();
  for (const auto& p : programs)
    benchmark::RegisterBenchmark(("load/" + p).c_str(), BM_load, p)
        ->Unit(benchmark::kMillisecond)
        ->MinTime(0.2);
  for (const auto& p : programs)
    benchmark::RegisterBenchmark(("compile/" + p).c_str(), BM_compile, p, true)
        ->Unit(benchmark::kMillisecond)
        ->MinTime(0.2);
  for (const std::string p : {"ur.crasp", "majority.crasp", "dyck1.cr", "sort.crasp"}) {
    benchmark::RegisterBenchmark(("forward_f64/" + p).c_str(), BM_forward<double>, p)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("forward_f32/" + p).c_str(), BM_forward<float>, p)
        ->Unit(benchmark::kMillisecond);
  }
  benchmark::RegisterBenchmark("gemm_f64", BM_gemm<double>)->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("gemm_f32", BM_gemm<float>)->Unit(benchmark::kMillisecond);
  for (const auto& p : programs)
    benchmark::RegisterBenchmark(("compile_warm/" + p).c_str(), BM_compile, p, false)
        ->Unit(benchmark::kMillisecond)
        ->MinTime(0.2);

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
