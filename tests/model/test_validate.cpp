// validate(): every shape, name and id problem is one error naming the offending tensor.
#include <catch2/catch.hpp>

#include <cmath>

#include "reference.hpp"

using namespace crasp::model;

namespace {

model good() {
  std::mt19937 rng(2);
  testing::random_options o;
  o.pe = positional::ape, o.layer_norm = true, o.biases = true;
  return random_model(rng, o);
}

// The single error validate() reports, as "origin: message".
std::string only_error(const model& m) {
  const crasp::diagnostics d = validate(m);
  REQUIRE(d.error_count() == 1);
  return d.items()[0].origin + ": " + d.items()[0].message;
}

}  // namespace

TEST_CASE("validate accepts well-formed models", "[validate]") {
  CHECK(validate(good()).empty());
  CHECK(validate(cast<float>(good())).empty());
}

TEST_CASE("validate reports each malformed part", "[validate]") {
  model m = good();
  m.embed.conservativeResize(6, 3);
  CHECK(only_error(m) == "embed: shape is 6x3, expected 6x4");
  m = good();
  m.layers[1].heads[0].wk = Eigen::MatrixXd::Zero(3, 6);
  CHECK(only_error(m) == "layers.1.heads.0.wk: shape is 3x6, expected 4x6");
  m = good();
  m.layers[0].heads[1].wo = Eigen::MatrixXd::Zero(6, 4);
  CHECK(only_error(m) == "layers.0.heads.1.wo: shape is 6x4, expected 6x3");
  m = good();
  m.layers[0].ffn.w2 = Eigen::MatrixXd::Zero(6, 4);
  CHECK(only_error(m) == "layers.0.ffn.w2: shape is 6x4, expected 6x5");
  m = good();
  m.layers[0].ffn.b1 = Eigen::VectorXd::Zero(2);
  CHECK(only_error(m) == "layers.0.ffn.b1: length is 2, expected 5");
  m = good();
  m.layers[1].ln_attn.gain = Eigen::VectorXd::Zero(5);
  CHECK(only_error(m) == "layers.1.ln_attn.gain: length is 5, expected 6");
  m = good();
  m.layers[1].ln_ffn.eps = -1;
  CHECK(only_error(m) == "layers.1.ln_ffn: eps must be finite and >= 0");
  m = good();
  m.pos_embed->conservativeResize(6, 10);
  CHECK(only_error(m) == "pos_embed: shape is 6x10, expected 6x24");
  m = good();
  m.pos_rows = std::vector<int>{0, 2};  // the table must then have 2 rows
  CHECK(only_error(m) == "pos_embed: shape is 6x24, expected 2x24");
  m.pos_rows = std::vector<int>{2, 0};
  m.pos_embed->conservativeResize(2, 24);
  CHECK(only_error(m) == "pos_rows: dimensions must be strictly increasing (row 1: 0 after 2)");
  m.pos_rows = std::vector<int>{0, 6};
  CHECK(only_error(m) == "pos_rows: row 1 adds to dimension 6, not a residual dimension");
  m = good();
  m.pos_embed.reset();
  CHECK(only_error(m) == "pos_embed: an APE model needs a positional embedding table");
  m = good();
  m.pe = positional::nope;
  CHECK(only_error(m) == "pos_embed: a nope model has no positional embedding table");
  m = good();
  m.layers[0].heads[0].rotary = {1.0};
  CHECK(only_error(m) == "layers.0.heads.0.rotary: rotary frequencies in a ape model");
  m = good();
  m.pe = positional::rope;
  m.pos_embed.reset();
  m.layers[0].heads[0].rotary = {1, 2, 3};
  CHECK(only_error(m) == "layers.0.heads.0.rotary: 3 rotary frequencies for d_head 4 (at most 2)");
  m = good();
  m.unembed = Eigen::MatrixXd::Zero(3, 6);
  CHECK(only_error(m) == "unembed: shape is 3x6, expected 2x6");
  m = good();
  m.embed(0, 0) = std::nan("");
  CHECK(only_error(m) == "embed: contains a non-finite value");
  m = good();
  m.residual_names[3] = "r1";
  CHECK(only_error(m) == "residual_names: duplicate name 'r1'");
  m = good();
  m.vocab[2] = "";
  CHECK(only_error(m) == "vocab: empty name");
  m = good();
  m.bos = 4;
  CHECK(only_error(m) == "bos: bos id 4 is not a token id");
  m = good();
  m.max_len = 0;
  m.pos_embed = Eigen::MatrixXd::Zero(6, 0);
  CHECK(only_error(m) == "max_len: max_len must be at least 1");
}
