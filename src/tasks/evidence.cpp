// The names of the kinds of evidence a verdict rests on (tasks.hpp).
#include "crasp/tasks.hpp"

namespace crasp::tasks {

std::string_view evidence_name(evidence e) {
  switch (e) {
    case evidence::none: return "none";
    case evidence::literature: return "literature";
    case evidence::witness: return "witness";
    case evidence::communication: return "communication";
    case evidence::reduction: return "reduction";
    case evidence::renaming: return "renaming";
    case evidence::characterization: return "characterization";
  }
  return "none";
}

}  // namespace crasp::tasks
