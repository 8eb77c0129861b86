// Every operation of the evaluator, position by position, on hand-built programs.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>

#include "builder.hpp"
#include "crasp/interpret.hpp"

using crasp::diagnostics;
using crasp::evaluator;
using crasp::ir::cmp;
using crasp::ir::node_id;
using crasp::test::builder;
using values = std::vector<std::int64_t>;

namespace {

// Values of `id` at every position of the space-separated input.
values series(const crasp::ir::program& p, node_id id, const std::string& input) {
  diagnostics diags;
  auto ids = crasp::encode(p, crasp::split_tokens(input), "<test>", diags);
  REQUIRE(ids);
  evaluator ev(p);
  values out;
  for (std::uint32_t t : *ids) {
    REQUIRE(ev.push(t, diags));
    REQUIRE(ev.last(id) == ev.value(id, ev.length() - 1));
  }
  REQUIRE(diags.empty());
  for (std::size_t pos = 0; pos < ev.length(); ++pos) out.push_back(ev.value(id, pos));
  return out;
}

}  // namespace

TEST_CASE("token tests and Boolean constants") {
  builder b;
  const node_id a = b.tok("a");
  const node_id t = b.boolean(true);
  const node_id f = b.boolean(false);
  CHECK(series(b.program(), a, "a b a z") == values{1, 0, 1, 0});
  CHECK(series(b.program(), t, "a b") == values{1, 1});
  CHECK(series(b.program(), f, "a b") == values{0, 0});
}

TEST_CASE("logical operations") {
  builder b;
  const node_id a = b.tok("a");
  const node_id bb = b.tok("b");
  const node_id na = b.not_(a);
  const node_id both = b.and_(a, b.exists(b.count(bb)));
  const node_id either = b.or_(a, bb);
  CHECK(series(b.program(), na, "a b c") == values{0, 1, 1});
  CHECK(series(b.program(), both, "a b a a") == values{0, 0, 1, 1});
  CHECK(series(b.program(), either, "a b c") == values{1, 1, 0});
}

TEST_CASE("comparisons") {
  builder b;
  const node_id ca = b.count(b.tok("a"));
  const node_id cb = b.count(b.tok("b"));
  const std::string in = "a b b a a";  // ca: 1 1 1 2 3, cb: 0 1 2 2 2
  CHECK(series(b.program(), b.cmp(cmp::lt, ca, cb), in) == values{0, 0, 1, 0, 0});
  CHECK(series(b.program(), b.cmp(cmp::le, ca, cb), in) == values{0, 1, 1, 1, 0});
  CHECK(series(b.program(), b.cmp(cmp::eq, ca, cb), in) == values{0, 1, 0, 1, 0});
  CHECK(series(b.program(), b.cmp(cmp::ne, ca, cb), in) == values{1, 0, 1, 0, 1});
  CHECK(series(b.program(), b.cmp(cmp::ge, ca, cb), in) == values{1, 1, 0, 1, 1});
  CHECK(series(b.program(), b.cmp(cmp::gt, ca, cb), in) == values{1, 0, 0, 0, 1});
}

TEST_CASE("unguarded counts include the current position") {
  builder b;
  const node_id ca = b.count(b.tok("a"));
  const node_id all = b.count(b.boolean(true));
  const node_id none = b.count(b.boolean(false));
  CHECK(series(b.program(), ca, "a b a a b") == values{1, 1, 2, 3, 3});
  CHECK(series(b.program(), all, "a b a") == values{1, 2, 3});
  CHECK(series(b.program(), none, "a b a") == values{0, 0, 0});
}

TEST_CASE("unguarded counts stay exact across 64-position blocks") {
  builder b;
  const node_id ca = b.count(b.tok("a"));
  std::string in;
  values want;
  std::int64_t c = 0;
  for (int k = 0; k < 300; ++k) {
    const bool is_a = (k * 7 + k / 5) % 3 != 0;
    in += is_a ? "a " : "b ";
    c += is_a;
    want.push_back(c);
  }
  CHECK(series(b.program(), ca, in) == want);
}

