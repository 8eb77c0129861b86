// Generation with the key/value cache (model::decoder) against generation that re-runs forward()
// on the whole sequence for every token, on every bundled generator program (programs/ and
// examples/tasks/), compiled with APE and with RoPE or NoPE (whichever applies), in float64
// and float32: the same continuations, stops and diagnostics, and the cached scores of every
// position equal to forward()'s to the bit.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../programs/harness.hpp"
#include "crasp/compile.hpp"
#include "crasp/decoder.hpp"
#include "crasp/transformer.hpp"
#include "sanitized.hpp"

namespace {

using tokens = std::vector<std::string>;

#if CRASP_TEST_SANITIZED
constexpr std::size_t instances = 3;
constexpr std::size_t long_copy = 60;  // UF over 60 symbols: 123 positions, past one block
#else
constexpr std::size_t instances = 8;
constexpr std::size_t long_copy = 100;  // 203 positions: three whole 64-key blocks
#endif
constexpr int design_length = 256;
constexpr std::size_t small_vocab = 4;

// Cached and uncached generation from `input` agree; then the cached scores of each position of
// the generated sequence equal forward()'s column.
// Returns the number of positions compared (0 when generation failed, alike, on both paths).
template <class T>
std::size_t compare(const crasp::model::basic_model<T>& m, const tokens& input, std::size_t max_new) {
  crasp::diagnostics cached_diags, plain_diags;
  const auto cached = crasp::generate_transformer(m, input, max_new, "t", cached_diags);
  const auto plain =
      crasp::generate_transformer(m, input, max_new, "t", plain_diags, {.kv_cache = false});
  CHECK(crasp::render(cached_diags) == crasp::render(plain_diags));
  REQUIRE(cached.has_value() == plain.has_value());
  if (!cached) return 0;
  CHECK(cached->continuation == plain->continuation);
  CHECK(cached->reason == plain->reason);
  CHECK(cached->ambiguous_position == plain->ambiguous_position);
  CHECK(cached->ambiguous_tokens == plain->ambiguous_tokens);

  tokens all = input;
  all.insert(all.end(), cached->continuation.begin(), cached->continuation.end());
  crasp::diagnostics diags;
  auto ids = crasp::encode_for_model(m, all, "t", diags);
  REQUIRE(ids);
  if (m.pe == crasp::model::positional::ape && ids->size() > static_cast<std::size_t>(m.max_len))
    ids->resize(static_cast<std::size_t>(m.max_len));
  const auto full = crasp::model::forward(m, *ids, diags);
  REQUIRE(full);
  const crasp::model::prepared_model<T> pm(m);
  crasp::model::decoder<T> dec(pm);
  const std::size_t prompt = input.size() + 1;
  for (std::size_t p = 0; p < ids->size(); ++p) {
    if (p + 1 < prompt) continue;  // the prompt goes in as one append
    const std::size_t from = p + 1 == prompt ? 0 : p;
    const auto* scores = dec.append(std::span(*ids).subspan(from, p + 1 - from), diags);
    REQUIRE(scores != nullptr);
    INFO("position " << p);
    CHECK(*scores == full->scores.col(static_cast<Eigen::Index>(p)));
  }
  CHECK_FALSE(diags.has_errors());
  return ids->size();
}

// Every encoding the compiler accepts for the program, each model in both precisions, on each
// input. Returns the number of positions compared.
std::size_t compare_all(const crasp::ir::program& program, const std::vector<tokens>& inputs,
                        std::size_t max_new, int max_len = design_length) {
  std::size_t positions = 0;
  for (auto pe : {crasp::model::positional::ape, crasp::model::positional::rope,
                  crasp::model::positional::nope}) {
    const bool plain = program.klass == crasp::ir::program_class::crasp;
    // NoPE is refused for a program that needs positions; a plain C-RASP program compiles to the
    // same model with RoPE as with NoPE (no rotary head), checked once.
    if (pe == crasp::model::positional::nope && !plain) continue;
    if (pe == crasp::model::positional::rope && plain) continue;
    crasp::diagnostics diags;
    const auto c = crasp::compile(program, crasp::compile_options{pe, max_len}, diags);
    INFO(crasp::render(diags));
    REQUIRE(c);
    const auto m32 = crasp::model::cast<float>(c->model);
    for (const auto& input : inputs) {
      INFO(crasp::model::to_string(pe) << ": " << programs_test::join(input));
      positions += compare(c->model, input, max_new);
      positions += compare(m32, input, max_new);
    }
  }
  return positions;
}

// The inputs of a .examples file (the part before "=>"), one per non-comment line.
std::vector<tokens> example_inputs(const std::string& path) {
  std::ifstream in(path);
  std::vector<tokens> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line.starts_with("//")) continue;
    std::istringstream words(line.substr(0, line.find("=>")));
    tokens t;
    for (std::string w; words >> w;) t.push_back(w);
    if (!t.empty()) out.push_back(std::move(t));
  }
  return out;
}

}  // namespace

