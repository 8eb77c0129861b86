// Next-symbol sets and prefix membership on hand-worked words.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>

#include "regular/labels.hpp"
#include "regular/regex.hpp"
#include "regular_test_helpers.hpp"

using namespace crasp::regular;
using namespace crasp::regular::testing;
using labels = std::vector<std::string>;
using flags = std::vector<bool>;

TEST_CASE("next-symbol sets for D_2", "[regular][labels]") {
  const dfa d2 = compiled(dyck_regex(2));
  // Depths 1 2 1 2 1 0: at depth 2 only b may follow; at depth 0 the word may end.
  const word w = tokens("a a b a b b");
  CHECK(next_set_labels(d2, w) == labels{"{a,b}", "{b}", "{a,b}", "{b}", "{a,b}", "{a,<eos>}"});
  CHECK(prefix_membership(d2, w) == flags{false, false, false, false, false, true});
  // Past the bound the prefix is dead: nothing may follow.
  CHECK(next_set_labels(d2, tokens("a a a b")) == labels{"{a,b}", "{b}", "{}", "{}"});
  CHECK(next_set_labels(d2, {}).empty());
}

TEST_CASE("next-symbol sets for Tomita 2 and dead prefixes", "[regular][labels]") {
  const dfa t2 = compiled("(10)*", {"0", "1"});
  const word w = tokens("1 0 1 0 0 1");
  CHECK(next_set_labels(t2, w) == labels{"{0}", "{1,<eos>}", "{0}", "{1,<eos>}", "{}", "{}"});
  CHECK(prefix_membership(t2, w) == flags{false, true, false, true, false, false});
  CHECK(next_set_labels(t2, tokens("0")) == labels{"{}"});
  // A token outside the alphabet kills the prefix.
  CHECK(next_set_labels(t2, tokens("1 x 0")) == labels{"{0}", "{}", "{}"});
  CHECK(prefix_membership(t2, tokens("1 0 x")) == flags{false, true, false});
}

TEST_CASE("next-symbol sets with special tokens", "[regular][labels]") {
  const dfa d = compiled("<bos> a* <sep> b", {"a", "b", "<bos>", "<sep>"});
  CHECK(next_set_labels(d, tokens("<bos> a <sep> b")) ==
        labels{"{a,<sep>}", "{a,<sep>}", "{b}", "{<eos>}"});
  CHECK(prefix_membership(d, tokens("<bos> a <sep> b")) == flags{false, false, false, true});
}

TEST_CASE("the label words of a language", "[regular][labels]") {
  // D_2: depth 0, 1 and 2 each have their own set; the dead state has none.
  const auto d2 = next_set_words(compiled(dyck_regex(2)));
  CHECK(std::set<std::string>(d2.begin(), d2.end()) ==
        std::set<std::string>{"{a,<eos>}", "{a,b}", "{b}"});
  CHECK(d2.size() == 3);
  // aa*bb*: the start's set {a} labels no position (the empty prefix has no label).
  CHECK(next_set_words(compiled("aa*bb*", {"a", "b"})) == labels{"{a,b}", "{b,<eos>}"});
  // Every word the labels of a member use is listed.
  const dfa t2 = compiled("(10)*", {"0", "1"});
  const auto words = next_set_words(t2);
  for (const auto& l : next_set_labels(t2, tokens("1 0 1 0")))
    CHECK(std::find(words.begin(), words.end(), l) != words.end());
}
