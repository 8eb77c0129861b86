// Check the options: refuse what cannot be compiled at all, before any work. The designed length
// fixes the comparison slope (4 max_len) and the size of an APE table, so a length past what
// float32 counts exactly, or past what a table can hold, would only fail later, expensively or
// silently; a program without statements or next rules has no output to build.
#include <fmt/format.h>

#include "compile/plan.hpp"

namespace crasp::lower {

bool check_options(const compile_plan& plan, diagnostics& diags) {
  const compile_options& opts = plan.opts;
  if (opts.max_len < 1) {
    diags.error(plan.origin, fmt::format("--max-len must be at least 1 (got {})", opts.max_len));
    return false;
  }
  if (opts.max_len > max_design_len) {
    diags.error(plan.origin, fmt::format("--max-len {} is too large (at most {}: float32 counts "
                                         "are exact only below 2^24 positions)",
                                         opts.max_len, max_design_len));
    return false;
  }
  if (opts.pe == model::positional::ape && opts.max_len > max_ape_len) {
    diags.error(plan.origin, fmt::format("--max-len {} is too large for an APE table (at most {})",
                                         opts.max_len, max_ape_len));
    return false;
  }
  if (plan.program.statements.empty() && !plan.program.is_generator()) {
    diags.error(plan.origin, "program has no statements");
    return false;
  }
  return true;
}

}  // namespace crasp::lower
