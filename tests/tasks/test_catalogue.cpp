#include <catch2/catch.hpp>

#include "task_test_util.hpp"

using namespace crasp::tasks;
using task_test::task;

TEST_CASE("catalogue lists every task by its exact name, in task_id order") {
  // clang-format off
  const std::vector<std::string> names = {
      "UR", "UL", "NRFirst", "NLFirst", "NRLast", "NLLast",
      "UF", "UB", "NF", "NB",
      "bin_majority", "majority", "bin_majority_interleave", "sort", "unique_copy",
      "repeat_copy", "parity", "addition",
      "dyck1", "anbn", "anbncn", "aa_star", "contains_ab", "copy_every_1", "copy_every_2",
      "copy_every_3",
      "tomita1", "tomita2", "tomita3", "tomita4", "tomita5", "tomita6", "tomita7",
      "D2", "D3", "D4", "D12", "aaaa_star", "abab_star", "abcde_runs", "ab_d_bc", "ends_02",
      "even_ones",
      "tomita1_next", "tomita2_next", "tomita3_next", "tomita4_next", "tomita7_next", "D2_next",
      "D3_next", "D4_next", "D12_next", "ab_d_bc_next",
      "tomita5_prefix", "tomita6_prefix", "aa_star_prefix", "aaaa_star_prefix", "abab_star_prefix",
      "abcde_runs_prefix", "ends_02_prefix", "even_ones_prefix"};
  // clang-format on
  REQUIRE(catalogue().size() == names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    CHECK(catalogue()[i].name == names[i]);
    CHECK(static_cast<std::size_t>(catalogue()[i].id) == i);
    REQUIRE(find(names[i]) != nullptr);
    CHECK(find(names[i])->name == names[i]);
    CHECK(&spec(catalogue()[i].id) == &catalogue()[i]);
    CHECK_FALSE(catalogue()[i].description.empty());
  }
  CHECK(find("ur") == nullptr);
  CHECK(find("nrlast") == nullptr);
  CHECK(find("NRLast ") == nullptr);
  CHECK(find("") == nullptr);
}

TEST_CASE("modes, control tokens and end tokens") {
  for (const char* n : {"UR", "UL", "NRFirst", "NLFirst", "NRLast", "NLLast"}) {
    CHECK(task(n).mode == task_mode::generator);
    CHECK(task(n).control_tokens == std::vector<std::string>{"<bos>", "<sep>"});
    CHECK(task(n).end_token.empty());
  }
  for (const char* n : {"UF", "UB", "NF", "NB"}) {
    CHECK(task(n).mode == task_mode::generator);
    CHECK(task(n).control_tokens == std::vector<std::string>{"<bos>", "<sep>"});
    CHECK(task(n).end_token == "<sep>");
  }
  for (const char* n : {"bin_majority", "majority", "bin_majority_interleave", "sort",
                        "unique_copy", "repeat_copy", "parity", "addition"}) {
    CHECK(task(n).mode == task_mode::generator);
    CHECK(task(n).control_tokens == std::vector<std::string>{"<bos>", "<sep>", "<eos>"});
    CHECK(task(n).end_token == "<eos>");
  }
  for (const char* n : {"dyck1", "anbn", "anbncn", "aa_star", "contains_ab", "copy_every_1",
                        "copy_every_2", "copy_every_3"}) {
    CHECK(task(n).mode == task_mode::acceptor);
    CHECK(task(n).control_tokens.empty());
    CHECK(output_tokens(task(n), 0) == std::vector<std::string>{"True", "False"});
  }
}

TEST_CASE("symbols follow the token conventions") {
  using v = std::vector<std::string>;
  CHECK(symbols(task("UR"), 0) == v{"t0", "t1", "t2", "t3", "t4"});
  CHECK(symbols(task("UF"), 3) == v{"t0", "t1", "t2"});
  CHECK(symbols(task("sort"), 0).size() == 150);
  CHECK(symbols(task("unique_copy"), 0).back() == "t149");
  CHECK(symbols(task("bin_majority"), 7) == v{"0", "1"});
  CHECK(symbols(task("bin_majority_interleave"), 0) == v{"0", "1"});
  CHECK(symbols(task("majority"), 0).size() == 26);
  CHECK(symbols(task("majority"), 3) == v{"a", "b", "c"});
  CHECK(symbols(task("majority"), 100).back() == "z");
  CHECK(symbols(task("dyck1"), 0) == v{"(", ")"});
  CHECK(symbols(task("anbn"), 0) == v{"a", "b"});
  CHECK(symbols(task("anbncn"), 0) == v{"a", "b", "c"});
  CHECK(symbols(task("aa_star"), 0) == v{"a"});
  CHECK(symbols(task("contains_ab"), 9) == v{"a", "b", "c"});
  CHECK(symbols(task("copy_every_1"), 0) == v{"a", "b"});
  CHECK(symbols(task("copy_every_2"), 0) == v{"a", "b"});
  CHECK(symbols(task("copy_every_3"), 4) == v{"a", "b"});
  CHECK(output_tokens(task("UR"), 2) == v{"t0", "t1"});
  CHECK(output_tokens(task("UB"), 2) == v{"t0", "t1", "<sep>"});
  CHECK(output_tokens(task("bin_majority"), 0) == v{"0", "1", "<eos>"});
  CHECK(symbols(task("NRLast"), 0) == v{"t0", "t1", "t2", "t3", "t4"});
  CHECK(symbols(task("NLLast"), 2) == v{"t0", "t1"});
  CHECK(symbols(task("NF"), 0).size() == 5);
  CHECK(symbols(task("NB"), 3) == v{"t0", "t1", "t2"});
  CHECK(symbols(task("repeat_copy"), 0) == v{"a", "b"});
  CHECK(symbols(task("repeat_copy"), 9) == v{"a", "b"});
  CHECK(symbols(task("parity"), 0) == v{"0", "1"});
  CHECK(symbols(task("addition"), 0) == v{"0", "1", "+"});
  CHECK(output_tokens(task("NRLast"), 3) == v{"t0", "t1", "t2"});
  CHECK(output_tokens(task("NF"), 2) == v{"t0", "t1", "<sep>"});
  CHECK(output_tokens(task("repeat_copy"), 0) == v{"a", "b", "<eos>"});
  CHECK(output_tokens(task("parity"), 0) == v{"e", "o", "<eos>"});
  CHECK(output_tokens(task("addition"), 0) == v{"0", "1", "<eos>"});
}

