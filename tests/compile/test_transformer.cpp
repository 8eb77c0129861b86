// The model runtime on hand-built models: output conventions, encoding, acceptor runs and greedy
// generation, compared with what the interpreter answers on the program the model computes.
#include <catch2/catch.hpp>

#include "crasp/transformer.hpp"
#include "hand_models.hpp"

using crasp::diagnostics;
using crasp::output_kind;
using tokens = std::vector<std::string>;

TEST_CASE("output labels classify the model", "[transformer]") {
  diagnostics diags;
  CHECK(crasp::model_output_kind(hand::last_is_a(), "m", diags) == output_kind::boolean);
  CHECK(crasp::model_output_kind(hand::count_a(), "m", diags) == output_kind::count);
  CHECK(crasp::model_output_kind(hand::alternate(), "m", diags) == output_kind::next);
  CHECK(diags.empty());
  auto m = hand::last_is_a();
  m.output_labels = {"accept", "maybe"};
  CHECK_FALSE(crasp::model_output_kind(m, "m", diags));
  REQUIRE(diags.items().size() == 1);
  CHECK(diags.items()[0].message.find("[accept, maybe]") != std::string::npos);
}

TEST_CASE("encode_for_model puts BOS first and maps unknown tokens", "[transformer]") {
  diagnostics diags;
  const auto closed = hand::last_is_a();
  CHECK(crasp::encode_for_model(closed, {"b", "a"}, "in", diags) == std::vector<int>{0, 2, 1});
  const auto open = hand::last_is_a(true);
  // The reserved BOS spelling is an ordinary unknown token in the input, never a second BOS.
  CHECK(crasp::encode_for_model(open, {"z", crasp::model_bos_token}, "in", diags) ==
        std::vector<int>{0, 3, 3});
  CHECK(diags.empty());

  CHECK_FALSE(crasp::encode_for_model(closed, {"a", "z"}, "<stdin>:2", diags));
  REQUIRE(diags.items().size() == 1);
  CHECK(diags.items()[0].origin == "<stdin>:2");
  CHECK(diags.items()[0].message == "token 'z' (position 2) is not in the model's vocabulary");

  diagnostics many;
  CHECK_FALSE(crasp::encode_for_model(closed, tokens(25, "q"), "in", many));
  REQUIRE(many.items().size() == 11);
  CHECK(many.items()[10].message == "15 more tokens are not in the model's vocabulary");
}

TEST_CASE("run_transformer answers Boolean and count acceptors", "[transformer]") {
  diagnostics diags;
  const auto boolean = hand::last_is_a();
  auto yes = crasp::run_transformer(boolean, {"b", "a"}, "in", diags);
  REQUIRE(yes);
  CHECK(yes->kind == crasp::ir::type::boolean);
  CHECK(yes->value == 1);
  CHECK(crasp::run_transformer(boolean, {"a", "b"}, "in", diags)->value == 0);

  const auto count = hand::count_a();
  const tokens input{"a", "b", "a", "a", "b"};
  auto n = crasp::run_transformer(count, input, "in", diags);
  REQUIRE(n);
  CHECK(n->kind == crasp::ir::type::count);
  CHECK(n->value == 3);
  auto f32 = crasp::run_transformer(crasp::model::cast<float>(count), input, "in", diags);
  REQUIRE(f32);
  CHECK(f32->value == 3);
  CHECK(diags.empty());

  auto d = crasp::decide(count, input, "in", diags);
  REQUIRE(d);
  CHECK(d->margin == Approx(1));
}

TEST_CASE("read_decision margins measure the distance from the thresholds", "[transformer]") {
  using v = crasp::model::vector<double>;
  const auto boolean = hand::last_is_a();
  auto d = crasp::read_decision(boolean, output_kind::boolean, v{{0.3, 0.7}}, 0);
  CHECK(d.value == 0);
  CHECK(d.margin == Approx(0.4));
  // count 2 at position 1 is the score 2/3; 2.1/3 is 0.1 off, margin 1 - 4 * 0.1
  d = crasp::read_decision(hand::count_a(), output_kind::count, v{{2.1 / 3}}, 1);
  CHECK(d.value == 2);
  CHECK(d.margin == Approx(0.6));
  d = crasp::read_decision(hand::alternate(), output_kind::next, v{{0.9, 0.6}}, 0);
  CHECK(d.next == tokens{"a", "b"});
  CHECK(d.margin == Approx(0.2));
}

TEST_CASE("run_transformer refuses what crasp::run refuses", "[transformer]") {
  diagnostics diags;
  CHECK_FALSE(crasp::run_transformer(hand::last_is_a(), {}, "in", diags));
  CHECK(hand::messages(diags) == "empty input\n");

  diagnostics gen;
  CHECK_FALSE(crasp::run_transformer(hand::alternate(), {"a"}, "in", gen));
  CHECK(hand::messages(gen) == "model is a next-token program; use generate\n");

  diagnostics broken;
  auto m = hand::last_is_a();
  m.unembed.resize(1, 1);
  CHECK_FALSE(crasp::run_transformer(m, {"a"}, "in", broken));
  CHECK(hand::messages(broken).find("malformed") != std::string::npos);
}

