// check_reduction (a declared map tested on the source's inputs) and find_renaming (a catalogue
// task in disguise), on the example specs and a regular-language spec.
#include <catch2/catch.hpp>

#include "crasp/reduction.hpp"

using namespace crasp;

namespace {

const std::string even_ab = std::string(CRASP_SOURCE_DIR) + "/examples/tasks/even_ab.toml";

reduction_options parity_to(const std::string& target, word_map h) {
  reduction_options o;
  o.source = "parity";
  o.target = target;
  o.map = std::move(h);
  return o;
}

}  // namespace

TEST_CASE("check_reduction: parity maps into even_ab by 0 -> a a, 1 -> a b", "[reduction]") {
  diagnostics d;
  const auto r = check_reduction(parity_to(even_ab, {{"0", "1"}, {{"a", "a"}, {"a", "b"}}, {}, {}}), d);
  INFO(render(d));
  REQUIRE(r);
  CHECK(r->holds());
  CHECK(r->exhaustive_length == 11);  // 2 + 4 + ... + 2^11 = 4094 inputs fit 4,096
  CHECK(r->exhaustive_inputs == 4094);
  CHECK(r->long_inputs == 50);
  CHECK(r->longest == 200);
  REQUIRE(r->answers.size() == 2);
  CHECK(r->answers[0] == std::pair<std::string, std::string>{"e <eos>", "True"});
  CHECK(r->answers[1] == std::pair<std::string, std::string>{"o <eos>", "False"});
  CHECK(r->ape.value == tasks::expressible::no);
  CHECK(r->nope.value == tasks::expressible::no);
  CHECK(r->verdict.rfind("no (by reduction from parity; map checked exhaustively to length 11", 0) == 0);
}

TEST_CASE("check_reduction: a map that does not preserve answers is a failure, not a verdict",
          "[reduction]") {
  diagnostics d;
  // 0 -> a, 1 -> b: "0 1" becomes "a b", one pair, yet "1" (odd) becomes "b", none.
  const auto r = check_reduction(parity_to(even_ab, {{"0", "1"}, {{"a"}, {"b"}}, {}, {}}), d);
  REQUIRE(r);
  CHECK_FALSE(r->holds());
  CHECK(r->verdict.empty());
  CHECK(r->failure.find("parity answers") != std::string::npos);
  CHECK(r->ape.value == tasks::expressible::unknown);
}

TEST_CASE("check_reduction: sources and symbols are checked", "[reduction]") {
  diagnostics d;
  reduction_options o = parity_to(even_ab, {{"0", "1"}, {{"a"}, {"b"}}, {}, {}});
  o.source = "NF";  // a copying task: no single answer to read
  CHECK_FALSE(check_reduction(o, d));
  CHECK(render(d).find("cannot reduce from 'NF'") != std::string::npos);
  diagnostics e;
  CHECK_FALSE(check_reduction(parity_to(even_ab, {{"0", "2"}, {{"a"}, {"b"}}, {}, {}}), e));
  CHECK(render(e).find("parity's symbols") != std::string::npos);
  const auto sources = reduction_sources();
  CHECK(std::find(sources.begin(), sources.end(), "parity") != sources.end());
  CHECK(std::find(sources.begin(), sources.end(), "NF") == sources.end());
  CHECK(std::find(sources.begin(), sources.end(), "dyck1") == sources.end());  // published yes
}

TEST_CASE("find_renaming: a regular language that is even_ones renamed", "[reduction]") {
  diagnostics d;
  const auto m = find_renaming(std::string(CRASP_TEST_DATA_DIR) + "/specs/even_a.toml", 1, 10, d);
  INFO(render(d));
  REQUIRE(m);
  CHECK(m->task == "even_ones");
  CHECK(m->renaming == std::vector<std::pair<std::string, std::string>>{{"0", "b"}, {"1", "a"}});
  CHECK(m->exhaustive_length >= 8);
  CHECK(m->ape.value == tasks::expressible::no);
}

TEST_CASE("find_renaming: NB written as a user would, and a task that is no catalogue task",
          "[reduction]") {
  diagnostics d;
  const auto nb = find_renaming(
      std::string(CRASP_SOURCE_DIR) + "/examples/tasks/reverse_repeats.toml", 1, 10, d);
  INFO(render(d));
  REQUIRE(nb);
  CHECK(nb->task == "NB");
  CHECK(nb->instances > 1000);
  CHECK_FALSE(find_renaming(std::string(CRASP_SOURCE_DIR) + "/examples/tasks/palindrome.toml", 1,
                            10, d));
  CHECK_FALSE(find_renaming(even_ab, 1, 10, d));
}

TEST_CASE("check_reduction: the target's frame tokens go around the image", "[reduction]") {
  diagnostics d;
  const auto r = check_reduction(
      parity_to(std::string(CRASP_TEST_DATA_DIR) + "/specs/framed_even_ab.toml",
                {{"0", "1"}, {{"a", "a"}, {"a", "b"}}, {}, {}}),
      d);
  INFO(render(d));
  REQUIRE(r);
  INFO(r->failure);
  CHECK(r->holds());
  CHECK(r->map.before == std::vector<std::string>{"<bos>"});
  CHECK(r->map.after == std::vector<std::string>{"<sep>"});
}
