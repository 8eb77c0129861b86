#include <catch2/catch.hpp>

#include "crasp/diagnostic.hpp"

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
