// The records of the Born retrieval tasks (Jobanputra, Veitsman et al. 2025, arXiv 2505.21785):
// UR, UL, NRFirst, NLFirst, NRLast, NLLast. Their behaviour is retrieval.cpp's, set by a
// retrieval_rule; their verdicts are the paper's Lemmas 4-6 and their numbers its from-scratch
// results.
#include <limits>

#include "tasks/literature.hpp"
#include "tasks/record.hpp"

namespace crasp::tasks::detail {
namespace {

// A retrieval task over t0..t{k-1} (k = 5 by default); `what` states the query's condition and
// the answer.
task_record retrieval_task(std::string name, task_id id, retrieval_rule rule, std::size_t min_vocab,
                           std::size_t min_length, std::string what, literature lit,
                           std::vector<published_series> published) {
  task_spec s{std::move(name),
              id,
              task_mode::generator,
              "prompt `<bos> x_1 .. x_{N-1} <sep> q` over t0..t{k-1}, q = x_N the query; " +
                  std::move(what) +
                  " The answer is that single token, with no end token. length = N (context "
                  "plus query).",
              {"<bos>", "<sep>"},
              "",
              true,
              5,
              min_vocab,
              std::numeric_limits<std::size_t>::max(),
              min_length,
              born_source};
  return {with(std::move(s), std::move(lit)), std::move(published), retrieval_behaviour(rule)};
}

}  // namespace

std::vector<task_record> retrieval_records() {
  const std::string lemma6 = "Lemma 6: reduction to (a|b|e)*ae*, which is not in C-RASP[pos]";
  std::vector<task_record> r;
  r.push_back(retrieval_task(
      "UR", task_id::ur, {.unique = true}, 2, 3,
      "q occurs exactly once in the context, at q_1, and not as its last token; answer "
      "x_{q_1+1}.",
      born_yes(retrieval_category, "ur.crasp", "Lemma 4: previous-token head plus induction head"),
      born_pair(1.0, 0.9915, 0.99, 1.0, 1.0, 1.0)));
  r.push_back(retrieval_task(
      "UL", task_id::ul, {.unique = true, .left = true}, 2, 3,
      "q occurs exactly once in the context, at q_1, and not as its first token; answer "
      "x_{q_1-1}.",
      born_yes(retrieval_category, "ul.crasp",
               "Lemma 4: previous-token head plus anti-induction head"),
      born_pair(1.0, 0.99, 0.99, 1.0, 1.0, 1.0)));
  r.push_back(retrieval_task(
      "NRFirst", task_id::nr_first, {}, 1, 3,
      "q occurs at least twice in the context, first at q_1; answer x_{q_1+1}.",
      born_yes(retrieval_category, "nrfirst.crasp", "Lemma 5: induction head on first occurrences"),
      born_pair(1.0, 1.0, 0.9995, 1.0, 1.0, 1.0)));
  r.push_back(retrieval_task(
      "NLFirst", task_id::nl_first, {.left = true}, 2, 4,
      "q occurs at least twice in the context, first at q_1 which is not the first context "
      "token (no wrap-around); answer x_{q_1-1}.",
      born_yes(retrieval_category, "nlfirst.crasp", "Lemma 5 (variant for the left neighbour)"),
      born_pair(1.0, 1.0, 0.99, 1.0, 1.0, 0.99)));
  r.push_back(retrieval_task(
      "NRLast", task_id::nr_last, {.last = true}, 2, 4,
      "q occurs at least twice in the context, last at q_t which is not the last context token "
      "(the Born generator rejects those); answer x_{q_t+1}.",
      born_no(retrieval_category, "nrfirst.crasp", lemma6),
      born_pair(1.0, 0.8605, 0.4685, 1.0, 0.45, 0.34)));
  r.push_back(retrieval_task(
      "NLLast", task_id::nl_last, {.left = true, .last = true}, 1, 3,
      "q occurs at least twice in the context, last at q_t (so q_t is never the first context "
      "token); answer x_{q_t-1}.",
      born_no(retrieval_category, "nlfirst.crasp", lemma6),
      born_pair(1.0, 0.77, 0.472, 1.0, 0.32, 0.34)));
  return r;
}

}  // namespace crasp::tasks::detail
