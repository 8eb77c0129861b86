// What the records say about the literature, in the words they share: the papers the tasks come
// from, the catalogue's categories, verdicts with their reasons, and the papers' trained-model
// numbers (Jobanputra, Veitsman et al. 2025, arXiv 2505.21785; Huang et al. 2025, arXiv
// 2410.02140; docs/references.md). The wording is shown by `crasp tasks` and `crasp check`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "crasp/published.hpp"
#include "crasp/tasks.hpp"

namespace crasp::tasks::detail {

// --- sources and categories --------------------------------------------------------------------

// Plain character arrays, constant-initialized: a record built during another file's static
// initialization still reads them.

/// task_spec::source of the Born tasks and of Huang et al.'s.
inline constexpr const char* born_source =
    "Jobanputra, Veitsman et al. 2025, Born a Transformer (arXiv 2505.21785)";
inline constexpr const char* huang_source =
    "Huang et al. 2025, length generalization (arXiv 2410.02140)";

/// task_spec::category.
inline constexpr const char* retrieval_category = "Born retrieval";
inline constexpr const char* copy_category = "Born copy";
inline constexpr const char* algorithmic_category = "Huang et al. algorithmic";
inline constexpr const char* language_category = "formal language";

// --- verdicts ------------------------------------------------------------------------------------

verdict yes(std::string reason);
verdict no(std::string reason);
verdict unknown(std::string reason);

/// NoPE for a task whose only construction uses positions and for which no impossibility result
/// is published: the honest answer is "unknown" unless a plain C-RASP program turns up (crasp
/// check upgrades the verdict when the bundled program needs no positions).
inline constexpr const char* no_nope_result =
    "no NoPE (plain C-RASP) result is published; the paper states only C-RASP[pos]";
/// A C-RASP[pos] impossibility carries over to C-RASP, which has fewer predicates.
inline constexpr const char* from_pos =
    "follows from the C-RASP[pos] result (C-RASP is a fragment of it)";

/// The task_spec fields about the literature: the witness, the wrong candidate, the verdicts as
/// the literature states them and as the papers print them.
struct literature {
  std::string category;
  std::string program = {};
  std::string program_alphabet = {};
  std::string candidate = {};
  std::string candidate_alphabet = {};
  verdict nope = {};
  verdict ape = {};
  std::optional<bool> paper_nope = {};
  std::optional<bool> paper_ape = {};
};

/// `spec` with the fields of `lit` filled in.
task_spec with(task_spec spec, literature lit);

/// A Born task the paper proves in C-RASP[pos] (Lemmas 4, 5, 7), witnessed by `program` over
/// the alphabet Sym; the paper states nothing for NoPE.
literature born_yes(std::string category, std::string program, std::string lemma);
/// A Born task the paper proves outside C-RASP[pos] (Lemmas 6, 8); `candidate` over Sym is the
/// natural wrong attempt.
literature born_no(std::string category, std::string candidate, std::string lemma);

// --- published trained-model numbers -------------------------------------------------------------

/// Born a Transformer's from-scratch accuracies with APE (a1..a3) and RoPE (r1..r3) at lengths
/// 1-50, 51-100 and 101-150.
std::vector<published_series> born_pair(double a1, double a2, double a3, double r1, double r2,
                                        double r3);
/// Huang et al.'s APE accuracies in percent at the same lengths (their first bin is "<= 50").
std::vector<published_series> huang_ape(double a, double b, double c);

}  // namespace crasp::tasks::detail
