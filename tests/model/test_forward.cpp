// The Eigen forward pass against a naive long-double reference, causal masking, batching,
// residual snapshots and rotary relative-position scores.
#include <catch2/catch.hpp>

#include <cmath>
#include <thread>

#include "reference.hpp"

using namespace crasp::model;
using crasp::model::testing::random_model;
using crasp::model::testing::random_options;
using crasp::model::testing::reference_forward;
using crasp::model::testing::random_tokens;

namespace {

// Largest |eigen - reference| relative to max(1, |reference|) over every output and position.
template <class T> double max_error(const basic_model<T>& m, const model& ref_model, const std::vector<int>& tokens) {
  crasp::diagnostics diags;
  auto r = forward(m, tokens, diags);
  REQUIRE(r);
  REQUIRE(diags.empty());
  const testing::grid want = reference_forward(ref_model, tokens);
  REQUIRE(r->scores.cols() == static_cast<Eigen::Index>(tokens.size()));
  double err = 0;
  for (std::size_t p = 0; p < tokens.size(); ++p)
    for (std::size_t o = 0; o < want[p].size(); ++o) {
      const double got = static_cast<double>(r->scores(static_cast<Eigen::Index>(o), static_cast<Eigen::Index>(p)));
      err = std::max(err, std::abs(got - want[p][o]) / std::max(1.0, std::abs(want[p][o])));
    }
  return err;
}

}  // namespace

TEST_CASE("forward matches the naive reference on random models", "[forward]") {
  std::mt19937 rng(7);
  for (positional pe : {positional::nope, positional::ape, positional::rope}) {
    for (bool ln : {false, true}) {
      for (bool biases : {false, true}) {
        random_options o;
        o.pe = pe, o.layer_norm = ln, o.biases = biases;
        const model m = random_model(rng, o);
        INFO("pe " << to_string(pe) << " ln " << ln << " biases " << biases);
        REQUIRE(validate(m).empty());
        const model_f32 m32 = cast<float>(m);
        for (int n : {1, 2, 7, 24}) {
          const std::vector<int> tokens = random_tokens(rng, n);
          // f64: products of O(1) weights over tiny dimensions; LayerNorm can amplify by
          // 1/std, still far below 1e-9. f32: same with unit roundoff 6e-8.
          CHECK(max_error(m, m, tokens) < 1e-9);
          CHECK(max_error(m32, m, tokens) < 2e-3);
        }
      }
    }
  }
}

TEST_CASE("forward matches the reference past several 64-key blocks", "[forward]") {
  std::mt19937 rng(11);
  random_options o;
  o.layers = 1, o.layer_norm = true, o.max_len = 600;
  o.pe = positional::ape;
  const model m = random_model(rng, o);
  CHECK(max_error(m, m, random_tokens(rng, 600)) < 1e-9);
}

TEST_CASE("changing a later token never changes earlier outputs", "[forward]") {
  std::mt19937 rng(3);
  for (positional pe : {positional::nope, positional::ape, positional::rope}) {
    random_options o;
    o.pe = pe, o.layer_norm = true, o.biases = true, o.max_len = 300;
    const model m = random_model(rng, o);
    std::vector<int> a = random_tokens(rng, 300);
    crasp::diagnostics diags;
    const auto ra = forward(m, a, diags);
    for (int changed : {1, 150, 299}) {
      std::vector<int> b = a;
      b[changed] = b[changed] % 3 + 1;
      const auto rb = forward(m, b, diags);
      REQUIRE(ra);
      REQUIRE(rb);
      // Bit-identical: the earlier columns are computed by exactly the same operations.
      CHECK(ra->scores.leftCols(changed) == rb->scores.leftCols(changed));
      CHECK(ra->scores.col(changed) != rb->scores.col(changed));
    }
  }
}

TEST_CASE("forward() rows do not depend on the sequence length", "[forward]") {
  // A prefix's forward pass is the longer pass's first columns, to the bit: each row is computed
  // by the same operations whatever follows it (what model::decoder relies on). Every matrix of
  // these models is small, so multiplied column by column; one head per layer is uniform.
  std::mt19937 rng(22);
  random_options o;
  o.pe = positional::rope, o.layer_norm = true, o.biases = true, o.max_len = 600;
  model m = random_model(rng, o);
  for (auto& l : m.layers) l.heads[1].wq.setZero();
  const std::vector<int> tokens = random_tokens(rng, 600);
  crasp::diagnostics diags;
  const auto full = forward(m, tokens, diags);
  REQUIRE(full);
  for (int n : {1, 63, 64, 65, 257, 511}) {
    const auto part = forward(m, std::span(tokens).first(static_cast<std::size_t>(n)), diags);
    REQUIRE(part);
    CHECK(part->scores == full->scores.leftCols(n));
  }
}

