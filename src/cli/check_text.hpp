// The human-readable rendering of a crasp check report (the table in the papers' shape, the
// counterexamples, the disagreements and a summary).
#pragma once

#include <string>

#include "crasp/task_check.hpp"

namespace crasp::cli {

std::string check_report_text(const check_report& report);

}  // namespace crasp::cli
