// encode, run, generate, trace and split_tokens.
#include <catch2/catch.hpp>

#include <random>

#include "builder.hpp"
#include "crasp/interpret.hpp"

using crasp::diagnostics;
using crasp::ir::cmp;
using crasp::ir::node_id;
using crasp::test::builder;
using tokens = std::vector<std::string>;

TEST_CASE("split_tokens splits on any whitespace and tolerates CRLF") {
  CHECK(crasp::split_tokens("a b  c") == tokens{"a", "b", "c"});
  CHECK(crasp::split_tokens("  <bos>\tx <sep>\r") == tokens{"<bos>", "x", "<sep>"});
  CHECK(crasp::split_tokens("a b\r\n") == tokens{"a", "b"});
  CHECK(crasp::split_tokens("").empty());
  CHECK(crasp::split_tokens(" \r\n").empty());
}

TEST_CASE("encode maps unknown tokens to other_token in an open vocabulary") {
  builder b({"a", "b"});
  diagnostics diags;
  auto ids = crasp::encode(b.program(), {"b", "z", "a"}, "<in>", diags);
  REQUIRE(ids);
  CHECK(*ids == std::vector<std::uint32_t>{1, crasp::other_token, 0});
  CHECK(diags.empty());
}

TEST_CASE("encode rejects unknown tokens in a closed vocabulary") {
  builder b({"a", "b"}, true);
  diagnostics diags;
  CHECK_FALSE(crasp::encode(b.program(), {"a", "b", "a", "z"}, "<stdin>:3", diags));
  REQUIRE(diags.items().size() == 1);
  CHECK(diags.items()[0].message == "token 'z' (position 4) is not in the program's alphabet");
  CHECK(diags.items()[0].origin == "<stdin>:3");
}

TEST_CASE("encode reports every unknown token, up to ten, then how many more") {
  builder b({"a"}, true);
  diagnostics diags;
  CHECK_FALSE(crasp::encode(b.program(), {"x", "a", "y"}, "<arg>", diags));
  REQUIRE(diags.items().size() == 2);
  CHECK(diags.items()[1].message == "token 'y' (position 3) is not in the program's alphabet");

  diagnostics many;
  std::vector<std::string> input(25, "q");
  CHECK_FALSE(crasp::encode(b.program(), input, "<arg>", many));
  REQUIRE(many.items().size() == 11);
  CHECK(many.items()[10].message == "15 more tokens are not in the program's alphabet");
}

TEST_CASE("run answers with the last statement at the last position") {
  builder b({"(", ")"});
  const node_id open = b.stmt("C_open", b.count(b.tok("(")));
  const node_id close = b.stmt("C_close", b.count(b.tok(")")));
  const node_id v = b.stmt("V", b.cmp(cmp::lt, open, close));
  b.stmt("D", b.and_(b.cmp(cmp::eq, b.count(v), b.num(0)), b.cmp(cmp::eq, open, close)));
  diagnostics diags;
  auto yes = crasp::run(b.program(), {"(", "(", ")", ")"}, "<in>", diags);
  REQUIRE(yes);
  CHECK(yes->kind == crasp::ir::type::boolean);
  CHECK(yes->value == 1);
  auto no = crasp::run(b.program(), {"(", ")", ")", "("}, "<in>", diags);
  REQUIRE(no);
  CHECK(no->value == 0);
  CHECK(diags.empty());
}

TEST_CASE("run of a count program returns the count") {
  builder b;
  b.stmt("N", b.minus(b.count(b.tok("a")), b.count(b.tok("b"))));
  diagnostics diags;
  auto out = crasp::run(b.program(), {"b", "b", "a", "b"}, "<in>", diags);
  REQUIRE(out);
  CHECK(out->kind == crasp::ir::type::count);
  CHECK(out->value == -2);
}

TEST_CASE("run rejects empty input") {
  builder b;
  b.stmt("A", b.tok("a"));
  diagnostics diags;
  CHECK_FALSE(crasp::run(b.program(), {}, "<stdin>:1", diags));
  REQUIRE(diags.items().size() == 1);
  CHECK(diags.items()[0].message == "empty input");
  CHECK(diags.items()[0].origin == "<stdin>:1");
}

