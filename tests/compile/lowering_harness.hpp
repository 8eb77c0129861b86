// Helpers of the lowering tests: compile a program given as text, run the model and the
// interpreter on the same inputs, and compare the decision at every position. Decoding here is
// deliberately minimal (argmax / threshold at 1/2), independent of src/compile/transformer.cpp.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "crasp/compile.hpp"
#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"
#include "crasp/model.hpp"

namespace lowering_test {

inline crasp::ir::program load(const std::string& text) {
  auto loaded = crasp::load_text("test.crasp", text);
  INFO(crasp::render(loaded.diags));
  REQUIRE(loaded.program);
  return std::move(*loaded.program);
}

inline crasp::compiled_program compile(const crasp::ir::program& p, crasp::model::positional pe,
                                       int max_len = 256) {
  crasp::diagnostics diags;
  auto c = crasp::compile(p, crasp::compile_options{pe, max_len}, diags);
  INFO(crasp::render(diags));
  REQUIRE(c);
  return std::move(*c);
}

/// Model ids of vocabulary indices (BOS first).
inline std::vector<int> ids(const std::vector<std::uint32_t>& vocab_ids) {
  std::vector<int> out{0};
  for (auto v : vocab_ids) out.push_back(static_cast<int>(v) + 1);
  return out;
}

/// Compares model and interpreter at every position of `input` (vocabulary indices).
/// Returns the number of disagreeing positions.
template <class T>
int mismatches(const crasp::ir::program& p, const crasp::model::basic_model<T>& m,
               const std::vector<std::uint32_t>& input) {
  crasp::diagnostics diags;
  crasp::evaluator ev(p);
  std::vector<std::int64_t> expected;
  std::vector<std::vector<std::uint32_t>> expected_next;
  for (auto t : input) {
    REQUIRE(ev.push(t, diags));
    if (p.is_generator()) {
      expected_next.push_back(ev.next_tokens());
    } else {
      expected.push_back(ev.last(p.output()));
    }
  }
  const auto tokens = ids(input);
  auto out = crasp::model::forward(m, tokens, diags);
  INFO(crasp::render(diags));
  REQUIRE(out);
  int bad = 0;
  for (std::size_t pos = 0; pos < input.size(); ++pos) {
    const auto col = out->scores.col(static_cast<int>(pos) + 1);
    if (p.is_generator()) {
      std::vector<std::uint32_t> got;
      for (int o = 0; o < col.size(); ++o) {
        if (col(o) > T(0.5)) {
          const std::string tok = m.output_labels[static_cast<std::size_t>(o)].substr(5);
          got.push_back(p.token_index(tok));
        }
      }
      std::sort(got.begin(), got.end());
      bad += got != expected_next[pos] ? 1 : 0;
    } else if (m.output_labels.front() == "count") {
      const auto v = std::llround(static_cast<double>(col(0)) * static_cast<double>(pos + 2));
      bad += v != expected[pos] ? 1 : 0;
    } else {
      const std::int64_t v = col(0) > col(1) ? 1 : 0;
      bad += v != expected[pos] ? 1 : 0;
    }
  }
  return bad;
}

/// Random inputs over the whole vocabulary (open vocabularies get the unknown token too).
inline std::vector<std::uint32_t> random_input(const crasp::ir::program& p, std::size_t n,
                                               std::mt19937_64& rng, std::uint32_t symbols = 0) {
  std::uint32_t k = static_cast<std::uint32_t>(p.vocabulary.size());
  if (symbols != 0) k = std::min(k, symbols);
  std::uniform_int_distribution<std::uint32_t> pick(0, k - 1);
  std::vector<std::uint32_t> out(n);
  for (auto& t : out) t = pick(rng);
  return out;
}

/// Every sequence of length `n` over the vocabulary, checked at every prefix, plus `samples`
/// random inputs of length `long_n` (all and two-symbol), in both precisions.
inline void check_program(const std::string& text, crasp::model::positional pe, int n_exhaustive,
                          int long_n = 200, int samples = 6) {
  const auto p = load(text);
  const auto c = compile(p, pe, std::max(long_n, 64));
  const auto m32 = crasp::model::cast<float>(c.model);
  const std::uint32_t k = static_cast<std::uint32_t>(p.vocabulary.size());
  std::vector<std::uint32_t> seq(static_cast<std::size_t>(n_exhaustive), 0);
  for (;;) {
    INFO("input of length " << seq.size());
    CHECK(mismatches(p, c.model, seq) == 0);
    std::size_t i = 0;
    while (i < seq.size() && ++seq[i] == k) seq[i++] = 0;
    if (i == seq.size()) break;
  }
  std::mt19937_64 rng(7);
  for (int s = 0; s < samples; ++s) {
    const auto input = random_input(p, static_cast<std::size_t>(long_n), rng, s % 2 == 0 ? 0 : 2);
    CHECK(mismatches(p, c.model, input) == 0);
    CHECK(mismatches(p, m32, input) == 0);
  }
}

}  // namespace lowering_test
