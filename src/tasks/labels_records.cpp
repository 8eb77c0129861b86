// The records of Huang et al.'s formal languages posed with a label at every position, as the
// papers pose them (Bhattamishra et al. 2020, arXiv 2009.11264; Huang et al. follow it): the
// legal next symbols after each prefix of a member (`<language>_next`), or each prefix's
// membership on any word (`<language>_prefix`). Each is derived from its acceptor's record
// (description, alphabet, program and verdicts); the behaviour is regular_labels.cpp's.
#include <string>

#include "tasks/literature.hpp"
#include "tasks/record.hpp"

namespace crasp::tasks::detail {
namespace {

constexpr const char* labels_cite = "Huang et al. (Section 5, Figure 1): ";

// The paper's mark for a language carries over to its legal next symbols (the formulation of
// Bhattamishra et al. 2020 that Huang et al. follow).
literature next_yes(std::string program, const std::string& name, const std::string& how) {
  return {language_category,
          std::move(program),
          "",
          "",
          "",
          unknown(no_nope_result),
          yes(labels_cite + name +
              " is in C-RASP[pos], and so are its legal next symbols (Bhattamishra et al. "
              "2020's formulation, which Huang et al. follow); witness: " +
              how),
          std::nullopt,
          true};
}

literature next_no(const std::string& name) {
  return {language_category,
          "",
          "",
          "",
          "",
          no(from_pos),
          no(labels_cite + name +
             " is not in C-RASP[pos], posed as there by its legal next symbols (Bhattamishra et "
             "al. 2020)"),
          false,
          false};
}

// Prefix membership inherits the acceptor's verdicts: its label at the last position is the
// acceptor's answer, and the acceptor's causal program answers it at every position.
// `ape_reason` replaces the acceptor's reason where that one names no source.
literature prefix_of(const task_spec& acceptor, std::string ape_reason = {}) {
  literature e{
      acceptor.category, acceptor.program,    acceptor.program_alphabet, "", "", acceptor.nope,
      acceptor.ape,      acceptor.paper_nope, acceptor.paper_ape};
  // The shipped wrong candidates are acceptors, so they are left out.
  if (!ape_reason.empty()) e.ape.reason = std::move(ape_reason);
  const std::string yes_note =
      " (every prefix: the acceptor's program answers its prefix's membership at every position)";
  const std::string no_note =
      " (every prefix: the label at the last position would be the acceptor's answer)";
  e.ape.reason += e.ape.value == expressible::yes ? yes_note : no_note;
  if (e.nope.value == expressible::no && e.nope.reason != from_pos) e.nope.reason += no_note;
  return e;
}

// One labels task of the acceptor `language` (already in `acceptors`).
task_record labelled(const std::vector<task_record>& acceptors, std::string name, task_id id,
                     task_id language, bool next, literature lit) {
  const task_record& base = acceptors[static_cast<std::size_t>(language)];
  // The acceptor's description without its answer format: "Over 0 1: Tomita 1, 1*. (...)".
  const std::string& d = base.spec.description;
  const auto from = d.find("Over ");
  const auto to = d.rfind(" length = ");
  const std::string what = d.substr(from, to - from);
  std::string format =
      next ? "labels; input is a non-empty member of the language (members only); the label at "
             "each position is the set of symbols that can follow that prefix and still reach a "
             "member, in alphabet order, with <eos> when the prefix is itself a member, written "
             "as one word ({a,b}, {b,<eos>}; the papers' next-symbol sets). "
           : "labels; input is the bare non-empty string (no control tokens), member or not; the "
             "label at each position is True or False, whether that prefix is a member. ";
  const std::size_t alphabet = base.spec.default_vocab;
  task_spec s{std::move(name),
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
              "Bhattamishra et al. 2020, transformers and formal languages (arXiv 2009.11264), "
              "as in Huang et al. 2025, length generalization (arXiv 2410.02140), formal "
              "languages"};
  return {with(std::move(s), std::move(lit)), {}, labels_behaviour(language, base.behaviour, next)};
}

}  // namespace

std::vector<task_record> labels_records(const std::vector<task_record>& acceptors) {
  std::vector<task_record> r;
  const auto next = [&](std::string name, task_id id, task_id language, literature lit) {
    r.push_back(labelled(acceptors, std::move(name), id, language, true, std::move(lit)));
  };
  const auto prefix = [&](std::string name, task_id id, task_id language,
                          std::string ape_reason = {}) {
    const auto& acceptor = acceptors[static_cast<std::size_t>(language)].spec;
    r.push_back(labelled(acceptors, std::move(name), id, language, false,
                         prefix_of(acceptor, std::move(ape_reason))));
  };
  next("tomita1_next", task_id::tomita1_next, task_id::tomita1,
       next_yes("tomita1_next.crasp", "Tomita 1",
                "every prefix of a member is 1s, followed by 1 or the end"));
  next("tomita2_next", task_id::tomita2_next, task_id::tomita2,
       next_yes("tomita2_next.crasp", "Tomita 2",
                "the current token: after a 1 only 0, after a 0 a 1 or the end"));
  next("tomita3_next", task_id::tomita3_next, task_id::tomita3, next_no("Tomita 3"));
  next("tomita4_next", task_id::tomita4_next, task_id::tomita4,
       next_yes("tomita4_next.crasp", "Tomita 4",
                "local read j == i-1: after 0 0 only 1 or the end"));
  next("tomita7_next", task_id::tomita7_next, task_id::tomita7,
       next_yes("tomita7_next.crasp", "Tomita 7",
                "a 1 after the one 1 0 (j == i-1) is in the last block: 1 or the end"));
  next("D2_next", task_id::dyck_2_next, task_id::dyck_2,
       next_yes("d2_next.crasp", "D_2", "the depth #a - #b: 0, 1 or 2"));
  next("D3_next", task_id::dyck_3_next, task_id::dyck_3,
       next_yes("d3_next.crasp", "D_3", "the depth #a - #b: 0, 1..2 or 3"));
  next("D4_next", task_id::dyck_4_next, task_id::dyck_4,
       next_yes("d4_next.crasp", "D_4", "the depth #a - #b: 0, 1..3 or 4"));
  next("D12_next", task_id::dyck_12_next, task_id::dyck_12,
       next_yes("d12_next.crasp", "D_12", "the depth #a - #b: 0, 1..11 or 12"));
  next("ab_d_bc_next", task_id::ab_d_bc_next, task_id::ab_d_bc,
       next_yes("ab_d_bc_next.crasp", "{a,b}*d{b,c}*", "whether the d has been read"));
  prefix("tomita5_prefix", task_id::tomita5_prefix, task_id::tomita5);
  prefix("tomita6_prefix", task_id::tomita6_prefix, task_id::tomita6);
  prefix("aa_star_prefix", task_id::aa_star_prefix, task_id::aa_star,
         "Huang et al.: (aa)* is expressible with APE: periodic predicate i % 2");
  prefix("aaaa_star_prefix", task_id::aaaa_star_prefix, task_id::aaaa_star);
  prefix("abab_star_prefix", task_id::abab_star_prefix, task_id::abab_star);
  prefix("abcde_runs_prefix", task_id::abcde_runs_prefix, task_id::abcde_runs);
  prefix("ends_02_prefix", task_id::ends_02_prefix, task_id::ends_02);
  prefix("even_ones_prefix", task_id::even_ones_prefix, task_id::even_ones);
  return r;
}

}  // namespace crasp::tasks::detail
