// Task sources (src/task_source): a regular language as a task's instance source. A spec with a
// `regex` or `dfa` key needs no scripts: crasp builds the minimal DFA, draws members uniformly
// per length by path counting, non-members uniformly and at the boundary (regular/sample.hpp),
// and answers any input exactly, so the exhaustive search and every adversarial instance have a
// reference answer.
#pragma once

#include <memory>
#include <string>

#include "regular/dfa.hpp"
#include "task_source/source.hpp"

namespace crasp::sources {

/// The source for a language spec posed in `spec->format`: accept (members and non-members,
/// answered True/False), labels with spec->language_labels "next" (members only, at every
/// position the set of legal next symbols as one word "{a,b,<eos>}") or "member" (any input,
/// whether each prefix is a member).
std::unique_ptr<instance_source> make_language_source(std::shared_ptr<const task_file> spec,
                                                      regular::dfa language);

/// "the minimal DFA of the regex (5 states over a b)": how reports name the reference.
std::string describe_language(const task_file& spec, const regular::dfa& language);

}  // namespace crasp::sources
