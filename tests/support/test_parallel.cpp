// support::run_parts and support::part_range: every part runs once, ranges tile the interval,
// and an exception in any part reaches the caller after every part has finished.
#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "support/parallel.hpp"

TEST_CASE("run_parts runs every part once") {
  for (std::size_t parts : {0, 1, 2, 5}) {
    std::vector<std::atomic<int>> ran(parts);
    crasp::support::run_parts(parts, [&](std::size_t k) { ++ran[k]; });
    for (const auto& r : ran) CHECK(r == 1);
  }
}

TEST_CASE("run_parts rethrows the first exception after joining every part") {
  std::atomic<int> finished{0};
  const auto job = [&](std::size_t k) {
    if (k == 1) throw std::runtime_error("part 1");
    ++finished;
  };
  CHECK_THROWS_WITH(crasp::support::run_parts(4, job), "part 1");
  CHECK(finished == 3);
}

TEST_CASE("part_range tiles the interval in order") {
  for (std::size_t parts : {1, 2, 3, 7}) {
    for (std::size_t n : {0, 1, 5, 64, 100}) {
      std::size_t expect = 10;
      for (std::size_t k = 0; k < parts; ++k) {
        const auto [b, e] = crasp::support::part_range(k, parts, 10, 10 + n);
        CHECK(b == expect);
        CHECK(b <= e);
        expect = e;
      }
      CHECK(expect == 10 + n);
    }
  }
}
