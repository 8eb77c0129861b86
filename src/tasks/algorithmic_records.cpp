// The records of Huang et al.'s algorithmic tasks (2025, arXiv 2410.02140): the majority tasks
// (majority.cpp), sort and unique_copy over distinct tokens (distinct.cpp), repeat_copy
// (copy.cpp), parity and addition (arithmetic.cpp). Verdicts and numbers are the paper's table
// of algorithmic tasks and its Theorem 12.
#include "tasks/literature.hpp"
#include "tasks/record.hpp"

namespace crasp::tasks::detail {
namespace {

// A generator over a fixed alphabet of `alphabet` symbols whose prompt is `<bos> w <sep>` and
// whose answer ends with <eos>.
task_spec fixed_task(std::string name, task_id id, std::string description, std::size_t alphabet,
                     std::size_t min_length) {
  return {std::move(name),
          id,
          task_mode::generator,
          std::move(description),
          {"<bos>", "<sep>", "<eos>"},
          "<eos>",
          false,
          alphabet,
          alphabet,
          alphabet,
          min_length,
          huang_source};
}

const char* const algorithmic_fragment = "C-RASP is a fragment of C-RASP[pos]";

}  // namespace

std::vector<task_record> algorithmic_records() {
  std::vector<task_record> r;
  r.push_back({with(fixed_task("bin_majority", task_id::bin_majority,
                               "prompt `<bos> w <sep>`, w a non-empty string over {0,1} with no "
                               "tie; answer the majority bit then `<eos>`. length = |w|.",
                               2, 1),
                    {algorithmic_category, "bin_majority.crasp", "", "", "",
                     yes("a single count comparison"), yes(algorithmic_fragment), true, true}),
               huang_ape(100, 100, 100), majority_behaviour(false, 1)});
  // The only algorithmic task with a variable vocabulary bounded above: the letters a..z.
  r.push_back({with({"majority",
                     task_id::majority,
                     task_mode::generator,
                     "prompt `<bos> w <sep>`, w a non-empty string over a..z whose most frequent "
                     "letter is unique; answer that letter then `<eos>`. Vocabulary: the first k "
                     "letters (k <= 26). length = |w|.",
                     {"<bos>", "<sep>", "<eos>"},
                     "<eos>",
                     true,
                     26,
                     1,
                     26,
                     1,
                     huang_source},
                    {algorithmic_category, "majority.crasp", "Letter", "", "",
                     yes("pairwise count comparisons"), yes(algorithmic_fragment), true, true}),
               huang_ape(100, 99.6, 97.8), majority_behaviour(true, 1)});
  r.push_back(
      {with(fixed_task("bin_majority_interleave", task_id::bin_majority_interleave,
                       "prompt `<bos> w <sep>`, w over {0,1} with |w| a positive multiple of 3; "
                       "stream r (r = 0,1,2) is w[r], w[r+3], w[r+6], .. (0-based within w) and "
                       "no stream may have a tie (so with an even stream length some strings are "
                       "rejected); answer the three stream majority bits in stream order then "
                       "`<eos>`. length = |w|.",
                       2, 3),
            {algorithmic_category, "bin_majority_interleave.crasp", "", "", "",
             no("Huang et al. table: not in C-RASP (crasp's program tells the streams apart by "
                "i % 3)"),
             yes("periodic predicate i % 3 separates the streams"), false, true}),
       huang_ape(100, 96.8, 84.7), majority_behaviour(false, 3)});
  r.push_back(distinct_task(
      "sort", task_id::sort, distinct_order::sorted, 150, "<eos>",
      "answer the tokens sorted by index (t2 before t10) then `<eos>`.", huang_source,
      {algorithmic_category, "sort.crasp", "Sym", "", "", yes("count the smaller symbols present"),
       yes(algorithmic_fragment), true, true},
      huang_ape(100, 100, 99.4)));
  r.push_back(distinct_task(
      "unique_copy", task_id::unique_copy, distinct_order::kept, 150, "<eos>",
      "answer x_1 .. x_N then `<eos>`.", huang_source,
      {algorithmic_category, "unique_copy.crasp", "Sym", "", "",
       no("Huang et al. table: not in C-RASP without positions"),
       // The bundled program counts instead of using induction heads (docs/programs.md), so the
       // reason cites the table and the construction the papers give.
       yes("Huang et al. table: in C-RASP[pos] (Born Lemma 7 builds the same copy, UF, from "
           "induction heads)"),
       false, true},
      huang_ape(100, 99.9, 98.7)));
  // unique_copy.crasp locates x_{m+1} by the number of input symbols before its first
  // occurrence, which is the natural attempt and wrong as soon as a symbol repeats.
  r.push_back({with(fixed_task("repeat_copy", task_id::repeat_copy,
                               "prompt `<bos> w <sep>`, w a non-empty string over {a,b} (repeats "
                               "allowed); answer w then `<eos>`. length = |w|.",
                               2, 1),
                    {algorithmic_category, "", "", "unique_copy.crasp", "Sym", no(from_pos),
                     no("communication complexity: copying with repeats (Huang et al. Thm 12)"),
                     false, false}),
               huang_ape(100, 25.6, 0), copy_behaviour(true, false, "<eos>")});
  r.push_back({with(fixed_task("parity", task_id::parity,
                               "prompt `<bos> w <sep>`, w a non-empty string over {0,1}; answer "
                               "`e` if the number of 1s is even, `o` if it is odd, then `<eos>`. "
                               "length = |w|.",
                               2, 1),
                    {algorithmic_category, "", "", "", "", no(from_pos),
                     no("Huang et al. table of algorithmic tasks: parity is not in C-RASP[pos]"),
                     false, false}),
               huang_ape(100, 83.0, 62.1), parity_behaviour()});
  r.back().spec.decision = true;  // one answer, e or o, per input
  r.push_back({with(fixed_task("addition", task_id::addition,
                               "prompt `<bos> x + y <sep>` (the symbols are 0, 1 and +), x and y "
                               "non-empty binary numerals written most significant bit first "
                               "with no leading zero (except the numeral 0 itself); answer the "
                               "binary sum x + y, most significant bit first with no leading "
                               "zero, then `<eos>`. length = |x| + 1 + |y| (the + counts), so at "
                               "least 3.",
                               3, 3),
                    {algorithmic_category, "", "", "", "", no(from_pos),
                     no("Huang et al. table of algorithmic tasks: binary addition is not in "
                        "C-RASP[pos]"),
                     false, false}),
               huang_ape(99.7, 26.8, 0.0), addition_behaviour()});
  return r;
}

}  // namespace crasp::tasks::detail