TEST_CASE("run reports overflow under the input's origin") {
  builder b;
  b.stmt("X", b.scale(INT64_MAX, b.count(b.boolean(true))));
  diagnostics diags;
  CHECK_FALSE(crasp::run(b.program(), {"a", "a"}, "in.txt:4", diags));
  REQUIRE(diags.items().size() == 1);
  CHECK(diags.items()[0].message == "integer overflow in 'X' at position 2");
  CHECK(diags.items()[0].origin == "in.txt:4");
}

TEST_CASE("generate follows NEXT until none holds") {
  builder b({"a", "b", "c"});
  b.stmt("A", b.tok("a"));
  b.next("b", b.tok("a"));
  b.next("c", b.tok("b"));
  diagnostics diags;
  auto out = crasp::generate(b.program(), {"a"}, 100, "<in>", diags);
  REQUIRE(out);
  CHECK(out->continuation == tokens{"b", "c"});
  CHECK(out->reason == crasp::stop_reason::no_next);
  CHECK(diags.empty());
}

TEST_CASE("generate stops after max_new tokens") {
  builder b({"a"});
  b.stmt("T", b.boolean(true));
  b.next("a", b.boolean(true));
  diagnostics diags;
  auto none = crasp::generate(b.program(), {"a"}, 0, "<in>", diags);
  REQUIRE(none);
  CHECK(none->continuation.empty());
  CHECK(none->reason == crasp::stop_reason::max_new);
  // Long generations are linear: 200000 tokens take milliseconds.
  auto many = crasp::generate(b.program(), {"a"}, 200000, "<in>", diags);
  REQUIRE(many);
  CHECK(many->continuation.size() == 200000);
  CHECK(many->reason == crasp::stop_reason::max_new);
  CHECK(diags.empty());
}

TEST_CASE("generate reports an ambiguity with its position and tokens") {
  builder b({"a", "b", "c"});
  const node_id n = b.count(b.boolean(true));
  b.stmt("N", n);
  b.next("a", b.boolean(true));
  b.next("b", b.cmp(cmp::ge, n, b.num(3)));
  diagnostics diags;
  auto out = crasp::generate(b.program(), {"c"}, 10, "<stdin>:1", diags);
  REQUIRE(out);
  CHECK(out->continuation == tokens{"a", "a"});
  CHECK(out->reason == crasp::stop_reason::ambiguous);
  CHECK(out->ambiguous_position == 3);
  CHECK(out->ambiguous_tokens == tokens{"a", "b"});
  REQUIRE(diags.error_count() == 1);
  CHECK(diags.items()[0].message == "ambiguous next token at position 3: 'a' and 'b' both hold");
}

TEST_CASE("an ambiguity among three tokens lists them all") {
  builder b({"x", "y", "z"});
  b.stmt("T", b.boolean(true));
  for (const char* t : {"z", "x", "y"}) b.next(t, b.boolean(true));
  diagnostics diags;
  auto out = crasp::generate(b.program(), {"x", "x"}, 10, "<in>", diags);
  REQUIRE(out);
  CHECK(out->reason == crasp::stop_reason::ambiguous);
  CHECK(out->ambiguous_tokens == tokens{"x", "y", "z"});
  CHECK(diags.items()[0].message ==
        "ambiguous next token at position 2: 'x', 'y' and 'z' all hold");
}

TEST_CASE("generate rejects an empty prefix and bad tokens") {
  builder b({"a"}, true);
  b.stmt("T", b.boolean(true));
  b.next("a", b.boolean(false));
  diagnostics diags;
  CHECK_FALSE(crasp::generate(b.program(), {}, 5, "<in>", diags));
  CHECK_FALSE(crasp::generate(b.program(), {"a", "q"}, 5, "<in>", diags));
  REQUIRE(diags.items().size() == 2);
  CHECK(diags.items()[0].message == "empty input");
  CHECK(diags.items()[1].message == "token 'q' (position 2) is not in the program's alphabet");
}