TEST_CASE("effective vocabulary and length") {
  CHECK(effective_vocab(task("UR"), 0) == 5);
  CHECK(effective_vocab(task("UR"), 1) == 2);  // a unique query needs another symbol
  CHECK(effective_vocab(task("NRFirst"), 1) == 1);
  CHECK(effective_vocab(task("sort"), 0) == 150);
  CHECK(effective_vocab(task("majority"), 40) == 26);
  CHECK(effective_vocab(task("dyck1"), 40) == 2);
  CHECK(effective_length(task("UR"), 0, 0) == 3);
  CHECK(effective_length(task("UR"), 500, 0) == 500);
  CHECK(effective_length(task("NLFirst"), 3, 0) == 4);
  CHECK(effective_length(task("UF"), 9, 0) == 5);  // distinct tokens: N <= k
  CHECK(effective_length(task("sort"), 500, 0) == 150);
  CHECK(effective_length(task("sort"), 0, 0) == 1);
  CHECK(effective_length(task("bin_majority_interleave"), 1, 0) == 3);
  CHECK(effective_length(task("bin_majority_interleave"), 7, 0) == 9);
  CHECK(effective_length(task("bin_majority_interleave"), 9, 0) == 9);
  CHECK(effective_length(task("dyck1"), 0, 0) == 1);
  CHECK(effective_length(task("dyck1"), 7, 0) == 7);
  CHECK(effective_vocab(task("NRLast"), 0) == 5);
  CHECK(effective_vocab(task("NRLast"), 1) == 2);  // the last occurrence needs a right neighbour
  CHECK(effective_vocab(task("NLLast"), 1) == 1);
  CHECK(effective_vocab(task("NF"), 1) == 1);
  CHECK(effective_vocab(task("NB"), 200) == 200);
  CHECK(effective_vocab(task("repeat_copy"), 7) == 2);
  CHECK(effective_vocab(task("parity"), 0) == 2);
  CHECK(effective_vocab(task("addition"), 1) == 3);
  CHECK(effective_length(task("NRLast"), 0, 0) == 4);
  CHECK(effective_length(task("NRLast"), 3, 0) == 4);
  CHECK(effective_length(task("NRLast"), 700, 0) == 700);
  CHECK(effective_length(task("NLLast"), 1, 0) == 3);
  CHECK(effective_length(task("NLLast"), 3, 0) == 3);
  CHECK(effective_length(task("NF"), 0, 0) == 1);
  CHECK(effective_length(task("NF"), 9, 2) == 9);  // repeats allowed: no N <= k bound
  CHECK(effective_length(task("NB"), 500, 0) == 500);
  CHECK(effective_length(task("repeat_copy"), 0, 0) == 1);
  CHECK(effective_length(task("parity"), 1, 0) == 1);
  CHECK(effective_length(task("addition"), 0, 0) == 3);
  CHECK(effective_length(task("addition"), 2, 0) == 3);
  CHECK(effective_length(task("addition"), 4, 0) == 4);
}

TEST_CASE("catalogue fields of the new tasks") {
  for (const char* n : {"NRLast", "NLLast", "NF", "NB"}) {
    CHECK(task(n).variable_vocab);
    CHECK(task(n).default_vocab == 5);
    CHECK(task(n).source.find("Born a Transformer") != std::string::npos);
  }
  CHECK(task("NRLast").min_vocab == 2);
  CHECK(task("NLLast").min_vocab == 1);
  CHECK(task("NRLast").min_length == 4);
  CHECK(task("NLLast").min_length == 3);
  CHECK(task("NF").min_length == 1);
  for (const char* n : {"repeat_copy", "parity", "addition"}) {
    CHECK_FALSE(task(n).variable_vocab);
    CHECK(task(n).default_vocab == symbols(task(n), 0).size());
    CHECK(task(n).min_vocab == task(n).default_vocab);
    CHECK(task(n).max_vocab == task(n).default_vocab);
    CHECK(task(n).source.find("Huang") != std::string::npos);
  }
  CHECK(task("addition").min_length == 3);
  CHECK(task("parity").min_length == 1);
}
