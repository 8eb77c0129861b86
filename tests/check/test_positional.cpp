// The decision procedures on trees built directly (no parser): offset sets, residues, and the
// exact reasons for rejection.
#include <catch2/catch.hpp>

#include "check/positional.hpp"

using namespace crasp::checker;

namespace {

// Small builders so the predicates read like the source they stand for.
struct T {
  ptree t;
  int i() { return t.var(false); }
  int j() { return t.var(true); }
  int k(std::int64_t v) { return t.konst(v); }
  int add(int a, int b) { return t.bin(pkind::add, a, b); }
  int sub(int a, int b) { return t.bin(pkind::sub, a, b); }
  int mul(int a, int b) { return t.bin(pkind::mul, a, b); }
  int mod(int a, int b) { return t.bin(pkind::mod, a, b); }
  int cmp(pcmp op, int a, int b) { return t.compare(op, a, b); }
  int and_(int a, int b) { return t.bin(pkind::and_, a, b); }
  int or_(int a, int b) { return t.bin(pkind::or_, a, b); }
  int not_(int a) { return t.add(pnode{pkind::not_, pcmp::eq, 0, a, -1, {}}); }
  int d() { return sub(i(), j()); }
};

std::vector<std::uint32_t> offsets(const ptree& t, int root) {
  auto r = decide_guard(t, root);
  REQUIRE(std::holds_alternative<guard_result>(r));
  REQUIRE_FALSE(std::get<guard_result>(r).all);
  return std::get<guard_result>(r).offsets;
}

pos_error guard_error(const ptree& t, int root) {
  auto r = decide_guard(t, root);
  REQUIRE(std::holds_alternative<pos_error>(r));
  return std::get<pos_error>(r);
}

std::vector<bool> residues(const ptree& t, int root) {
  auto r = decide_periodic(t, root);
  REQUIRE(std::holds_alternative<std::vector<bool>>(r));
  return std::get<std::vector<bool>>(r);
}

pos_error periodic_error(const ptree& t, int root) {
  auto r = decide_periodic(t, root);
  REQUIRE(std::holds_alternative<pos_error>(r));
  return std::get<pos_error>(r);
}

using V = std::vector<std::uint32_t>;
using B = std::vector<bool>;
using R = pos_error::reason;

}  // namespace

TEST_CASE("guard offsets", "[check][positional]") {
  SECTION("j == i - 1 is {1}") {
    T x;
    int r = x.cmp(pcmp::eq, x.j(), x.sub(x.i(), x.k(1)));
    CHECK(offsets(x.t, r) == V{1});
  }
  SECTION("i - j < 3 is {0, 1, 2}") {
    T x;
    int r = x.cmp(pcmp::lt, x.d(), x.k(3));
    CHECK(offsets(x.t, r) == V{0, 1, 2});
  }
  SECTION("(i - j) % 2 == 0 && i - j < 5 is {0, 2, 4}") {
    T x;
    int r = x.and_(x.cmp(pcmp::eq, x.mod(x.d(), x.k(2)), x.k(0)), x.cmp(pcmp::lt, x.d(), x.k(5)));
    CHECK(offsets(x.t, r) == V{0, 2, 4});
  }
  SECTION("i - 3 < j is {0, 1, 2}; 2 * j == 2 * i - 8 is {4}") {
    T x;
    CHECK(offsets(x.t, x.cmp(pcmp::lt, x.sub(x.i(), x.k(3)), x.j())) == V{0, 1, 2});
    int r = x.cmp(pcmp::eq, x.mul(x.k(2), x.j()), x.sub(x.mul(x.k(2), x.i()), x.k(8)));
    CHECK(offsets(x.t, r) == V{4});
  }
  SECTION("j == i + 1 never holds for j <= i: empty") {
    T x;
    CHECK(offsets(x.t, x.cmp(pcmp::eq, x.j(), x.add(x.i(), x.k(1)))).empty());
  }
  SECTION("a modulus term inside a bounded window: (i - j + 1) % 3 == 0 && i - j <= 10") {
    T x;
    int r = x.and_(x.cmp(pcmp::eq, x.mod(x.add(x.d(), x.k(1)), x.k(3)), x.k(0)), x.cmp(pcmp::le, x.d(), x.k(10)));
    CHECK(offsets(x.t, r) == V{2, 5, 8});
  }
  SECTION("j <= i (true for every d) is the unguarded count") {
    T x;
    auto r = decide_guard(x.t, x.cmp(pcmp::le, x.j(), x.i()));
    REQUIRE(std::holds_alternative<guard_result>(r));
    CHECK(std::get<guard_result>(r).all);
  }
}

