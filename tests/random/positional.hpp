// Random legal positional expressions (local translation-invariant guards, periodic predicates)
// and the small random helpers the generator shares with them.
#pragma once

#include <random>

#include "program.hpp"

namespace rnd {

using rng_t = std::mt19937_64;
inline std::int64_t pick(rng_t& rng, std::int64_t n) {
  return std::uniform_int_distribution<std::int64_t>(0, n - 1)(rng);
}
inline bool chance(rng_t& rng, double p) { return std::uniform_real_distribution<>(0, 1)(rng) < p; }

pos P(pos::kind k, std::int64_t v);
pos P(pos::kind k, pos a, pos b);
pos Pcmp(cmp_op op, pos a, pos b);
pos Pmul(std::int64_t k, pos a);
pos Pmod(pos a, std::int64_t m);
pos Pnot(pos a);

/// One atom true for finitely many d = i - j >= 0 (`j == i - 2`, `i - j < 3`, ...).
pos bounded_atom(rng_t& rng);
/// ψ(i, j): local and translation invariant by construction.
pos local_guard(rng_t& rng, int depth);
/// φ(i): periodic by construction.
pos periodic_pred(rng_t& rng, int depth);

}  // namespace rnd