TEST_CASE("guarded counts at the first positions") {
  builder b;
  const node_id a = b.tok("a");
  const node_id prev = b.local(a, {1});        // j == i - 1
  const node_id window = b.local(a, {0, 1, 2});  // i - j < 3
  const node_id far = b.local(a, {4});          // j == i - 4
  const node_id empty = b.local(a, {});
  const node_id unsorted = b.local(a, {2, 0, 2});
  const std::string in = "a a b a b b a";
  CHECK(series(b.program(), prev, in) == values{0, 1, 1, 0, 1, 0, 0});
  CHECK(series(b.program(), window, in) == values{1, 2, 2, 2, 1, 1, 1});
  CHECK(series(b.program(), far, in) == values{0, 0, 0, 0, 1, 1, 0});
  CHECK(series(b.program(), empty, in) == values{0, 0, 0, 0, 0, 0, 0});
  CHECK(series(b.program(), unsorted, in) == values{1, 1, 1, 2, 0, 1, 1});
}

TEST_CASE("guarded count of a constant body counts the offsets in range") {
  builder b;
  const node_id c = b.local(b.boolean(true), {0, 2, 3});
  CHECK(series(b.program(), c, "a a a a a") == values{1, 1, 2, 3, 3});
}

TEST_CASE("guarded counts with many offsets use wide storage") {
  builder b;
  std::vector<std::uint32_t> offsets;
  for (std::uint32_t d = 0; d < 300; ++d) offsets.push_back(d);
  const node_id c = b.local(b.tok("a"), offsets);
  std::string in;
  for (int k = 0; k < 400; ++k) in += "a ";
  const values got = series(b.program(), c, in);
  CHECK(got[0] == 1);
  CHECK(got[299] == 300);
  CHECK(got[399] == 300);
}

TEST_CASE("periodic predicates use 0-based positions") {
  builder b;
  const node_id even = b.periodic({true, false});
  const node_id third = b.periodic({false, false, true});
  CHECK(series(b.program(), even, "a a a a a") == values{1, 0, 1, 0, 1});
  CHECK(series(b.program(), third, "a a a a a a") == values{0, 0, 1, 0, 0, 1});
}

TEST_CASE("arithmetic") {
  builder b;
  const node_id ca = b.count(b.tok("a"));
  const node_id cb = b.count(b.tok("b"));
  const std::string in = "a b b a a";  // ca: 1 1 1 2 3, cb: 0 1 2 2 2
  CHECK(series(b.program(), b.num(-7), in) == values{-7, -7, -7, -7, -7});
  CHECK(series(b.program(), b.plus(ca, cb), in) == values{1, 2, 3, 4, 5});
  CHECK(series(b.program(), b.minus(ca, cb), in) == values{1, 0, -1, 0, 1});
  CHECK(series(b.program(), b.scale(-3, ca), in) == values{-3, -3, -3, -6, -9});
  CHECK(series(b.program(), b.min(ca, cb), in) == values{0, 1, 1, 2, 2});
  CHECK(series(b.program(), b.max(ca, cb), in) == values{1, 1, 2, 2, 3});
  CHECK(series(b.program(), b.select(b.tok("a"), ca, b.scale(10, cb)), in) ==
        values{1, 10, 20, 2, 3});
}

TEST_CASE("counts of counts (depth 2)") {
  // Dyck-1: V = C_open < C_close; D = (#V == 0) && (C_open == C_close)
  builder b({"(", ")"});
  const node_id open = b.count(b.tok("("));
  const node_id close = b.count(b.tok(")"));
  const node_id v = b.cmp(cmp::lt, open, close);
  const node_id d = b.and_(b.cmp(cmp::eq, b.count(v), b.num(0)), b.cmp(cmp::eq, open, close));
  CHECK(series(b.program(), d, "( ( ) )") == values{0, 0, 0, 1});
  CHECK(series(b.program(), d, "( ) ) (") == values{0, 1, 0, 0});
}

TEST_CASE("overflow is reported with the statement and the 1-based position") {
  builder b;
  const node_id ca = b.count(b.tok("a"));
  const node_id big = b.stmt("BIG", b.scale(std::numeric_limits<std::int64_t>::max() / 2, ca));
  b.stmt("SUM", b.plus(big, big));
  diagnostics diags;
  evaluator ev(b.program(), "<stdin>:2");
  CHECK(ev.push(0, diags));
  CHECK(ev.push(1, diags));
  CHECK_FALSE(ev.push(0, diags));
  REQUIRE(diags.error_count() == 1);
  const auto& d = diags.items().front();
  CHECK(d.origin == "<stdin>:2");
  // At position 3 (two a's), BIG = 2 * (max / 2) = max - 1 fits and SUM overflows.
  CHECK(d.message == "integer overflow in 'SUM' at position 3");
}

