// The catalogue's verdicts against the papers' tables, and the logic that turns a witness
// program's class and correctness into the final verdicts.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>

#include "crasp/task_check.hpp"
#include "crasp/tasks.hpp"

using crasp::tasks::expressible;

namespace {

const crasp::tasks::task_spec& task(const std::string& name) {
  const auto* t = crasp::tasks::find(name);
  REQUIRE(t != nullptr);
  return *t;
}

}  // namespace

TEST_CASE("the C-RASP[pos] verdicts of the papers' tasks are the papers'", "[check][verdicts]") {
  // Jobanputra, Veitsman et al. 2025 (arXiv 2505.21785) Lemmas 4-8 and Huang et al. 2025 (arXiv
  // 2410.02140), table of algorithmic tasks, written out independently of the task records
  // (src/tasks/*_records.cpp).
  const std::set<std::string> yes = {"UR", "UL", "NRFirst", "NLFirst", "UF", "UB",
                                     "bin_majority", "majority", "bin_majority_interleave",
                                     "unique_copy", "sort"};
  const std::set<std::string> no = {"NRLast", "NLLast", "NF", "NB", "repeat_copy", "parity",
                                    "addition"};
  for (const auto& name : yes) {
    INFO(name);
    CHECK(task(name).ape.value == expressible::yes);
    CHECK(task(name).paper_ape == std::optional<bool>(true));
    CHECK_FALSE(task(name).program.empty());
  }
  for (const auto& name : no) {
    INFO(name);
    CHECK(task(name).ape.value == expressible::no);
    CHECK(task(name).paper_ape == std::optional<bool>(false));
    CHECK(task(name).program.empty());
    // An impossibility for C-RASP[pos] carries over to its fragment C-RASP.
    CHECK(task(name).nope.value == expressible::no);
  }
  CHECK(yes.size() + no.size() == 18);
}

TEST_CASE("the formal-language suite's verdicts are the paper's", "[check][verdicts]") {
  // Huang et al. 2025 (arXiv 2410.02140), Section 5 and Figure 1, written out independently of
  // the task records (src/tasks/*_records.cpp): expressible with APE, or not.
  const std::set<std::string> yes = {"tomita1", "tomita2", "tomita4", "tomita7", "D2", "D3", "D4",
                                     "D12", "aaaa_star", "abab_star", "abcde_runs", "ab_d_bc"};
  const std::set<std::string> no = {"tomita3", "tomita5", "tomita6", "ends_02", "even_ones"};
  for (const auto& name : yes) {
    INFO(name);
    CHECK(task(name).ape.value == expressible::yes);
    CHECK(task(name).paper_ape == std::optional<bool>(true));
    CHECK_FALSE(task(name).program.empty());
    CHECK(task(name).category == "formal language");
  }
  for (const auto& name : no) {
    INFO(name);
    CHECK(task(name).ape.value == expressible::no);
    CHECK(task(name).paper_ape == std::optional<bool>(false));
    CHECK(task(name).program.empty());
    CHECK(task(name).nope.value == expressible::no);
    CHECK(task(name).paper_nope == std::optional<bool>(false));
  }
  // The periodic ones need positions (the paper's NoPE verdict), the others have none published.
  for (const char* name : {"aaaa_star", "abab_star"}) {
    CHECK(task(name).nope.value == expressible::no);
    CHECK(task(name).paper_nope == std::optional<bool>(false));
  }
  for (const char* name : {"tomita1", "tomita2", "D12", "abcde_runs"})
    CHECK_FALSE(task(name).paper_nope.has_value());
  // The natural wrong programs are shipped as candidates, to be refuted.
  CHECK(task("D12").candidate == "dyck1_ab.crasp");
  CHECK(task("tomita2").candidate == "tomita2_wrong.crasp");
}

TEST_CASE("the suite with labels carries the paper's marks over", "[check][verdicts]") {
  // A language's legal next symbols and its prefix membership are expressible exactly when the
  // paper marks the language expressible (Huang et al., Section 5, Figure 1).
  const std::set<std::string> yes = {"tomita1_next", "tomita2_next", "tomita4_next",
                                     "tomita7_next", "D2_next", "D3_next", "D4_next", "D12_next",
                                     "ab_d_bc_next", "aa_star_prefix", "aaaa_star_prefix",
                                     "abab_star_prefix", "abcde_runs_prefix"};
  const std::set<std::string> no = {"tomita3_next", "tomita5_prefix", "tomita6_prefix",
                                    "ends_02_prefix", "even_ones_prefix"};
  for (const auto& name : yes) {
    INFO(name);
    CHECK(task(name).ape.value == expressible::yes);
    CHECK(task(name).paper_ape == std::optional<bool>(true));
    CHECK_FALSE(task(name).program.empty());
    CHECK(task(name).candidate.empty());
    CHECK(task(name).category == "formal language");
    CHECK(task(name).ape.reason.find("Huang et al.") != std::string::npos);
  }
  for (const auto& name : no) {
    INFO(name);
    CHECK(task(name).ape.value == expressible::no);
    CHECK(task(name).paper_ape == std::optional<bool>(false));
    CHECK(task(name).program.empty());
    CHECK(task(name).nope.value == expressible::no);
    CHECK(task(name).ape.reason.find("Huang et al. (Section 5, Figure 1)") != std::string::npos);
  }
  // The prefix tasks reuse the acceptors' programs and NoPE verdicts (the periodic languages
  // need positions, as published); the next-symbol tasks have their own programs.
  CHECK(task("aa_star_prefix").program == "aa_star.crasp");
  CHECK(task("abcde_runs_prefix").program == "abcde_runs.crasp");
  CHECK(task("D12_next").program == "d12_next.crasp");
  for (const char* name : {"aa_star_prefix", "aaaa_star_prefix", "abab_star_prefix"}) {
    CHECK(task(name).nope.value == expressible::no);
    CHECK(task(name).paper_nope == std::optional<bool>(false));
  }
  for (const char* name : {"tomita1_next", "D12_next", "tomita4_next", "abcde_runs_prefix"}) {
    CHECK(task(name).nope.value == expressible::unknown);
    CHECK_FALSE(task(name).paper_nope.has_value());
  }
}

