// Each lowering primitive in isolation: a small program that needs exactly that gadget, checked
// against the interpreter on every short input and on long random ones, in float64 and float32.
#include "lowering_harness.hpp"

using crasp::model::positional;
using lowering_test::check_program;

TEST_CASE("token tests, NOT, AND, OR need no attention", "[gadget]") {
  check_program(R"(alphabet A = { "a" "b" "c" }
X = ("a" && !"b") || "c"
)", positional::nope, 5);
}

TEST_CASE("unguarded counts compared with every operator", "[gadget]") {
  for (const char* op : {"<", "<=", "==", "!=", ">=", ">"}) {
    INFO(op);
    check_program(std::string(R"(alphabet A = { "a" "b" }
X = #[j <= i] "a" )") + op + R"( #[j <= i] "b"
)", positional::nope, 7);
  }
}

TEST_CASE("counts against constants and linear combinations", "[gadget]") {
  check_program(R"(alphabet A = { "a" "b" "c" }
X = 2 * #[j <= i] "a" - #[j <= i] "b" + 1 >= #[j <= i] "c" + 3
)", positional::nope, 5, 300);
}

TEST_CASE("counts of comparison results (depth 2)", "[gadget]") {
  check_program(R"(alphabet A = { "a" "b" }
P = #[j <= i] "a" > #[j <= i] "b"
X = #[j <= i] P == #[j <= i] !P
)", positional::nope, 7);
}

TEST_CASE("min, max and conditional on counts", "[gadget]") {
  check_program(R"(alphabet A = { "a" "b" "c" }
M = min(#[j <= i] "a", #[j <= i] "b")
N = max(#[j <= i] "b", #[j <= i] "c")
X = ("c" ? M : N) >= #[j <= i] "c" - 1
)", positional::nope, 5, 300);
}

TEST_CASE("a count as the output", "[gadget]") {
  check_program(R"(alphabet A = { "a" "b" }
X = #[j <= i] "a" + 2
)", positional::nope, 6);
}

TEST_CASE("local guards read earlier positions (APE)", "[gadget]") {
  check_program(R"(alphabet A = { "a" "b" }
X = #[j <= i, j == i - 1] "a" >= 1 && #[j <= i, j == i - 3] "b" >= 1
)", positional::ape, 7);
}

TEST_CASE("local counts mixed with unguarded counts", "[gadget]") {
  check_program(R"(alphabet A = { "a" "b" }
X = #[j <= i, j == i - 1] "a" + #[j <= i, j == i - 2] "a" + #[j <= i] "b" > #[j <= i] "a"
)", positional::ape, 7);
}

TEST_CASE("periodic predicates from the APE table", "[gadget]") {
  check_program(R"(alphabet A = { "a" "b" }
predicate third(i) = i % 3 == 2
E = i % 2 == 0
T = third && "a"
X = #[j <= i] (E && "a") >= #[j <= i] T || third
)", positional::ape, 7);
}

TEST_CASE("local guards through rotary heads (RoPE)", "[gadget][rope]") {
  check_program(R"(alphabet A = { "a" "b" }
X = #[j <= i, j == i - 1] "a" >= 1 && #[j <= i, j == i - 3] "b" >= 1
)", positional::rope, 7);
  check_program(R"(alphabet A = { "a" "b" }
X = #[j <= i, j == i - 1] "a" + #[j <= i, j == i - 2] "a" + #[j <= i] "b" > #[j <= i] "a"
)", positional::rope, 7);
}

TEST_CASE("periodic predicates through phase heads on BOS (RoPE)", "[gadget][rope]") {
  check_program(R"(alphabet A = { "a" "b" }
predicate third(i) = i % 3 == 2
E = i % 2 == 0
T = third && "a"
X = #[j <= i] (E && "a") >= #[j <= i] T || third
)", positional::rope, 7);
  check_program(R"(alphabet A = { "a" "b" }
F = i % 5 == 1 || i % 5 == 3
X = F && "a" || i % 7 == 0
)", positional::rope, 6, 300);
}
