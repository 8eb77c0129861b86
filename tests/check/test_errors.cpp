// Every kind of checker error, with its exact text (and notes where they carry the fix).
#include <catch2/catch.hpp>

#include "check_helpers.hpp"

using namespace check_test;
using Catch::Matchers::Contains;

TEST_CASE("names", "[check][errors]") {
  CHECK(error("A = B\n") == "undefined name 'B'");
  CHECK(error("A = A\n") == "undefined name 'A'");
  CHECK(error("B = A\nA = \"a\"\n") == "undefined name 'A'");
  CHECK(error("X = #[pred] \"a\"\n") == "undefined predicate 'pred'");
  CHECK(notes("X = #[pred] \"a\"\n") == std::vector<std::string>{"'pred' is predefined: add '#import pred'"});
  CHECK(error("#import foo\nA = \"a\"\n") ==
        "unknown import 'foo'; the predefined predicates are pred, pred4, pos_even");
  CHECK(error("") == "program has no statements");
  CHECK(error("alphabet S = { \"a\" }\n#import pred\n") == "program has no statements");
}

TEST_CASE("redefinition shadows with a warning", "[check][errors]") {
  auto r = load("A = \"a\"\nA = \"b\"\nB = A\n");
  REQUIRE(r.ok());
  CHECK(messages(r, crasp::severity::warning) ==
        std::vector<std::string>{"redefinition of 'A' shadows the earlier definition"});
  REQUIRE(r.diags.items()[0].notes.size() == 1);
  CHECK(r.diags.items()[0].notes[0].message == "earlier definition is here");
  // B refers to the latest A ("b"), and both statements are kept.
  CHECK(r.program->statements.size() == 3);
  CHECK(r.program->statements[2].value == r.program->statements[1].value);
}

TEST_CASE("types", "[check][errors]") {
  CHECK(error("C = #\"a\"\nB = C && \"a\"\n") == "'&&' needs Boolean operands, but 'C' is a count");
  CHECK(error("B = !(#\"a\")\n") == "'!' needs a Boolean operand, but '(#\"a\")' is a count");
  CHECK(error("A = \"a\"\nB = A < 3\n") == "'<' compares counts, but 'A' is a Boolean");
  CHECK(error("A = \"a\"\nC = A + 1\n") == "'+' needs count operands, but 'A' is a Boolean");
  CHECK(error("C = #\"a\" * #\"b\"\n") == "'*' needs a constant on one side, but neither '#\"a\"' nor '#\"b\"' is constant");
  CHECK(error("C = #(#\"a\")\n") == "'#' needs a Boolean body, but '(#\"a\")' is a count");
  CHECK(error("C = min(\"a\", 1)\n") == "'min' needs count operands, but '\"a\"' is a Boolean");
  CHECK(error("C = \"a\" ? \"b\" : 1\n") == "the arms of a conditional must be counts, but '\"b\"' is a Boolean");
  CHECK(error("C = (#\"a\") ? 1 : 2\n") == "the condition of a conditional must be Boolean, but '(#\"a\")' is a count");
  CHECK(error("C = #\"a\" % 2\n") == "'%' is only for position terms over i and j, but '#\"a\"' is a count");
  CHECK(error("P = i % 0 == 0\n") == "'%' needs a positive constant modulus, not 0");
  CHECK(error("C = 9223372036854775807 + 1\n") == "integer overflow in constant expression");
  CHECK(error("C = i + 1\n") == "'i + 1' is a position term; compare it, as in 'i % 2 == 0'");
  CHECK(error("next \"a\" = #\"a\"\n") == "a next rule must be Boolean, but '#\"a\"' is a count");
}

TEST_CASE("constant folding keeps '*' legal", "[check][errors]") {
  auto p = program("C = (2 + 1) * #\"a\" - 2 * 3\n");
  CHECK(p.statements.size() == 1);
}

TEST_CASE("predicate arity", "[check][errors]") {
  CHECK(error("predicate third(i) = i % 3 == 2\nC = #[third] \"a\"\n") ==
        "'third' is a unary predicate; a guard needs a binary predicate of i and j");
  CHECK(error("predicate prev(i, j) = j == i - 1\nB = prev && \"a\"\n") ==
        "'prev' is a binary predicate (a guard); use it as '#[prev] ...'");
  CHECK(error("#import pred\nB = pred\n") == "'pred' is a binary predicate (a guard); use it as '#[pred] ...'");
  CHECK(error("A = \"a\"\nC = #[A] \"a\"\n") ==
        "'A' is not a predicate; a guard needs a binary predicate such as 'predicate prev(i, j) = j == i - 1'");
  CHECK(error("predicate p(i) = i == j\nA = p\n") ==
        "unary predicate 'p' uses 'j'; declare it as 'predicate p(i, j)' to use it as a guard");
}

