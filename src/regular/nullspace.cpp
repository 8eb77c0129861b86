// Incremental Gauss-Jordan elimination over the rationals (nullspace.hpp).
#include "regular/nullspace.hpp"

#include <algorithm>

namespace crasp::regular {

homogeneous_system::homogeneous_system(std::size_t columns) : columns_(columns) {}

void homogeneous_system::add(const std::vector<std::int64_t>& row) {
  std::vector<rational> r(columns_);
  bool any = false;
  for (std::size_t j = 0; j < columns_; ++j) {
    r[j] = row[j];
    any = any || row[j] != 0;
  }
  if (!any) return;
  // Reduce by the rows we have; they are in reduced form, so one pass suffices.
  for (std::size_t k = 0; k < rows_.size(); ++k) {
    const rational f = r[pivots_[k]];
    if (f == 0) continue;
    for (std::size_t j = 0; j < columns_; ++j)
      if (rows_[k][j] != 0) r[j] -= f * rows_[k][j];
  }
  std::size_t p = 0;
  while (p < columns_ && r[p] == 0) ++p;
  if (p == columns_) return;  // dependent on the equations already there
  const rational lead = r[p];
  for (auto& x : r)
    if (x != 0) x /= lead;
  // Keep the form reduced: clear the new pivot column from the other rows.
  for (auto& other : rows_) {
    const rational f = other[p];
    if (f == 0) continue;
    for (std::size_t j = 0; j < columns_; ++j)
      if (r[j] != 0) other[j] -= f * r[j];
  }
  pivots_.push_back(p);
  rows_.push_back(std::move(r));
}

std::vector<std::vector<integer>> homogeneous_system::integer_nullspace() const {
  std::vector<bool> is_pivot(columns_, false);
  for (auto p : pivots_) is_pivot[p] = true;
  std::vector<std::vector<integer>> basis;
  for (std::size_t free = 0; free < columns_; ++free) {
    if (is_pivot[free]) continue;
    // x_free = 1, other free unknowns 0, each pivot unknown from its row.
    std::vector<rational> v(columns_);
    v[free] = 1;
    for (std::size_t k = 0; k < rows_.size(); ++k) v[pivots_[k]] = -rows_[k][free];
    integer scale = 1;  // lcm of the denominators
    for (const auto& x : v)
      if (x != 0) scale = boost::multiprecision::lcm(scale, denominator(x));
    std::vector<integer> out(columns_);
    integer g = 0;
    for (std::size_t j = 0; j < columns_; ++j) {
      const rational scaled = v[j] * scale;
      out[j] = numerator(scaled);
      g = boost::multiprecision::gcd(g, out[j]);
    }
    if (g > 1)
      for (auto& x : out) x /= g;
    const auto first = std::find_if(out.begin(), out.end(), [](const integer& x) { return x != 0; });
    if (first != out.end() && *first < 0)
      for (auto& x : out) x = -x;
    basis.push_back(std::move(out));
  }
  return basis;
}

}  // namespace crasp::regular
