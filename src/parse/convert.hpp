// From the X3 tree of one statement to the public AST.
#pragma once

#include "parse/context.hpp"
#include "parse/x3_tree.hpp"

namespace crasp::parsing {

/// Converts one parsed statement and appends it to cx.prog. Diagnostics go to cx.pending; an
/// expression that cannot be read leaves the reason in cx.best and the statement is not added.
/// Returns false in that case.
bool convert_statement(context& cx, const x::statement& st);

}  // namespace crasp::parsing
