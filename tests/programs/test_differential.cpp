// Differential tests: every bundled program against the task reference (crasp::tasks::solve) on
// all short inputs (tasks::enumerate) and on random instances with lengths spread up to 500,
// with the vocabulary swapped to several sizes where the task allows it.
#include "harness.hpp"

using namespace programs_test;

namespace {

/// Random instances with vocabulary size k (0: the task's default) and lengths in [lo, hi].
struct random_run {
  std::size_t k;
  std::size_t count;
  std::size_t lo;
  std::size_t hi;
};

/// All inputs up to max_len content symbols with vocabulary size k.
struct exhaustive_run {
  std::size_t k;
  std::size_t max_len;
};

void check_program(const std::string& task_name, const std::vector<exhaustive_run>& all,
                   const std::vector<random_run>& randoms) {
  const auto& p = program_for(task_name);
  const auto& task = task_of(p);
  // loads with an override only when it changes the vocabulary
  auto program_for_k = [&](std::size_t k) -> const crasp::ir::program& {
    if (p.alphabet.empty() || k == 0) return load(p);
    return load(p, crasp::tasks::effective_vocab(task, k));
  };
  for (const auto& e : all) {
    const auto inputs = crasp::tasks::enumerate(task, e.max_len, e.k);
    const std::string what = task_name + " (all inputs up to length " + std::to_string(e.max_len) +
                             ", k = " + std::to_string(crasp::tasks::effective_vocab(task, e.k)) + ")";
    INFO(what << ": " << inputs.size() << " inputs");
    CHECK(inputs.size() > 0);
    CHECK(compare_with_reference(program_for_k(e.k), task, inputs, what) == 0);
  }
  std::uint64_t seed = std::hash<std::string>{}(task_name);
  for (const auto& r : randoms) {
    const auto inputs = random_inputs(task, r.k, r.count, r.lo, r.hi, ++seed);
    const std::string what = task_name + " (" + std::to_string(r.count) + " random, lengths " +
                             std::to_string(r.lo) + ".." + std::to_string(r.hi) + ", k = " +
                             std::to_string(crasp::tasks::effective_vocab(task, r.k)) + ")";
    CHECK(compare_with_reference(program_for_k(r.k), task, inputs, what) == 0);
  }
}

}  // namespace

// --- Born a Transformer: retrieval ---------------------------------------------------------------
// The retrieval programs use k^2 bigram families (about 113k operations at k = 150), so the
// 150-symbol runs are separate, smaller and tagged [slow].

TEST_CASE("UR matches the reference", "[programs][differential][born]") {
  check_program("UR", {{3, 7}, {5, 5}}, {{5, 1000, 3, 500}, {20, 200, 3, 500}});
}

TEST_CASE("UL matches the reference", "[programs][differential][born]") {
  check_program("UL", {{3, 7}, {5, 5}}, {{5, 1000, 3, 500}, {20, 200, 3, 500}});
}

TEST_CASE("NRFirst matches the reference", "[programs][differential][born]") {
  check_program("NRFirst", {{1, 8}, {3, 7}, {5, 5}}, {{5, 1000, 3, 500}, {20, 200, 3, 500}});
}

TEST_CASE("NLFirst matches the reference", "[programs][differential][born]") {
  check_program("NLFirst", {{2, 9}, {3, 7}, {5, 5}}, {{5, 1000, 4, 500}, {20, 200, 4, 500}});
}

TEST_CASE("retrieval programs match the reference with 150 symbols", "[programs][differential][born][slow]") {
  for (const char* task : {"UR", "UL", "NRFirst", "NLFirst"})
    DYNAMIC_SECTION(task) { check_program(task, {}, {{150, 10, 150, 500}}); }
}

// --- Born a Transformer: unique copy --------------------------------------------------------------

TEST_CASE("UF matches the reference", "[programs][differential][born]") {
  check_program("UF", {{5, 5}, {6, 6}},
                {{20, 300, 1, 20}, {150, 300, 1, 150}, {500, 10, 300, 500}});
}

TEST_CASE("UB matches the reference", "[programs][differential][born]") {
  check_program("UB", {{5, 5}, {6, 6}},
                {{20, 300, 1, 20}, {150, 300, 1, 150}, {500, 10, 300, 500}});
}

// --- Huang et al. ------------------------------------------------------------------------------

TEST_CASE("bin_majority matches the reference", "[programs][differential][huang]") {
  check_program("bin_majority", {{0, 13}}, {{0, 2000, 1, 500}});
}

