// Validate the model: model::validate checks every shape, name and value of the assembled model
// against the conventions forward() relies on. The compiler built them, so a failure here is a
// compiler bug; it is reported as an internal error, with validate's findings, instead of
// returning a model that would fail, or compute nonsense, later.
#include "compile/plan.hpp"

namespace crasp::lower {

bool validate_model(const compile_plan& plan, diagnostics& diags) {
  const diagnostics problems = model::validate(plan.result.model);
  if (!problems.has_errors()) return true;
  diags.error(plan.origin, "internal error: the compiled model is malformed");
  diags.append(problems);
  return false;
}

}  // namespace crasp::lower
