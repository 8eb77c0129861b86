// The parser never throws, always points inside the text, and stays fast on deep nesting.
#include <catch2/catch.hpp>

#include <chrono>
#include <random>

#include "parse_helpers.hpp"

using namespace crasp;

TEST_CASE("random token soup never throws and every diagnostic points into the text") {
  const std::vector<std::string> pieces = {
      "A", "B", "F", "[", "]", "(", ")", "#", "#[", "j <= i", ",", "pred", "\"a\"", "\"<sep>\"",
      "1", "2", "*", "+", "-", "%", "<", "==", "&&", "||", "!", "?", ":", "if", "else", "max(",
      "min(", "tok(", "any a in S:", "sum a in S:", "exists", "=", "i", "j", "\"", "//", "{",
      "}", "..", "alphabet", "next", "predicate", "#import", "where", "in", "\r"};
  std::mt19937 rng(12345);
  for (int round = 0; round < 300; ++round) {
    std::string text;
    for (int line = 0; line < 5; ++line) {
      const bool assign = rng() % 2 == 0;
      if (assign) text += "X = ";
      const int n = 1 + static_cast<int>(rng() % 10);
      for (int k = 0; k < n; ++k) text += pieces[rng() % pieces.size()] + " ";
      text += "\n";
    }
    CAPTURE(text);
    parse_result r;
    REQUIRE_NOTHROW(r = test::parse_text(text, round % 2 ? "f.cr" : "f.crasp"));
    for (const diagnostic& d : r.diags.items()) {
      CHECK(d.where.begin <= d.where.end);
      CHECK(d.where.end <= text.size());
      CHECK_FALSE(d.message.empty());
    }
    for (const ast::expr& e : r.program.exprs) CHECK(e.where.end <= text.size());
    REQUIRE_NOTHROW(render(r.diags));
  }
}

TEST_CASE("deeply nested expressions parse quickly") {
  const auto start = std::chrono::steady_clock::now();
  std::string nested = "\"a\"";
  for (int k = 0; k < 40; ++k) nested = "(# " + nested + " + 1 > " + std::to_string(k) + ")";
  std::string sums = "A";
  for (int k = 0; k < 40; ++k) sums = "(" + sums + " + 1)";
  for (const std::string& e : {nested, sums, "(" + sums + " < 3)", "max(" + sums + ", 1) - 2"}) {
    const parse_result r = test::parse_text("X = " + e + "\n");
    CHECK(r.ok());
  }
  const auto elapsed = std::chrono::steady_clock::now() - start;
  CHECK(elapsed < std::chrono::seconds(2));
}

TEST_CASE("reserved words cannot be names; near-keywords can") {
  CHECK(test::sx("index + maxi + sum_1 + tokens + iff") == "((((index + maxi) + sum_1) + tokens) + iff)");
  CHECK(test::diags_of("A = B + in\n").find("expected an expression after '+'") != std::string::npos);
  CHECK(test::diags_of("sum = 1\n").find("'sum' is a reserved word") != std::string::npos);
}

TEST_CASE("the statement form tries a Boolean reading first, then a count") {
  CHECK(test::sx("# A == 0") == "((# A) == 0)");
  CHECK(test::sx("# A && B") == "(# (A && B))");
  CHECK(test::sx("A") == "A");
  CHECK(test::sx("(A)") == "A");
  CHECK(test::sx("(A) + 1") == "(A + 1)");
  CHECK(test::sx("(A) && B") == "(A && B)");
  CHECK(test::sx("-(# A) * 2") == "((-(# A)) * 2)");
  CHECK(test::cr("P ? 1 : 2") == "(P ? 1 : 2)");
}
