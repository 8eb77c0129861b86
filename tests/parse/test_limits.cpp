// The parser's limits: nesting up to max_nesting is read, deeper nesting is one located error,
// long operator chains of any length are read without deep trees, bytes that are not UTF-8 are
// refused, and long lines and many errors keep the diagnostics short.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <string>

#include "crasp/interpret.hpp"
#include "parse_helpers.hpp"

using namespace crasp;
using crasp::test::parse_text;

namespace {

std::string repeat(const std::string& s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t k = 0; k < n; ++k) out += s;
  return out;
}

std::string join(const std::string& item, const std::string& sep, std::size_t n) {
  std::string out = item;
  for (std::size_t k = 1; k < n; ++k) out += sep + item;
  return out;
}

// Depth of the tree under `id` (iterative: the trees tested here may be wide).
unsigned depth(const ast::program& p, ast::expr_id root) {
  unsigned best = 0;
  std::vector<std::pair<ast::expr_id, unsigned>> todo{{root, 1}};
  while (!todo.empty()) {
    // Not a structured binding: clang-14 (the asan preset) cannot capture one in the lambda below.
    const auto id = todo.back().first;
    const unsigned d = todo.back().second;
    todo.pop_back();
    if (!id.valid()) continue;
    best = std::max(best, d);
    std::visit(
        [&](const auto& n) {
          using T = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<T, ast::binary>) {
            todo.push_back({n.lhs, d + 1});
            todo.push_back({n.rhs, d + 1});
          } else if constexpr (std::is_same_v<T, ast::unary>) {
            todo.push_back({n.operand, d + 1});
          } else if constexpr (std::is_same_v<T, ast::count>) {
            todo.push_back({n.body, d + 1});
          } else if constexpr (std::is_same_v<T, ast::conditional>) {
            todo.push_back({n.cond, d + 1});
            todo.push_back({n.then_, d + 1});
            todo.push_back({n.else_, d + 1});
          }
        },
        p.at(id).node);
  }
  return best;
}

ast::expr_id value_of(const parse_result& r) {
  return std::get<ast::assign>(r.program.statements.back().node).value;
}

std::int64_t run_last(const std::string& text, const std::vector<std::string>& tokens,
                      const std::string& name = "t.crasp") {
  const load_result l = load_text(name, text);
  REQUIRE(l.ok());
  diagnostics d;
  const auto out = run(*l.program, tokens, "<input>", d);
  REQUIRE(out);
  return out->value;
}

}  // namespace

TEST_CASE("nested counts are read in linear time, not once per trial reading") {
  // Each level is tried as a Boolean and as a count; without memoized nested parses 60 levels
  // would take 2^60 steps. Valid and invalid (count bodies) variants both.
  const std::string valid = "A = " + repeat("# (", 60) + "\"a\"" + repeat(") > 0", 60) + "\n";
  CHECK(parse_text(valid).ok());
  const std::string invalid = "A = " + repeat("# (", 60) + "\"a\"" + repeat(")", 60) + " > 0\n";
  const load_result l = load_text("t.crasp", invalid);
  CHECK_FALSE(l.ok());
  CHECK(render(l.diags).find("needs a Boolean body") != std::string::npos);
}

TEST_CASE("counts over counts before a chain of comparisons are read in polynomial time") {
  // `# # ... # "a" < 1 < 1 ...`: each count's body may end before any later comparison, and
  // every count inside it tries the same; without memoized trials 30 counts before 30
  // comparisons took over a minute (C(60, 30) ways to choose the ends).
  const std::string valid = "A = " + repeat("# ", 60) + "\"a\"" + repeat(" < 1", 60) + "\n";
  const parse_result r = parse_text(valid);
  INFO(render(r.diags));
  CHECK(r.diags.error_count() == 0);
  // Fewer comparisons than counts, or more: no reading, one error, as fast.
  for (const auto& [counts, comparisons] : {std::pair{60, 30}, std::pair{30, 60}}) {
    const std::string bad = "A = " + repeat("# ", static_cast<std::size_t>(counts)) + "\"a\"" +
                            repeat(" < 1", static_cast<std::size_t>(comparisons)) + "\n";
    CHECK(parse_text(bad).diags.error_count() == 1);
  }
}

TEST_CASE("nesting up to the limit is read; one more level is a located error") {
  const std::string ok = "A = " + repeat("(", max_nesting - 1) + "\"a\"" + repeat(")", max_nesting - 1) + "\n";
  CHECK(parse_text(ok).ok());
  const std::string deep = "A = " + repeat("(", 10000) + "\"a\"" + repeat(")", 10000) + "\n";
  const parse_result r = parse_text(deep);
  REQUIRE(r.diags.error_count() == 1);
  const diagnostic& d = r.diags.items().front();
  CHECK(d.message == "brackets nested deeper than 256 levels");
  CHECK(d.where.begin == 4 + max_nesting);  // the first bracket past the limit

  CHECK(parse_text("A = " + repeat("!", max_nesting - 1) + "\"a\"\n").ok());
  for (const char* prefix : {"! ", "- "}) {
    std::string text = "A = ";
    text += repeat(prefix, 10000);
    text += "\"a\" > 0\n";
    const parse_result p = parse_text(text);
    CAPTURE(prefix);
    REQUIRE(p.diags.error_count() == 1);
    CHECK(p.diags.items().front().message.find("deeper than 256 levels") != std::string::npos);
  }
  const std::string ternary = "L = " + join("\"a\" ? 1", " : ", 5000) + " : 2\n";
  CHECK(render(parse_text(ternary).diags).find("expression nested deeper than 256 levels") !=
        std::string::npos);
}