TEST_CASE("guards that are rejected", "[check][positional]") {
  SECTION("j <= i - 1 is co-local; the complement is {0}") {
    T x;
    pos_error e = guard_error(x.t, x.cmp(pcmp::le, x.j(), x.sub(x.i(), x.k(1))));
    CHECK(e.why == R::not_local);
    CHECK(e.colocal);
    CHECK(e.complement == V{0});
  }
  SECTION("j <= i - 3: the complement is i - j < 3") {
    T x;
    pos_error e = guard_error(x.t, x.cmp(pcmp::le, x.j(), x.sub(x.i(), x.k(3))));
    CHECK(e.colocal);
    CHECK(offsets_condition(e.complement) == "i - j <= 2");
  }
  SECTION("(i - j) % 3 == 0 is neither local nor co-local") {
    T x;
    pos_error e = guard_error(x.t, x.cmp(pcmp::eq, x.mod(x.d(), x.k(3)), x.k(0)));
    CHECK(e.why == R::not_local);
    CHECK_FALSE(e.colocal);
  }
  SECTION("2 * j == i depends on i and j separately") {
    T x;
    pos_error e = guard_error(x.t, x.cmp(pcmp::eq, x.mul(x.k(2), x.j()), x.i()));
    CHECK(e.why == R::not_invariant);
    CHECK(e.detail == "i and j separately");
  }
  SECTION("i % 2 == 0 as a guard depends on i alone") {
    T x;
    pos_error e = guard_error(x.t, x.cmp(pcmp::eq, x.mod(x.i(), x.k(2)), x.k(0)));
    CHECK(e.why == R::not_invariant);
    CHECK(e.detail == "i alone");
  }
  SECTION("j < 3 depends on j alone") {
    T x;
    pos_error e = guard_error(x.t, x.cmp(pcmp::lt, x.j(), x.k(3)));
    CHECK(e.why == R::not_invariant);
    CHECK(e.detail == "j alone");
  }
  SECTION("(i + 2 * j) % 3 == 0 is a function of i - j (3 j vanishes mod 3)") {
    T x;
    int r = x.and_(x.cmp(pcmp::eq, x.mod(x.add(x.i(), x.mul(x.k(2), x.j())), x.k(3)), x.k(0)),
                   x.cmp(pcmp::lt, x.d(), x.k(7)));
    CHECK(offsets(x.t, r) == V{0, 3, 6});
  }
  SECTION("i * j needs a constant side; % needs a positive constant") {
    T x;
    CHECK(guard_error(x.t, x.cmp(pcmp::eq, x.mul(x.i(), x.j()), x.k(0))).why == R::nonlinear);
    CHECK(guard_error(x.t, x.cmp(pcmp::eq, x.mod(x.d(), x.k(0)), x.k(0))).why == R::bad_modulus);
    CHECK(guard_error(x.t, x.cmp(pcmp::eq, x.mod(x.d(), x.d()), x.k(0))).why == R::bad_modulus);
  }
  SECTION("a window past the decision limit is too large") {
    T x;
    pos_error e = guard_error(x.t, x.cmp(pcmp::lt, x.d(), x.k(5000000)));
    CHECK(e.why == R::too_large);
    CHECK(e.threshold > decision_limit);
  }
}