TEST_CASE("a batch gives the same outputs as separate runs", "[forward]") {
  std::mt19937 rng(5);
  random_options o;
  o.pe = positional::rope, o.layer_norm = true;
  const model m = random_model(rng, o);
  const std::vector<std::vector<int>> batch{random_tokens(rng, 5), random_tokens(rng, 1),
                                            random_tokens(rng, 17), {}};
  crasp::diagnostics diags;
  const auto all = forward_batch(m, std::span(batch), diags, {.keep_residuals = true});
  REQUIRE(all);
  REQUIRE(all->size() == 4);
  for (std::size_t s = 0; s < batch.size(); ++s) {
    const auto one = forward(m, batch[s], diags, {.keep_residuals = true});
    REQUIRE(one);
    CHECK((*all)[s].scores.cols() == one->scores.cols());
    CHECK(((*all)[s].scores - one->scores).norm() <= 1e-12);
    REQUIRE((*all)[s].residuals.size() == one->residuals.size());
  }
  CHECK(diags.empty());
}

TEST_CASE("residual snapshots are named and end at the unembedding input", "[forward]") {
  std::mt19937 rng(9);
  const model m = random_model(rng, {});
  crasp::diagnostics diags;
  const auto r = forward(m, std::vector<int>{0, 1, 2}, diags, {.keep_residuals = true});
  REQUIRE(r);
  std::vector<std::string> names;
  for (const auto& s : r->residuals) names.push_back(s.name);
  CHECK(names == std::vector<std::string>{"embed", "L0.attn", "L0.ffn", "L1.attn", "L1.ffn"});
  CHECK((r->residuals[0].value - m.embed.leftCols(3)).norm() == 0);
  const Eigen::MatrixXd last = m.unembed * r->residuals.back().value;
  CHECK((last - r->scores).norm() < 1e-12);
  const auto plain = forward(m, std::vector<int>{0, 1, 2}, diags);
  CHECK(plain->residuals.empty());
}

TEST_CASE("rotary attention scores depend only on i - j", "[forward][rope]") {
  // Query and key read the constant ONE dimension: only the rotation varies with position.
  model m;
  m.vocab = {"<bos>", "a"};
  m.residual_names = {"one", "is_a"};
  m.max_len = 64;
  m.pe = positional::rope;
  m.embed = Eigen::MatrixXd{{1, 1}, {0, 1}};
  head h;
  h.wq = Eigen::MatrixXd{{1, 0}, {0.5, 0}, {2, 0}, {-1, 0}};
  h.wk = Eigen::MatrixXd{{0.3, 0}, {1, 0}, {1, 0}, {0.25, 0}};
  h.wv = Eigen::MatrixXd::Zero(1, 2);
  h.wo = Eigen::MatrixXd::Zero(2, 1);
  h.rotary = {M_PI / 2, M_PI / 8};
  m.unembed = Eigen::MatrixXd::Zero(0, 2);
  layer l;
  l.heads.push_back(h);
  l.ffn.w1.resize(0, 2), l.ffn.w2.resize(2, 0);
  m.layers.push_back(l);
  REQUIRE(validate(m).empty());
  std::vector<int> tokens(64, 1);
  tokens[0] = 0;
  crasp::diagnostics diags;
  const auto r = forward(m, tokens, diags, {.keep_residuals = true});
  REQUIRE(r);
  const Eigen::MatrixXd s = attention_scores(h, r->residuals[0].value);
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j <= i; ++j) CHECK(std::abs(s(j, i) - s(0, i - j)) < 1e-12);
  CHECK(s(1, 0) == -std::numeric_limits<double>::infinity());
  // And it really varies: offsets 0 and 1 score differently.
  CHECK(std::abs(s(0, 0) - s(0, 1)) > 0.1);
}