TEST_CASE("the Huang et al. NoPE column is recorded as published", "[check][verdicts]") {
  for (const char* name : {"bin_majority", "majority", "sort"})
    CHECK(task(name).paper_nope == std::optional<bool>(true));
  for (const char* name : {"bin_majority_interleave", "unique_copy", "repeat_copy", "parity",
                           "addition", "aa_star"})
    CHECK(task(name).paper_nope == std::optional<bool>(false));
  // The Born paper states C-RASP[pos] only.
  for (const char* name : {"UR", "UL", "NRLast", "UF", "NB"}) CHECK_FALSE(task(name).paper_nope);
}

TEST_CASE("every verdict has a reason and every named program exists", "[check][verdicts]") {
  for (const auto& t : crasp::tasks::catalogue()) {
    INFO(t.name);
    CHECK_FALSE(t.category.empty());
    CHECK_FALSE(t.ape.reason.empty());
    CHECK_FALSE(t.nope.reason.empty());
    if (!t.program.empty())
      CHECK(std::filesystem::exists(std::string(CRASP_PROGRAMS_DIR) + "/" + t.program));
    if (!t.candidate.empty()) {
      CHECK(std::filesystem::exists(std::string(CRASP_PROGRAMS_DIR) + "/" + t.candidate));
      // A candidate is the natural wrong attempt: at a task that has none right, or beside the
      // witness of one that has (plain Dyck-1 for D12).
      CHECK((t.ape.value == expressible::no || !t.program.empty()));
    }
  }
  // The issue's examples of shipped wrong candidates.
  CHECK_FALSE(task("NRLast").candidate.empty());
  CHECK_FALSE(task("NF").candidate.empty());
}

TEST_CASE("final verdicts: an exact witness confirms, a wrong one proves nothing",
          "[check][verdicts]") {
  using crasp::ir::program_class;
  const auto& ur = task("UR");
  SECTION("no program: the literature's verdicts stand") {
    const auto [nope, ape] = crasp::final_verdicts(task("NRLast"), std::nullopt, false);
    CHECK(ape.value == expressible::no);
    CHECK(ape.reason == task("NRLast").ape.reason);
    CHECK(nope.value == expressible::no);
  }
  SECTION("exact C-RASP[pos] witness: APE yes with the witness named, NoPE unchanged") {
    const auto [nope, ape] = crasp::final_verdicts(ur, program_class::crasp_pos, true);
    CHECK(ape.value == expressible::yes);
    CHECK(ape.reason.find("witness programs/ur.crasp") != std::string::npos);
    CHECK(nope.value == ur.nope.value);
  }
  SECTION("exact plain C-RASP witness upgrades NoPE to yes") {
    const auto [nope, ape] = crasp::final_verdicts(task("UF"), program_class::crasp, true);
    CHECK(nope.value == expressible::yes);
    CHECK(ape.value == expressible::yes);
  }
  SECTION("an upgrade against the literature says so") {
    const auto& uc = task("unique_copy");
    REQUIRE(uc.nope.value == expressible::no);
    const auto [nope, ape] = crasp::final_verdicts(uc, program_class::crasp, true);
    CHECK(nope.value == expressible::yes);
    CHECK(nope.reason.find("the literature says no") != std::string::npos);
  }
  SECTION("a wrong witness never shows yes: the cited yes becomes unknown, with a warning") {
    const auto [nope, ape] = crasp::final_verdicts(task("UF"), program_class::crasp, false);
    REQUIRE(task("UF").ape.value == expressible::yes);
    CHECK(ape.value == expressible::unknown);
    CHECK(ape.reason.find("the literature says yes") != std::string::npos);
    CHECK(ape.reason.find("wrong on some tested input") != std::string::npos);
    CHECK(nope.value != expressible::yes);
  }
}

TEST_CASE("published numbers are the papers' trained-model accuracies", "[check][verdicts]") {
  using crasp::tasks::task_id;
  const auto nr = crasp::published_results(task_id::nr_last);
  REQUIRE(nr.size() == 2);
  CHECK(nr[0].pe == "APE");
  CHECK(nr[0].points.at(1).accuracy == Approx(0.8605));
  CHECK(nr[1].points.at(2).accuracy == Approx(0.34));
  const auto add = crasp::published_results(task_id::addition);
  REQUIRE(add.size() == 1);
  CHECK(add[0].points.at(0).accuracy == Approx(0.997));
  CHECK(crasp::published_results(task_id::dyck1).empty());
}

TEST_CASE("check_vocab is the papers' vocabulary, not the catalogue default", "[check][vocab]") {
  // crasp tasks shows these sizes, so they must be the ones crasp check draws instances with.
  CHECK(crasp::check_vocab(task("UR")) == 5);
  CHECK(crasp::check_vocab(task("NF")) == 5);
  CHECK(crasp::check_vocab(task("UF")) == 150);
  CHECK(task("UF").default_vocab == 5);
  CHECK(crasp::check_vocab(task("UB")) == 150);
  CHECK(crasp::check_vocab(task("sort")) == 150);
  CHECK(crasp::check_vocab(task("majority")) == 26);
  CHECK(crasp::check_vocab(task("parity")) == 2);
}
