// A task's training instances as a search problem: token sequences over the search's vocabulary,
// the copies of the layout (one per assignment of the symbol variables), and the goals (the
// statements the program must define, with their decisions). Per format:
//  - accept: ACCEPT, a Boolean at the last position;
//  - count: COUNT, a count at the last position;
//  - labels: LABEL at every position when every label is True/False, else one `next` rule per
//    label token (a family rule `next[a in F]` for the family's symbols);
//  - continuation: the input followed by the expected answer; at the last input position and at
//    each answer token the rules say the next answer token, and at the last one nothing.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "crasp/tasks.hpp"
#include "synth/solve.hpp"
#include "task_source/protocols.hpp"

namespace crasp::synth {

/// Token names and ids of the search; ids are given in order of first use.
class vocabulary {
 public:
  /// `family`: the symbols read through variables (empty: none), named `family_name` in the
  /// program.
  vocabulary(std::vector<std::string> family, std::string family_name);
  std::uint32_t id(const std::string& token);
  [[nodiscard]] const std::vector<std::string>& names() const { return names_; }
  [[nodiscard]] const std::vector<std::uint32_t>& family() const { return family_; }
  [[nodiscard]] const std::string& family_name() const { return family_name_; }
  [[nodiscard]] bool in_family(std::uint32_t id) const;
  /// Tokens seen that are not in the family, in order of first use.
  [[nodiscard]] std::vector<std::uint32_t> fixed() const;

 private:
  std::vector<std::string> names_;
  std::unordered_map<std::string, std::uint32_t> ids_;
  std::vector<std::uint32_t> family_;
  std::string family_name_;
};

/// What the layout, the enumerator and the solver are built from.
struct problem {
  std::vector<std::vector<std::uint32_t>> sequences;
  std::vector<assignment> copies;
  family_info family;
  std::vector<goal> goals;
  bool variable_a = false, variable_s = false;
  std::size_t positions = 0;  ///< positions of one copy
};

/// Builds the problem for `format` from the training instances. `vocab` gains their tokens.
problem make_problem(tasks::answer_format format,
                     const std::vector<spec_detail::task_instance>& training, vocabulary& vocab);

}  // namespace crasp::synth