TEST_CASE("trace holds every statement and NEXT rule at every position") {
  builder b({"a", "b"});
  const node_id a = b.stmt("A", b.tok("a"));
  b.stmt("PREV_A", b.exists(b.local(a, {1})));
  b.stmt("N", b.count(a));
  b.next("b", a);
  diagnostics diags;
  auto t = crasp::trace(b.program(), {"a", "a", "b"}, "<in>", diags);
  REQUIRE(t);
  CHECK(t->tokens == tokens{"a", "a", "b"});
  CHECK(t->statement_names == tokens{"A", "PREV_A", "N", "next \"b\""});
  CHECK(t->statement_types == std::vector<crasp::ir::type>{
                                  crasp::ir::type::boolean, crasp::ir::type::boolean,
                                  crasp::ir::type::count, crasp::ir::type::boolean});
  using row = std::vector<std::int64_t>;
  CHECK(t->values == std::vector<row>{{1, 1, 0}, {0, 1, 1}, {1, 2, 2}, {1, 1, 0}});
}

TEST_CASE("an evaluator reset and reused answers as a fresh one, also after an overflow") {
  // Counts, a local guard, a periodic guard and a matching family (OR over token AND count):
  // every kind of history reset() must clear.
  builder b({"a", "b", "c"});
  const node_id ca = b.stmt("CA", b.count(b.tok("a")));
  const node_id cb = b.stmt("CB", b.count(b.tok("b")));
  const node_id prev = b.stmt("PREV", b.local(b.tok("a"), {1}));
  const node_id even = b.stmt("EVEN", b.periodic({true, false}));
  const node_id fam = b.stmt("F", b.or_(b.and_(b.tok("a"), b.exists(b.count(b.tok("b")))),
                                       b.and_(b.tok("b"), b.exists(b.count(b.tok("c"))))));
  b.stmt("OUT", b.plus(b.minus(ca, cb), b.plus(b.count(b.and_(even, fam)), prev)));
  b.next("a", b.cmp(cmp::gt, cb, ca));
  crasp::evaluator reused(b.program(), "<in>");
  std::mt19937_64 rng(7);
  const std::vector<std::string> names{"a", "b", "c"};
  for (int round = 0; round < 200; ++round) {
    // Lengths on both sides of a 64-position history block, long before short.
    const std::size_t n = 1 + rng() % (round % 2 == 0 ? 150 : 12);
    tokens input;
    for (std::size_t i = 0; i < n; ++i) input.push_back(names[rng() % 3]);
    diagnostics d1, d2;
    const auto fresh = crasp::run(b.program(), input, "<in>", d1);
    const auto again = crasp::run(reused, input, "<in>", d2);
    REQUIRE(fresh);
    REQUIRE(again);
    CHECK(again->value == fresh->value);
    crasp::evaluator fresh_ev(b.program(), "<in>");
    const auto ids = crasp::encode(b.program(), input, "<in>", d1);
    REQUIRE(ids);
    REQUIRE(fresh_ev.append(*ids, d1));
    for (std::size_t pos = 0; pos < n; ++pos)
      for (node_id id = 0; id < b.program().nodes.size(); ++id)
        REQUIRE(reused.value(id, pos) == fresh_ev.value(id, pos));
    const auto g1 = crasp::generate(b.program(), input, 5, "<in>", d1);
    const auto g2 = crasp::generate(reused, input, 5, "<in>", d2);
    REQUIRE(g1);
    REQUIRE(g2);
    CHECK(g2->continuation == g1->continuation);
  }
  // An overflow stops an evaluator until it is reset.
  builder o;
  o.stmt("X", o.scale(INT64_MAX, o.count(o.boolean(true))));
  crasp::evaluator ev(o.program(), "<in>");
  diagnostics diags;
  CHECK_FALSE(crasp::run(ev, {"a", "a"}, "<in>", diags));
  const auto one = crasp::run(ev, {"a"}, "<in>", diags);
  REQUIRE(one);
  CHECK(one->value == INT64_MAX);
}
