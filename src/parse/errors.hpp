// Diagnostics for lines the X3 grammar rejects.
#pragma once

#include "crasp/diagnostic.hpp"
#include "parse/grammar.hpp"

namespace crasp::parsing {

/// The error for a failed line [line_b, line_e) of src (pointers into src->text).
diagnostic line_error(const source_ptr& src, const char* line_b, const char* line_e,
                      const line_parse& lp);

}  // namespace crasp::parsing
