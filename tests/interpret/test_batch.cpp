// The batch evaluator (append) against the incremental one (push) on hand-built programs that
// reach each of its paths: word-level Booleans, popcount prefix counts, comparisons answered a
// word at a time, shifted one-offset guards, runs of consecutive offsets, arithmetic, overflow,
// and lengths around the 64-position word and the 2048-position chunk.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <random>

#include "batch_compare.hpp"
#include "builder.hpp"

using crasp::ir::cmp;
using crasp::ir::node_id;
using crasp::test::builder;
using crasp::test::check_batch_matches_push;

namespace {

std::vector<std::uint32_t> random_ids(std::size_t n, std::uint32_t vocab, std::uint32_t seed,
                                      double first = 0) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::uint32_t> pick(0, vocab - 1);
  std::bernoulli_distribution zero(first);
  std::vector<std::uint32_t> ids(n);
  for (auto& t : ids) t = first > 0 && zero(rng) ? 0 : pick(rng);
  return ids;
}

const std::vector<std::size_t> lengths = {1, 2, 63, 64, 65, 127, 128, 129, 2047, 2048, 2049, 4160, 5003};
const std::vector<std::size_t> splits = {0, 1, 63, 64, 100, 2048, 3000};

void sweep(const crasp::ir::program& p, std::uint32_t vocab, double first = 0) {
  std::uint32_t seed = 1;
  for (std::size_t n : lengths) {
    for (std::size_t split : splits) {
      if (split > n) continue;
      INFO("n = " << n << ", split = " << split);
      check_batch_matches_push(p, random_ids(n, vocab, seed++, first), split);
    }
  }
}

// Every comparison operator, with the constant on either side.
void all_comparisons(builder& b, node_id count, std::int64_t k) {
  const node_id c = b.num(k);
  for (cmp op : {cmp::lt, cmp::le, cmp::eq, cmp::ne, cmp::ge, cmp::gt}) {
    b.cmp(op, count, c);
    b.cmp(op, c, count);
  }
}

}  // namespace

TEST_CASE("batch: Booleans, tokens outside the vocabulary and periodic predicates") {
  builder b({"a", "b", "c"});
  const node_id a = b.tok("a"), bb = b.tok("b");
  b.stmt("X", b.or_(b.and_(a, b.not_(bb)), b.not_(b.boolean(true))));
  b.stmt("T", b.and_(b.boolean(true), a));
  b.periodic({true, false, false});
  b.periodic(std::vector<bool>(64, false));
  std::vector<bool> long_period(100, false);
  long_period[7] = long_period[99] = true;
  b.stmt("P", b.and_(a, b.periodic(long_period)));
  sweep(b.program(), 3);
  // Indices past the program's vocabulary (open-vocabulary inputs) match no token test.
  std::vector<std::uint32_t> other(3000, crasp::other_token);
  other[5] = 0;
  check_batch_matches_push(b.program(), other);
}

TEST_CASE("batch: unguarded counts compared with constants a word at a time") {
  builder b({"a", "b"});
  const node_id ca = b.count(b.tok("a"));
  for (std::int64_t k : {-1, 0, 1, 5, 40, 1000, 2500}) all_comparisons(b, ca, k);
  b.stmt("E", b.exists(ca));
  const node_id all = b.count(b.boolean(true));  // k * (i + 1), no history
  all_comparisons(b, all, 100);
  b.stmt("L", b.cmp(cmp::lt, ca, b.count(b.tok("b"))));
  sweep(b.program(), 2);
  sweep(b.program(), 2, 0.9);  // long runs of "a": counts cross the constants inside words
}

TEST_CASE("batch: one-offset guards read the body's shifted word") {
  builder b({"a", "b"});
  const node_id a = b.tok("a");
  for (std::uint32_t d : {0u, 1u, 5u, 63u, 64u, 65u, 130u, 2048u, 2100u}) {
    const node_id g = b.local(a, {d});
    all_comparisons(b, g, 0);
    all_comparisons(b, g, 1);
    b.stmt("G" + std::to_string(d), b.plus(g, g));
    const node_id t = b.local(b.boolean(true), {d});
    all_comparisons(b, t, 1);
    b.plus(t, b.num(0));
  }
  sweep(b.program(), 2);
}

TEST_CASE("batch: guarded counts over runs of consecutive offsets") {
  builder b({"a", "b"});
  const node_id a = b.tok("a");
  std::vector<std::uint32_t> window64;
  for (std::uint32_t d = 0; d < 64; ++d) window64.push_back(d);
  const node_id w = b.stmt("W", b.local(a, window64));
  b.stmt("S", b.cmp(cmp::gt, b.scale(2, w), b.num(64)));
  b.stmt("R", b.local(a, {1, 2, 5, 6, 7, 100, 101, 3000}));
  std::vector<std::uint32_t> wide;
  for (std::uint32_t d = 10; d < 400; ++d) wide.push_back(d);
  b.stmt("WIDE", b.local(a, wide));
  b.stmt("C", b.local(b.boolean(true), {0, 1, 2, 500, 501}));
  sweep(b.program(), 2);
}

TEST_CASE("batch: arithmetic, min, max, select and counts of counts") {
  builder b({"(", ")"});
  const node_id open = b.count(b.tok("(")), close = b.count(b.tok(")"));
  const node_id v = b.stmt("V", b.cmp(cmp::lt, open, close));
  b.stmt("D", b.and_(b.cmp(cmp::eq, b.count(v), b.num(0)), b.cmp(cmp::eq, open, close)));
  b.stmt("M", b.minus(b.scale(3, open), b.max(close, b.min(open, b.num(7)))));
  b.stmt("SEL", b.select(v, open, b.plus(close, b.num(1))));
  b.stmt("G", b.cmp(cmp::ge, b.local(v, {0, 1, 2}), b.count(b.tok(")"))));
  sweep(b.program(), 2);
}

TEST_CASE("batch: overflow is reported at the same statement and position as push") {
  builder b;
  const node_id ca = b.count(b.tok("a"));
  const node_id big = b.stmt("BIG", b.scale(std::numeric_limits<std::int64_t>::max() / 4000, ca));
  b.stmt("SUM", b.plus(big, b.scale(2, big)));
  b.stmt("LATER", b.scale(std::numeric_limits<std::int64_t>::max() / 1500, ca));
  for (std::size_t split : {0, 10, 64, 1000}) {
    check_batch_matches_push(b.program(), std::vector<std::uint32_t>(5000, 0), split);
  }
  // Appending to an evaluator that already failed reports the misuse, as push() does.
  crasp::diagnostics diags;
  crasp::evaluator ev(b.program());
  const std::vector<std::uint32_t> many(5000, 0);
  CHECK_FALSE(ev.append(many, diags));
  CHECK(diags.items().front().message == "integer overflow in 'SUM' at position 1334");
  CHECK_FALSE(ev.append(many, diags));
  CHECK(diags.items().back().message == "internal error: evaluator used after an error");
}

TEST_CASE("batch: an empty append changes nothing") {
  builder b;
  b.stmt("C", b.count(b.tok("a")));
  crasp::diagnostics diags;
  crasp::evaluator ev(b.program());
  CHECK(ev.append({}, diags));
  CHECK(ev.length() == 0);
  const std::vector<std::uint32_t> ids = {0, 1, 0};
  CHECK(ev.append(ids, diags));
  CHECK(ev.append({}, diags));
  CHECK(ev.last(0) == 1);
  CHECK(ev.value(1, 2) == 2);
}
