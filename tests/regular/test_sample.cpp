// The sampler: uniformity (every member drawn, frequencies within a chi-square bound for the
// fixed seed), exact counts against brute force, long lengths, and the boundary draws,
// including the D_12 counterexample a^13 b^13 that a plain Dyck-1 program gets wrong.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <set>

#include "regular/regex.hpp"
#include "regular/sample.hpp"
#include "regular_test_helpers.hpp"

using namespace crasp::regular;
using namespace crasp::regular::testing;

namespace {

// Pearson's statistic of the observed counts against a uniform spread over `support` words.
double chi_square(const std::map<word, std::size_t>& seen, std::size_t support, std::size_t draws) {
  const double expected = static_cast<double>(draws) / static_cast<double>(support);
  double chi = 0;
  for (const auto& [w, n] : seen)
    chi += (static_cast<double>(n) - expected) * (static_cast<double>(n) - expected) / expected;
  chi += static_cast<double>(support - seen.size()) * expected;  // words never drawn
  return chi;
}

std::vector<word> brute_force(const dfa& d, std::size_t n, bool members) {
  std::vector<word> out;
  for (const auto& w : words_of_length(d.alphabet, n))
    if (d.accepts(w) == members) out.push_back(w);
  return out;
}

// Draws `draws` words and checks they are exactly the brute-force set, spread uniformly.
// The bound is the 99.99th percentile of chi-square for up to 20 degrees of freedom or so:
// loose enough for a fixed seed, tight enough to catch a skewed sampler.
void check_uniform(const std::string& regex, std::size_t n, bool members, std::size_t draws,
                   double bound) {
  INFO(regex << " at length " << n << (members ? " members" : " non-members"));
  const dfa d = compiled(regex);
  sampler s(d);
  std::mt19937_64 rng(7);
  const auto all = brute_force(d, n, members);
  REQUIRE(!all.empty());
  std::map<word, std::size_t> seen;
  for (std::size_t i = 0; i < draws; ++i) {
    const auto w = members ? s.member(n, rng) : s.non_member(n, rng);
    REQUIRE(w);
    REQUIRE(w->size() == n);
    REQUIRE(d.accepts(*w) == members);
    ++seen[*w];
  }
  CHECK(seen.size() == all.size());
  const double chi = chi_square(seen, all.size(), draws);
  INFO("chi-square " << chi << " over " << all.size() << " words");
  CHECK(chi < bound);
}

int depth_of(const word& w) {  // highest prefix depth, or -1 if some prefix goes negative
  int depth = 0, top = 0;
  for (const auto& s : w) {
    depth += s == "a" ? 1 : -1;
    if (depth < 0) return -1;
    top = std::max(top, depth);
  }
  return top;
}

}  // namespace

TEST_CASE("members and non-members are uniform", "[regular][sample]") {
  check_uniform("(a|b)*a(a|b)", 5, true, 16000, 55);    // 16 members, 15 dof
  check_uniform(dyck_regex(2), 6, true, 4000, 25);      // 4 members, 3 dof
  check_uniform(dyck_regex(2), 4, false, 14000, 50);    // 14 non-members, 13 dof
  check_uniform("0*1*0*1*", 6, false, 11000, 45);       // 64 - 42 = 22 non-members
  check_uniform("(a|b|c)*a(b|c)", 4, true, 18000, 60);  // 18 members
}

TEST_CASE("counts match brute force", "[regular][sample]") {
  for (const std::string& re :
       std::vector<std::string>{"(a|b)*a(a|b)", dyck_regex(2), dyck_regex(3), "0*1*0*1*", "(aa)*",
                                "(abab)*", "(0*10*1)*0*", "a.*b|b"}) {
    const dfa d = compiled(re);
    sampler s(d);
    for (std::size_t n = 0; n <= 10; ++n) {
      INFO(re << " at length " << n);
      const auto in = static_cast<double>(brute_force(d, n, true).size());
      const auto out = static_cast<double>(brute_force(d, n, false).size());
      if (in == 0) {
        CHECK(std::isinf(s.log2_members(n)));
        CHECK(s.log2_members(n) < 0);
      } else {
        CHECK(s.log2_members(n) == Approx(std::log2(in)).margin(1e-9));
      }
      if (out > 0) CHECK(s.log2_non_members(n) == Approx(std::log2(out)).margin(1e-9));
    }
  }
}

