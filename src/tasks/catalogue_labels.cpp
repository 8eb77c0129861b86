// The catalogue entries of Huang et al.'s formal languages posed with a label at every position,
// as the papers pose them (Bhattamishra et al. 2020, arXiv 2009.11264; Huang et al. follow it):
// the legal next symbols after each prefix of a member (`<language>_next`), or each prefix's
// membership on any word (`<language>_prefix`). Their references are in regular_labels.cpp; the
// acceptors of the same languages stay as they are.
#include <string>
#include <tuple>

#include "tasks/common.hpp"

namespace crasp::tasks::detail {
namespace {

// The task `id` of a catalogue still being built (entries are pushed in task_id order).
const task_spec& spec_in(const std::vector<task_spec>& c, task_id id) {
  return c[static_cast<std::size_t>(id)];
}

// One labels task; `what` is the acceptor's description of the language.
task_spec labelled(std::string name, task_id id, std::size_t alphabet, bool next,
                   const std::string& what) {
  std::string format =
      next ? "labels; input is a non-empty member of the language (members only); the label at "
             "each position is the set of symbols that can follow that prefix and still reach a "
             "member, in alphabet order, with <eos> when the prefix is itself a member, written "
             "as one word ({a,b}, {b,<eos>}; the papers' next-symbol sets). "
           : "labels; input is the bare non-empty string (no control tokens), member or not; the "
             "label at each position is True or False, whether that prefix is a member. ";
  return {std::move(name),
          id,
          task_mode::labels,
          std::move(format) + what + " length = string length.",
          {},
          "",
          false,
          alphabet,
          alphabet,
          alphabet,
          1,
          "Bhattamishra et al. 2020, transformers and formal languages (arXiv 2009.11264), as in "
          "Huang et al. 2025, length generalization (arXiv 2410.02140), formal languages"};
}

}  // namespace

void add_labelled_languages(std::vector<task_spec>& c) {
  const auto what = [&c](task_id id) {
    // The acceptor's description without its answer format: "Over 0 1: Tomita 1, 1*. (...)".
    const std::string& d = spec_in(c, id).description;
    const auto from = d.find("Over ");
    const auto to = d.rfind(" length = ");
    return d.substr(from, to - from);
  };
  for (const auto& [name, id, base] :
       {std::tuple{"tomita1_next", task_id::tomita1_next, task_id::tomita1},
        std::tuple{"tomita2_next", task_id::tomita2_next, task_id::tomita2},
        std::tuple{"tomita3_next", task_id::tomita3_next, task_id::tomita3},
        std::tuple{"tomita4_next", task_id::tomita4_next, task_id::tomita4},
        std::tuple{"tomita7_next", task_id::tomita7_next, task_id::tomita7},
        std::tuple{"D2_next", task_id::dyck_2_next, task_id::dyck_2},
        std::tuple{"D3_next", task_id::dyck_3_next, task_id::dyck_3},
        std::tuple{"D4_next", task_id::dyck_4_next, task_id::dyck_4},
        std::tuple{"D12_next", task_id::dyck_12_next, task_id::dyck_12},
        std::tuple{"ab_d_bc_next", task_id::ab_d_bc_next, task_id::ab_d_bc}})
    c.push_back(labelled(name, id, spec_in(c, base).default_vocab, true, what(base)));
  for (const auto& [name, id, base] :
       {std::tuple{"tomita5_prefix", task_id::tomita5_prefix, task_id::tomita5},
        std::tuple{"tomita6_prefix", task_id::tomita6_prefix, task_id::tomita6},
        std::tuple{"aa_star_prefix", task_id::aa_star_prefix, task_id::aa_star},
        std::tuple{"aaaa_star_prefix", task_id::aaaa_star_prefix, task_id::aaaa_star},
        std::tuple{"abab_star_prefix", task_id::abab_star_prefix, task_id::abab_star},
        std::tuple{"abcde_runs_prefix", task_id::abcde_runs_prefix, task_id::abcde_runs},
        std::tuple{"ends_02_prefix", task_id::ends_02_prefix, task_id::ends_02},
        std::tuple{"even_ones_prefix", task_id::even_ones_prefix, task_id::even_ones}})
    c.push_back(labelled(name, id, spec_in(c, base).default_vocab, false, what(base)));
}

}  // namespace crasp::tasks::detail
