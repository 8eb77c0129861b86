// verify_report_json: a verify report's measurements as JSON (`crasp verify --json` adds the
// program and the model flags around them; crasp.Program.verify in Python returns them).
#include <nlohmann/json.hpp>

#include "crasp/verify.hpp"

namespace crasp {

std::string verify_report_json(const verify_report& rep, int certified) {
  using json = nlohmann::json;
  json j;
  j["certified"] = certified;
  j["buckets"] = json::array();
  for (const length_bucket& b : rep.buckets) {
    j["buckets"].push_back({{"min_length", b.min_length},
                            {"max_length", b.max_length},
                            {"exhaustive", b.exhaustive},
                            {"inputs", b.inputs},
                            {"decisions", b.decisions},
                            {"mismatches", b.mismatches},
                            {"min_slack", b.min_slack},
                            {"min_output_margin", b.min_output_margin},
                            {"certified", b.max_length <= certified}});
  }
  j["inputs"] = rep.inputs;
  j["decisions"] = rep.decisions;
  j["mismatches"] = rep.mismatches;
  j["ok"] = rep.ok();
  if (rep.shortest) {
    j["counterexample"] = {{"tokens", rep.shortest->tokens},
                           {"expected", rep.shortest->expected},
                           {"actual", rep.shortest->actual}};
  }
  return j.dump();
}

}  // namespace crasp
