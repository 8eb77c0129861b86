// Every statement and expression form of docs/language.md builds the expected tree.
#include <catch2/catch.hpp>

#include "parse_helpers.hpp"

using namespace crasp;
using crasp::test::parse_text;
using crasp::test::sx;

namespace {

template <typename T>
const T& stmt(const parse_result& r, std::size_t k) {
  REQUIRE(k < r.program.statements.size());
  return std::get<T>(r.program.statements[k].node);
}

std::string text_of(const parse_result& r, span s) {
  return r.program.source->text.substr(s.begin, s.end - s.begin);
}

}  // namespace

TEST_CASE("dialect_for picks .cr by extension") {
  CHECK(dialect_for("a.cr") == ast::dialect::cr);
  CHECK(dialect_for("dir/x.crasp") == ast::dialect::crasp);
  CHECK(dialect_for("a.crx") == ast::dialect::crasp);
  CHECK(dialect_for("<stdin>") == ast::dialect::crasp);
}

TEST_CASE("atoms") {
  CHECK(sx("\"a\"") == "\"a\"");
  CHECK(sx("\"<sep>\" || \"|\" || \"(\"") == "((\"<sep>\" || \"|\") || \"(\")");
  CHECK(sx("true && false") == "(true && false)");
  CHECK(sx("42") == "42");
  CHECK(sx("9223372036854775807") == "9223372036854775807");
  CHECK(sx("tok(a) || tok(\"x\")") == "(tok(a) || tok(\"x\"))");
  CHECK(sx("F[a, \"x\"]") == "F[a, \"x\"]");
  CHECK(sx("min(A, 2) + max(B, C)") == "(min(A, 2) + max(B, C))");
  CHECK(sx("A1_b") == "A1_b");
}

TEST_CASE("counts, exists and guards") {
  CHECK(sx("#[j <= i] \"a\"") == "(# \"a\")");
  CHECK(sx("#[pred] \"a\"") == "(#[pred] \"a\")");
  CHECK(sx("#[j <= i, prev] \"a\"") == "(#[prev] \"a\")");
  CHECK(sx("#[j <= i, j == i - 1] \"a\"") == "(#[(j == (i - 1))] \"a\")");
  CHECK(sx("#[i - j < 3] \"a\"") == "(#[((i - j) < 3)] \"a\")");
  CHECK(sx("#[j <= i - 1] \"a\"") == "(#[(j <= (i - 1))] \"a\")");
  CHECK(sx("exists[j <= i, j == i - 1] tok(a)") == "(exists[(j == (i - 1))] tok(a))");
  CHECK(sx("exists \"a\" && B") == "(exists (\"a\" && B))");
  CHECK(sx("exists[j <= i] (PREV[a] && tok(b))") == "(exists (PREV[a] && tok(b)))");

  const parse_result r = parse_text("X = #[j <= i, prev] \"a\"\nY = #[j == i - 1] \"a\"\n");
  REQUIRE(r.ok());
  const auto& c = std::get<ast::count>(r.program.at(stmt<ast::assign>(r, 0).value).node);
  REQUIRE(c.g.named);
  CHECK(*c.g.named == "prev");
  CHECK(text_of(r, c.g.named_where) == "prev");
  CHECK_FALSE(c.g.inline_expr.valid());
  const auto& d = std::get<ast::count>(r.program.at(stmt<ast::assign>(r, 1).value).node);
  CHECK_FALSE(d.g.named);
  CHECK(d.g.inline_expr.valid());
}

TEST_CASE("quantifiers") {
  CHECK(sx("any s in Sym: tok(s) && B[s, a]") == "(any s in Sym: (tok(s) && B[s, a]))");
  CHECK(sx("all b in Sym where b < a: !tok(b)") == "(all b in Sym where (b < a): (!tok(b)))");
  CHECK(sx("sum a in Sym: # tok(a)") == "(sum a in Sym: (# tok(a)))");
  CHECK(sx("(sum a in Sym: # tok(a)) > 2") == "((sum a in Sym: (# tok(a))) > 2)");
  CHECK(sx("A && (any a in S: tok(a)) || B") == "((A && (any a in S: tok(a))) || B)");
}

TEST_CASE("positional terms and inline unary predicates") {
  CHECK(sx("i % 3 == 1 && i % 2 != 0") == "(((i % 3) == 1) && ((i % 2) != 0))");
  CHECK(sx("#[i - j == 2 * 2] A") == "(#[((i - j) == (2 * 2))] A)");
  CHECK(sx("#[(i - j) % 4 == 0] A") == "(#[(((i - j) % 4) == 0)] A)");
}

