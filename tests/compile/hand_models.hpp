// Tiny models built by hand, following the conventions compile() writes (BOS "<crasp:bos>" at id
// 0, the output labels of docs/compiler.md), so the runtime and verify() can be tested on models
// whose every weight is known.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "crasp/compile.hpp"
#include "crasp/frontend.hpp"
#include "crasp/model.hpp"

namespace hand {

using crasp::model::matrix;
using crasp::model::model;

/// A model with no layers: embedding rows set to 1 where `ones` says, vocabulary BOS first.
inline model embedding_only(std::vector<std::string> tokens, std::vector<std::string> dims) {
  model m;
  m.vocab = {crasp::model_bos_token};
  m.vocab.insert(m.vocab.end(), tokens.begin(), tokens.end());
  m.residual_names = std::move(dims);
  m.embed = matrix<double>::Zero(m.d_model(), static_cast<Eigen::Index>(m.vocab.size()));
  m.max_len = 64;
  return m;
}

inline void set(model& m, const std::string& token, const std::string& dim, double v = 1) {
  m.embed(*m.residual_index(dim), *m.token_id(token)) = v;
}

/// Boolean acceptor "the last token is a": accept = is_a, reject = one - is_a.
inline model last_is_a(bool open = false) {
  std::vector<std::string> toks{"a", "b"};
  if (open) toks.push_back(crasp::model_other_token);
  model m = embedding_only(toks, {"one", "is_a"});
  for (const auto& t : m.vocab) set(m, t, "one");
  set(m, "a", "is_a");
  m.unembed = matrix<double>{{0, 1}, {1, -1}};
  m.output_labels = {"accept", "reject"};
  return m;
}

/// Count acceptor #a: one uniform head (zero queries and keys) averages is_a over BOS and the
/// input, so the score is #a / (i + 2) exactly as the count convention asks.
inline model count_a() {
  model m = embedding_only({"a", "b"}, {"is_a", "frac_a"});
  set(m, "a", "is_a");
  crasp::model::layer layer;
  crasp::model::head h;
  h.wq = matrix<double>::Zero(1, 2);
  h.wk = matrix<double>::Zero(1, 2);
  h.wv = matrix<double>{{1, 0}};
  h.wo = matrix<double>{{0}, {1}};
  layer.heads.push_back(h);
  layer.ffn.w1 = matrix<double>::Zero(0, 2);
  layer.ffn.w2 = matrix<double>::Zero(2, 0);
  m.layers.push_back(layer);
  m.unembed = matrix<double>{{0, 1}};
  m.output_labels = {"count"};
  return m;
}

/// Next-token model over a b c d: after a comes b, after b comes a, after c nothing, after d
/// both (an ambiguity).
inline model alternate() {
  model m = embedding_only({"a", "b", "c", "d"}, {"is_a", "is_b", "is_d"});
  set(m, "a", "is_a");
  set(m, "b", "is_b");
  set(m, "d", "is_d");
  m.unembed = matrix<double>{{0, 1, 1}, {1, 0, 1}};
  m.output_labels = {"next:a", "next:b"};
  return m;
}

/// The program the alternate() model computes, for the interpreter side.
inline constexpr const char* alternate_program =
    "alphabet S = { \"a\" \"b\" \"c\" \"d\" }\n"
    "next \"a\" = \"b\" || \"d\"\n"
    "next \"b\" = \"a\" || \"d\"\n";

inline crasp::ir::program load(const std::string& name, const std::string& text) {
  auto loaded = crasp::load_text(name, text);
  INFO(crasp::render(loaded.diags));
  REQUIRE(loaded.ok());
  return std::move(*loaded.program);
}

inline std::string messages(const crasp::diagnostics& diags) {
  std::string out;
  for (const auto& d : diags.items()) out += d.message + "\n";
  return out;
}

}  // namespace hand
