// The public examples of the reference (section 2) parse in the .cr dialect, unchanged.
#include <catch2/catch.hpp>

#include "parse_helpers.hpp"

using namespace crasp;

namespace {

std::vector<std::string> values(const parse_result& r) {
  std::vector<std::string> out;
  for (const ast::statement& s : r.program.statements)
    if (const auto* a = std::get_if<ast::assign>(&s.node))
      out.push_back(a->name + " = " + detail::to_sexpr(r.program, a->value));
  return out;
}

}  // namespace

TEST_CASE("Dyck-1 (Yang & Chiang)") {
  const parse_result r = test::parse_text(
      "// Dyck-1 (Yang & Chiang)\n"
      "C_open = # \"(\"\n"
      "C_close = # \")\"\n"
      "V = C_open < C_close\n"
      "D = (# V == 0) && (C_open == C_close)\n",
      "dyck1.cr");
  REQUIRE(r.diags.empty());
  CHECK(r.program.lang == ast::dialect::cr);
  CHECK(values(r) == std::vector<std::string>{
                         "C_open = (# \"(\")",
                         "C_close = (# \")\")",
                         "V = (C_open < C_close)",
                         "D = (((# V) == 0) && (C_open == C_close))",
                     });
}

TEST_CASE("contains the bigram ab") {
  const parse_result r = test::parse_text(
      "// contains the bigram \"ab\" (Huang et al. style)\n"
      "#import pred\n"
      "after_a = (#[pred] \"a\") >= 1\n"
      "L = (# (\"b\" && after_a)) >= 1\n",
      "ab.cr");
  REQUIRE(r.diags.empty());
  REQUIRE(r.program.statements.size() == 3);
  CHECK(std::get<ast::import_stmt>(r.program.statements[0].node).name == "pred");
  CHECK(values(r) == std::vector<std::string>{
                         "after_a = ((#[pred] \"a\") >= 1)",
                         "L = ((# (\"b\" && after_a)) >= 1)",
                     });
}

TEST_CASE("a retrieval program in the .crasp dialect") {
  const parse_result r = test::parse_text(
      "alphabet Sym = { \"a\" .. \"e\" }\n"
      "alphabet Ctl = { \"<bos>\" \"<sep>\" \"<eos>\" }\n"
      "PREV[a in Sym] = exists[j <= i, j == i - 1] tok(a)\n"
      "BIGRAM[a in Sym, b in Sym] = exists[j <= i] (PREV[a] && tok(b))\n"
      "HIT[a in Sym] = any s in Sym: tok(s) && BIGRAM[s, a]\n"
      "LESS[a in Sym] = any b in Sym where b < a: tok(b)\n"
      "next[a in Sym] = PREV[\"<sep>\"] && HIT[a]\n"
      "next \"<eos>\" = #[j <= i] \"<sep>\" == 2\n");
  REQUIRE(r.diags.empty());
  CHECK(values(r) == std::vector<std::string>{
                         "PREV = (exists[(j == (i - 1))] tok(a))",
                         "BIGRAM = (exists (PREV[a] && tok(b)))",
                         "HIT = (any s in Sym: (tok(s) && BIGRAM[s, a]))",
                         "LESS = (any b in Sym where (b < a): tok(b))",
                     });
}