TEST_CASE("an APE model refuses inputs past its designed maximum", "[transformer]") {
  auto m = hand::last_is_a();
  m.pe = crasp::model::positional::ape;
  m.max_len = 4;  // BOS and three program tokens
  m.pos_embed = crasp::model::matrix<double>::Zero(m.d_model(), m.max_len);
  diagnostics diags;
  CHECK(crasp::run_transformer(m, {"b", "b", "a"}, "in", diags)->value == 1);
  CHECK_FALSE(crasp::run_transformer(m, {"b", "b", "b", "a"}, "in", diags));
  CHECK(hand::messages(diags) ==
        "input of 4 tokens is longer than the model's designed maximum of 3\n");
}

TEST_CASE("generate_transformer stops as crasp::generate does", "[transformer]") {
  const auto program = hand::load("alt.crasp", hand::alternate_program);
  const auto model = hand::alternate();
  const auto model32 = crasp::model::cast<float>(model);
  struct example {
    tokens prefix;
    std::size_t max_new;
    crasp::stop_reason reason;
    tokens continuation;
  };
  const std::vector<example> examples = {
      {{"a"}, 3, crasp::stop_reason::max_new, {"b", "a", "b"}},
      {{"c"}, 3, crasp::stop_reason::no_next, {}},
      {{"a", "c"}, 0, crasp::stop_reason::max_new, {}},
      {{"b", "d"}, 5, crasp::stop_reason::ambiguous, {}},
  };
  for (const auto& e : examples) {
    INFO("prefix " << e.prefix.front() << " max_new " << e.max_new);
    diagnostics want_diags, got_diags, got32_diags;
    const auto want = crasp::generate(program, e.prefix, e.max_new, "in", want_diags);
    const auto got = crasp::generate_transformer(model, e.prefix, e.max_new, "in", got_diags);
    const auto got32 = crasp::generate_transformer(model32, e.prefix, e.max_new, "in", got32_diags);
    REQUIRE(want);
    REQUIRE(got);
    REQUIRE(got32);
    CHECK(want->reason == e.reason);
    CHECK(want->continuation == e.continuation);
    for (const auto* g : {&*got, &*got32}) {
      CHECK(g->reason == want->reason);
      CHECK(g->continuation == want->continuation);
      CHECK(g->ambiguous_position == want->ambiguous_position);
      CHECK(g->ambiguous_tokens == want->ambiguous_tokens);
    }
    CHECK(hand::messages(got_diags) == hand::messages(want_diags));
    CHECK(hand::messages(got32_diags) == hand::messages(want_diags));
  }
}

TEST_CASE("generate_transformer refuses an empty prefix and an acceptor", "[transformer]") {
  const auto program = hand::load("alt.crasp", hand::alternate_program);
  diagnostics want, got;
  CHECK_FALSE(crasp::generate(program, {}, 3, "in", want));
  CHECK_FALSE(crasp::generate_transformer(hand::alternate(), {}, 3, "in", got));
  CHECK(hand::messages(got) == hand::messages(want));

  diagnostics acceptor;
  CHECK_FALSE(crasp::generate_transformer(hand::last_is_a(), {"a"}, 3, "in", acceptor));
  CHECK(hand::messages(acceptor).find("use run") != std::string::npos);
}

TEST_CASE("generation stops, keeping its continuation, at an APE model's maximum",
          "[transformer]") {
  auto m = hand::alternate();
  m.pe = crasp::model::positional::ape;
  m.max_len = 4;
  m.pos_embed = crasp::model::matrix<double>::Zero(m.d_model(), m.max_len);
  diagnostics diags;
  // The third token is predicted at the last column of the table; a fourth would need a fifth.
  const auto three = crasp::generate_transformer(m, {"a"}, 3, "in", diags);
  REQUIRE(three);
  CHECK(three->continuation == tokens{"b", "a", "b"});
  CHECK(three->reason == crasp::stop_reason::max_new);
  CHECK(diags.empty());
  const auto cut = crasp::generate_transformer(m, {"a"}, 4, "in", diags);
  REQUIRE(cut);
  CHECK(cut->continuation == tokens{"b", "a", "b"});
  CHECK(cut->reason == crasp::stop_reason::max_len);
  CHECK_FALSE(diags.has_errors());
  CHECK(diags.warning_count() == 1);
  CHECK(hand::messages(diags) ==
        "stopped after 3 generated tokens: the next prediction would run the model past its "
        "designed maximum of 3 tokens; the continuation may be cut\n");
  // A prefix that is itself too long is still an error.
  diagnostics too_long;
  CHECK_FALSE(crasp::generate_transformer(m, {"a", "b", "a", "b"}, 4, "in", too_long));
  CHECK(too_long.has_errors());
}
