// The records of Huang et al.'s formal-language suite (2025, arXiv 2410.02140, Section 5 and
// Figure 1), after Tomita (1982) and Bhattamishra et al. (2020), posed here as plain acceptance
// of members and non-members. Each language is written once, as a regex or a DFA text, and its
// minimal automaton is the reference (regular_languages.cpp). The verdicts are the paper's
// C-RASP[pos] marks; a NoPE verdict only where the paper states one (the periodic languages) or
// where C-RASP[pos] already fails.
#include "tasks/literature.hpp"
#include "tasks/record.hpp"

namespace crasp::tasks::detail {
namespace {

constexpr const char* suite_cite = "Huang et al. (Section 5, Figure 1): ";

literature suite_yes(std::string program, const std::string& name, const std::string& how) {
  return {language_category,
          std::move(program),
          "",
          "",
          "",
          unknown(no_nope_result),
          yes(suite_cite + name + " is in C-RASP[pos]; witness: " + how),
          std::nullopt,
          true};
}

literature suite_no(const std::string& name) {
  return {language_category,
          "",
          "",
          "",
          "",
          no(from_pos),
          no(suite_cite + name + " is not in C-RASP[pos]"),
          false,
          false};
}

// One language of the suite over the space-separated `alphabet`, as a `regex` or, when that is
// null, a `dfa` text.
task_record suite_task(std::string name, task_id id, const std::string& what, literature lit,
                       const char* alphabet, const char* regex, const char* dfa = nullptr) {
  return acceptor_task(std::move(name), id,
                       what + " (Huang et al.'s formal-language suite; reference: its minimal DFA)",
                       std::move(lit), regular_behaviour(alphabet, regex, dfa));
}

// D_n, Dyck-1 over a b of depth at most n.
task_record bounded_dyck(std::string name, task_id id, const std::string& n, std::string program,
                         const char* regex) {
  return suite_task(
      std::move(name), id,
      "Over a b: Dyck-1 of depth at most " + n +
          " (a opens, b closes; balanced, and no prefix deeper than " + n + ").",
      suite_yes(std::move(program), "D_" + n, "the depth #a - #b stays within 0.." + n), "a b",
      regex);
}

}  // namespace

std::vector<task_record> suite_records() {
  std::vector<task_record> r;
  r.push_back(suite_task("tomita1", task_id::tomita1, "Over 0 1: Tomita 1, 1*.",
                         suite_yes("tomita1.crasp", "Tomita 1", "no 0 anywhere"), "0 1", "1*"));
  auto tomita2 = suite_yes("tomita2.crasp", "Tomita 2", "#1 - #0 stays within 0..1 and ends at 0");
  tomita2.candidate = "tomita2_wrong.crasp";  // what crasp synth once certified: accepts 0 1 1 0
  r.push_back(suite_task("tomita2", task_id::tomita2, "Over 0 1: Tomita 2, (10)*.", tomita2, "0 1",
                         "(10)*"));
  // No odd run of 1s directly followed by an odd run of 0s; A: nothing pending (even 1s or a
  // completed run), B: an odd run of 1s, D: odd 0s after it (rejecting until one more 0), E:
  // even 0s after it.
  r.push_back(suite_task(
      "tomita3", task_id::tomita3,
      "Over 0 1: Tomita 3, no odd run of 1s directly followed by an odd run of 0s.",
      suite_no("Tomita 3"), "0 1", nullptr,
      "alphabet 0 1\nstart A\naccept A B E\nA 0 A\nA 1 B\nB 1 A\nB 0 D\nD 0 E\nE 0 D\nE 1 B\n"));
  r.push_back(
      suite_task("tomita4", task_id::tomita4, "Over 0 1: Tomita 4, no three 0s in a row.",
                 suite_yes("tomita4.crasp", "Tomita 4", "local reads j == i-1, i-2 find 000"),
                 "0 1", "(1|01|001)*(|0|00)"));
  // The parity of the 0s and of the 1s.
  r.push_back(suite_task(
      "tomita5", task_id::tomita5,
      "Over 0 1: Tomita 5, an even number of 0s and an even number of 1s.", suite_no("Tomita 5"),
      "0 1", nullptr,
      "alphabet 0 1\nstart ee\naccept ee\nee 0 oe\noe 0 ee\neo 0 oo\noo 0 eo\nee 1 eo\neo 1 ee\n"
      "oe 1 oo\noo 1 oe\n"));
  // #0 - #1 mod 3.
  r.push_back(suite_task("tomita6", task_id::tomita6,
                         "Over 0 1: Tomita 6, #0 - #1 is a multiple of 3.", suite_no("Tomita 6"),
                         "0 1", nullptr,
                         "alphabet 0 1\nstart r0\naccept r0\nr0 0 r1\nr1 0 r2\nr2 0 r0\nr0 1 r2\n"
                         "r1 1 r0\nr2 1 r1\n"));
  r.push_back(
      suite_task("tomita7", task_id::tomita7, "Over 0 1: Tomita 7, 0*1*0*1*.",
                 suite_yes("tomita7.crasp", "Tomita 7", "at most one 1 followed by a 0 (j == i-1)"),
                 "0 1", "0*1*0*1*"));
  r.push_back(bounded_dyck("D2", task_id::dyck_2, "2", "d2.crasp", "(a(ab)*b)*"));
  r.push_back(bounded_dyck("D3", task_id::dyck_3, "3", "d3.crasp", "(a(a(ab)*b)*b)*"));
  r.push_back(bounded_dyck("D4", task_id::dyck_4, "4", "d4.crasp", "(a(a(a(ab)*b)*b)*b)*"));
  auto d12 = bounded_dyck("D12", task_id::dyck_12, "12", "d12.crasp",
                          "(a(a(a(a(a(a(a(a(a(a(a(ab)*b)*b)*b)*b)*b)*b)*b)*b)*b)*b)*b)*");
  d12.spec.candidate = "dyck1_ab.crasp";  // unbounded Dyck-1: wrong only past depth 12
  r.push_back(std::move(d12));
  r.push_back(suite_task(
      "aaaa_star", task_id::aaaa_star, "Over a: (aaaa)*, the length is a multiple of 4.",
      {language_category, "aaaa_star.crasp", "", "", "",
       no("Huang et al. (Section 5, Figure 1): (aaaa)* is expressible with APE but not with "
          "NoPE"),
       yes(std::string(suite_cite) + "(aaaa)* is in C-RASP[pos]: periodic predicate i % 4"), false,
       true},
      "a", "(aaaa)*"));
  r.push_back(suite_task(
      "abab_star", task_id::abab_star, "Over a b: (abab)*.",
      {language_category, "abab_star.crasp", "", "", "",
       no("Huang et al. (Section 5, Figure 1): (abab)* is expressible with APE but not with "
          "NoPE"),
       yes(std::string(suite_cite) + "(abab)* is in C-RASP[pos]: periodic predicates i % 2, i % 4"),
       false, true},
      "a b", "(abab)*"));
  r.push_back(suite_task("abcde_runs", task_id::abcde_runs,
                         "Over a b c d e: aa*bb*cc*dd*ee*, non-empty runs of the five letters in "
                         "order.",
                         suite_yes("abcde_runs.crasp", "aa*bb*cc*dd*ee*",
                                   "no letter after a later one, all five present"),
                         "a b c d e", "aa*bb*cc*dd*ee*"));
  r.push_back(suite_task(
      "ab_d_bc", task_id::ab_d_bc,
      "Over a b c d: {a,b}*d{b,c}*, one d with only a and b before it and only "
      "b and c after it.",
      suite_yes("ab_d_bc.crasp", "{a,b}*d{b,c}*", "one d, no c before it, no a after it"),
      "a b c d", "(a|b)*d(b|c)*"));
  r.push_back(suite_task("ends_02", task_id::ends_02,
                         "Over 0 1 2: {0,1,2}*02*, the last token other than 2 is a 0 (the Born "
                         "paper's (a|b|e)*ae* in other letters).",
                         suite_no("{0,1,2}*02* (the Born paper's (a|b|e)*ae*, Lemma 6)"), "0 1 2",
                         "(0|1|2)*02*"));
  r.push_back(suite_task("even_ones", task_id::even_ones,
                         "Over 0 1: (0*10*1)*0*, an even number of 1s (parity as a language).",
                         suite_no("parity"), "0 1", "(0*10*1)*0*"));
  return r;
}

}  // namespace crasp::tasks::detail
