// Weight matrices multiplied the cheaper way (src/model/linear.hpp): mostly-zero matrices as
// sparse products, the others as dense GEMMs, with the same results; and prepared models.
#include <catch2/catch.hpp>

#include <random>

#include "model/linear.hpp"
#include "reference.hpp"

using namespace crasp::model;

namespace {

// rows x cols with about `density` of the entries non-zero: small integers, or reals.
Eigen::MatrixXd random_weights(std::mt19937& rng, int rows, int cols, double density, bool integers) {
  std::bernoulli_distribution keep(density);
  std::uniform_int_distribution<int> small(-4, 4);
  std::uniform_real_distribution<double> real(-1, 1);
  Eigen::MatrixXd w = Eigen::MatrixXd::Zero(rows, cols);
  for (int c = 0; c < cols; ++c)
    for (int r = 0; r < rows; ++r)
      if (keep(rng)) w(r, c) = integers ? small(rng) : real(rng);
  return w;
}

}  // namespace

TEST_CASE("sparse and dense products agree", "[linear]") {
  std::mt19937 rng(5);
  for (const double density : {0.0, 0.002, 0.05, 0.5, 1.0}) {
    for (const bool integers : {true, false}) {
      INFO("density " << density << (integers ? " integers" : " reals"));
      const Eigen::MatrixXd w = random_weights(rng, 300, 200, density, integers);
      const Eigen::MatrixXd x = random_weights(rng, 200, 70, 1.0, integers);
      const detail::linear<double> l(w);
      const Eigen::MatrixXd want = w * x;
      const Eigen::MatrixXd got = l * x;
      if (integers) {
        CHECK(got == want);  // sums of small integers are exact in any order
      } else {
        CHECK((got - want).cwiseAbs().maxCoeff() <= 1e-12);
      }
      Eigen::MatrixXd acc = Eigen::MatrixXd::Ones(300, 70);
      l.add_to(x, acc);
      CHECK((acc - (want.array() + 1).matrix()).cwiseAbs().maxCoeff() <= 1e-12);
    }
  }
}

TEST_CASE("a prepared model gives forward()'s results", "[linear]") {
  std::mt19937 rng(6);
  testing::random_options o;
  o.pe = positional::rope;
  const model m = testing::random_model(rng, o);
  REQUIRE(validate(m).empty());
  prepared_model<double> pm(m);
  CHECK(&pm.model() == &m);
  std::vector<std::vector<int>> batch{{0, 1, 2, 3, 1}, {0, 2}, {0, 3, 3, 1, 2, 2, 1}};
  crasp::diagnostics diags;
  const auto a = forward_batch(pm, std::span<const std::vector<int>>(batch), diags);
  const auto b = forward_batch(m, std::span<const std::vector<int>>(batch), diags);
  REQUIRE(a);
  REQUIRE(b);
  for (std::size_t s = 0; s < batch.size(); ++s) {
    CHECK(a->at(s).scores == b->at(s).scores);
    const auto one = forward(pm, batch[s], diags);
    REQUIRE(one);
    CHECK((one->scores - b->at(s).scores).cwiseAbs().maxCoeff() < 1e-12);
  }
  // Moved, it still refers to the same model.
  const prepared_model<double> moved(std::move(pm));
  CHECK(&moved.model() == &m);
}