TEST_CASE("periodic predicates", "[check][positional]") {
  SECTION("i % 3 == 1") {
    T x;
    CHECK(residues(x.t, x.cmp(pcmp::eq, x.mod(x.i(), x.k(3)), x.k(1))) == B{false, true, false});
  }
  SECTION("(i + 1) % 2 == 0 is true at odd positions") {
    T x;
    CHECK(residues(x.t, x.cmp(pcmp::eq, x.mod(x.add(x.i(), x.k(1)), x.k(2)), x.k(0))) == B{false, true});
  }
  SECTION("i % 2 == 0 || i % 3 == 0 has period 6") {
    T x;
    int r = x.or_(x.cmp(pcmp::eq, x.mod(x.i(), x.k(2)), x.k(0)), x.cmp(pcmp::eq, x.mod(x.i(), x.k(3)), x.k(0)));
    CHECK(residues(x.t, r) == B{true, false, true, true, true, false});
  }
  SECTION("the period is minimal: i % 4 == 0 || i % 4 == 2 is i % 2 == 0") {
    T x;
    int r = x.or_(x.cmp(pcmp::eq, x.mod(x.i(), x.k(4)), x.k(0)), x.cmp(pcmp::eq, x.mod(x.i(), x.k(4)), x.k(2)));
    CHECK(residues(x.t, r) == B{true, false});
  }
  SECTION("negative values use mathematical mod: (0 - i) % 3 == 1 is i % 3 == 2") {
    T x;
    CHECK(residues(x.t, x.cmp(pcmp::eq, x.mod(x.sub(x.k(0), x.i()), x.k(3)), x.k(1))) == B{false, false, true});
  }
  SECTION("a comparison that never changes: i >= 0 || i % 2 == 0 is true") {
    T x;
    int r = x.or_(x.cmp(pcmp::ge, x.i(), x.k(0)), x.cmp(pcmp::eq, x.mod(x.i(), x.k(2)), x.k(0)));
    CHECK(residues(x.t, r) == B{true});
  }
  SECTION("i < 5 and i == 0 are not periodic") {
    T x;
    CHECK(periodic_error(x.t, x.cmp(pcmp::lt, x.i(), x.k(5))).why == R::not_periodic);
    CHECK(periodic_error(x.t, x.cmp(pcmp::eq, x.i(), x.k(0))).why == R::not_periodic);
  }
  SECTION("i % 2 == 0 && !(i < 4) is not periodic") {
    T x;
    int r = x.and_(x.cmp(pcmp::eq, x.mod(x.i(), x.k(2)), x.k(0)), x.not_(x.cmp(pcmp::lt, x.i(), x.k(4))));
    CHECK(periodic_error(x.t, r).why == R::not_periodic);
  }
  SECTION("j in a unary predicate") {
    T x;
    CHECK(periodic_error(x.t, x.cmp(pcmp::eq, x.j(), x.k(0))).why == R::uses_j);
  }
  SECTION("a period past the limit") {
    T x;
    int r = x.or_(x.cmp(pcmp::eq, x.mod(x.i(), x.k(999983)), x.k(0)), x.cmp(pcmp::eq, x.mod(x.i(), x.k(999979)), x.k(0)));
    CHECK(periodic_error(x.t, r).why == R::too_large);
  }
}

TEST_CASE("printing offset sets and residues", "[check][positional]") {
  CHECK(offsets_condition({1}) == "i - j == 1");
  CHECK(offsets_condition({0, 1, 2}) == "i - j <= 2");
  CHECK(offsets_condition({2, 3, 4}) == "i - j >= 2 && i - j <= 4");
  CHECK(offsets_condition({0, 2, 3, 7}) == "i - j == 0 || i - j >= 2 && i - j <= 3 || i - j == 7");
  CHECK(residues_condition({false, true, false}) == "i % 3 == 1");
  CHECK(residues_condition({true, false, true, true, true, false}) ==
        "i % 6 == 0 || i % 6 == 2 || i % 6 == 3 || i % 6 == 4");
}
