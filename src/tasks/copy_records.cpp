// The records of the Born copy tasks (Jobanputra, Veitsman et al. 2025, arXiv 2505.21785): UF
// and UB over distinct tokens (distinct.cpp), NF and NB with repeats (copy.cpp). Their verdicts
// are the paper's Lemmas 7 and 8 and their numbers its from-scratch results.
#include <limits>

#include "tasks/literature.hpp"
#include "tasks/record.hpp"

namespace crasp::tasks::detail {
namespace {

// NF or NB: a copy over t0..t{k-1} with repeats, ended by <sep>.
task_record repeats_task(std::string name, task_id id, bool reversed, std::string what,
                         literature lit, std::vector<published_series> published) {
  task_spec s{std::move(name),
              id,
              task_mode::generator,
              "prompt `<bos> x_1 .. x_N <sep>` with x_1 .. x_N tokens of t0..t{k-1}, repeats "
              "allowed (N >= 1); " +
                  std::move(what) + " length = N.",
              {"<bos>", "<sep>"},
              "<sep>",
              true,
              5,
              1,
              std::numeric_limits<std::size_t>::max(),
              1,
              born_source};
  return {with(std::move(s), std::move(lit)), std::move(published),
          copy_behaviour(false, reversed, "<sep>")};
}

}  // namespace

std::vector<task_record> copy_records() {
  const std::string lemma8 = "Lemma 8: communication complexity (Huang et al. Thm 12)";
  std::vector<task_record> r;
  // The paper trains and tests UF and UB with 150 distinct symbols, so lengths up to 150.
  r.push_back(distinct_task(
      "UF", task_id::uf, distinct_order::kept, 5, "<sep>", "answer x_1 .. x_N then `<sep>`.",
      born_source,
      born_yes(copy_category, "uf.crasp", "Lemma 7: iterate UR; at <sep> start after <bos>"),
      born_pair(1.0, 0.9945, 0.97, 1.0, 0.9945, 0.99)));
  r.back().spec.experiment_vocab = 150;
  r.push_back(distinct_task(
      "UB", task_id::ub, distinct_order::reversed, 5, "<sep>", "answer x_N .. x_1 then `<sep>`.",
      born_source,
      born_yes(copy_category, "ub.crasp", "Lemma 7: iterate UL; at <sep> start before <sep>"),
      born_pair(1.0, 0.99, 0.9724, 1.0, 0.99, 0.99)));
  r.back().spec.experiment_vocab = 150;
  r.push_back(repeats_task("NF", task_id::nf, false, "answer x_1 .. x_N then `<sep>`.",
                           born_no(copy_category, "uf.crasp", lemma8),
                           born_pair(1.0, 0.4675, 0.1286, 1.0, 0.13, 0)));
  r.push_back(repeats_task("NB", task_id::nb, true, "answer x_N .. x_1 then `<sep>`.",
                           born_no(copy_category, "ub.crasp", lemma8),
                           born_pair(0.9995, 0.268, 0.0512, 0.9995, 0.05, 0)));
  return r;
}

}  // namespace crasp::tasks::detail
