// Uniform heads (all-zero query or key weights) take the prefix-mean path of forward()
// (src/model/prefix_mean.hpp). Checked against the naive long-double reference, against the
// general softmax path on the same head, at every block boundary, in batches, and for the
// certified rounding bound.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "model/prefix_mean.hpp"
#include "reference.hpp"

using namespace crasp::model;
using crasp::model::testing::reference_forward;

namespace {

// One layer, one head averaging three value rows taken from the embedding ("v0".."v2"), read out
// directly. `general`: the query reads "one" and the key reads "zero", a residual row that is 0
// everywhere, so every score is still 0 but the head is not recognisably uniform and takes the
// general softmax path.
model averaging_model(std::mt19937& rng, bool general, bool integer_values) {
  model m;
  m.vocab = {"<bos>", "a", "b", "c"};
  m.bos = 0;
  m.max_len = 5000;
  m.residual_names = {"one", "zero", "v0", "v1", "v2", "m0", "m1", "m2"};
  const int d = 8;
  m.embed = Eigen::MatrixXd::Zero(d, 4);
  m.embed.row(0).setOnes();
  std::uniform_real_distribution<double> real(-2, 2);
  std::bernoulli_distribution coin(0.5);
  for (int t = 0; t < 4; ++t)
    for (int r = 2; r < 5; ++r) m.embed(r, t) = integer_values ? (coin(rng) ? 1 : 0) : real(rng);
  head h;
  h.name = general ? "general" : "uniform";
  h.wq = Eigen::MatrixXd::Zero(1, d);
  h.wk = Eigen::MatrixXd::Zero(1, d);
  if (general) {
    h.wq(0, 0) = 3;  // reads "one"
    h.wk(0, 1) = 5;  // reads "zero"
  }
  h.wv = Eigen::MatrixXd::Zero(3, d);
  h.wo = Eigen::MatrixXd::Zero(d, 3);
  for (int r = 0; r < 3; ++r) {
    h.wv(r, 2 + r) = 1;
    h.wo(5 + r, r) = 1;
  }
  layer l;
  l.heads.push_back(h);
  l.ffn.w1.resize(0, d);
  l.ffn.w2.resize(d, 0);
  m.layers.push_back(l);
  m.unembed = Eigen::MatrixXd::Zero(3, d);
  for (int r = 0; r < 3; ++r) m.unembed(r, 5 + r) = 1;
  m.output_labels = {"m0", "m1", "m2"};
  return m;
}

std::vector<int> random_tokens(std::mt19937& rng, int n) {
  std::uniform_int_distribution<int> t(1, 3);
  std::vector<int> out{0};
  for (int i = 1; i < n; ++i) out.push_back(t(rng));
  return out;
}

}  // namespace

TEST_CASE("uniform heads are recognised by all-zero query or key weights", "[prefix_mean]") {
  std::mt19937 rng(1);
  CHECK(detail::uniform_head(averaging_model(rng, false, false).layers[0].heads[0]));
  CHECK_FALSE(detail::uniform_head(averaging_model(rng, true, false).layers[0].heads[0]));
  head h = averaging_model(rng, true, false).layers[0].heads[0];
  h.wk.setZero();  // query non-zero, key zero: still every score 0
  CHECK(detail::uniform_head(h));
}

TEST_CASE("prefix means match the long-double reference at every block boundary", "[prefix_mean]") {
  std::mt19937 rng(2);
  const model m = averaging_model(rng, false, false);
  REQUIRE(validate(m).empty());
  const model_f32 m32 = cast<float>(m);
  for (int n : {1, 2, 63, 64, 65, 127, 128, 129, 191, 192, 193, 1000, 4097}) {
    INFO("n = " << n);
    const auto tokens = random_tokens(rng, n);
    const auto want = reference_forward(m, tokens);
    crasp::diagnostics diags;
    const auto r64 = forward(m, tokens, diags);
    const auto r32 = forward(m32, tokens, diags);
    REQUIRE(r64);
    REQUIRE(r32);
    double e64 = 0, e32 = 0;
    for (int p = 0; p < n; ++p)
      for (int o = 0; o < 3; ++o) {
        const double w = want[static_cast<std::size_t>(p)][static_cast<std::size_t>(o)];
        e64 = std::max(e64, std::abs(r64->scores(o, p) - w));
        e32 = std::max(e32, std::abs(static_cast<double>(r32->scores(o, p)) - w));
      }
    // Values are at most 2 in size; the sums' bound is gamma_k times that, k <= 64 + 7.
    CHECK(e64 < 1e-13);
    CHECK(e32 < 2e-5);
  }
}

TEST_CASE("prefix means agree with the general softmax path", "[prefix_mean]") {
  for (const bool integer_values : {true, false}) {
    INFO((integer_values ? "0/1 values" : "real values"));
    std::mt19937 rng(3);
    const model uniform = averaging_model(rng, false, integer_values);
    std::mt19937 same(3);
    const model general = averaging_model(same, true, integer_values);
    REQUIRE(uniform.embed == general.embed);
    const model_f32 u32 = cast<float>(uniform);
    const model_f32 g32 = cast<float>(general);
    const auto tokens = random_tokens(rng, 700);
    crasp::diagnostics diags;
    const auto a = forward(u32, tokens, diags);
    const auto b = forward(g32, tokens, diags);
    REQUIRE(a);
    REQUIRE(b);
    if (integer_values) {
      // Exact integer sums and one division: both correctly rounded, so equal to the bit.
      CHECK(a->scores == b->scores);
    } else {
      CHECK((a->scores - b->scores).cwiseAbs().maxCoeff() < 1e-5F);
    }
  }
}

TEST_CASE("prefix means stay within each sequence of a batch", "[prefix_mean]") {
  std::mt19937 rng(4);
  const model m = averaging_model(rng, false, false);
  std::vector<std::vector<int>> batch{random_tokens(rng, 70), random_tokens(rng, 1), random_tokens(rng, 200)};
  crasp::diagnostics diags;
  const auto together = forward_batch(m, std::span<const std::vector<int>>(batch), diags);
  REQUIRE(together);
  for (std::size_t s = 0; s < batch.size(); ++s) {
    const auto alone = forward(m, batch[s], diags);
    REQUIRE(alone);
    CHECK(together->at(s).scores == alone->scores);
  }
}
