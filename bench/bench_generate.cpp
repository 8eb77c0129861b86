// Greedy generation by compiled models, with the key/value cache (model::decoder) and without it
// (every step a forward pass over the whole sequence), in the same process.
//
// generate/<task>/<cache|rerun>/<f64|f32>
//     crasp::generate_transformer on one prompt of 150 distinct symbols, the model compiled from
//     programs/<task>.crasp with Sym = t0 .. t149, APE, max-len 303 (the prompt's 152 program
//     tokens and the 151 generated ones): UF copies the prompt and emits <sep>, sort emits the
//     symbols in order and <eos>. Each iteration is one whole call: encoding, the model checks
//     (validate() and prepared_model scan every weight), then 151 greedy steps. Counters:
//     `generated` (tokens per call) and `tokens/s` (generated tokens per second).
//
// Single-threaded. The cache's goal (issue 14): at least 20x faster than re-running on UF.
#include <benchmark/benchmark.h>

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "crasp/compile.hpp"
#include "crasp/frontend.hpp"
#include "crasp/transformer.hpp"

namespace {

constexpr int symbols = 150;
constexpr int max_len = 2 * symbols + 3;

/// "t<s>", appended rather than concatenated (GCC 12 warns falsely on "t" + std::to_string).
std::string symbol(int s) {
  std::string name = "t";
  name += std::to_string(s);
  return name;
}

std::vector<std::string> alphabet() {
  std::vector<std::string> out;
  for (int s = 0; s < symbols; ++s) out.push_back(symbol(s));
  return out;
}

/// The compiled model of programs/<task>.crasp over 150 symbols, built once per task.
const crasp::model::model& compiled(const std::string& task) {
  static std::map<std::string, crasp::model::model> cache;
  auto it = cache.find(task);
  if (it != cache.end()) return it->second;
  crasp::check_options options;
  options.alphabet_overrides["Sym"] = alphabet();
  auto loaded = crasp::load_file(std::string(CRASP_PROGRAMS_DIR) + "/" + task + ".crasp", options);
  if (!loaded.ok()) throw std::runtime_error(task + ": " + crasp::render(loaded.diags));
  crasp::diagnostics diags;
  auto c = crasp::compile(*loaded.program, {crasp::model::positional::ape, max_len}, diags);
  if (!c) throw std::runtime_error(task + ": " + crasp::render(diags));
  return cache.emplace(task, std::move(c->model)).first->second;
}

/// <bos>, the 150 symbols in a fixed shuffled order (37 is prime to 150), <sep>.
std::vector<std::string> prompt() {
  std::vector<std::string> p{"<bos>"};
  for (int s = 0; s < symbols; ++s) p.push_back(symbol((s * 37 + 11) % symbols));
  p.push_back("<sep>");
  return p;
}

template <class T>
void BM_generate(benchmark::State& state, const std::string& task, bool cache) {
  const crasp::model::basic_model<T> m = crasp::model::cast<T>(compiled(task));
  const auto input = prompt();
  std::size_t generated = 0;
  for (auto _ : state) {
    crasp::diagnostics diags;
    const auto out = crasp::generate_transformer(m, input, symbols + 2, "bench", diags,
                                                 {.kv_cache = cache});
    if (!out || diags.has_errors()) {
      state.SkipWithError(crasp::render(diags).c_str());
      return;
    }
    generated = out->continuation.size();
    benchmark::DoNotOptimize(out->continuation.data());
  }
  state.counters["generated"] = static_cast<double>(generated);
  state.counters["tokens/s"] = benchmark::Counter(static_cast<double>(generated),
                                                  benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

int main(int argc, char** argv) {
  for (const std::string task : {"uf", "sort"})
    for (const bool cache : {true, false}) {
      const std::string name = "generate/" + task + (cache ? "/cache" : "/rerun");
      benchmark::RegisterBenchmark((name + "/f64").c_str(), BM_generate<double>, task, cache)
          ->Unit(benchmark::kMillisecond);
      benchmark::RegisterBenchmark((name + "/f32").c_str(), BM_generate<float>, task, cache)
          ->Unit(benchmark::kMillisecond);
    }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