TEST_CASE("guards must be translation invariant and local", "[check][errors]") {
  CHECK(error("C = #[j <= i, j <= i - 1] \"a\"\n") ==
        "guard 'j <= i - 1' is not local: it holds for infinitely many distances i - j");
  CHECK(notes("C = #[j <= i, j <= i - 3] \"a\"\n") ==
        std::vector<std::string>{"it fails for only finitely many distances, so count the complement: "
                                 "'#[j <= i] \"a\" - #[j <= i, i - j <= 2] \"a\"'"});
  CHECK(error("C = #[j <= i, (i - j) % 3 == 0] \"a\"\n") ==
        "guard '(i - j) % 3 == 0' is not local: it holds for infinitely many distances i - j");
  CHECK(notes("C = #[j <= i, (i - j) % 3 == 0] \"a\"\n") ==
        std::vector<std::string>{"a guard must hold for only finitely many distances i - j"});
  CHECK(error("C = #[j <= i, j * 2 == i] \"a\"\n") ==
        "guard 'j * 2 == i' is not translation invariant: it depends on i and j separately, not only on i - j");
  CHECK(error("C = #[j <= i, i % 2 == 0] \"a\"\n") ==
        "guard 'i % 2 == 0' is not translation invariant: it depends on i alone, not only on i - j");
  CHECK(error("predicate far(i, j) = j < i - 2\nC = #[far] \"a\"\n") ==
        "predicate 'far' is not local: it holds for infinitely many distances i - j");
  CHECK(error("C = #[j <= i, i - j < 2000000] \"a\"\n") ==
        "guard 'i - j < 2000000' is too large to decide exactly (threshold 2000001, period 1; the limit is 1000000)");
}

TEST_CASE("unary positional predicates must be periodic", "[check][errors]") {
  CHECK(error("B = i < 5\n") == "positional predicate 'i < 5' is not periodic");
  CHECK(notes("B = i < 5\n") ==
        std::vector<std::string>{"positions can be counted legally: 'i < 5' is '#[j <= i] true <= 5'"});
  CHECK(error("B = \"a\" && i == 0\n") == "positional predicate 'i == 0' is not periodic");
  CHECK(notes("B = \"a\" && i == 0\n") ==
        std::vector<std::string>{"positions can be counted legally: 'i == 0' is '#[j <= i] true == 1'"});
  CHECK(error("predicate first(i) = i == 0\nB = first\n") == "predicate 'first' is not periodic");
  CHECK(error("B = j % 2 == 0\n") == "'j' can only be used in a guard, but 'j % 2 == 0' is used as a Boolean");
}

TEST_CASE("alphabets, families and quantifiers", "[check][errors]") {
  const std::string S = "alphabet S = { \"a\" \"b\" }\n";
  CHECK(error("alphabet S = { \"a\" \"b\" \"a\" }\nA = \"a\"\n") == "duplicate token 'a' in alphabet 'S'");
  CHECK(error("alphabet S = { \"e\" .. \"a\" }\nA = \"a\"\n") ==
        "'e' .. 'a' is not a range: use single characters (\"a\" .. \"e\") or one prefix with increasing "
        "numbers (\"t0\" .. \"t149\")");
  CHECK(error(S + "alphabet S = { \"c\" }\nA = \"a\"\n") == "alphabet 'S' is already declared");
  CHECK(error("F[a in T] = tok(a)\n") == "unknown alphabet 'T'");
  CHECK(error("B = any a in T: tok(a)\n") == "unknown alphabet 'T'");
  CHECK(error(S + "F[a in S] = tok(a)\nB = F\n") == "family 'F' takes 1 index, not 0");
  CHECK(error(S + "F[a in S] = tok(a)\nB = F[\"a\", \"b\"]\n") == "family 'F' takes 1 index, not 2");
  CHECK(error(S + "A = \"a\"\nB = A[\"a\"]\n") == "'A' is not a family; it takes no indices");
  CHECK(error(S + "F[a in S] = tok(a)\nB = F[\"z\"]\n") == "'z' is not in alphabet 'S' of family 'F'");
  CHECK(error(S + "F[a in S] = tok(b)\n") == "undefined symbol variable 'b'");
  CHECK(error(S + "F[a in S, a in S] = tok(a)\n") == "symbol variable 'a' is bound twice");
  CHECK(error(S + "F[a in S] = a\n") == "'a' is a symbol variable, not a Boolean; test it with 'tok(a)'");
  CHECK(error(S + "B = any a in S where #\"a\" > 1: tok(a)\n") ==
        "a 'where' filter must compare symbol variables (== != < <= > >=), but '#\"a\" > 1' is a Boolean");
  CHECK(error(S + "alphabet T = { \"x\" }\nB = any a in S: any b in T where a < b: tok(a)\n") ==
        "cannot order symbols of different alphabets 'S' and 'T'");
}