TEST_CASE("long words and empty lengths", "[regular][sample]") {
  std::mt19937_64 rng(1);
  sampler any(compiled("(a|b)*"));
  const auto w = any.member(100000, rng);
  REQUIRE(w);
  CHECK(w->size() == 100000);
  CHECK(any.log2_members(100000) == Approx(100000.0));
  CHECK_FALSE(any.non_member(100000, rng));  // nothing is outside (a|b)*

  const dfa d12 = compiled(dyck_regex(12));
  sampler dyck(d12);
  const auto long_dyck = dyck.member(100000, rng);
  REQUIRE(long_dyck);
  CHECK(d12.accepts(*long_dyck));
  CHECK(std::isfinite(dyck.log2_members(100000)));
  CHECK(dyck.log2_members(100000) > 90000);  // about log2 of 3.9^(n/2)... well above 2^90000

  sampler even(compiled("(aa)*"));
  CHECK_FALSE(even.member(7, rng));
  CHECK(std::isinf(even.log2_members(7)));
  CHECK(even.member(8, rng) == word(8, "a"));
  CHECK_FALSE(even.non_member(8, rng));
  CHECK(even.non_member(7, rng) == word(7, "a"));
  CHECK(even.member(0, rng) == word{});
  // Too long to count: refused, not allocated.
  CHECK_FALSE(any.member(std::size_t{1} << 40, rng));
  CHECK(std::isnan(any.log2_members(std::size_t{1} << 40)));
  // An invalid dfa samples as the empty language.
  sampler broken(dfa{{"a"}, {{5}}, {true}, 0});
  CHECK_FALSE(broken.member(1, rng));
}

TEST_CASE("draws are deterministic given the seed", "[regular][sample]") {
  sampler a(compiled(dyck_regex(4))), b(compiled(dyck_regex(4)));
  std::mt19937_64 ra(42), rb(42);
  for (int i = 0; i < 50; ++i) {
    CHECK(a.member(20, ra) == b.member(20, rb));
    CHECK(a.non_member(20, ra) == b.non_member(20, rb));
    const auto x = a.boundary(20, ra), y = b.boundary(20, rb);
    REQUIRE(x);
    REQUIRE(y);
    CHECK(x->word == y->word);
    CHECK(x->kind == y->kind);
  }
}

TEST_CASE("boundary words of D_12 include a^13 b^13", "[regular][sample]") {
  const dfa d = compiled(dyck_regex(12));
  sampler s(d);
  std::mt19937_64 rng(2025);
  word target(13, "a");
  target.insert(target.end(), 13, "b");
  std::size_t draws = 0;
  bool found = false;
  while (!found && draws < 200) {
    const auto b = s.boundary(26, rng);
    REQUIRE(b);
    ++draws;
    found = b->word == target;
  }
  INFO("draws " << draws);
  CHECK(found);
  CHECK(draws <= 100);

  std::map<std::string, std::size_t> kinds;
  std::size_t balanced_depth_13 = 0;
  for (int i = 0; i < 2000; ++i) {
    const auto b = s.boundary(26, rng);
    REQUIRE(b);
    REQUIRE(b->word.size() == 26);
    CHECK_FALSE(d.accepts(b->word));
    ++kinds[b->kind];
    if (b->kind == "swap") {  // swaps keep the counts of the member: 13 each
      CHECK(std::count(b->word.begin(), b->word.end(), "a") == 13);
    }
    // Balanced, never negative, depth 13: exactly what a plain Dyck-1 counter accepts.
    if (depth_of(b->word) == 13 && dyck_depth(b->word) == 13) ++balanced_depth_13;
  }
  CHECK(kinds.size() == 2);
  CHECK(kinds["swap"] > 300);
  CHECK(kinds["substitution"] > 300);
  CHECK(balanced_depth_13 > 50);
}

