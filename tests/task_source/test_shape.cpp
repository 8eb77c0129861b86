// The frame of a spec's inputs (src/task_source/shape.hpp): the tokens at a fixed place in every
// generator instance, which the exhaustive counterexample search keeps fixed.
#include <catch2/catch.hpp>

#include "task_source/shape.hpp"

using crasp::sources::input_shape;
using crasp::sources::learn_shape;
using words = std::vector<std::vector<std::string>>;
using tokens = std::vector<std::string>;

namespace {

words split_all(std::initializer_list<const char*> lines) {
  words out;
  for (const char* l : lines) {
    tokens t;
    std::string cur;
    for (const char* c = l;; ++c) {
      if (*c == ' ' || *c == '\0') {
        if (!cur.empty()) t.push_back(cur);
        cur.clear();
        if (*c == '\0') break;
      } else {
        cur += *c;
      }
    }
    out.push_back(t);
  }
  return out;
}

}  // namespace

TEST_CASE("learn_shape: a prompt's frame, from the start and from the end", "[spec][shape]") {
  const tokens vocab = {"<bos>", "t0", "t1", "t2", "<sep>"};
  const auto shape = learn_shape(split_all({"<bos> t0 t1 <sep> t0", "<bos> t1 t2 t2 t1 <sep> t2",
                                            "<bos> t2 t0 t0 <sep> t0"}),
                                 vocab);
  REQUIRE_FALSE(shape.empty());
  REQUIRE(shape.frame.size() == 2);
  CHECK(shape.frame[0].token == "<bos>");
  CHECK_FALSE(shape.frame[0].from_end);
  CHECK(shape.frame[0].offset == 0);
  CHECK(shape.frame[1].token == "<sep>");
  CHECK(shape.frame[1].from_end);
  CHECK(shape.frame[1].offset == 1);
  CHECK(shape.content == tokens{"t0", "t1", "t2"});
  CHECK(shape.describe() == "<bos> first, <sep> second from the end, the rest over 3 tokens");
}

TEST_CASE("input_shape::place puts the frame where it fits", "[spec][shape]") {
  input_shape shape;
  shape.frame = {{"<bos>", false, 0}, {"<sep>", true, 1}};
  shape.content = {"a", "b"};
  CHECK_FALSE(shape.place(1).has_value());  // <sep> second from the end does not exist
  CHECK_FALSE(shape.place(2).has_value());  // <bos> and <sep> would share position 0
  CHECK(shape.place(3) == std::optional(std::vector<std::size_t>{0, 1}));
  CHECK(shape.place(5) == std::optional(std::vector<std::size_t>{0, 3}));
  CHECK(shape.place(12) == std::optional(std::vector<std::size_t>{0, 10}));

  input_shape late;
  late.frame = {{"x", false, 3}};
  late.content = {"a"};
  CHECK_FALSE(late.place(3).has_value());
  CHECK(late.place(4) == std::optional(std::vector<std::size_t>{3}));
  CHECK(late.describe() == "x fourth, the rest over 1 token");

  input_shape far;
  far.frame = {{"x", true, 6}};
  far.content = {"a"};
  CHECK(far.describe() == "x 7th from the end, the rest over 1 token");

  const input_shape none;
  CHECK(none.empty());
  CHECK(none.place(4) == std::optional(std::vector<std::size_t>{}));
}

TEST_CASE("learn_shape: no frame without a token fixed in every sample", "[spec][shape]") {
  const tokens ab = {"a", "b"};
  // Bare strings: every token repeats or moves.
  auto shape = learn_shape(split_all({"a b b", "b a", "a a a b"}), ab);
  CHECK(shape.empty());
  CHECK(shape.content == ab);
  // A token once in every sample but at a different place from either end.
  shape = learn_shape(split_all({"a x b b", "b b x a b", "x b"}), {"a", "b", "x"});
  CHECK(shape.empty());
  // A token missing from one sample.
  shape = learn_shape(split_all({"x a b", "x b a", "a b"}), {"x", "a", "b"});
  CHECK(shape.empty());
  // A token twice in one sample.
  shape = learn_shape(split_all({"x a b", "x b x", "x a"}), {"x", "a", "b"});
  CHECK(shape.empty());
  // No samples: nothing to learn from.
  CHECK(learn_shape({}, ab).empty());
}

TEST_CASE("learn_shape: a frame needs content left over", "[spec][shape]") {
  // Every token of the vocabulary is fixed: nothing would be enumerated, so no frame.
  const auto shape = learn_shape(split_all({"a b", "a b"}), {"a", "b"});
  CHECK(shape.empty());
  CHECK(shape.content == tokens{"a", "b"});
}

TEST_CASE("learn_shape: the start is preferred, the vocabulary's order kept", "[spec][shape]") {
  // Samples of one length: <q> is both third and first from the end; it counts from the start.
  const auto same_length = learn_shape(split_all({"a b <q>", "b b <q>"}), {"<q>", "a", "b"});
  REQUIRE(same_length.frame.size() == 1);
  CHECK_FALSE(same_length.frame[0].from_end);
  CHECK(same_length.frame[0].offset == 2);
  // The frame follows the vocabulary's order, not the tokens' positions.
  const auto ordered = learn_shape(split_all({"<bos> a a <sep>", "<bos> b a b <sep>"}),
                                   {"<sep>", "a", "<bos>", "b"});
  REQUIRE(ordered.frame.size() == 2);
  CHECK(ordered.frame[0].token == "<sep>");
  CHECK(ordered.frame[0].from_end);
  CHECK(ordered.frame[0].offset == 0);
  CHECK(ordered.frame[1].token == "<bos>");
  CHECK(ordered.content == tokens{"a", "b"});
  // Tokens of the samples outside the vocabulary are ignored.
  const auto extra = learn_shape(split_all({"<bos> a zz", "<bos> b zz zz"}), {"<bos>", "a", "b"});
  REQUIRE(extra.frame.size() == 1);
  CHECK(extra.content == tokens{"a", "b"});
}