TEST_CASE("majority matches the reference", "[programs][differential][huang]") {
  check_program("majority", {{3, 7}, {1, 6}},
                {{0, 1000, 1, 500}, {5, 1000, 1, 500}, {2, 500, 1, 500}});
}

TEST_CASE("bin_majority_interleave matches the reference", "[programs][differential][huang]") {
  check_program("bin_majority_interleave", {{0, 15}}, {{0, 2000, 3, 500}});
}

TEST_CASE("sort matches the reference", "[programs][differential][huang]") {
  check_program("sort", {{5, 5}, {6, 6}},
                {{0, 300, 1, 150}, {20, 300, 1, 20}, {500, 10, 300, 500}});
}

TEST_CASE("unique_copy matches the reference", "[programs][differential][huang]") {
  check_program("unique_copy", {{5, 5}, {6, 6}},
                {{0, 300, 1, 150}, {20, 300, 1, 20}, {500, 10, 300, 500}});
}

// --- formal languages (acceptors) -------------------------------------------------------------

TEST_CASE("dyck1 matches the reference", "[programs][differential][languages]") {
  check_program("dyck1", {{0, 14}}, {{0, 2000, 1, 500}});
}

TEST_CASE("contains_ab matches the reference", "[programs][differential][languages]") {
  check_program("contains_ab", {{0, 9}}, {{0, 2000, 1, 500}});
}

TEST_CASE("anbn matches the reference", "[programs][differential][languages]") {
  check_program("anbn", {{0, 14}}, {{0, 2000, 1, 500}});
}

TEST_CASE("anbncn matches the reference", "[programs][differential][languages]") {
  check_program("anbncn", {{0, 9}}, {{0, 2000, 1, 500}});
}

TEST_CASE("aa_star matches the reference", "[programs][differential][languages]") {
  check_program("aa_star", {{0, 500}}, {{0, 500, 1, 500}});
}

TEST_CASE("copy_every_1 matches the reference", "[programs][differential][languages]") {
  check_program("copy_every_1", {{0, 14}}, {{0, 2000, 1, 500}});
}

TEST_CASE("copy_every_2 matches the reference", "[programs][differential][languages]") {
  check_program("copy_every_2", {{0, 14}}, {{0, 2000, 1, 500}});
}

TEST_CASE("copy_every_3 matches the reference", "[programs][differential][languages]") {
  check_program("copy_every_3", {{0, 14}}, {{0, 2000, 1, 500}});
}

// --- Huang et al.'s formal-language suite (reference: the minimal DFA) -------------------------
// Half the random non-members are boundary words (a^13 b^13 for D12), so the random runs reach
// the depth bounds that all inputs up to 14 tokens cannot.

TEST_CASE("the formal-language suite's witnesses match the reference",
          "[programs][differential][languages]") {
  for (const char* task : {"tomita1", "tomita2", "tomita4", "tomita7", "D2", "D3", "D4", "D12",
                           "abab_star"}) {
    INFO(task);
    check_program(task, {{0, 12}}, {{0, 200, 1, 300}});
  }
  check_program("ab_d_bc", {{0, 7}}, {{0, 200, 1, 300}});
  check_program("aaaa_star", {{0, 300}}, {{0, 200, 1, 300}});
  check_program("abcde_runs", {{0, 6}}, {{0, 200, 5, 300}});
}

// The same languages with a label at every position (next-symbol sets on members; prefix
// membership, answered by the acceptors' own programs). Half the random members of a `_next`
// task reach a state next to a dead transition (depth 12 for D12).
TEST_CASE("the formal-language suite's labels witnesses match the reference",
          "[programs][differential][languages]") {
  for (const char* task : {"tomita1_next", "tomita2_next", "tomita4_next", "tomita7_next",
                           "D2_next", "D3_next", "D4_next", "D12_next", "abab_star_prefix"}) {
    INFO(task);
    check_program(task, {{0, 12}}, {{0, 200, 1, 300}});
  }
  check_program("ab_d_bc_next", {{0, 7}}, {{0, 200, 1, 300}});
  check_program("aa_star_prefix", {{0, 300}}, {{0, 200, 1, 300}});
  check_program("aaaa_star_prefix", {{0, 300}}, {{0, 200, 1, 300}});
  check_program("abcde_runs_prefix", {{0, 6}}, {{0, 200, 5, 300}});
}