TEST_CASE("statements: imports, alphabets, families, instances, predicates, next") {
  const parse_result r = parse_text(
      "#import pred\n"
      "alphabet Sym = { \"a\" .. \"e\" \"<sep>\" 0 .. 9 }\n"
      "alphabet Empty = { }\n"
      "PREV[a in Sym] = exists[j <= i, j == i - 1] tok(a)\n"
      "BIGRAM[a in Sym, b in Sym] = exists[j <= i] (PREV[a] && tok(b))\n"
      "F[\"x\", \"y\"] = true\n"
      "predicate prev(i, j) = j == i - 1\n"
      "predicate third(i) = i % 3 == 2\n"
      "next \"<eos>\" = third\n"
      "next[a in Sym] = PREV[a]\n"
      "next \"|\" = false\n");
  REQUIRE(r.diags.empty());
  REQUIRE(r.program.statements.size() == 11);

  CHECK(stmt<ast::import_stmt>(r, 0).name == "pred");
  CHECK(text_of(r, stmt<ast::import_stmt>(r, 0).name_where) == "pred");

  const auto& a = stmt<ast::alphabet_decl>(r, 1);
  CHECK(a.name == "Sym");
  REQUIRE(a.items.size() == 3);
  CHECK(a.items[0].first == "a");
  CHECK(a.items[0].last == std::optional<std::string>("e"));
  CHECK(a.items[1].first == "<sep>");
  CHECK_FALSE(a.items[1].last);
  CHECK(a.items[2].first == "0");
  CHECK(a.items[2].last == std::optional<std::string>("9"));
  CHECK(text_of(r, a.items[0].where) == "\"a\" .. \"e\"");
  CHECK(stmt<ast::alphabet_decl>(r, 2).items.empty());

  const auto& prev = stmt<ast::assign>(r, 3);
  CHECK(prev.name == "PREV");
  REQUIRE(prev.params.size() == 1);
  CHECK(prev.params[0].var == "a");
  CHECK(prev.params[0].alphabet == "Sym");
  CHECK_FALSE(prev.params[0].literal);
  CHECK(text_of(r, prev.params[0].where) == "a in Sym");
  CHECK(stmt<ast::assign>(r, 4).params.size() == 2);

  const auto& inst = stmt<ast::assign>(r, 5);
  REQUIRE(inst.params.size() == 2);
  CHECK(inst.params[0].literal == std::optional<std::string>("x"));
  CHECK(inst.params[1].literal == std::optional<std::string>("y"));

  const auto& pb = stmt<ast::predicate_def>(r, 6);
  CHECK(pb.name == "prev");
  CHECK(pb.binary);
  CHECK(crasp::detail::to_sexpr(r.program, pb.body) == "(j == (i - 1))");
  CHECK_FALSE(stmt<ast::predicate_def>(r, 7).binary);

  const auto& n1 = stmt<ast::next_decl>(r, 8);
  CHECK(n1.token == std::optional<std::string>("<eos>"));
  CHECK_FALSE(n1.param);
  const auto& n2 = stmt<ast::next_decl>(r, 9);
  REQUIRE(n2.param);
  CHECK(n2.param->var == "a");
  CHECK(n2.param->alphabet == "Sym");
  CHECK(stmt<ast::next_decl>(r, 10).token == std::optional<std::string>("|"));
}

TEST_CASE("comments, blank lines and CRLF line ends") {
  const parse_result r =
      parse_text("// header\r\n\r\nA = \"a\" // trailing\r\n   \r\nB = # A   \r\n// end");
  REQUIRE(r.diags.empty());
  REQUIRE(r.program.statements.size() == 2);
  CHECK(text_of(r, r.program.statements[0].where) == "A = \"a\"");
  CHECK(text_of(r, r.program.statements[1].where) == "B = # A");
  CHECK(parse_text("").program.statements.empty());
  CHECK(parse_text("A = \"//\"").ok());
}

TEST_CASE("spans are byte ranges of the written text") {
  const parse_result r = parse_text("X = 1\nY = (A + 2) * 3 < #[pred] B\n");
  REQUIRE(r.ok());
  const auto& y = stmt<ast::assign>(r, 1);
  CHECK(y.name == "Y");
  CHECK(text_of(r, y.name_where) == "Y");
  const ast::expr& cmp = r.program.at(y.value);
  CHECK(text_of(r, cmp.where) == "(A + 2) * 3 < #[pred] B");
  const auto& b = std::get<ast::binary>(cmp.node);
  CHECK(text_of(r, r.program.at(b.lhs).where) == "(A + 2) * 3");
  const auto& mul = std::get<ast::binary>(r.program.at(b.lhs).node);
  CHECK(r.program.at(mul.lhs).parenthesized);
  CHECK(text_of(r, r.program.at(mul.lhs).where) == "(A + 2)");
  CHECK(text_of(r, r.program.at(b.rhs).where) == "#[pred] B");
}

TEST_CASE("abandoned trial readings leave no nodes behind") {
  const parse_result r = parse_text("X = # A + 1\n");
  REQUIRE(r.ok());
  // count(A) + 1: exactly the nodes A, #A, 1, +.
  CHECK(r.program.exprs.size() == 4);
  CHECK(crasp::detail::to_sexpr(r.program, stmt<ast::assign>(r, 0).value) == "((# A) + 1)");
}

TEST_CASE("integer literals that overflow int64 are errors") {
  const parse_result r = parse_text("X = 9223372036854775808 + 1\n");
  CHECK_FALSE(r.ok());
  CHECK(render(r.diags) ==
        "t.crasp:1:5: error: integer literal '9223372036854775808' does not fit in 64 bits\n"
        " 1 | X = 9223372036854775808 + 1\n"
        "   |     ^~~~~~~~~~~~~~~~~~~\n");
}
