// crasp::explain on compiled programs: the Born-paper circuit of UR / UL (previous-token head, then
// induction vs anti-induction), attention rows that are distributions, statements traced back
// to the source, the metrics on hand-made attention patterns, and the rendered report.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "crasp/compile.hpp"
#include "crasp/explain.hpp"
#include "crasp/frontend.hpp"
#include "explain/labels.hpp"
#include "explain/roles.hpp"
#include "support/ir_walk.hpp"

namespace {

using crasp::head_role;
using crasp::model::positional;

struct compiled {
  crasp::ir::program program;
  crasp::model::model model;
};

compiled compile_bundled(const std::string& file, positional pe) {
  auto loaded = crasp::load_file(fmt::format("{}/{}", CRASP_PROGRAMS_DIR, file));
  INFO(crasp::render(loaded.diags));
  REQUIRE(loaded.program);
  crasp::compile_options opts;
  opts.pe = pe;
  opts.max_len = 64;
  crasp::diagnostics diags;
  auto c = crasp::compile(*loaded.program, opts, diags);
  INFO(crasp::render(diags));
  REQUIRE(c);
  return {std::move(*loaded.program), std::move(c->model)};
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string t; in >> t;) out.push_back(t);
  return out;
}

crasp::explanation run(const compiled& c, const std::string& input) {
  crasp::diagnostics diags;
  auto e = crasp::explain(c.model, split(input), &c.program, "<test>", diags);
  INFO(crasp::render(diags));
  REQUIRE(e);
  return std::move(*e);
}

const crasp::head_explanation& head_named(const crasp::explanation& e, const std::string& part) {
  for (const auto& h : e.heads)
    if (h.name.find(part) != std::string::npos) return h;
  FAIL("no head named like " << part);
  return e.heads.front();
}

}  // namespace

TEST_CASE("explain: UR is previous-token + induction, UL previous-token + anti-induction",
          "[explain]") {
  const std::string input = "<bos> t2 t1 t2 t1 t0 t1 <sep> t0";
  for (positional pe : {positional::ape, positional::rope}) {
    INFO("pe " << crasp::model::to_string(pe));
    const auto ur = run(compile_bundled("ur.crasp", pe), input);
    const auto ul = run(compile_bundled("ul.crasp", pe), input);
    CHECK(ur.decisions.back() == "t1");  // the token after t0
    CHECK(ul.decisions.back() == "t1");  // the token before t0
    for (const auto* e : {&ur, &ul}) {
      CHECK(head_named(*e, ".count").role == head_role::uniform);
      const auto& prev = head_named(*e, "read[i-1]");
      CHECK(prev.role == head_role::previous_token);
      CHECK(prev.previous_token > 0.99);
    }
    const auto& ind = head_named(ur, "match[");
    CHECK(ind.role == head_role::induction);
    CHECK_FALSE(ind.composed);  // its value reads the tokens themselves
    CHECK(ind.direct.induction > 0.99);
    CHECK(ind.direct.anti_induction < 0.2);
    const auto& anti = head_named(ul, "match[");
    CHECK(anti.role == head_role::anti_induction);
    REQUIRE(anti.composed);  // its value reads what the previous-token head wrote
    CHECK(anti.composed_with == head_named(ul, "read[i-1]").name);
    CHECK(anti.direct.same_token > 0.99);  // it attends to the earlier copy itself ...
    CHECK(anti.composed->anti_induction > 0.99);  // ... and so reads the token before it
    CHECK(anti.composed->induction < 0.2);
  }
}