TEST_CASE("chains that cannot regroup count one level per link") {
  const std::string minus = "A = " + join("# \"a\"", " - ", 20000) + " > 3\n";
  CHECK(render(parse_text(minus).diags).find("expression nested 20002 levels deep") != std::string::npos);
  const std::string ifs = "L = " + join("1 if \"a\"", " else ", 20000) + " else 1\n";
  CHECK(render(parse_text(ifs, "t.cr").diags).find("levels deep, deeper than the limit of 256") !=
        std::string::npos);
  const std::string short_ifs = "L = " + join("1 if \"a\"", " else ", 200) + " else 1\n";
  CHECK(parse_text(short_ifs, "t.cr").ok());
}

TEST_CASE("long chains of one associative operator are balanced and keep their value") {
  // Up to 16 operands the tree is as written; beyond, a balanced tree of logarithmic depth.
  CHECK(test::sx(join("A", " && ", 4)) == "(((A && A) && A) && A)");
  const parse_result r = parse_text("A = " + join("\"a\"", " && ", 20000) + "\n");
  REQUIRE(r.ok());
  CHECK(depth(r.program, value_of(r)) <= 16);
  const parse_result o = parse_text("A = " + join("\"a\"", " || ", 20000) + "\n", "t.cr");
  REQUIRE(o.ok());
  CHECK(depth(o.program, value_of(o)) <= 16);

  const std::string sum = "S = " + join("# \"a\"", " + ", 20001) + "\nA = S == 40002\n";
  CHECK(run_last(sum, {"a", "b", "a"}) == 1);
  const std::string mixed = "S = 5 - " + join("# \"a\"", " + ", 100) + " - 1\nA = S == 200\n";
  CHECK(run_last(mixed, {"a", "a"}) == 1);
  const std::string conj = "A = " + join("\"a\"", " && ", 20000) + "\n";
  CHECK(run_last(conj, {"b", "a"}) == 1);
  CHECK(run_last(conj, {"a", "b"}) == 0);
}

TEST_CASE("a .cr conditional chain warns once, not once per link") {
  const std::string ifs = "L = " + join("1 if \"a\"", " else ", 200) + " else 1\n";
  const parse_result r = parse_text(ifs, "t.cr");
  REQUIRE(r.ok());
  REQUIRE(r.diags.warning_count() == 1);
  CHECK(r.diags.items().front().message.size() < 300);
  // A long operand is quoted as an excerpt.
  const parse_result m = parse_text("X = 2 * " + join("# \"a\"", " + ", 1000) + "\n", "t.cr");
  REQUIRE(m.diags.warning_count() == 1);
  CHECK(m.diags.items().front().message.size() < 300);
  CHECK(m.diags.items().front().message.find(" ... ") != std::string::npos);
}

TEST_CASE("bytes that are not UTF-8 are refused where they stand") {
  const parse_result r = parse_text("A = # \"\xD1\" > 0\nB = # \"\xC3\xA9\" > 0\n");
  REQUIRE(r.diags.error_count() == 1);
  const diagnostic& d = r.diags.items().front();
  CHECK(d.message == "byte 0xD1 is not valid UTF-8; programs are UTF-8 text");
  CHECK(d.where.begin == 7);
  CHECK(r.program.statements.size() == 1);  // the line with é is read
  for (const std::string bad : {"\xC0\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xE2\x82", "\xFF"}) {
    CAPTURE(bad);
    CHECK(parse_text("A = \"" + bad + "\"\n").diags.error_count() == 1);
  }
  CHECK(parse_text("A = \"\xF0\x9F\x98\x80\" // \xE2\x82\xAC\n").ok());
}

TEST_CASE("a long line is shown as a window around the caret") {
  const std::string text = "A = " + repeat("\"a\" && ", 30000) + "\n";
  const std::string out = render(parse_text(text).diags);
  CHECK(out.find("expected an expression after '&&'") != std::string::npos);
  CHECK(out.size() < 500);
  CHECK(out.find(" | ...") != std::string::npos);
  // The caret still points under the place of the error.
  const auto line = out.find(" | ...");
  const auto caret = out.find('^');
  REQUIRE(line != std::string::npos);
  REQUIRE(caret != std::string::npos);
  const auto line_start = out.rfind('\n', line) + 1;
  const auto caret_start = out.rfind('\n', caret) + 1;
  const std::string shown = out.substr(line_start, out.find('\n', line) - line_start);
  CHECK(shown.size() < 140);
  CHECK(shown.substr(shown.size() - 3) == "&& ");
  CHECK(caret - caret_start >= shown.size() - 2);  // at the end of the line, where it failed
}

TEST_CASE("parsing stops after max_errors errors and says so") {
  const std::string text = repeat("A = ) x\n", 3000);
  const parse_result r = parse_text(text);
  CHECK(r.diags.error_count() == max_errors);
  CHECK(r.diags.items().back().level == severity::note);
  CHECK(r.diags.items().back().message == "too many errors; stopped reading after 20 errors");
}
