// Range expansion and command-line alphabet specs.
#include <catch2/catch.hpp>

#include "crasp/frontend.hpp"

using crasp::expand_range;
using S = std::vector<std::string>;

TEST_CASE("expand_range", "[check][alphabet]") {
  CHECK(expand_range("a", "e") == S{"a", "b", "c", "d", "e"});
  CHECK(expand_range("t0", "t3") == S{"t0", "t1", "t2", "t3"});
  CHECK(expand_range("0", "2") == S{"0", "1", "2"});
  CHECK(expand_range("8", "11") == S{"8", "9", "10", "11"});
  CHECK(expand_range("t08", "t10") == S{"t08", "t09", "t10"});
  CHECK(expand_range("t0", "t149")->size() == 150);
  CHECK_FALSE(expand_range("e", "a"));
  CHECK_FALSE(expand_range("t5", "t1"));
  CHECK_FALSE(expand_range("t1", "u5"));
  CHECK_FALSE(expand_range("ab", "cd"));
  CHECK_FALSE(expand_range("0", "99999999999"));
}

TEST_CASE("expand_alphabet_spec", "[check][alphabet]") {
  crasp::diagnostics d;
  CHECK(crasp::expand_alphabet_spec("a b c", d) == S{"a", "b", "c"});
  CHECK(crasp::expand_alphabet_spec("a..c", d) == S{"a", "b", "c"});
  CHECK(crasp::expand_alphabet_spec("a .. c, x", d) == S{"a", "b", "c", "x"});
  CHECK(crasp::expand_alphabet_spec("t0..t2 <sep>", d) == S{"t0", "t1", "t2", "<sep>"});
  CHECK(crasp::expand_alphabet_spec("\"a\"..\"b\"", d) == S{"a", "b"});
  CHECK(crasp::expand_alphabet_spec("0..2", d) == S{"0", "1", "2"});
  CHECK(d.empty());
  CHECK_FALSE(crasp::expand_alphabet_spec("z..a", d));
  REQUIRE(d.error_count() == 1);
  CHECK(d.items()[0].message == "malformed range 'z..a'");
}
