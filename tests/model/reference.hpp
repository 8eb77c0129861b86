// A naive scalar reference forward pass (triple loops, no Eigen products) and random models, to
// check the Eigen forward pass against.
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <random>
#include <vector>

#include "crasp/model.hpp"

namespace crasp::model::testing {

using grid = std::vector<std::vector<double>>;  // grid[position][row]

// Naive forward in long double: y = row-major loops over the same definition as the docs.
inline grid reference_forward(const model& m, const std::vector<int>& tokens) {
  using ld = long double;
  const int d = m.d_model();
  const int n = static_cast<int>(tokens.size());
  std::vector<std::vector<ld>> x(n, std::vector<ld>(d));
  for (int p = 0; p < n; ++p)
    for (int r = 0; r < d; ++r)
      x[p][r] = m.embed(r, tokens[p]) + (m.pos_embed ? (*m.pos_embed)(r, p) : 0.0);
  auto matvec = [](const Eigen::MatrixXd& w, const std::vector<ld>& v) {
    std::vector<ld> out(w.rows(), 0);
    for (int r = 0; r < w.rows(); ++r)
      for (int c = 0; c < w.cols(); ++c) out[r] += w(r, c) * v[c];
    return out;
  };
  auto norm = [&](const layer_norm& ln) {
    if (!ln.enabled) return;
    for (int p = 0; p < n; ++p) {
      ld mean = 0, var = 0;
      for (int r = 0; r < d; ++r) mean += x[p][r];
      mean /= d;
      for (int r = 0; r < d; ++r) var += (x[p][r] - mean) * (x[p][r] - mean);
      var /= d;
      for (int r = 0; r < d; ++r) {
        x[p][r] = (x[p][r] - mean) / std::sqrt(var + ln.eps);
        if (ln.gain) x[p][r] *= (*ln.gain)(r);
        if (ln.bias) x[p][r] += (*ln.bias)(r);
      }
    }
  };
  auto rotate = [](std::vector<ld>& v, const std::vector<double>& rot, int p) {
    for (std::size_t k = 0; k < rot.size(); ++k) {
      const ld a = static_cast<ld>(p) * rot[k];
      const ld c = std::cos(a), s = std::sin(a), u = v[2 * k], w = v[2 * k + 1];
      v[2 * k] = u * c - w * s;
      v[2 * k + 1] = u * s + w * c;
    }
  };
  for (const layer& l : m.layers) {
    std::vector<std::vector<ld>> delta(n, std::vector<ld>(d, 0));
    for (const head& h : l.heads) {
      std::vector<std::vector<ld>> q(n), k(n), v(n);
      for (int p = 0; p < n; ++p) {
        q[p] = matvec(h.wq, x[p]), k[p] = matvec(h.wk, x[p]), v[p] = matvec(h.wv, x[p]);
        rotate(q[p], h.rotary, p), rotate(k[p], h.rotary, p);
      }
      for (int i = 0; i < n; ++i) {
        std::vector<ld> s(i + 1, 0);
        ld mx = -1e300;
        for (int j = 0; j <= i; ++j) {
          for (std::size_t t = 0; t < q[i].size(); ++t) s[j] += q[i][t] * k[j][t];
          mx = std::max(mx, s[j]);
        }
        ld total = 0;
        for (int j = 0; j <= i; ++j) total += (s[j] = std::exp(s[j] - mx));
        std::vector<ld> mixed(h.wv.rows(), 0);
        for (int j = 0; j <= i; ++j)
          for (int t = 0; t < h.wv.rows(); ++t) mixed[t] += s[j] / total * v[j][t];
        std::vector<ld> o = matvec(h.wo, mixed);
        for (int r = 0; r < d; ++r) delta[i][r] += o[r];
      }
    }
    for (int p = 0; p < n; ++p)
      for (int r = 0; r < d; ++r) x[p][r] += delta[p][r];
    norm(l.ln_attn);
    for (int p = 0; p < n; ++p) {
      std::vector<ld> hid = matvec(l.ffn.w1, x[p]);
      for (std::size_t t = 0; t < hid.size(); ++t)
        hid[t] = std::max<ld>(0, hid[t] + (l.ffn.b1 ? (*l.ffn.b1)(t) : 0.0));
      std::vector<ld> o = matvec(l.ffn.w2, hid);
      for (int r = 0; r < d; ++r) x[p][r] += o[r] + (l.ffn.b2 ? (*l.ffn.b2)(r) : 0.0);
    }
    norm(l.ln_ffn);
  }
  grid out(n);
  for (int p = 0; p < n; ++p) {
    std::vector<ld> s = matvec(m.unembed, x[p]);
    out[p].assign(s.begin(), s.end());
  }
  return out;
}

struct random_options {
  bool layer_norm = false;
  bool biases = false;
  positional pe = positional::nope;
  int layers = 2;
  int d_model = 6;
  int max_len = 24;
};

// A random small model: weights uniform in [-1, 1], 2 heads per layer, d_head 4.
inline model random_model(std::mt19937& rng, const random_options& o) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  auto mat = [&](int r, int c) {
    Eigen::MatrixXd w(r, c);
    for (int j = 0; j < c; ++j)
      for (int i = 0; i < r; ++i) w(i, j) = u(rng);
    return w;
  };
  auto vec = [&](int r) { return Eigen::VectorXd(mat(r, 1)); };
  model m;
  m.vocab = {"<bos>", "a", "b", "c"};
  m.bos = 0;
  m.max_len = o.max_len;
  m.pe = o.pe;
  for (int r = 0; r < o.d_model; ++r) m.residual_names.push_back(fmt::format("r{}", r));
  m.embed = mat(o.d_model, 4);
  if (o.pe == positional::ape) m.pos_embed = mat(o.d_model, o.max_len);
  for (int l = 0; l < o.layers; ++l) {
    layer ly;
    ly.name = fmt::format("layer{}", l);
    for (int h = 0; h < 2; ++h) {
      head hd{fmt::format("h{}", h), mat(4, o.d_model), mat(4, o.d_model), mat(3, o.d_model),
              mat(o.d_model, 3), {}};
      if (o.pe == positional::rope) hd.rotary = {0.7, 0.13 * (h + 1)};
      ly.heads.push_back(hd);
    }
    ly.ffn = {"ffn", mat(5, o.d_model), std::nullopt, mat(o.d_model, 5), std::nullopt};
    if (o.biases) ly.ffn.b1 = vec(5), ly.ffn.b2 = vec(o.d_model);
    if (o.layer_norm) {
      ly.ln_attn.enabled = ly.ln_ffn.enabled = true;
      ly.ln_attn.eps = 1e-5;
      if (o.biases) ly.ln_attn.gain = vec(o.d_model), ly.ln_ffn.bias = vec(o.d_model);
    }
    m.layers.push_back(ly);
  }
  m.unembed = mat(2, o.d_model);
  m.output_labels = {"accept", "reject"};
  return m;
}

/// BOS (id 0) followed by n - 1 ids drawn from 1..3.
inline std::vector<int> random_tokens(std::mt19937& rng, int n) {
  std::uniform_int_distribution<int> t(1, 3);
  std::vector<int> out{0};
  for (int i = 1; i < n; ++i) out.push_back(t(rng));
  return out;
}

}  // namespace crasp::model::testing
