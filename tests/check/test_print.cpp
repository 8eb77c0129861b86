// print_expanded round trip: printing, parsing and checking again gives the same program.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "check_helpers.hpp"

using namespace check_test;

namespace {

// Structural hashes of every node: node ids may differ between the two programs (creation order
// follows the text), and commutative operands are ordered by id, so they are hashed unordered.
std::vector<std::uint64_t> shapes(const crasp::ir::program& p) {
  std::vector<std::uint64_t> h(p.nodes.size());
  auto mix = [](std::uint64_t a, std::uint64_t b) { return (a ^ (b + 0x9e3779b97f4a7c15ULL + (a << 6) + (a >> 2))) * 1099511628211ULL; };
  for (std::size_t n = 0; n < p.nodes.size(); ++n) {
    const auto& op = p.nodes[n].operation;
    std::uint64_t x = mix(op.index() + 1, 77);
    std::visit(
        [&](const auto& o) {
          using T = std::decay_t<decltype(o)>;
          if constexpr (std::is_same_v<T, crasp::ir::token_test>) x = mix(x, std::hash<std::string>{}(p.vocabulary[o.token]));
          else if constexpr (std::is_same_v<T, crasp::ir::bool_const>) x = mix(x, o.value);
          else if constexpr (std::is_same_v<T, crasp::ir::int_const>) x = mix(x, static_cast<std::uint64_t>(o.value));
          else if constexpr (std::is_same_v<T, crasp::ir::periodic>) for (bool r : o.residues) x = mix(x, r);
          else if constexpr (std::is_same_v<T, crasp::ir::count>) {
            x = mix(mix(x, h[o.body]), o.local);
            for (auto d : o.offsets) x = mix(x, d);
          } else if constexpr (std::is_same_v<T, crasp::ir::compare>) x = mix(mix(mix(x, static_cast<int>(o.op)), h[o.a]), h[o.b]);
          else if constexpr (std::is_same_v<T, crasp::ir::sub>) x = mix(mix(x, h[o.a]), h[o.b]);
          else if constexpr (std::is_same_v<T, crasp::ir::scale>) x = mix(mix(x, static_cast<std::uint64_t>(o.k)), h[o.a]);
          else if constexpr (std::is_same_v<T, crasp::ir::select>) x = mix(mix(mix(x, h[o.cond]), h[o.a]), h[o.b]);
          else if constexpr (std::is_same_v<T, crasp::ir::not_>) x = mix(x, h[o.a]);
          else x = mix(mix(x, std::min(h[o.a], h[o.b])), std::max(h[o.a], h[o.b]));
        },
        op);
    h[n] = x;
  }
  return h;
}

void same_program(const crasp::ir::program& a, const std::string& printed) {
  INFO(printed);
  auto r = load(printed, "expanded.crasp");
  INFO(crasp::render(r.diags));
  REQUIRE(r.ok());
  const auto& b = *r.program;
  CHECK(b.nodes.size() == a.nodes.size());
  auto ha = shapes(a), hb = shapes(b);
  REQUIRE(b.statements.size() == a.statements.size());
  for (std::size_t k = 0; k < a.statements.size(); ++k) {
    CHECK(b.statements[k].name == a.statements[k].name);
    CHECK(hb[b.statements[k].value] == ha[a.statements[k].value]);
  }
  REQUIRE(b.next.size() == a.next.size());
  for (std::size_t k = 0; k < a.next.size(); ++k) {
    CHECK(b.vocabulary[b.next[k].token] == a.vocabulary[a.next[k].token]);
    CHECK(hb[b.next[k].value] == ha[a.next[k].value]);
  }
  std::sort(ha.begin(), ha.end());  // same multiset of operations
  std::sort(hb.begin(), hb.end());
  CHECK(ha == hb);
  CHECK(b.klass == a.klass);
  CHECK(b.depth == a.depth);
  if (a.closed_vocabulary) CHECK(b.vocabulary == a.vocabulary);
  // Printing again gives the same text up to commutative operand order; compare sizes.
  CHECK(crasp::print_expanded(b).size() == printed.size());
}

}  // namespace

TEST_CASE("print_expanded output", "[check][print]") {
  auto p = program(
      "alphabet S = { \"a\" \"b\" }\n"
      "P[x in S] = exists[j <= i, j == i - 1] tok(x)\n"
      "C = 2 * #[j <= i, (i - j) % 2 == 0 && i - j < 5] \"a\" - 3\n"
      "E = i % 3 == 1 && C > -1\n"
      "next \"b\" = P[\"a\"] && E\n");
  CHECK(crasp::print_expanded(p) ==
        "alphabet Vocabulary = { \"a\" \"b\" }\n"
        "P[\"a\"] = ((#[j <= i, i - j == 1] \"a\") >= 1)\n"
        "P[\"b\"] = ((#[j <= i, i - j == 1] \"b\") >= 1)\n"
        "C = ((2 * (#[j <= i, i - j == 0 || i - j == 2 || i - j == 4] \"a\")) - 3)\n"
        "E = ((i % 3 == 1) && (C > (-1)))\n"
        "next \"b\" = (P[\"a\"] && E)\n");
  same_program(p, crasp::print_expanded(p));
}

TEST_CASE("print_expanded round trip on inline programs", "[check][print]") {
  const char* programs[] = {
      "A = \"a\"\nA = !A\nB = A || \"c\"\n",  // shadowing: B uses the second A
      "A = \"a\"\nB = \"a\"\nC = A && \"b\"\n",
      "C = min(#\"a\", 3) + max(#\"b\", #\"a\") - (\"a\" ? 1 : 2)\n",
      "#import pred\n#import pos_even\nX = #[pred] (\"a\" && pos_even)\nY = (#[j <= i, i - j >= 2 && i - j <= 4 || i - j == 9] \"a\") > X\n",
      "alphabet S = { \"a\" .. \"d\" }\nF[a in S, b in S] = any c in S where c > a && c < b: tok(c)\nG = sum a in S: #F[a, \"d\"]\n",
  };
  for (const char* text : programs) {
    auto p = program(text);
    same_program(p, crasp::print_expanded(p));
  }
}

TEST_CASE("print_expanded round trip on every bundled program", "[check][print]") {
  std::size_t n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(CRASP_PROGRAMS_DIR)) {
    auto ext = entry.path().extension();
    if (ext != ".crasp" && ext != ".cr") continue;
    ++n;
    DYNAMIC_SECTION(entry.path().filename().string()) {
      auto r = crasp::load_file(entry.path().string());
      INFO(crasp::render(r.diags));
      REQUIRE(r.ok());
      same_program(*r.program, crasp::print_expanded(*r.program));
    }
  }
  CHECK(n > 0);
}
