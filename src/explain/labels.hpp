// From residual dimension names to the program statements behind them. A compiled model names
// every dimension `KIND:LABEL` (docs/compiler.md): `read[i-1]:PREV["t0"].n0`, `clean:key:PREV["t0"]`,
// `and:next "t0"`, `match:next "t0".n102#2`. LABEL is a statement or next-rule name, or
// `RULE.nID` (a node first used by that rule); models saved by earlier builds of crasp may still carry bare
// `nID` labels for the parts of next rules.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "crasp/ir.hpp"

namespace crasp::explain_detail {

/// The LABEL of a dimension name, or "" for dimensions that carry no program value (`one`,
/// `bos`, `u`, positional bits, phases, token embeddings).
std::string dimension_label(const std::string& name);

/// Unique labels of `names` in first-seen order, statement parts only (`PREV["t0"].n0` gives
/// `PREV["t0"]`).
std::vector<std::string> statements_of(const std::vector<std::string>& names);

/// With the program: the source text of every statement named in `labels`, a next rule as
/// `crasp expand` prints it, and for a bare node `nID` the rule that uses it ("a node of next \"t0\"").
std::map<std::string, std::string> statement_sources(const ir::program& program,
                                                     const std::vector<std::string>& labels);

}  // namespace crasp::explain_detail
