// Expansion: family sizes, quantifiers, hash-consing, class, depth, vocabulary, next rules.
#include <catch2/catch.hpp>

#include "check_helpers.hpp"

using namespace check_test;
namespace ir = crasp::ir;

namespace {

template <class T>
std::size_t count_ops(const ir::program& p) {
  std::size_t n = 0;
  for (const auto& node : p.nodes) n += std::holds_alternative<T>(node.operation);
  return n;
}

// The latest statement of that name (the one later references see).
const ir::statement& stmt(const ir::program& p, const std::string& name) {
  for (auto s = p.statements.rbegin(); s != p.statements.rend(); ++s)
    if (s->name == name) return *s;
  throw std::runtime_error("no statement " + name);
}

}  // namespace

TEST_CASE("families expand to one statement per tuple", "[check][expand]") {
  auto p = program(
      "alphabet Sym = { \"a\" .. \"e\" }\n"
      "PREV[a in Sym] = exists[j <= i, j == i - 1] tok(a)\n"
      "BIGRAM[a in Sym, b in Sym] = exists[j <= i] (PREV[a] && tok(b))\n"
      "HIT[a in Sym] = any s in Sym: tok(s) && BIGRAM[s, a]\n");
  CHECK(p.statements.size() == 5 + 25 + 5);
  CHECK(p.statements[0].name == "PREV[\"a\"]");
  CHECK(p.statements[6].name == "BIGRAM[\"a\",\"b\"]");
  CHECK(p.vocabulary == std::vector<std::string>{"a", "b", "c", "d", "e"});
  CHECK(p.closed_vocabulary);
  CHECK(p.klass == ir::program_class::crasp_pos);
  CHECK(p.depth == 2);
  CHECK(count_ops<ir::count>(p) == 5 + 25);
}

TEST_CASE("overrides resize families", "[check][expand]") {
  crasp::check_options o;
  o.alphabet_overrides["Sym"] = *crasp::expand_range("t0", "t149");
  auto p = program("alphabet Sym = { \"a\" }\nB[a in Sym, b in Sym] = tok(a) || tok(b)\n", "t.crasp", o);
  CHECK(p.statements.size() == 150 * 150);
  CHECK(p.vocabulary.size() == 150);
  CHECK(p.token_index("t149") == 149);
  CHECK(p.token_index("a") == UINT32_MAX);
}

TEST_CASE("instances resolve per tuple; instance definitions override", "[check][expand]") {
  auto p = program(
      "alphabet S = { \"a\" \"b\" }\n"
      "F[x in S] = tok(x)\n"
      "F[\"b\"] = true\n"
      "G[x in S] = F[x]\n");
  CHECK(p.statements.size() == 5);
  CHECK(stmt(p, "G[\"a\"]").value == stmt(p, "F[\"a\"]").value);
  CHECK(stmt(p, "G[\"b\"]").value == stmt(p, "F[\"b\"]").value);
  CHECK(std::holds_alternative<ir::bool_const>(p.nodes[stmt(p, "G[\"b\"]").value].operation));
}

TEST_CASE("quantifiers", "[check][expand]") {
  const std::string S = "alphabet S = { \"a\" \"b\" \"c\" }\n";
  SECTION("where filters by declaration order") {
    auto p = program(S + "LESS[a in S] = any b in S where b < a: tok(b)\n");
    auto v = [&](const std::string& n) { return p.nodes[stmt(p, n).value].operation; };
    CHECK(std::get<ir::bool_const>(v("LESS[\"a\"]")).value == false);  // any over nothing
    CHECK(std::holds_alternative<ir::token_test>(v("LESS[\"b\"]")));
    CHECK(std::holds_alternative<ir::or_>(v("LESS[\"c\"]")));
  }
  SECTION("empty all is true, empty sum is 0") {
    auto p = program(S + "A = all b in S where b != b: tok(b)\nC = sum b in S where false: #tok(b)\n");
    CHECK(std::get<ir::bool_const>(p.nodes[stmt(p, "A").value].operation).value);
    CHECK(std::get<ir::int_const>(p.nodes[stmt(p, "C").value].operation).value == 0);
  }
  SECTION("sum adds counts") {
    auto p = program(S + "C = sum b in S: #tok(b)\n");
    CHECK(count_ops<ir::add>(p) == 2);
    CHECK(count_ops<ir::count>(p) == 3);
  }
}

