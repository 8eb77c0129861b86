// The records of the formal languages with hand-written references (languages.cpp): Dyck-1,
// a^n b^n, a^n b^n c^n, (aa)*, "contains ab" and crasp's reconstruction of Huang et al.'s "copy
// every c-th token" (2025, arXiv 2410.02140), and the acceptor spec they share with the suite
// (suite_records.cpp).
#include "tasks/literature.hpp"
#include "tasks/record.hpp"

namespace crasp::tasks::detail {

task_record acceptor_task(std::string name, task_id id, std::string what, literature lit,
                          behaviour_ptr behaviour) {
  const std::size_t alphabet = behaviour->symbols(0).size();
  task_spec s{
      std::move(name),
      id,
      task_mode::acceptor,
      "acceptor; input is the bare non-empty string (no control tokens); answer True or False. " +
          std::move(what) + " length = string length.",
      {},
      "",
      false,
      alphabet,
      alphabet,
      alphabet,
      1,
      std::string(huang_source) + ", formal languages"};
  return {with(std::move(s), std::move(lit)), {}, std::move(behaviour)};
}

namespace {

// Witnessed in C-RASP[pos] by a local predicate j == i-c.
literature copy_every_literature(std::string program, std::size_t c) {
  return {language_category,
          std::move(program),
          "",
          "",
          "",
          unknown(no_nope_result),
          yes("local predicate j == i-" + std::to_string(c) +
              " (Huang et al.: copy every c-th token, yes with APE)"),
          std::nullopt,
          true};
}

}  // namespace

std::vector<task_record> language_records() {
  const char* const fragment_of_pos = "C-RASP is a fragment of C-RASP[pos]";
  const char* const blocks_order = "counts plus order of blocks";
  std::vector<task_record> r;
  r.push_back(
      acceptor_task("dyck1", task_id::dyck1,
                    "Over ( ): balanced parentheses (every prefix has at least as many ( "
                    "as ), equal at the end).",
                    {language_category, "dyck1.cr", "", "", "", yes("prefix count comparison"),
                     yes(fragment_of_pos), std::nullopt, true},
                    dyck1_behaviour()));
  r.push_back(acceptor_task("anbn", task_id::anbn, "Over a b: a^n b^n with n >= 1.",
                            {language_category, "anbn.crasp", "", "", "", unknown(no_nope_result),
                             yes(blocks_order), std::nullopt, true},
                            blocks_behaviour("ab")));
  r.push_back(acceptor_task("anbncn", task_id::anbncn, "Over a b c: a^n b^n c^n with n >= 1.",
                            {language_category, "anbncn.crasp", "", "", "", unknown(no_nope_result),
                             yes(blocks_order), std::nullopt, true},
                            blocks_behaviour("abc")));
  r.push_back(acceptor_task(
      "aa_star", task_id::aa_star, "Over a: (aa)*, i.e. member iff the length is even.",
      {language_category, "aa_star.crasp", "", "", "",
       no("Huang et al.: (aa)* is expressible with APE (i % 2) but not with NoPE"),
       yes("periodic predicate i % 2"), false, true},
      even_length_behaviour()));
  r.push_back(acceptor_task(
      "contains_ab", task_id::contains_ab, "Over a b c: contains the bigram a b (adjacent).",
      {language_category, "contains_ab.cr", "", "", "", unknown(no_nope_result),
       yes("local predicate j == i-1 finds the bigram"), std::nullopt, std::nullopt},
      contains_ab_behaviour()));
  r.push_back(acceptor_task(
      "copy_every_1", task_id::copy_every_1,
      "Over a b: w_i = w_{i-1} for every i >= 1 (0-based), i.e. the previous token is copied and "
      "all tokens are equal; crasp's reconstruction of Huang et al.'s 'copy every c-th token' "
      "with c = 1. Strings of length 1 are members.",
      copy_every_literature("copy_every_1.crasp", 1), copy_every_behaviour(1)));
  r.push_back(acceptor_task(
      "copy_every_2", task_id::copy_every_2,
      "Over a b: w_i = w_{i-2} for every i >= 2 (0-based), i.e. the token two back is copied; "
      "crasp's reconstruction of Huang et al.'s 'copy every c-th token' with c = 2. Strings of "
      "length 1 and 2 are members.",
      copy_every_literature("copy_every_2.crasp", 2), copy_every_behaviour(2)));
  r.push_back(acceptor_task(
      "copy_every_3", task_id::copy_every_3,
      "Over a b: w_i = w_{i-3} for every i >= 3 (0-based), i.e. the token three back is copied; "
      "crasp's reconstruction of Huang et al.'s 'copy every c-th token' with c = 3. Strings of "
      "length 1 to 3 are members.",
      copy_every_literature("copy_every_3.crasp", 3), copy_every_behaviour(3)));
  return r;
}

}  // namespace crasp::tasks::detail