TEST_CASE("explain: every head's attention rows are causal distributions", "[explain]") {
  for (const auto& entry : std::filesystem::directory_iterator(CRASP_PROGRAMS_DIR)) {
    const auto path = entry.path();
    if (path.extension() != ".crasp" && path.extension() != ".cr") continue;
    auto examples = path;
    examples.replace_extension(".examples");
    std::ifstream in(examples);
    std::string line;
    while (std::getline(in, line) && (line.empty() || line.rfind("//", 0) == 0)) {}
    const std::string input = line.substr(0, line.find("=>"));
    if (split(input).empty()) continue;
    INFO(path.filename().string() << " on " << input);
    const auto e = run(compile_bundled(path.filename().string(), positional::ape), input);
    CHECK(e.tokens.size() == split(input).size() + 1);
    CHECK(e.decisions.size() == split(input).size());
    CHECK(e.residuals.size() == 2 * e.ffns.size() + 1);
    for (const auto& h : e.heads) {
      INFO(h.name);
      CHECK(!h.role_text.empty());
      const auto n = static_cast<Eigen::Index>(e.tokens.size());
      REQUIRE(h.attention.rows() == n);
      for (Eigen::Index i = 0; i < n; ++i) {
        CHECK(std::abs(h.attention.row(i).head(i + 1).sum() - 1) < 1e-9);
        CHECK(h.attention.row(i).tail(n - i - 1).isZero());
        CHECK(h.attention.row(i).minCoeff() >= 0);
      }
    }
  }
}

TEST_CASE("explain: statements and their source behind heads and FFNs", "[explain]") {
  const auto ur = run(compile_bundled("ur.crasp", positional::ape), "<bos> t0 t1 t2 <sep> t1");
  const auto& prev = head_named(ur, "read[i-1]");
  CHECK(std::find(prev.statements.begin(), prev.statements.end(), "PREV[\"t0\"]") != prev.statements.end());
  CHECK(std::find(prev.statements.begin(), prev.statements.end(), "AFTER_SEP") != prev.statements.end());
  REQUIRE(ur.statement_source.count("PREV[\"t0\"]"));
  CHECK(ur.statement_source.at("PREV[\"t0\"]").find("exists[prev] tok(s)") != std::string::npos);
  // The matching head's counts belong to the next rules: named by them, shown as expand prints them.
  const auto& match = head_named(ur, "match[");
  REQUIRE(!match.statements.empty());
  const std::string rule = match.statements.front();
  CHECK(std::regex_match(rule, std::regex("next \"t[0-4]\"")));
  REQUIRE(ur.statement_source.count(rule));
  CHECK(ur.statement_source.at(rule).rfind(rule + " = ", 0) == 0);
  // No dimension of any layer is left with a bare node id.
  for (const auto& h : ur.heads)
    for (const auto& s : h.statements) CHECK_FALSE(std::regex_match(s, std::regex("n[0-9]+")));
  for (const auto& f : ur.ffns)
    for (const auto& s : f.statements) CHECK_FALSE(std::regex_match(s, std::regex("n[0-9]+")));
}

TEST_CASE("explain: a bare node id from an older model still finds its rule", "[explain]") {
  const auto c = compile_bundled("ur.crasp", positional::ape);
  const auto& program = c.program;
  const auto owners = crasp::ir::node_owners(program);
  std::size_t inside_next = 0;
  while (inside_next < owners.size() && owners[inside_next].rfind("next ", 0) != 0) ++inside_next;
  REQUIRE(inside_next < owners.size());
  const std::string label = "n" + std::to_string(inside_next);
  const auto src = crasp::explain_detail::statement_sources(program, {label});
  REQUIRE(src.count(label));
  CHECK(src.at(label) == "a node of " + owners[inside_next]);
}

TEST_CASE("explain: dimension names back to statement labels", "[explain]") {
  using crasp::explain_detail::dimension_label;
  CHECK(dimension_label("read[i-1]:PREV[\"t0\"].n0") == "PREV[\"t0\"].n0");
  CHECK(dimension_label("clean:key:PREV[\"t0\"]") == "PREV[\"t0\"]");
  CHECK(dimension_label("match:n102#2") == "n102");
  CHECK(dimension_label("match.bos:n102") == "n102");
  CHECK(dimension_label("tok:t0").empty());
  CHECK(dimension_label("pos[i-1].bit3").empty());
  CHECK(dimension_label("one").empty());
  CHECK(dimension_label("tok:a:b").empty());
  CHECK(dimension_label("match:next \"t0\".n102#2") == "next \"t0\".n102");
  CHECK(dimension_label("and:next \":\"") == "next \":\"");
  const auto st = crasp::explain_detail::statements_of(
      {"read[i-1]:PREV[\"t0\"].n0", "clean:key:PREV[\"t0\"]", "and:n103", "u", "count:C.n5",
       "match:next \"t1\".n112", "and:next \"t1\""});
  CHECK(st == std::vector<std::string>{"PREV[\"t0\"]", "n103", "C", "next \"t1\""});
}