TEST_CASE("overflow in an unnamed node names the statement that uses it") {
  builder b;
  const node_id ca = b.count(b.tok("a"));
  const node_id huge = b.scale(std::numeric_limits<std::int64_t>::min(), ca);
  const node_id neg = b.scale(-1, huge);
  b.stmt("FIRST", ca);
  b.stmt("NEG", b.cmp(cmp::gt, neg, b.num(0)));
  diagnostics diags;
  evaluator ev(b.program());
  CHECK_FALSE(ev.push(0, diags));
  REQUIRE(diags.error_count() == 1);
  CHECK(diags.items().front().message == "integer overflow in 'NEG' at position 1");
  CHECK(diags.items().front().origin == "<input>");
}

TEST_CASE("overflow note points at the statement in the source") {
  builder b;
  auto src = std::make_shared<crasp::source_file>(crasp::source_file{"p.crasp", "X = 3 * #\"a\"\n"});
  b.program().source = src;
  const node_id x = b.scale(std::numeric_limits<std::int64_t>::max(), b.count(b.tok("a")));
  b.program().statements.push_back(crasp::ir::statement{"X", x, crasp::ir::type::count, {0, 12}});
  diagnostics diags;
  evaluator ev(b.program());
  CHECK(ev.push(1, diags));  // count 0: no overflow
  CHECK(ev.push(0, diags));  // count 1: max * 1 fits
  CHECK_FALSE(ev.push(0, diags));
  REQUIRE(diags.items().size() == 1);
  const auto& d = diags.items().front();
  CHECK(d.message == "integer overflow in 'X' at position 3");
  REQUIRE(d.notes.size() == 1);
  CHECK(d.notes.front().message == "'X' is defined here");
  CHECK(d.notes.front().source == src);
}

TEST_CASE("a malformed program is an internal error, not a crash") {
  builder b;
  const node_id a = b.tok("a");
  b.stmt("A", a);
  // An and_ whose operand follows it.
  b.program().nodes.push_back(crasp::ir::node{crasp::ir::and_{a, 5}, crasp::ir::type::boolean, 0});
  diagnostics diags;
  evaluator ev(b.program());
  CHECK_FALSE(ev.push(0, diags));
  REQUIRE(diags.error_count() == 1);
  CHECK(diags.items().front().message.rfind("internal error: malformed program", 0) == 0);
}

TEST_CASE("a count over a count is rejected as malformed") {
  builder b;
  const node_id c = b.count(b.tok("a"));
  b.program().nodes.push_back(crasp::ir::node{crasp::ir::count{c, false, {}}, crasp::ir::type::count, 2});
  diagnostics diags;
  evaluator ev(b.program());
  CHECK_FALSE(ev.push(0, diags));
  CHECK(diags.has_errors());
}

TEST_CASE("next_tokens lists every NEXT that holds, once") {
  builder b({"a", "b", "c"});
  const node_id a = b.tok("a");
  b.next("b", a);
  b.next("c", a);
  b.next("b", b.boolean(true));
  diagnostics diags;
  evaluator ev(b.program());
  CHECK(ev.next_tokens().empty());
  REQUIRE(ev.push(0, diags));
  CHECK(ev.next_tokens() == std::vector<std::uint32_t>{1, 2});
  REQUIRE(ev.push(1, diags));
  CHECK(ev.next_tokens() == std::vector<std::uint32_t>{1});
}

TEST_CASE("counts bounded by the program keep exact values at their bounds") {
  // 4 * #[i - j < 63] "a" stays in 0..252 (kept in one byte); 5 * it reaches 315 (eight bytes);
  // W - 63 is negative. Each is exact at its extremes.
  builder b;
  std::vector<std::uint32_t> offsets;
  for (std::uint32_t d = 0; d < 63; ++d) offsets.push_back(d);
  const node_id w = b.local(b.tok("a"), offsets);
  const node_id four = b.scale(4, w), five = b.scale(5, w), below = b.minus(w, b.num(63));
  std::string input;
  for (int k = 0; k < 70; ++k) input += "a ";
  const values v4 = series(b.program(), four, input);
  const values v5 = series(b.program(), five, input);
  const values vb = series(b.program(), below, input);
  CHECK(v4.front() == 4);
  CHECK(v4.back() == 252);
  CHECK(v5.back() == 315);
  CHECK(vb.front() == -62);
  CHECK(vb.back() == 0);
}
