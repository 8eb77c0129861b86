// Precedence tables of both dialects (docs/language.md, "Precedence"), printed fully
// parenthesized. Ternaries print as (cond ? then : else) whichever way they were written.
#include <catch2/catch.hpp>

#include "parse_helpers.hpp"

using crasp::test::cr;
using crasp::test::sx;

TEST_CASE(".crasp uses conventional precedence") {
  CHECK(sx("2 * A + 1") == "((2 * A) + 1)");
  CHECK(sx("2 * A - 1") == "((2 * A) - 1)");
  CHECK(sx("A * 2 + 1") == "((A * 2) + 1)");
  CHECK(sx("A - B + C") == "((A - B) + C)");
  CHECK(sx("A - B - C") == "((A - B) - C)");
  CHECK(sx("A + B * C") == "(A + (B * C))");
  CHECK(sx("-A + B") == "((-A) + B)");
  CHECK(sx("A - -1") == "(A - (-1))");
  CHECK(sx("A + B < C * 2") == "((A + B) < (C * 2))");
  CHECK(sx("!A && B") == "((!A) && B)");
  CHECK(sx("!A || B") == "((!A) || B)");
  CHECK(sx("!A < B") == "(!(A < B))");
  CHECK(sx("A || B && C") == "(A || (B && C))");
  CHECK(sx("A && B || C && D") == "((A && B) || (C && D))");
  CHECK(sx("A || B || C") == "((A || B) || C)");
  CHECK(sx("A < B && C >= D") == "((A < B) && (C >= D))");
  CHECK(sx("A if P else B if Q else C") == "(P ? A : (Q ? B : C))");
  CHECK(sx("P ? A : Q ? B : C") == "(P ? A : (Q ? B : C))");
  CHECK(sx("A + 1 if P && Q else B") == "((P && Q) ? (A + 1) : B)");
  CHECK(sx("A < B ? 1 : 0") == "((A < B) ? 1 : 0)");
  CHECK(sx("i % 3 == 1") == "((i % 3) == 1)");
  CHECK(sx("(A)") == "A");
  CHECK(sx("(A + B) * 2") == "((A + B) * 2)");
}

TEST_CASE(".cr keeps the public interpreter's precedence") {
  CHECK(cr("2 * A + 1") == "(2 * (A + 1))");
  CHECK(cr("2 * A - 1") == "(2 * (A - 1))");
  CHECK(cr("A - B + C") == "(A - (B + C))");
  CHECK(cr("A + B - C") == "((A + B) - C)");
  CHECK(cr("A - B - C") == "((A - B) - C)");
  CHECK(cr("A - 2 * B + 1") == "(A - (2 * (B + 1)))");
  CHECK(cr("!A && B") == "(!(A && B))");
  CHECK(cr("!A || B") == "(!(A || B))");
  CHECK(cr("A && !B || C") == "(A && (!(B || C)))");
  CHECK(cr("A || B && C") == "(A || (B && C))");
  CHECK(cr("A if P else B if Q else C") == "(Q ? (P ? A : B) : C)");
  CHECK(cr("2 * A if P else B") == "(P ? (2 * A) : B)");
  CHECK(cr("A if P else B < C") == "((P ? A : B) < C)");
  CHECK(cr("max(A, B) + 1") == "(max(A, B) + 1)");
  CHECK(cr("A < B && C") == "((A < B) && C)");
  CHECK(cr("(2 * A) + 1") == "((2 * A) + 1)");
}

TEST_CASE("a count body extends over && || ! but not over the comparison it stands left of") {
  for (const char* file : {"t.crasp", "t.cr"}) {
    CAPTURE(file);
    CHECK(sx("# V == 0", file) == "((# V) == 0)");
    CHECK(sx("(# V == 0) && (C1 == C2)", file) == "(((# V) == 0) && (C1 == C2))");
    CHECK(sx("# A && B", file) == "(# (A && B))");
    CHECK(sx("# A || !B", file) == "(# (A || (!B)))");
    CHECK(sx("# A && B == 0", file) == "((# (A && B)) == 0)");
    CHECK(sx("# A == 0 && B", file) == "(((# A) == 0) && B)");
    CHECK(sx("#[pred] \"a\" >= 1", file) == "((#[pred] \"a\") >= 1)");
    CHECK(sx("# A", file) == "(# A)");
    CHECK(sx("max(# A == 0, 3)", file) == "max((# (A == 0)), 3)");
    CHECK(sx("X < # A == 0", file) == "(X < (# (A == 0)))");
    CHECK(sx("# (A < B)", file) == "(# (A < B))");
  }
  CHECK(sx("# A + 1 < 3") == "(((# A) + 1) < 3)");
  CHECK(sx("2 * # A == 0") == "((2 * (# A)) == 0)");
  CHECK(sx("# \"a\" + # \"b\" < 3") == "(((# \"a\") + (# \"b\")) < 3)");
  CHECK(sx("# \"a\" - # \"b\"") == "((# \"a\") - (# \"b\"))");
}
