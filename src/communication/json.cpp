// The communication report as JSON (schema crasp-communication/1, docs/communication.md).
#include <nlohmann/json.hpp>

#include "crasp/communication.hpp"

namespace crasp {

std::string to_json(const communication_report& r) {
  nlohmann::ordered_json j;
  j["schema"] = "crasp-communication/1";
  j["task"] = r.task;
  j["source"] = r.source;
  j["format"] = r.format;
  j["symbols"] = r.symbols;
  j["shape"] = r.shape;
  j["published"] = r.published;
  auto& rows = j["splits"] = nlohmann::ordered_json::array();
  for (const auto& m : r.splits) {
    nlohmann::ordered_json s;
    s["n"] = m.n, s["a"] = m.a, s["alice"] = m.alice;
    s["prefixes"] = m.prefixes, s["suffixes"] = m.suffixes, s["queries"] = m.queries;
    s["classes"] = m.classes, s["exact"] = m.exact;
    s["ruled_out_counts"] = m.ruled_out_counts;
    s["skipped"] = m.skipped;
    rows.push_back(std::move(s));
  }
  j["growth"] = r.growth == class_growth::polynomial    ? "polynomial"
                : r.growth == class_growth::exponential ? "exponential"
                                                        : "inconclusive";
  j["growth_reason"] = r.growth_reason;
  if (r.bound) {
    j["bound"] = {{"counts", r.bound->counts}, {"local_bits", r.bound->local_bits}};
    j["within_bound"] = r.within_bound;
  }
  j["verdict"] = r.verdict;
  j["seconds"] = r.seconds;
  return j.dump(2) + "\n";
}

}  // namespace crasp
