// A small crasp check configuration the check tests share: a few tasks of each kind on short
// bins and 36 symbols (UF's default 150 makes models 2,269 wide: 13 s of a 15 s run), so one run
// takes a few seconds.
#pragma once

#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "crasp/task_check.hpp"

namespace check_test {

inline crasp::task_check_options small_options() {
  crasp::task_check_options o;
  o.tasks = {"UR", "NRLast", "UF", "bin_majority", "dyck1", "parity"};
  o.train_lo = 4, o.train_hi = 12;
  o.test_lo = 13, o.test_hi = 20;
  o.far_factors = {3};
  o.samples = 3;
  o.far_samples = 1;
  o.seed = 7;
  o.vocab = 36;  // the longest bin (3x12) still has distinct-token instances of UF
  o.programs_dir = CRASP_PROGRAMS_DIR;
  return o;
}

/// The report of small_options(), computed once.
inline const crasp::check_report& small_report() {
  static const crasp::check_report report = [] {
    crasp::diagnostics diags;
    auto r = crasp::check(small_options(), diags);
    REQUIRE(r.has_value());
    return *r;
  }();
  return report;
}

/// A check run with its diagnostics, rendered for INFO.
struct checked {
  std::optional<crasp::check_report> report;
  crasp::diagnostics diags;
  std::string rendered;
};

inline checked run(const crasp::task_check_options& o) {
  checked c;
  c.report = crasp::check(o, c.diags);
  c.rendered = crasp::render(c.diags);
  return c;
}

/// The one task of a report that must exist.
inline const crasp::task_result& only_task(const checked& c) {
  INFO(c.rendered);
  REQUIRE(c.report.has_value());
  REQUIRE(c.report->tasks.size() == 1);
  return c.report->tasks.front();
}

inline const crasp::task_result& result(const crasp::check_report& r, const std::string& task) {
  for (const auto& t : r.tasks)
    if (t.task == task) return t;
  FAIL("no result for " << task);
  return r.tasks.front();
}

}  // namespace check_test
