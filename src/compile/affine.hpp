// Linear forms over residual dimensions: how the lowering names a value without spending a
// residual dimension on it. NOT, sums of counts, constants (coefficients on the ONE or U
// dimension) and scalings are all linear in the residual, so they stay forms; only ReLU gadgets
// and attention outputs are materialized as dimensions.
#pragma once

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace crasp::lower {

/// sum_k coeff_k * residual[dim_k]; kept sorted by dimension, without zero coefficients.
struct affine {
  std::vector<std::pair<int, double>> terms;

  static affine of(int dim, double coeff = 1.0) {
    affine a;
    if (coeff != 0) a.terms.emplace_back(dim, coeff);
    return a;
  }

  /// this += k * other
  affine& add(const affine& other, double k = 1.0) {
    for (auto [d, c] : other.terms) terms.emplace_back(d, k * c);
    normalize();
    return *this;
  }
  affine& add(int dim, double coeff) { return add(of(dim, coeff)); }

  [[nodiscard]] affine scaled(double k) const {
    affine a;
    if (k == 0) return a;
    a.terms = terms;
    for (auto& t : a.terms) t.second *= k;
    return a;
  }
  [[nodiscard]] double coeff(int dim) const {
    for (auto [d, c] : terms)
      if (d == dim) return c;
    return 0;
  }
  /// Sum of absolute coefficients: bounds |form| when every entry is within [-1, 1].
  [[nodiscard]] double l1() const {
    double s = 0;
    for (auto [d, c] : terms) s += std::abs(c);
    return s;
  }

 private:
  void normalize() {
    std::sort(terms.begin(), terms.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    std::vector<std::pair<int, double>> out;
    for (auto [d, c] : terms) {
      if (!out.empty() && out.back().first == d) {
        out.back().second += c;
      } else {
        out.emplace_back(d, c);
      }
    }
    std::erase_if(out, [](const auto& t) { return t.second == 0; });
    terms = std::move(out);
  }
};

inline affine operator+(affine a, const affine& b) { return a.add(b); }
inline affine operator-(affine a, const affine& b) { return a.add(b, -1.0); }

}  // namespace crasp::lower
