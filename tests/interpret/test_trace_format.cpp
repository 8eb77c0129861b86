// Golden strings for the text, HTML and JSON trace renderers.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "crasp/trace.hpp"

using crasp::ir::type;

namespace {

crasp::trace_table dyck_table() {
  crasp::trace_table t;
  t.tokens = {"(", "(", ")", ")"};
  t.statement_names = {"C_open", "V", "D"};
  t.statement_types = {type::count, type::boolean, type::boolean};
  t.values = {{1, 2, 2, 2}, {0, 0, 0, 0}, {0, 0, 0, 1}};
  return t;
}

}  // namespace

TEST_CASE("text trace is an aligned table") {
  CHECK(crasp::format_trace_text(dyck_table()) ==
        "pos     0  1  2  3\n"
        "token   (  (  )  )\n"
        "C_open  1  2  2  2\n"
        "V       F  F  F  F\n"
        "D       F  F  F  T\n");
}

TEST_CASE("text trace widens columns for long tokens and values") {
  crasp::trace_table t;
  t.tokens = {"<bos>", "a", "b"};
  t.statement_names = {"N", "LONGER_NAME"};
  t.statement_types = {type::count, type::boolean};
  t.values = {{-120, 5, 1000}, {1, 0, 1}};
  CHECK(crasp::format_trace_text(t) ==
        "pos              0  1     2\n"
        "token        <bos>  a     b\n"
        "N             -120  5  1000\n"
        "LONGER_NAME      T  F     T\n");
}

TEST_CASE("html trace is a standalone page with coloured Booleans") {
  crasp::trace_table t;
  t.tokens = {"<a>", "b"};
  t.statement_names = {"P&Q", "N"};
  t.statement_types = {type::boolean, type::count};
  t.values = {{1, 0}, {3, 4}};
  const std::string html = crasp::format_trace_html(t, "x < y");
  CHECK(html.rfind("<!DOCTYPE html>\n", 0) == 0);
  CHECK(html.find("<title>x &lt; y</title>") != std::string::npos);
  CHECK(html.find("td.t {") != std::string::npos);
  const std::string body = html.substr(html.find("<table>"));
  CHECK(body ==
        "<table>\n"
        "<thead>\n"
        "<tr><th class=\"name\">pos</th><th>0</th><th>1</th></tr>\n"
        "<tr><th class=\"name\">token</th><th>&lt;a&gt;</th><th>b</th></tr>\n"
        "</thead>\n"
        "<tbody>\n"
        "<tr><th class=\"name\">P&amp;Q</th><td class=\"t\">T</td><td class=\"f\">F</td></tr>\n"
        "<tr><th class=\"name\">N</th><td>3</td><td>4</td></tr>\n"
        "</tbody>\n"
        "</table>\n"
        "</body>\n"
        "</html>\n");
}

TEST_CASE("json trace has tokens and typed statements") {
  const std::string json = crasp::format_trace_json(dyck_table());
  CHECK(json ==
        "{\n"
        "  \"tokens\": [\n    \"(\",\n    \"(\",\n    \")\",\n    \")\"\n  ],\n"
        "  \"statements\": [\n"
        "    {\n      \"name\": \"C_open\",\n      \"type\": \"count\",\n"
        "      \"values\": [\n        1,\n        2,\n        2,\n        2\n      ]\n    },\n"
        "    {\n      \"name\": \"V\",\n      \"type\": \"bool\",\n"
        "      \"values\": [\n        false,\n        false,\n        false,\n        false\n"
        "      ]\n    },\n"
        "    {\n      \"name\": \"D\",\n      \"type\": \"bool\",\n"
        "      \"values\": [\n        false,\n        false,\n        false,\n        true\n"
        "      ]\n    }\n"
        "  ]\n"
        "}\n");
  const auto doc = nlohmann::json::parse(json);
  CHECK(doc["statements"][0]["values"][1] == 2);
}

TEST_CASE("json trace survives invalid UTF-8 in tokens") {
  crasp::trace_table t;
  t.tokens = {std::string("\xff")};
  t.statement_names = {"A"};
  t.statement_types = {type::boolean};
  t.values = {{1}};
  const std::string json = crasp::format_trace_json(t);
  CHECK(nlohmann::json::parse(json)["tokens"][0] == "\xEF\xBF\xBD");
}

TEST_CASE("trace formats parse by name and dispatch") {
  CHECK(crasp::parse_trace_format("text") == crasp::trace_format::text);
  CHECK(crasp::parse_trace_format("html") == crasp::trace_format::html);
  CHECK(crasp::parse_trace_format("json") == crasp::trace_format::json);
  CHECK_FALSE(crasp::parse_trace_format("csv"));
  CHECK(crasp::format_trace(dyck_table(), crasp::trace_format::text) ==
        crasp::format_trace_text(dyck_table()));
}
