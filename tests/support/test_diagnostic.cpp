#include <catch2/catch.hpp>

#include "crasp/diagnostic.hpp"
#include "crasp/frontend.hpp"

using namespace crasp;

TEST_CASE("locate counts 1-based lines and columns") {
  const std::string text = "ab\ncd\n";
  CHECK(locate(text, 0).line == 1);
  CHECK(locate(text, 0).col == 1);
  CHECK(locate(text, 4).line == 2);
  CHECK(locate(text, 4).col == 2);
}

TEST_CASE("render shows file:line:col, the source line and a caret under the span") {
  auto src = std::make_shared<source_file>(source_file{"prog.crasp", "x = 1\nc = #[j == i-1] (\"a\"\n"});
  diagnostics ds;
  ds.error(src, span{20, 24}, "expected ')' after count term");
  CHECK(render(ds) ==
        "prog.crasp:2:15: error: expected ')' after count term\n"
        " 2 | c = #[j == i-1] (\"a\"\n"
        "   |               ^~~~\n");
  CHECK(ds.has_errors());
  CHECK(ds.error_count() == 1);
}

TEST_CASE("diagnostics without a source render with their origin") {
  diagnostics ds;
  ds.error("<stdin>:3", "token 'z' at position 4 is not in the alphabet");
  CHECK(render(ds) == "<stdin>:3: error: token 'z' at position 4 is not in the alphabet\n");
}

TEST_CASE("warnings do not count as errors") {
  auto src = std::make_shared<source_file>(source_file{"a.cr", "A = 1\n"});
  diagnostics ds;
  ds.warning(src, span{0, 1}, "name 'A' shadows an earlier definition");
  CHECK_FALSE(ds.has_errors());
  CHECK(ds.warning_count() == 1);
  CHECK(render(ds).find("warning: name 'A'") != std::string::npos);
}

TEST_CASE("abbreviate cuts long text in the middle between UTF-8 characters") {
  CHECK(crasp::abbreviate("short", 3) == "short");
  CHECK(crasp::abbreviate("0123456789abcdefghij", 3) == "012 ... hij");
  // Two-byte characters: a cut at byte 3 would split the second 'é', so it backs up to byte 2.
  const std::string e = "éééééééééé";  // 20 bytes
  const std::string cut = crasp::abbreviate(e, 3);
  CHECK(cut == "é ... éé");
  for (std::size_t k = 0; k + 1 < cut.size(); ++k)
    if ((static_cast<unsigned char>(cut[k]) & 0xE0) == 0xC0)
      CHECK((static_cast<unsigned char>(cut[k + 1]) & 0xC0) == 0x80);
}

TEST_CASE("a message quoting a long non-ASCII operand stays valid UTF-8") {
  const crasp::load_result r =
      crasp::load_text("u.crasp", "A = (# \"" + std::string(10, 'x') + "éééééééééééééééééééé\") && \"a\"\n");
  REQUIRE_FALSE(r.ok());
  const std::string text = crasp::render(r.diags);
  // Only ASCII and two-byte characters occur: every lead byte 110xxxxx is followed by exactly one
  // continuation byte 10xxxxxx, and no continuation byte stands alone.
  for (std::size_t k = 0; k < text.size(); ++k) {
    const auto c = static_cast<unsigned char>(text[k]);
    INFO("byte " << k);
    CHECK((c & 0xC0) != 0x80);
    if ((c & 0xE0) == 0xC0) {
      REQUIRE(k + 1 < text.size());
      CHECK((static_cast<unsigned char>(text[k + 1]) & 0xC0) == 0x80);
      ++k;
    }
  }
  CHECK(text.find(" ... ") != std::string::npos);
}
