// encode, run, generate, trace and split_tokens.
#include <catch2/catch.hpp>

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