TEST_CASE("several errors in one run", "[check][errors]") {
  auto e = errors("A = B\nC = (#\"a\") && \"b\"\nD = i < 3\nE = \"a\"\n");
  CHECK(e == std::vector<std::string>{"undefined name 'B'",
                                      "'&&' needs Boolean operands, but '(#\"a\")' is a count",
                                      "positional predicate 'i < 3' is not periodic"});
  // A statement with an error is still defined: using it later adds no error.
  CHECK(errors("A = B\nC = A && \"a\"\n") == std::vector<std::string>{"undefined name 'B'"});
}

TEST_CASE("alphabet overrides", "[check][errors]") {
  crasp::check_options o;
  o.alphabet_overrides["T"] = {"x"};
  auto r = load("alphabet S = { \"a\" }\nA = \"a\"\n", "t.crasp", o);
  CHECK(messages(r) == std::vector<std::string>{"alphabet 'T' is not declared in the program"});
  crasp::check_options dup;
  dup.alphabet_overrides["S"] = {"x", "x"};
  CHECK(messages(load("alphabet S = { \"a\" }\nA = \"a\"\n", "t.crasp", dup)) ==
        std::vector<std::string>{"duplicate token 'x' in alphabet 'S'"});
}

TEST_CASE("diagnostics point into the source", "[check][errors]") {
  auto r = load("A = \"a\"\nB = A && (#\"a\")\n");
  REQUIRE(r.diags.error_count() == 1);
  const auto& d = r.diags.items()[0];
  REQUIRE(d.source);
  CHECK(d.source->text.substr(d.where.begin, d.where.end - d.where.begin) == "(#\"a\")");
  CHECK(crasp::render(d).find("t.crasp:2:10: error:") == 0);
}

TEST_CASE("unreadable files", "[check][errors]") {
  auto r = crasp::load_file("/nonexistent/dir/x.crasp");
  REQUIRE(r.diags.error_count() == 1);
  CHECK(r.diags.items()[0].message == "cannot read file: No such file or directory");
  CHECK(r.diags.items()[0].origin == "/nonexistent/dir/x.crasp");
  CHECK_FALSE(r.diags.items()[0].source);
}

TEST_CASE("warnings", "[check][errors]") {
  auto w = [](const std::string& text) { return messages(load(text), crasp::severity::warning); };
  CHECK(w("C = #[j <= i, j == i + 1] \"a\"\n") ==
        std::vector<std::string>{"guard 'j == i + 1' never holds for j <= i: the count is always 0"});
  const std::string S = "alphabet S = { \"a\" \"b\" }\n";
  // Instances of one family defined one by one (what print_expanded emits) do not warn...
  CHECK(w(S + "F[\"a\"] = true\nF[\"b\"] = false\nG = F[\"a\"]\n").empty());
  // ...redefining one does, and so does an instance that a family already defines.
  CHECK(w(S + "F[\"a\"] = true\nF[\"a\"] = false\n") ==
        std::vector<std::string>{"redefinition of 'F' shadows the earlier definition"});
  CHECK(w(S + "F[x in S] = tok(x)\nF[\"b\"] = false\n") ==
        std::vector<std::string>{"redefinition of 'F' shadows the earlier definition"});
  CHECK(w(S + "F[x in S] = tok(x)\nF[\"z\"] = false\n").empty());
}

TEST_CASE("the public dialect", "[check][errors]") {
  auto r = load("#import pred\nafter_a = (#[pred] \"a\") >= 1\nL = (# (\"b\" && after_a)) >= 1\n", "ab.cr");
  REQUIRE(r.ok());
  CHECK(r.program->klass == crasp::ir::program_class::crasp_pos);
  CHECK(error("#import pos_even\nC = #[pos_even] \"a\"\n", "x.cr") ==
        "'pos_even' is a unary predicate; a guard needs a binary predicate of i and j");
}
