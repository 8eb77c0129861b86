// The JSON schema of the check report (docs/check.md): every documented key with its type.
#include <nlohmann/json.hpp>

#include "check_fixture.hpp"

using json = nlohmann::json;
using namespace check_test;

namespace {

void check_bins(const json& bins, std::size_t n) {
  REQUIRE(bins.is_array());
  CHECK(bins.size() == n);
  for (const auto& b : bins) {
    CHECK(b.at("lo").is_number_unsigned());
    CHECK(b.at("hi").is_number_unsigned());
    CHECK(b.at("total").is_number_unsigned());
    CHECK(b.at("correct").is_number_unsigned());
    CHECK((b.at("accuracy").is_number() || b.at("accuracy").is_null()));
    CHECK(b.at("certified").is_boolean());
  }
}

void check_search(const json& c) {
  CHECK(c.at("program").is_string());
  CHECK(c.at("found").is_boolean());
  CHECK((c.at("length").is_number_unsigned() || (c.at("length").is_null() && c.at("found") == false)));
  CHECK(c.at("shortest").is_boolean());
  CHECK(c.at("searched").is_number_unsigned());
  CHECK(c.at("exhaustive_len").is_number_unsigned());
  CHECK(c.at("input").is_array());
  CHECK(c.at("expected").is_array());
  CHECK(c.at("got").is_array());
  CHECK((c.at("origin").is_string() || (c.at("origin").is_null() && c.at("found") == false)));
  CHECK(c.at("bins").is_array());
}

void check_verdict(const json& v) {
  const auto value = v.at("value").get<std::string>();
  CHECK((value == "yes" || value == "no" || value == "unknown"));
  CHECK(v.at("reason").is_string());
  CHECK((v.at("paper").is_null() || v.at("paper") == "yes" || v.at("paper") == "no"));
  CHECK(v.at("agrees").is_boolean());
}

}  // namespace

TEST_CASE("check JSON: top level, options and bins", "[check][json]") {
  const auto j = json::parse(crasp::check_report_json(small_report()));
  CHECK(j.at("schema") == "crasp-check/2");
  CHECK(j.at("ok") == true);
  CHECK(j.at("seconds").is_number());
  const auto& o = j.at("options");
  CHECK(o.at("train") == json::array({4, 12}));
  CHECK(o.at("test") == json::array({13, 20}));
  CHECK(o.at("far_factors") == json::array({3}));
  CHECK(o.at("samples") == 3);
  CHECK(o.at("far_samples") == 1);
  CHECK(o.at("seed") == 7);
  CHECK(o.at("exhaustive_len").is_number_unsigned());
  CHECK(o.at("exhaustive_budget").is_number_unsigned());
  CHECK(o.at("oracle_timeout").is_number());
  CHECK(o.at("pe") == json::array({"ape", "rope", "nope"}));
  CHECK(o.at("precision") == json::array({"f64", "f32"}));
  REQUIRE(j.at("bins").size() == 3);
  // 3 = min(--samples, far_tokens / 36): a short far bin draws as many as a train bin.
  CHECK(j.at("bins")[2] == json({{"name", "3x"}, {"lo", 36}, {"hi", 36}, {"samples", 3}}));
}

TEST_CASE("check_bins: a far bin fills its token budget, at least far_samples, at most samples",
          "[check][json]") {
  crasp::task_check_options o;  // defaults: 4..100, 101..200, 10x and 100x
  auto bins = crasp::check_bins(o);
  REQUIRE(bins.size() == 4);
  CHECK(bins[0].samples == 20);
  CHECK(bins[1].samples == 20);
  CHECK(bins[2].samples == 20);  // 20,000 tokens / 1,000 = 20
  CHECK(bins[3].samples == 2);   // 20,000 / 10,000 = 2 = far_samples
  o.far_tokens = 50000;
  bins = crasp::check_bins(o);
  CHECK(bins[2].samples == 20);  // capped by samples
  CHECK(bins[3].samples == 5);
  o.far_tokens = 0;
  o.far_samples = 3;
  bins = crasp::check_bins(o);
  CHECK(bins[2].samples == 3);
  CHECK(bins[3].samples == 3);
  o.far_samples = 0;  // no far bins at all
  CHECK(crasp::check_bins(o).size() == 2);
}

TEST_CASE("check JSON: one object per task with verdicts, engines, searches, published",
          "[check][json]") {
  const auto j = json::parse(crasp::check_report_json(small_report()));
  REQUIRE(j.at("tasks").size() == 6);
  for (const auto& t : j.at("tasks")) {
    INFO(t.at("task"));
    CHECK(t.at("category").is_string());
    CHECK(t.at("source") == "catalogue");
    CHECK(t.at("description").is_string());
    CHECK((t.at("format") == "accept" || t.at("format") == "continuation"));
    CHECK(t.at("label").at("ape").is_string());
    CHECK(t.at("label").at("nope").is_string());
    CHECK(t.at("expect").is_null());
    CHECK(t.at("errors").is_array());
    CHECK((t.at("program").is_string() || t.at("program").is_null()));
    CHECK((t.at("program_class").is_string() || t.at("program_class").is_null()));
    CHECK(t.at("vocab").is_number_unsigned());
    check_verdict(t.at("nope"));
    check_verdict(t.at("ape"));
    CHECK(t.at("ok").is_boolean());
    CHECK(t.at("problems").is_array());
    for (const auto& e : t.at("engines")) {
      CHECK(e.at("name").is_string());
      CHECK(e.at("applicable").is_boolean());
      CHECK(e.at("note").is_string());
      if (e.at("applicable") == true) check_bins(e.at("bins"), 3);
      if (e.at("name") == "interpreter")
        for (const auto& b : e.at("bins")) CHECK(b.at("certified") == true);
    }
    if (!t.at("witness").is_null()) {
      check_search(t.at("witness"));
      CHECK(t.at("witness").at("found") == false);  // every bundled witness survives
    }
    REQUIRE(t.at("candidates").is_array());
    for (const auto& c : t.at("candidates")) {
      check_search(c);
      check_bins(c.at("bins"), 3);
    }
    for (const auto& s : t.at("published")) {
      CHECK(s.at("source").is_string());
      CHECK((s.at("pe") == "APE" || s.at("pe") == "RoPE"));
      for (const auto& p : s.at("points")) CHECK(p.at("accuracy").is_number());
    }
    CHECK(t.at("seconds").is_number());
  }
  const auto& nr = j.at("tasks")[1];
  CHECK(nr.at("task") == "NRLast");
  REQUIRE(nr.at("candidates").size() == 1);
  CHECK(nr.at("candidates")[0].at("found") == true);
  CHECK(nr.at("candidates")[0].at("length").is_number_unsigned());
  CHECK(nr.at("witness").is_null());
  const auto& ur = j.at("tasks")[0];
  CHECK(ur.at("task") == "UR");
  CHECK(ur.at("witness").at("exhaustive_len").get<std::size_t>() >= 3);
  CHECK(ur.at("witness").at("searched").get<std::size_t>() > 1000);
}
