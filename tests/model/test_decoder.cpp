// The key/value cache (model::decoder) against forward(): the scores after appending a position
// equal forward()'s column for that position to the bit (every matrix of these models is small,
// so multiplied column by column), however the positions are split into appends; rows stay
// within rounding of forward()'s when a large dense matrix makes the product a GEMM; errors leave
// the cache as it was.
#include <catch2/catch.hpp>

#include <random>

#include "crasp/decoder.hpp"
#include "reference.hpp"

using namespace crasp::model;
using crasp::model::testing::random_model;
using crasp::model::testing::random_options;
using crasp::model::testing::random_tokens;

namespace {

// A random model whose second head of every layer is uniform (all-zero queries: prefix means),
// next to a general softmax head.
model mixed_heads_model(std::mt19937& rng, positional pe, bool ln, int max_len) {
  random_options o;
  o.pe = pe, o.layer_norm = ln, o.biases = ln, o.max_len = max_len, o.layers = 2;
  model m = random_model(rng, o);
  for (auto& l : m.layers) l.heads[1].wq.setZero();
  return m;
}

// Appends `tokens` in pieces of the given sizes (cycled) and checks the scores after each piece
// against forward()'s column of its last position, to the bit.
template <class T>
void check_against_forward(const basic_model<T>& m, const std::vector<int>& tokens,
                           const std::vector<std::size_t>& pieces) {
  crasp::diagnostics diags;
  const auto full = forward(m, tokens, diags);
  REQUIRE(full);
  const prepared_model<T> pm(m);
  decoder<T> dec(pm);
  std::size_t at = 0;
  for (std::size_t k = 0; at < tokens.size(); ++k) {
    const std::size_t len = std::min(pieces[k % pieces.size()], tokens.size() - at);
    const vector<T>* scores = dec.append(std::span(tokens).subspan(at, len), diags);
    REQUIRE(scores != nullptr);
    at += len;
    REQUIRE(dec.size() == at);
    INFO("position " << at - 1);
    CHECK(*scores == full->scores.col(static_cast<Eigen::Index>(at - 1)));
  }
  CHECK(diags.empty());
}

}  // namespace

TEST_CASE("cached scores equal forward()'s to the bit", "[decoder]") {
  std::mt19937 rng(21);
  for (positional pe : {positional::nope, positional::ape, positional::rope}) {
    for (bool ln : {false, true}) {
      INFO("pe " << to_string(pe) << " ln " << ln);
      const model m = mixed_heads_model(rng, pe, ln, 300);
      REQUIRE(validate(m).empty());
      const model_f32 m32 = cast<float>(m);
      // 300 positions: four whole 64-key blocks and a partial one, so the dyadic segments of
      // both the prefix means and the general heads' sums are all exercised.
      const std::vector<int> tokens = random_tokens(rng, 300);
      for (const auto& pieces : std::vector<std::vector<std::size_t>>{{1}, {300}, {7, 1, 64, 3}}) {
        check_against_forward(m, tokens, pieces);
        check_against_forward(m32, tokens, pieces);
      }
    }
  }
}

// Largest difference between the cached scores, one position appended at a time, and forward()'s,
// relative to max(1, |forward()'s|).
template <class T> double cached_error(const basic_model<T>& m, const std::vector<int>& tokens) {
  crasp::diagnostics diags;
  const auto full = forward(m, tokens, diags);
  REQUIRE(full);
  const prepared_model<T> pm(m);
  decoder<T> dec(pm);
  double worst = 0;
  for (std::size_t p = 0; p < tokens.size(); ++p) {
    const vector<T>* s = dec.append(std::span(tokens).subspan(p, 1), diags);
    REQUIRE(s != nullptr);
    const auto want = full->scores.col(static_cast<Eigen::Index>(p)).template cast<double>();
    const auto got = s->template cast<double>();
    const double err = ((got - want).array().abs() / want.array().abs().max(1.0)).maxCoeff();
    worst = std::max(worst, err);
  }
  return worst;
}

TEST_CASE("with a dense GEMM the cached rows agree within rounding", "[decoder]") {
  // A 130 x 130 FFN layer is past linear<T>::small_entries and fully dense: forward() multiplies
  // it as one GEMM over every position, the cache over the new position only, and Eigen's GEMM
  // and matrix-vector kernels sum in different orders.
  std::mt19937 rng(23);
  random_options o;
  o.layer_norm = true, o.max_len = 200, o.d_model = 130;
  model m = random_model(rng, o);
  std::uniform_real_distribution<double> u(-0.1, 0.1);
  for (auto& l : m.layers) {
    l.ffn.w1 = Eigen::MatrixXd::NullaryExpr(130, 130, [&] { return u(rng); });
    l.ffn.w2 = Eigen::MatrixXd::NullaryExpr(130, 130, [&] { return u(rng); });
  }
  REQUIRE(validate(m).empty());
  const std::vector<int> tokens = random_tokens(rng, 200);
  // (In the default x86-64 build nearly every row differs in its last bits, in both precisions.)
  CHECK(cached_error(m, tokens) < 1e-12);
  CHECK(cached_error(cast<float>(m), tokens) < 1e-4);
}

TEST_CASE("the decoder refuses what forward() refuses and keeps its cache", "[decoder]") {
  std::mt19937 rng(24);
  random_options o;
  o.pe = positional::ape, o.max_len = 4;
  const model m = random_model(rng, o);
  const prepared_model<double> pm(m);
  decoder<double> dec(pm);
  crasp::diagnostics diags;
  CHECK(dec.append({}, diags) == nullptr);
  CHECK(dec.append(std::vector<int>{0, 1}, diags) != nullptr);
  CHECK(dec.append(std::vector<int>{2, 7}, diags) == nullptr);
  CHECK(dec.append(std::vector<int>{1, 1, 1}, diags) == nullptr);
  CHECK(dec.size() == 2);
  REQUIRE(diags.error_count() == 3);
  CHECK(diags.items()[0].message == "no positions to run");
  CHECK(diags.items()[1].message == "token id 7 at position 3 is not in the vocabulary");
  CHECK(diags.items()[2].message == "length 5 exceeds the APE table's 4 positions");
  // Still the sequence 0 1: the next position gives forward()'s column for 0 1 2.
  const auto full = forward(m, std::vector<int>{0, 1, 2, 3}, diags);
  REQUIRE(full);
  const vector<double>* again = dec.append({}, diags);
  REQUIRE(again != nullptr);
  CHECK(*again == full->scores.col(1));
  CHECK(*dec.append(std::vector<int>{2, 3}, diags) == full->scores.col(3));
  // clear() starts another sequence.
  dec.clear();
  CHECK(dec.size() == 0);
  CHECK(*dec.append(std::vector<int>{0, 1, 2}, diags) == full->scores.col(2));
  CHECK(diags.error_count() == 3);
}