TEST_CASE("hash-consing shares equal subterms", "[check][expand]") {
  auto p = program(
      "A = #\"a\" > #\"b\"\n"
      "B = #\"a\" > #\"b\"\n"
      "C = (\"a\" && \"b\") || (\"b\" && \"a\")\n");
  CHECK(stmt(p, "A").value == stmt(p, "B").value);
  CHECK(count_ops<ir::count>(p) == 2);
  CHECK(count_ops<ir::and_>(p) == 1);  // && is commutative
  CHECK(count_ops<ir::or_>(p) == 0);   // x || x is x
  // Topological order: every operand precedes its user.
  for (ir::node_id n = 0; n < p.nodes.size(); ++n) {
    std::visit(
        [&](const auto& op) {
          if constexpr (requires { op.a; }) CHECK(op.a < n);
          if constexpr (requires { op.b; }) CHECK(op.b < n);
          if constexpr (requires { op.body; }) CHECK(op.body < n);
        },
        p.nodes[n].operation);
  }
}

TEST_CASE("sugar and folding", "[check][expand]") {
  auto p = program("E = exists[j <= i] \"a\"\nN = -(#\"a\")\nK = 3 * #\"a\"\nZ = 0 * #\"a\" + 2\n");
  const auto& e = std::get<ir::compare>(p.nodes[stmt(p, "E").value].operation);
  CHECK(e.op == ir::cmp::ge);
  CHECK(std::get<ir::int_const>(p.nodes[e.b].operation).value == 1);
  const auto& n = std::get<ir::sub>(p.nodes[stmt(p, "N").value].operation);
  CHECK(std::get<ir::int_const>(p.nodes[n.a].operation).value == 0);
  CHECK(std::get<ir::scale>(p.nodes[stmt(p, "K").value].operation).k == 3);
  CHECK(std::get<ir::int_const>(p.nodes[stmt(p, "Z").value].operation).value == 2);
  CHECK(stmt(p, "K").result == ir::type::count);
  CHECK(stmt(p, "E").result == ir::type::boolean);
}

TEST_CASE("class and depth", "[check][expand]") {
  auto nope = program("C_open = # \"(\"\nC_close = # \")\"\nV = C_open < C_close\nD = (# V == 0) && (C_open == C_close)\n",
                      "dyck.cr");
  CHECK(nope.klass == ir::program_class::crasp);
  CHECK(nope.depth == 2);
  CHECK_FALSE(nope.closed_vocabulary);
  CHECK(nope.vocabulary == std::vector<std::string>{"(", ")"});
  CHECK(program("B = \"a\" && i % 2 == 0\n").klass == ir::program_class::crasp_pos);
  CHECK(program("#import pos_even\nB = \"a\" && pos_even\n").klass == ir::program_class::crasp_pos);
  CHECK(program("#import pred4\nB = #[pred4] \"a\"\n").klass == ir::program_class::crasp_pos);
  // Trivial positional conditions fold away and need no positions.
  CHECK(program("B = \"a\" && i % 1 == 0\n").klass == ir::program_class::crasp);
  CHECK(program("C = #[j <= i, j <= i] \"a\"\n").klass == ir::program_class::crasp);
  auto guarded = program("C = #[j <= i, i - j < 3] \"a\"\n");
  const auto& c = std::get<ir::count>(guarded.nodes[guarded.output()].operation);
  CHECK(c.local);
  CHECK(c.offsets == std::vector<std::uint32_t>{0, 1, 2});
  auto periodic = program("predicate third(i) = i % 3 == 2\nB = third\n");
  CHECK(std::get<ir::periodic>(periodic.nodes[periodic.output()].operation).residues ==
        std::vector<bool>{false, false, true});
}

TEST_CASE("next rules", "[check][expand]") {
  auto p = program(
      "alphabet S = { \"a\" \"b\" }\n"
      "next[x in S] = tok(x)\n"
      "next \"<eos>\" = #\"a\" > 2\n");
  REQUIRE(p.next.size() == 3);
  CHECK(p.is_generator());
  CHECK(p.vocabulary == std::vector<std::string>{"a", "b", "<eos>"});
  CHECK(p.next[2].token == p.token_index("<eos>"));
  CHECK(p.statements.empty());
}

TEST_CASE("vocabulary is declared tokens then named ones, in first-seen order", "[check][expand]") {
  auto p = program("A = \"x\" || \"y\"\nalphabet S = { \"b\" \"a\" }\nB = \"a\" && \"z\"\n");
  CHECK(p.vocabulary == std::vector<std::string>{"x", "y", "b", "a", "z"});
}
