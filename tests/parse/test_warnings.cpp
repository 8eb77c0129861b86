// Warnings where the .cr reading differs from the conventional one, and for count bodies that
// contain a comparison. Parentheses that make the reading explicit silence them.
#include <catch2/catch.hpp>

#include "parse_helpers.hpp"

using crasp::test::diags_of;

TEST_CASE(".cr warns where its precedence differs from the conventional one") {
  CHECK(diags_of("X = 2 * A + 1\n", "p.cr") ==
        "p.cr:1:5: warning: '2 * A + 1' is read as '2 * (A + 1)' by the public interpreter; add "
        "parentheses to make this explicit\n"
        " 1 | X = 2 * A + 1\n"
        "   |     ^~~~~~~~~\n");
  CHECK(diags_of("X = A - B + C\n", "p.cr") ==
        "p.cr:1:5: warning: 'A - B + C' is read as 'A - (B + C)' by the public interpreter; add "
        "parentheses to make this explicit\n"
        " 1 | X = A - B + C\n"
        "   |     ^~~~~~~~~\n");
  CHECK(diags_of("X = !A && B\n", "p.cr") ==
        "p.cr:1:5: warning: '!A && B' is read as '!(A && B)' by the public interpreter; add "
        "parentheses to make this explicit\n"
        " 1 | X = !A && B\n"
        "   |     ^~~~~~~\n");
  CHECK(diags_of("X = A if P else B if Q else C\n", "p.cr") ==
        "p.cr:1:5: warning: 'A if P else B if Q else C' is read as '(A if P else B) if Q else C' "
        "by the public interpreter; add parentheses to make this explicit\n"
        " 1 | X = A if P else B if Q else C\n"
        "   |     ^~~~~~~~~~~~~~~~~~~~~~~~~\n");
  CHECK(diags_of("X = 2 * A - 1\n", "p.cr").find("is read as '2 * (A - 1)'") != std::string::npos);
  CHECK(diags_of("X = !A || B\n", "p.cr").find("is read as '!(A || B)'") != std::string::npos);
}

TEST_CASE("explicit parentheses and agreeing readings do not warn") {
  for (const char* text : {"X = 2 * (A + 1)\n", "X = (2 * A) + 1\n", "X = A - (B + C)\n",
                           "X = (A - B) + C\n", "X = !(A && B)\n", "X = (!A) && B\n",
                           "X = (A if P else B) if Q else C\n", "X = A + B - C\n",
                           "X = A - B - C\n", "X = A && !B\n", "X = 2 * A\n",
                           "X = A if P else B\n", "X = (# V == 0) && (A == B)\n"}) {
    CAPTURE(text);
    CHECK(diags_of(text, "p.cr").empty());
  }
}

TEST_CASE(".crasp never warns about .cr precedence") {
  CHECK(diags_of("X = 2 * A + 1\nY = !A && B\nZ = A - B + C\n").empty());
}

TEST_CASE("a count body with an unparenthesized comparison warns, in both dialects") {
  CHECK(diags_of("X = max(# A == 0, 3)\n") ==
        "t.crasp:1:9: warning: '# A == 0' is read as '#(A == 0)'; add parentheses to make this "
        "explicit\n"
        " 1 | X = max(# A == 0, 3)\n"
        "   |         ^~~~~~~~\n");
  CHECK(diags_of("X = Y < #[pred] A < B && C\n", "p.cr").find("is read as '#[pred](A < B && C)'") !=
        std::string::npos);
  CHECK(diags_of("X = max(#(A == 0), 3)\nY = # V == 0\nZ = max(# A && B, 1)\n").empty());
}