TEST_CASE("explain: the metrics on hand-made attention patterns", "[explain]") {
  using crasp::explain_detail::born_metrics;
  // BOS a b a: query 3 (a) has an earlier copy at 1.
  const std::vector<int> ids{0, 1, 2, 1};
  crasp::model::matrix<double> a = crasp::model::matrix<double>::Zero(4, 4);
  a(0, 0) = 1, a(1, 1) = 1, a(2, 1) = 1;
  SECTION("all weight on the token after the earlier copy: induction") {
    a(3, 2) = 1;
    const auto m = born_metrics(a, ids);
    CHECK(m.queries == 1);
    CHECK(m.induction == 1);
    CHECK(m.same_token == 0);
  }
  SECTION("weight on BOS and on the query itself does not count; the rest is renormalized") {
    a(3, 0) = 0.5, a(3, 1) = 0.25, a(3, 3) = 0.25;
    const auto m = born_metrics(a, ids);
    CHECK(m.same_token == 1);
    CHECK(m.induction == 0);
  }
  SECTION("nothing on earlier positions: no query, NaN metrics") {
    a(3, 0) = 1;
    const auto m = born_metrics(a, ids);
    CHECK(m.queries == 0);
    CHECK(std::isnan(m.induction));
  }
  SECTION("composed with a previous-token head: the copy's predecessor, anti-induction") {
    // BOS x a b a: query 4 attends to the earlier copy at 2, whose previous token is at 1.
    const std::vector<int> ids5{0, 3, 1, 2, 1};
    crasp::model::matrix<double> h = crasp::model::matrix<double>::Zero(5, 5), prev = h;
    h(4, 2) = 1;
    prev(0, 0) = 1;
    for (int i = 1; i < 5; ++i) prev(i, i - 1) = 1;
    CHECK(born_metrics(h, ids5).same_token == 1);
    const auto m = born_metrics(h, ids5, &prev);
    CHECK(m.anti_induction == 1);
    CHECK(m.same_token == 0);
  }
}

TEST_CASE("explain: reports in HTML, SVG and JSON", "[explain]") {
  const auto ur = run(compile_bundled("ur.crasp", positional::ape), "<bos> t0 t1 t2 <sep> t1");
  const auto ul = run(compile_bundled("ul.crasp", positional::ape), "<bos> t0 t1 t2 <sep> t1");
  const std::vector<crasp::explanation> panels{ur, ul};
  const std::string html = crasp::explain_html(panels, "UR <vs> UL");
  auto count = [](const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  CHECK(count(html, "<figure class=\"head\"") == ur.heads.size() + ul.heads.size());
  CHECK(count(html, "<svg ") == ur.heads.size() + ul.heads.size());
  CHECK(html.find("UR &lt;vs&gt; UL") != std::string::npos);
  CHECK(html.find("<script") == std::string::npos);
  // No external resource: the only URL is the SVG namespace.
  CHECK(count(html, "http") == count(html, "xmlns=\"http://www.w3.org/2000/svg\""));
  const std::string svg = crasp::explain_svg(panels);
  CHECK(svg.rfind("<svg ", 0) == 0);
  CHECK(count(svg, "<svg") == 1);
  const auto j = nlohmann::json::parse(crasp::explain_json(panels));
  REQUIRE(j.at("panels").size() == 2);
  CHECK(j["panels"][1]["heads"][2]["role"] == "anti-induction");
  CHECK(j["panels"][1]["heads"][2]["composed"]["anti_induction"].get<double>() > 0.99);
  CHECK(j["panels"][0]["heads"][0]["attention"][3].size() == 4);
}

TEST_CASE("explain: bad input is a diagnostic, not a crash", "[explain]") {
  const auto c = compile_bundled("ur.crasp", positional::ape);
  crasp::diagnostics diags;
  CHECK_FALSE(crasp::explain(c.model, {"t0", "zz"}, &c.program, "<test>", diags));
  CHECK(diags.has_errors());
  crasp::diagnostics empty;
  CHECK_FALSE(crasp::explain(c.model, {}, nullptr, "<test>", empty));
  CHECK(crasp::render(empty).find("empty input") != std::string::npos);
}
