// Training sets the synth tests share: every string over k symbols, shortest first.
#pragma once

#include <cstdint>
#include <vector>

namespace synth_test {

using instances = std::vector<std::vector<std::uint32_t>>;

/// Every string over symbols 0 .. k-1 of length 1 .. n, by length, then lexicographically.
inline instances all_strings(std::uint32_t k, std::size_t n) {
  instances out, layer{{}};
  for (std::size_t len = 1; len <= n; ++len) {
    instances next;
    for (const auto& w : layer)
      for (std::uint32_t t = 0; t < k; ++t) {
        auto v = w;
        v.push_back(t);
        next.push_back(v);
      }
    out.insert(out.end(), next.begin(), next.end());
    layer = std::move(next);
  }
  return out;
}

}  // namespace synth_test
