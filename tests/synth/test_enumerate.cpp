// The enumerator: one expression per behaviour, smallest first, and the programs it finds for
// small targets mean what they compute (checked by running their text in the interpreter).
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"
#include "strings.hpp"
#include "synth/enumerate.hpp"

using crasp::synth::bits;
using synth_test::all_strings;

TEST_CASE("every kept expression has a distinct behaviour, and sizes only grow") {
  const auto data = all_strings(2, 5);
  const crasp::synth::layout l(data);
  crasp::synth::grammar g;
  g.tokens = {0, 1};
  g.max_modulus = 2;
  crasp::synth::enumerator e(l, g);
  // Size 9 keeps ~30,000 behaviours: enough for the value tables to reallocate many times.
  for (int s = 0; s < 9; ++s) REQUIRE(e.grow());
  std::set<std::vector<std::uint64_t>> seen_bools;
  std::set<std::vector<std::int32_t>> seen_counts;
  std::uint16_t last = 0;
  for (std::size_t id = 0; id < e.terms().size(); ++id) {
    const auto& t = e.terms()[id];
    CHECK(t.size >= last);
    last = t.size;
    if (t.is_count)
      CHECK(seen_counts.insert(e.count_value(static_cast<std::int32_t>(id))).second);
    else
    {
      const auto v = e.boolean_value(static_cast<std::int32_t>(id));
      CHECK(seen_bools.insert(std::vector<std::uint64_t>(v.begin(), v.end())).second);
    }
  }
  CHECK(e.stats().evaluated > e.terms().size());
}

TEST_CASE("the smallest program for a target is found and computes it") {
  // Labels at every position: "an 'a' occurred at least as often as a 'b'" and "the previous
  // token was 'a'".
  const auto data = all_strings(2, 6);
  const crasp::synth::layout l(data);
  crasp::synth::grammar g;
  g.tokens = {0, 1};
  crasp::synth::enumerator e(l, g);
  const std::vector<std::string> vocab{"a", "b"};
  struct target {
    const char* name;
    bool (*f)(const std::vector<std::uint32_t>&, std::size_t);
  };
  const target targets[] = {
      {"majority", [](const std::vector<std::uint32_t>& w, std::size_t i) {
         int a = 0, b = 0;
         for (std::size_t j = 0; j <= i; ++j) (w[j] == 0 ? a : b)++;
         return a >= b;
       }},
      {"after a", [](const std::vector<std::uint32_t>& w, std::size_t i) { return i > 0 && w[i - 1] == 0; }},
  };
  for (const auto& t : targets) {
    INFO(t.name);
    bits want(l.words(), 0), mask = l.constant(true);
    for (std::size_t k = 0; k < l.instances(); ++k)
      for (std::size_t i = 0; i < l.length(k); ++i)
        if (t.f(data[k], i)) crasp::synth::set(want, l.position(k, i));
    std::optional<std::int32_t> found;
    while (!(found = e.find(want, mask)) && e.size() < 6) REQUIRE(e.grow());
    REQUIRE(found);
    // Run the printed program in the interpreter on every training string: same labels.
    const std::string text =
        "alphabet S = { \"a\" \"b\" }\nP = " + e.print(*found, vocab) + "\n";
    INFO(text);
    const auto loaded = crasp::load_text("found.crasp", text);
    REQUIRE(loaded.ok());
    for (const auto& w : data) {
      std::vector<std::string> toks;
      for (auto x : w) toks.push_back(vocab[x]);
      crasp::diagnostics diags;
      const auto table = crasp::trace(*loaded.program, toks, "<t>", diags);
      REQUIRE(table);
      const std::size_t last = loaded.program->statements.size() - 1;
      for (std::size_t i = 0; i < w.size(); ++i) CHECK((table->values[last][i] != 0) == t.f(w, i));
    }
  }
}

TEST_CASE("the term cap stops the search") {
  const auto data = all_strings(3, 4);
  const crasp::synth::layout l(data);
  crasp::synth::grammar g;
  g.tokens = {0, 1, 2};
  g.max_terms = 50;
  crasp::synth::enumerator e(l, g);
  while (e.grow()) {
  }
  CHECK(e.stats().capped());
  CHECK(e.terms().size() <= 50);
}

TEST_CASE("any number of threads keeps the same expressions, in the same order") {
  const auto data = all_strings(2, 6);
  const crasp::synth::layout l(data);
  const auto run = [&](unsigned threads) {
    crasp::synth::grammar g;
    g.tokens = {0, 1};
    g.max_modulus = 2;
    g.threads = threads;
    crasp::synth::enumerator e(l, g);
    for (int s = 0; s < 8; ++s) REQUIRE(e.grow());
    return e;
  };
  const auto one = run(1);
  for (const unsigned threads : {2U, 3U}) {
    INFO(threads << " threads");
    const auto many = run(threads);
    REQUIRE(many.terms().size() == one.terms().size());
    CHECK(many.stats().evaluated == one.stats().evaluated);
    for (std::size_t id = 0; id < one.terms().size(); ++id) {
      const auto& a = one.terms()[id];
      const auto& b = many.terms()[id];
      REQUIRE((a.o == b.o && a.a == b.a && a.b == b.b && a.k == b.k && a.size == b.size));
    }
  }
}