TEST_CASE("forward reports bad tokens and over-long APE inputs", "[forward]") {
  std::mt19937 rng(1);
  random_options o;
  o.pe = positional::ape, o.max_len = 4;
  const model m = random_model(rng, o);
  crasp::diagnostics diags;
  CHECK_FALSE(forward(m, std::vector<int>{0, 7}, diags));
  CHECK_FALSE(forward(m, std::vector<int>{0, -1}, diags));
  CHECK_FALSE(forward(m, std::vector<int>{0, 1, 1, 1, 1}, diags));
  REQUIRE(diags.error_count() == 3);
  CHECK(diags.items()[0].message == "token id 7 at position 1 is not in the vocabulary");
  CHECK(diags.items()[2].message == "length 5 exceeds the APE table's 4 positions");
  CHECK(forward(m, std::vector<int>{0, 1, 1, 1}, diags));
}

TEST_CASE("reused buffers change no output: across calls, models and threads", "[forward]") {
  // A prepared model keeps its buffers from call to call (and hands them to the next model);
  // stale contents must never leak into a result. Lengths shrink and grow between calls, the
  // second model is wider, and two threads share one prepared model (one of them then runs on
  // buffers of its own).
  std::mt19937 rng(31);
  random_options o;
  o.pe = positional::rope, o.layer_norm = true, o.biases = true, o.max_len = 300;
  const model a = random_model(rng, o);
  o.d_model += 5;
  const model b = random_model(rng, o);
  std::vector<std::vector<int>> inputs;
  for (int n : {200, 3, 150, 1, 280, 64}) inputs.push_back(random_tokens(rng, n));
  crasp::diagnostics diags;
  auto fresh = [&](const model& m, const std::vector<int>& t) {
    const auto r = forward(m, t, diags);  // a prepared model of its own, fresh buffers
    REQUIRE(r);
    return r->scores;
  };
  prepared_model<double> pa(a);
  for (const auto& t : inputs) {
    const auto r = forward(pa, t, diags);
    REQUIRE(r);
    CHECK(r->scores == fresh(a, t));
  }
  prepared_model<double> pb(b, pa.release_buffers());
  for (const auto& t : inputs) {
    const auto r = forward(pb, t, diags);
    REQUIRE(r);
    CHECK(r->scores == fresh(b, t));
  }
  std::vector<matrix<double>> got(2 * inputs.size());
  auto run = [&](std::size_t from) {
    crasp::diagnostics d;
    for (std::size_t i = 0; i < inputs.size(); ++i)
      if (auto r = forward(pb, inputs[i], d)) got[from + i] = r->scores;
  };
  std::thread t1(run, 0), t2(run, inputs.size());
  t1.join(), t2.join();
  for (std::size_t i = 0; i < got.size(); ++i) CHECK(got[i] == fresh(b, inputs[i % inputs.size()]));
  CHECK(diags.empty());
}

TEST_CASE("a sharp head (most weights exactly 0) matches the reference", "[forward]") {
  // Scores scaled up so that all but a few keys fall below the cutoff and get weight exactly 0:
  // those keys are skipped in the value sums, which must change nothing.
  std::mt19937 rng(41);
  random_options o;
  o.pe = positional::ape, o.max_len = 200;
  model m = random_model(rng, o);
  for (auto& l : m.layers)
    for (auto& h : l.heads) h.wq *= 60.0;
  const std::vector<int> tokens = random_tokens(rng, 200);
  // The first layer's heads do drop keys: scores on the embeddings more than the cutoff below
  // their query's largest.
  matrix<double> x(m.d_model(), static_cast<Eigen::Index>(tokens.size()));
  for (std::size_t p = 0; p < tokens.size(); ++p)
    x.col(static_cast<Eigen::Index>(p)) = m.embed.col(tokens[p]) + m.pos_embed->col(static_cast<Eigen::Index>(p));
  std::size_t dropped = 0;
  for (const auto& h : m.layers[0].heads) {
    const matrix<double> s = attention_scores(h, x);
    for (Eigen::Index i = 0; i < s.cols(); ++i) {
      const double top = s.col(i).head(i + 1).maxCoeff();
      for (Eigen::Index j = 0; j <= i; ++j) dropped += top - s(j, i) > attention_cutoff<double>;
    }
  }
  CHECK(dropped > 1000);
  CHECK(max_error(m, m, tokens) < 1e-9);
}