TEST_CASE("boundary members are hard positives", "[regular][sample]") {
  const dfa d = compiled(dyck_regex(12));
  sampler s(d);
  std::mt19937_64 rng(3);
  std::size_t at_bound = 0;
  for (int i = 0; i < 400; ++i) {
    const auto w = s.boundary_member(26, rng);
    REQUIRE(w);
    CHECK(d.accepts(*w));
    at_bound += dyck_depth(*w) == 12;
  }
  CHECK(at_bound > 100);  // about half: one boundary state of two is the depth bound
  CHECK_FALSE(s.boundary_member(25, rng));
  CHECK_FALSE(s.boundary(25, rng));
}

TEST_CASE("boundary falls back to edits without a boundary state", "[regular][sample]") {
  const dfa parity = compiled("(0*10*1)*0*");
  sampler s(parity);
  std::mt19937_64 rng(5);
  for (int i = 0; i < 200; ++i) {
    const auto b = s.boundary(12, rng);
    REQUIRE(b);
    CHECK(b->kind == "edit");
    CHECK_FALSE(parity.accepts(b->word));
    CHECK(b->word.size() == 12);
  }
  CHECK_FALSE(s.boundary_member(12, rng));
  // One symbol: nothing to substitute; no member: nothing to break.
  sampler even(compiled("(aa)*"));
  CHECK_FALSE(even.boundary(8, rng));
  CHECK_FALSE(even.boundary(7, rng));
  // Boundary states exist but every member of this length passes them only at its end: edits.
  sampler fixed(compiled("(a|b)(a|b)(a|b)"));
  const auto e = fixed.boundary(3, rng);
  CHECK_FALSE(e);  // every word of length 3 is a member: no edit leaves the language
  const auto sub = compiled("(a|b)*a(a|b)");
  sampler tail(sub);
  const auto t = tail.boundary(5, rng);
  REQUIRE(t);
  CHECK(t->kind == "edit");
  CHECK_FALSE(sub.accepts(t->word));
}

TEST_CASE("boundary members follow the documented distribution", "[regular][sample]") {
  // A boundary state is drawn uniformly among those members pass through, then (member,
  // position) uniformly among the visits to it: P(w) = sum over q of visits(w, q) / M(q) / |B|,
  // with M(q) all visits to q. Brute force over D_3 at length 10, where prefixes to depth 3 vary.
  const dfa d = compiled(dyck_regex(3));
  const std::size_t n = 10;
  const auto live = d.live();
  std::vector<bool> at_boundary(d.states(), false);
  for (std::size_t q = 0; q < d.states(); ++q)
    for (const auto t : d.delta[q]) at_boundary[q] = at_boundary[q] || (live[q] && !live[t]);
  const auto members = brute_force(d, n, true);
  std::vector<std::vector<double>> visits;
  std::vector<double> total(d.states(), 0);
  for (const auto& w : members) {
    std::vector<double> v(d.states(), 0);
    std::uint32_t q = d.start;
    for (std::size_t p = 0; p < n; ++p) {
      if (at_boundary[q]) v[q] += 1;
      q = d.delta[q][*d.symbol(w[p])];
    }
    for (std::size_t i = 0; i < v.size(); ++i) total[i] += v[i];
    visits.push_back(v);
  }
  const auto used = static_cast<double>(
      std::count_if(total.begin(), total.end(), [](double t) { return t > 0; }));
  sampler s(d);
  std::mt19937_64 rng(11);
  std::map<word, std::size_t> seen;
  const std::size_t draws = 30000;
  for (std::size_t i = 0; i < draws; ++i) ++seen[*s.boundary_member(n, rng)];
  double chi = 0;
  for (std::size_t i = 0; i < members.size(); ++i) {
    double p = 0;
    for (std::size_t q = 0; q < d.states(); ++q)
      if (total[q] > 0) p += visits[i][q] / total[q] / used;
    const double expected = p * static_cast<double>(draws);
    const double observed = static_cast<double>(seen[members[i]]);
    chi += (observed - expected) * (observed - expected) / expected;
  }
  INFO("chi-square " << chi << " over " << members.size() << " members");
  CHECK(seen.size() == members.size());
  CHECK(chi < 80);
}
