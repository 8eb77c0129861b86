// The generator must really cover the language: across the default seeds every construct and
// every guard and statement form appears, and crasp accepts every program it prints (a program
// the checker rejected would otherwise only show up as a "check" failure in the campaign).
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "engines.hpp"
#include "program.hpp"

namespace {

struct coverage {
  std::map<rnd::ek, int> kinds;
  std::set<int> guards, stmt_forms, styles;
  int where = 0, shadowed = 0, open = 0, ranges = 0, two_params = 0, literal_args = 0, negative_mod = 0;

  void pos_walk(const rnd::pos& e) {
    if (e.k == rnd::pos::mod && e.kids[0].k == rnd::pos::sub && e.kids[0].kids[0].k == rnd::pos::j) ++negative_mod;
    for (const auto& k : e.kids) pos_walk(k);
  }
  void walk(const rnd::expr& e) {
    ++kinds[e.k];
    if (e.k == rnd::ek::count || e.k == rnd::ek::exists) {
      guards.insert(e.g.form);
      pos_walk(e.g.psi);
    }
    if (e.k == rnd::ek::cond || e.k == rnd::ek::scale) styles.insert(e.style + (e.k == rnd::ek::cond ? 10 : 20));
    where += !e.where_var.empty();
    for (const auto& a : e.args) literal_args += a.front() == '"';
    for (const auto& k : e.kids) walk(k);
  }
};

}  // namespace

TEST_CASE("the generator covers the language and crasp accepts what it prints", "[random]") {
  coverage c;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const auto p = rnd::generate(seed);
    const auto source = rnd::print(p);
    const auto checked = rnd::check_source(source);
    INFO("seed " << seed << "\n" << source << checked.errors);
    CHECK(checked.ir.has_value());
    c.open += p.alphabets.empty();
    for (const auto& a : p.alphabets) c.ranges += a.range;
    std::set<std::string> names;
    for (const auto& s : p.stmts) {
      c.stmt_forms.insert(s.form);
      c.two_params += s.params.size() == 2;
      if (s.form == rnd::statement::assign && !names.insert(s.name).second) ++c.shadowed;
      c.walk(s.value);
    }
  }
  for (int k = 0; k <= static_cast<int>(rnd::ek::pred_ref); ++k) {
    INFO("expression kind " << k);
    CHECK(c.kinds[static_cast<rnd::ek>(k)] > 0);
  }
  CHECK(c.guards.size() == 6);
  CHECK(c.stmt_forms.size() == 7);
  CHECK(c.styles.size() == 4);  // `?:` and `if else`; `k * C` and `C * k`
  for (int n : {c.where, c.shadowed, c.open, c.ranges, c.two_params, c.literal_args, c.negative_mod}) CHECK(n > 0);
}
