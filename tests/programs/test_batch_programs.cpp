// Every bundled program evaluated in batches (append) and one token at a time (push) on random
// inputs over its vocabulary, long enough to cross several 2048-position chunks.
#include <catch2/catch.hpp>

#include <random>

#include "../interpret/batch_compare.hpp"
#include "harness.hpp"

TEST_CASE("batch and incremental evaluation agree on every bundled program") {
  std::mt19937 rng(7);
  for (const auto& b : programs_test::all_programs()) {
    const auto& p = programs_test::load(b, b.alphabet.empty() ? 0 : 5);
    const auto vocab = static_cast<std::uint32_t>(p.vocabulary.size());
    std::uniform_int_distribution<std::uint32_t> pick(0, vocab - 1);
    for (std::size_t n : {1, 70, 4500}) {
      std::vector<std::uint32_t> ids(n);
      for (auto& t : ids) t = pick(rng);
      INFO(b.file << ", n = " << n);
      crasp::test::check_batch_matches_push(p, ids, n / 3);
    }
  }
}
