// Transformer forward-pass throughput against the same machine's Eigen GEMM peak.
//
// Model: d_model = 256, 2 layers, 4 heads of d_head 64, d_ff 1024, post-LayerNorm, random weights;
// one sequence of n = 4096 positions. The `GFLOPs` counter counts useful floating-point
// operations: projections 2·d·d_head·n per matrix, causal attention 2·d_head·n(n+1)/2 for the
// scores and the same for the weighted values, FFN 2·2·d·d_ff·n, unembedding 2·n_out·d·n
// (softmax, LayerNorm and ReLU are not counted). BM_gemm measures an Eigen 1024^3 product
// (2·1024^3 operations) in the same build: divide the two rates for a machine-independent ratio.
// Single-threaded (Eigen is built without OpenMP here).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "crasp/model.hpp"

namespace {

using namespace crasp::model;

constexpr int d_model = 256, n_layers = 2, n_heads = 4, d_head = 64, d_ff = 1024, n = 4096;

model bench_model() {
  std::mt19937 rng(1);
  std::normal_distribution<double> g(0.0, 1.0);
  auto mat = [&](int r, int c, double scale) {
    Eigen::MatrixXd m(r, c);
    for (int j = 0; j < c; ++j)
      for (int i = 0; i < r; ++i) m(i, j) = scale * g(rng);
    return m;
  };
  model m;
  m.vocab = {"<bos>", "a", "b"};
  m.max_len = n;
  for (int r = 0; r < d_model; ++r) m.residual_names.push_back(std::string("r").append(std::to_string(r)));
  m.embed = mat(d_model, 3, 1.0);
  const double s = 1.0 / std::sqrt(static_cast<double>(d_model));
  for (int l = 0; l < n_layers; ++l) {
    layer ly;
    for (int h = 0; h < n_heads; ++h)
      ly.heads.push_back({"", mat(d_head, d_model, s), mat(d_head, d_model, s), mat(d_head, d_model, s),
                          mat(d_model, d_head, s), {}});
    ly.ln_attn.enabled = ly.ln_ffn.enabled = true;
    ly.ffn = {"", mat(d_ff, d_model, s), std::nullopt, mat(d_model, d_ff, s), std::nullopt};
    m.layers.push_back(std::move(ly));
  }
  m.unembed = mat(2, d_model, s);
  m.output_labels = {"accept", "reject"};
  return m;
}

double useful_flops() {
  const double nn = static_cast<double>(n);
  const double per_head = 4 * 2.0 * d_model * d_head * nn + 2 * 2.0 * d_head * nn * (nn + 1) / 2;
  const double per_layer = n_heads * per_head + 2 * 2.0 * d_model * d_ff * nn;
  return n_layers * per_layer + 2 * 2.0 * d_model * nn;
}

template <class T> void BM_forward(benchmark::State& state) {
  const basic_model<T> m = cast<T>(bench_model());
  std::mt19937 rng(2);
  std::vector<int> tokens{0};
  for (int i = 1; i < n; ++i) tokens.push_back(1 + static_cast<int>(rng() % 2));
  crasp::diagnostics diags;
  for (auto _ : state) {
    auto r = forward(m, tokens, diags);
    benchmark::DoNotOptimize(r->scores.data());
  }
  state.counters["GFLOPs"] = benchmark::Counter(useful_flops() / 1e9, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["tokens/s"] = benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate);
}

template <class T> void BM_gemm(benchmark::State& state) {
  constexpr int k = 1024;
  using mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;
  const mat a = mat::Random(k, k);
  const mat b = mat::Random(k, k);
  mat c(k, k);
  for (auto _ : state) {
    c.noalias() = a * b;
    benchmark::DoNotOptimize(c.data());
  }
  state.counters["GFLOPs"] = benchmark::Counter(2.0 * k * k * k / 1e9, benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

BENCHMARK_TEMPLATE(BM_forward, double)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_forward, float)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_gemm, double)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_gemm, float)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
