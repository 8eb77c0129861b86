// A found program as .crasp text: the alphabets it reads, then one statement per goal, the
// output statement last (accept / count / labels) or the `next` rules.
#pragma once

#include <string>
#include <vector>

#include "synth/problem.hpp"

namespace crasp::synth {

/// One goal's statement, e.g. `ACCEPT = (#"a") == (#"b")`. A rule of several parts reads
/// `ACCEPT = C1 && C2`, the parts' statements (named C<named + 1>, ...) going to `definitions`.
std::string render_rule(const enumerator& e, const goal& g, const rule& r, const vocabulary& v,
                        std::size_t& named, std::string& definitions);

/// The whole program: `header` comment lines (without "// "), the alphabets, the rules.
std::string render_program(const std::vector<std::string>& header, const enumerator& e,
                           const std::vector<goal>& goals, const std::vector<rule>& rules,
                           const vocabulary& v);

/// The largest count nesting among the rules' expressions.
std::size_t rules_depth(const enumerator& e, const std::vector<rule>& rules);

}  // namespace crasp::synth
