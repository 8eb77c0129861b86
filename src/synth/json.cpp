// synth_report_json: the report of crasp synth --json (and of crasp.synth in Python), schema in
// docs/synth.md.
#include <nlohmann/json.hpp>

#include "crasp/synth.hpp"
#include "crasp/task_spec.hpp"

namespace crasp {

std::string synth_report_json(const synth_report& r) {
  nlohmann::ordered_json j;
  j["task"] = r.task;
  j["source"] = r.source;
  j["format"] = std::string(answer_format_name(r.format));
  j["found"] = r.found;
  j["verified"] = r.verified;
  j["program"] = r.found ? nlohmann::ordered_json(r.program) : nlohmann::ordered_json(nullptr);
  j["class"] = r.program_class;
  j["size"] = r.size;
  j["depth"] = r.depth;
  j["stopped"] = r.stopped;
  j["grammar"] = r.grammar;
  j["complete_size"] = r.complete_size;
  j["searched"] = r.searched;
  j["candidates"] = r.candidates;
  j["behaviours_per_size"] = r.kept_per_size;
  j["search_vocab"] = r.search_vocab;
  j["plain_first"] = r.plain_first.empty() ? nlohmann::ordered_json(nullptr)
                                           : nlohmann::ordered_json(r.plain_first);
  j["seconds"] = r.seconds;
  j["check_seconds"] = r.check_seconds;
  auto rounds = nlohmann::ordered_json::array();
  for (const auto& round : r.rounds)
    rounds.push_back({{"instances", round.instances}, {"positions", round.positions},
                      {"size", round.size}, {"behaviours", round.kept},
                      {"program", round.program}, {"counterexample", round.counterexample},
                      {"plain", round.plain}, {"complete_size", round.complete_size},
                      {"seconds", round.seconds}});
  j["rounds"] = rounds;
  j["partial"] = r.partial;
  if (r.check) {
    j["check"] = nlohmann::ordered_json::parse(check_report_json(*r.check));
  } else {
    j["check"] = nullptr;
  }
  return j.dump(2) + "\n";
}

}  // namespace crasp
