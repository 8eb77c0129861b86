// The solver: a goal met by one expression, by a conjunction of necessary conditions, by a
// disjunction of sufficient ones, and through the family shapes (`any s in F: tok(s) && T`).
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "strings.hpp"
#include "synth/solve.hpp"

namespace {

using namespace crasp::synth;
using synth_test::all_strings;
using synth_test::instances;

// An accept goal (decision at every string's last position) for `f`.
goal accept_goal(const instances& data, const std::function<bool(const std::vector<std::uint32_t>&)>& f) {
  goal g;
  g.name = "ACCEPT";
  std::uint32_t at = 0;
  for (const auto& w : data) {
    at += static_cast<std::uint32_t>(w.size());
    g.positions.push_back(at - 1);
    g.want.push_back(f(w) ? 1 : 0);
  }
  return g;
}

// Grows until the solver has a rule (or size 8).
std::optional<std::vector<rule>> solve_up_to(enumerator& e, solver& s) {
  for (int size = 0; size < 8; ++size) {
    e.grow();
    s.absorb(e);
    if (auto r = s.solve()) return r;
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("a conjunction of two small necessary conditions beats one large expression") {
  const auto data = all_strings(2, 6);
  const layout l(data);
  grammar gr;
  gr.tokens = {0, 1};
  // Ends in b (token 1) and has at least two a's.
  const auto g = accept_goal(data, [](const auto& w) {
    int a = 0;
    for (auto t : w) a += t == 0;
    return w.back() == 1 && a >= 2;
  });
  enumerator e(l, gr);
  solver s(l, family_info{}, {g});
  const auto rules = solve_up_to(e, s);
  REQUIRE(rules);
  const rule& r = rules->front();
  CHECK(r.parts.size() == 2);
  CHECK(r.conjunction);
  CHECK(r.size == 1 + 4 + 1);  // "b", #"a" >= 2, and the join
}

TEST_CASE("a disjunction of sufficient conditions") {
  const auto data = all_strings(2, 6);
  const layout l(data);
  grammar gr;
  gr.tokens = {0, 1};
  gr.max_shift = 0;
  // Starts with b, or ends with a: sizes 4 (first) and 1.
  const auto g = accept_goal(data, [](const auto& w) { return w.front() == 1 || w.back() == 0; });
  enumerator e(l, gr);
  solver s(l, family_info{}, {g});
  const auto rules = solve_up_to(e, s);
  REQUIRE(rules);
  const rule& r = rules->front();
  REQUIRE(r.parts.size() == 2);
  CHECK_FALSE(r.conjunction);
}

TEST_CASE("a family shape: the last token repeats the one before, for any symbol") {
  const auto data = all_strings(3, 4);
  const std::vector<std::uint32_t> family{0, 1, 2};
  std::vector<assignment> copies;
  for (const auto s : family) copies.push_back({no_token, s});
  const layout l(data, copies);
  grammar gr;
  gr.variable_s = true;
  family_info f{family, 1, 3};
  const auto g = accept_goal(data, [](const auto& w) { return w.size() >= 2 && w[w.size() - 2] == w.back(); });
  enumerator e(l, gr);
  solver s(l, f, {g});
  const auto rules = solve_up_to(e, s);
  REQUIRE(rules);
  const rule& r = rules->front();
  REQUIRE(r.parts.size() == 1);
  CHECK(r.parts.front().form == shape::any);
  // exists[j <= i, j == i - 1] tok(s), read for the current token's symbol.
  CHECK(e.print(r.parts.front().term, {"a", "b", "c"}) == "exists[j <= i, j == i - 1] tok(s)");
}

TEST_CASE("a count goal is met only by a count equal at every decision") {
  const auto data = all_strings(2, 5);
  const layout l(data);
  grammar gr;
  gr.tokens = {0, 1};
  goal g;
  g.name = "COUNT";
  g.count = true;
  std::uint32_t at = 0;
  for (const auto& w : data) {
    at += static_cast<std::uint32_t>(w.size());
    g.positions.push_back(at - 1);
    int a = 0, b = 0;
    for (auto t : w) (t == 0 ? a : b)++;
    g.want.push_back(a - b);
  }
  enumerator e(l, gr);
  solver s(l, family_info{}, {g});
  const auto rules = solve_up_to(e, s);
  REQUIRE(rules);
  CHECK(e.print(rules->front().parts.front().term, {"a", "b"}) == "(#\"a\") - (#\"b\")");
}

TEST_CASE("the rules do not depend on the number of threads") {
  const auto data = all_strings(2, 7);
  const layout l(data);
  // Three goals, so solve() spreads them over threads: the last token is b and a's outnumber
  // b's; at least two a's; the first token equals the last.
  std::vector<goal> goals{accept_goal(data, [](const auto& w) {
                            int d = 0;
                            for (auto t : w) d += t == 0 ? 1 : -1;
                            return w.back() == 1 && d > 0;
                          }),
                          accept_goal(data, [](const auto& w) {
                            int a = 0;
                            for (auto t : w) a += t == 0;
                            return a >= 2;
                          }),
                          accept_goal(data, [](const auto& w) { return w.front() == w.back(); })};
  const auto run = [&](unsigned threads) {
    grammar gr;
    gr.tokens = {0, 1};
    gr.threads = threads;
    enumerator e(l, gr);
    solver s(l, family_info{}, goals);
    std::vector<std::string> out;
    for (int size = 0; size < 8; ++size) {
      e.grow();
      s.absorb(e, threads);
      if (const auto rules = s.solve(threads)) {
        for (const auto& r : *rules) {
          std::string text = std::to_string(r.size) + (r.conjunction ? " and:" : " or:");
          for (const auto& p : r.parts) {
            text += ' ';
            text += e.print(p.term, {"a", "b"});
          }
          out.push_back(text);
        }
        return out;
      }
    }
    return out;
  };
  const auto one = run(1);
  REQUIRE(one.size() == 3);
  CHECK(run(2) == one);
  CHECK(run(3) == one);
}
