// Counting by uniform causal attention (Yang & Chiang 2024, arXiv 2404.04393), over an internal
// BOS: zero query/key weights give every visible position weight 1/(i+1), so averaging "is BOS"
// gives u = 1/(i+1) and averaging "is a" gives #a·u, at every position i of the sequence (BOS
// at 0).
#include <catch2/catch.hpp>

#include <random>

#include "crasp/model.hpp"

using namespace crasp::model;

namespace {

model counting_model(int max_len) {
  model m;
  m.vocab = {"<bos>", "a", "b"};
  m.bos = 0;
  m.max_len = max_len;
  m.residual_names = {"one", "is_bos", "is_a", "u", "count_a"};
  const int d = 5;
  m.embed = Eigen::MatrixXd::Zero(d, 3);
  m.embed.row(0).setOnes();           // one
  m.embed(1, 0) = 1;                  // is_bos
  m.embed(2, 1) = 1;                  // is_a
  head h;
  h.name = "uniform";
  h.wq = Eigen::MatrixXd::Zero(1, d);  // every score 0: uniform over j <= i
  h.wk = Eigen::MatrixXd::Zero(1, d);
  h.wv = Eigen::MatrixXd::Zero(2, d);
  h.wv(0, 1) = 1;                      // value: is_bos
  h.wv(1, 2) = 1;                      // value: is_a
  h.wo = Eigen::MatrixXd::Zero(d, 2);
  h.wo(3, 0) = 1;                      // -> u
  h.wo(4, 1) = 1;                      // -> count_a
  layer l;
  l.name = "count";
  l.heads.push_back(h);
  l.ffn.w1.resize(0, d);
  l.ffn.w2.resize(d, 0);
  m.layers.push_back(l);
  m.unembed = Eigen::MatrixXd::Zero(2, d);
  m.unembed(0, 3) = 1;
  m.unembed(1, 4) = 1;
  m.output_labels = {"u", "count_a"};
  return m;
}

// Checks u and #a·u at every position with relative error at most `rel`.
template <class T> void check_counts(const basic_model<T>& m, const std::vector<int>& tokens, double rel) {
  crasp::diagnostics diags;
  const auto r = forward(m, tokens, diags);
  REQUIRE(r);
  long count_a = 0;
  double worst = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    count_a += tokens[i] == 1;
    const double u = 1.0 / static_cast<double>(i + 1);
    const double want_count = static_cast<double>(count_a) / static_cast<double>(i + 1);
    const double got_u = static_cast<double>(r->scores(0, static_cast<Eigen::Index>(i)));
    const double got_c = static_cast<double>(r->scores(1, static_cast<Eigen::Index>(i)));
    worst = std::max(worst, std::abs(got_u - u) / u);
    if (count_a == 0) {
      REQUIRE(got_c == 0);
    } else {
      worst = std::max(worst, std::abs(got_c - want_count) / want_count);
    }
  }
  INFO("worst relative error " << worst);
  CHECK(worst <= rel);
}

}  // namespace

TEST_CASE("uniform attention over BOS computes 1/(i+1) and #a/(i+1) exactly", "[uniform]") {
  const model m = counting_model(4096);
  REQUIRE(validate(m).empty());
  const model_f32 m32 = cast<float>(m);
  std::mt19937 rng(42);
  std::bernoulli_distribution coin(0.5);
  for (int n : {1, 2, 3, 100, 4096}) {
    std::vector<int> tokens{0};
    for (int i = 1; i < n; ++i) tokens.push_back(coin(rng) ? 1 : 2);
    INFO("n = " << n);
    // Scores are all 0, exp(0) = 1 exactly; the value sums are exact integers and one division
    // rounds them: the result is correctly rounded, within half an ulp.
    check_counts(m, tokens, 0x1p-53);
    check_counts(m32, tokens, 0x1p-24);
  }
  // All a's: count_a = i at every position.
  std::vector<int> all_a(4096, 1);
  all_a[0] = 0;
  check_counts(m, all_a, 0x1p-53);
  check_counts(m32, all_a, 0x1p-24);
}

TEST_CASE("summary counts every stored weight", "[summary]") {
  model m = counting_model(16);
  summary s = summarize(m);
  CHECK(s.layers == 1);
  CHECK(s.heads == 1);
  CHECK(s.max_heads == 1);
  CHECK(s.d_model == 5);
  CHECK(s.max_d_ff == 0);
  CHECK(s.max_d_head == 1);
  CHECK(s.vocab == 3);
  CHECK(s.n_out == 2);
  // embed 15 + wq 5 + wk 5 + wv 10 + wo 10 + unembed 10
  CHECK(s.parameters == 55u);
  m.layers[0].ffn.w1 = Eigen::MatrixXd::Zero(3, 5);
  m.layers[0].ffn.w2 = Eigen::MatrixXd::Zero(5, 3);
  m.layers[0].ffn.b1 = Eigen::VectorXd::Zero(3);
  m.layers[0].ln_ffn.gain = Eigen::VectorXd::Ones(5);
  m.pe = positional::ape;
  m.pos_embed = Eigen::MatrixXd::Zero(5, 16);
  s = summarize(m);
  CHECK(s.max_d_ff == 3);
  CHECK(s.parameters == 55u + 15 + 15 + 3 + 5 + 80);
  CHECK(m.residual_index("count_a") == 4);
  CHECK_FALSE(m.residual_index("nope"));
  CHECK(m.token_id("b") == 2);
  CHECK(m.output_index("u") == 0);
  CHECK(with_bos(m, std::vector<int>{1, 2}) == std::vector<int>{0, 1, 2});
}

TEST_CASE("averages of non-integer values keep the blocked pairwise error bound", "[uniform]") {
  // Every value is fl32(0.1): its sums are not exact, and a running sum of 16384 of them drifts
  // far past what the certified ranges assume. forward() sums in blocks of attention_sum_block
  // keys added pairwise, so the relative error stays within gamma_{s_n} plus one division.
  model m = counting_model(16385);
  m.embed(2, 1) = static_cast<double>(0.1F);
  const model_f32 m32 = cast<float>(m);
  const int n = 16385;
  std::vector<int> tokens(static_cast<std::size_t>(n), 1);
  tokens[0] = 0;
  crasp::diagnostics diags;
  const auto r = forward(m32, tokens, diags);
  REQUIRE(r);
  const double v = static_cast<double>(0.1F);
  const double eps = 0x1p-24;
  double worst = 0;
  double worst_allowed = 1;
  for (int i = 1; i < n; ++i) {
    const double want = v * i / (i + 1);  // i a's and the BOS (value 0) among i + 1 keys
    const double got = static_cast<double>(r->scores(1, i));
    const double rel = std::abs(got - want) / want;
    const double k = attention_sum_terms(i + 1);
    const double allowed = (k * eps / (1 - k * eps)) + 2 * eps;
    if (rel > allowed) FAIL("position " << i << ": relative error " << rel << " > " << allowed);
    worst = std::max(worst, rel);
    worst_allowed = std::min(worst_allowed, allowed);
  }
  INFO("worst relative error " << worst);
  // The bound is not vacuous: a plain running float sum of the same values is far outside it.
  float running = 0;
  for (int i = 1; i < n; ++i) running += 0.1F;
  const double running_rel = std::abs(static_cast<double>(running) - v * (n - 1)) / (v * (n - 1));
  INFO("running sum relative error " << running_rel);
  CHECK(running_rel > 10 * attention_sum_terms(n) * eps);
}