TEST_CASE("cached generation continues as re-running the model does", "[generate_cache]") {
  for (const auto& entry : programs_test::all_programs()) {
    const std::size_t k = entry.alphabet.empty() ? 0 : small_vocab;
    const auto& program = programs_test::load(entry, k);
    if (!program.is_generator()) continue;
    const auto& task = programs_test::task_of(entry);
    std::mt19937_64 rng(11);
    std::vector<tokens> inputs;
    for (std::size_t n = 0; n < instances; ++n) {
      // Lengths up to 150 where the task allows them (majority, bin_majority...), so that the
      // prompts cross 64-key blocks; the distinct-token tasks stop at k.
      const std::size_t length = 1 + static_cast<std::size_t>(rng() % 150);
      inputs.push_back(crasp::tasks::generate(task, length, rng, k).input);
    }
    INFO(entry.file);
    CHECK(compare_all(program, inputs, 160) > 0);
  }
}

TEST_CASE("cached generation of the examples' generator programs", "[generate_cache]") {
  const std::filesystem::path dir = std::filesystem::path(CRASP_SOURCE_DIR) / "examples" / "tasks";
  std::size_t generators = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() != ".crasp") continue;
    auto loaded = crasp::load_file(e.path().string());
    REQUIRE(loaded.ok());
    if (!loaded.program->is_generator()) continue;
    ++generators;
    auto path = e.path();
    auto inputs = example_inputs(path.replace_extension(".examples").string());
    if (inputs.empty()) {
      // No examples file (running_mode): pseudo-random strings over the program's vocabulary.
      const auto& vocab = loaded.program->vocabulary;
      std::mt19937_64 rng(12);
      for (std::size_t length : {1, 5, 70}) {
        tokens t;
        for (std::size_t i = 0; i < length; ++i) t.push_back(vocab[rng() % vocab.size()]);
        inputs.push_back(std::move(t));
      }
    }
    INFO(e.path().filename().string() << ": " << inputs.size() << " inputs");
    CHECK(compare_all(*loaded.program, inputs, 40) > 0);
  }
  CHECK(generators >= 3);
}

TEST_CASE("a long cached copy: UF over many symbols", "[generate_cache]") {
  const auto& entry = programs_test::program_for("UF");
  const auto& program = programs_test::load(entry, long_copy);
  tokens input{"<bos>"};
  for (std::size_t s = 0; s < long_copy; ++s) {
    std::string symbol = "t";  // appended: GCC 12 warns falsely on "t" + std::to_string
    symbol += std::to_string((s * 37) % long_copy);
    input.push_back(std::move(symbol));
  }
  input.push_back("<sep>");
  // Prompt and copy: 2 · long_copy + 3 positions, the last decision at 2 · long_copy + 2.
  CHECK(compare_all(program, {input}, long_copy + 2, static_cast<int>(2 * long_copy + 8)) > 0);
}
