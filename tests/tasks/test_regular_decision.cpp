// The C-RASP decision for regular languages (src/regular/crasp_class.hpp) against the
// catalogue's own verdicts for the languages it holds as automata (Huang et al.'s suite: the
// Tomita languages, D_n, (aaaa)*, parity, ...; the hand-written languages with a DFA): where the
// literature gives a NoPE verdict the decision must agree, and a `no` may never stand beside a
// bundled witness that is plain C-RASP. The decisions the literature leaves open are listed.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "crasp/frontend.hpp"
#include "crasp/tasks.hpp"
#include "regular/crasp_class.hpp"
#include "tasks/record.hpp"

namespace crasp {
namespace {

TEST_CASE("the decision agrees with every NoPE verdict the catalogue's languages carry") {
  // What the decision says where the literature states nothing for NoPE.
  const std::map<std::string, regular::crasp_answer> open = {
      {"tomita1", regular::crasp_answer::yes}, {"tomita2", regular::crasp_answer::yes},
      {"tomita4", regular::crasp_answer::no},  {"tomita7", regular::crasp_answer::yes},
      {"D2", regular::crasp_answer::yes},      {"D3", regular::crasp_answer::yes},
      {"D4", regular::crasp_answer::yes},      {"D12", regular::crasp_answer::yes},
      {"abcde_runs", regular::crasp_answer::yes}, {"ab_d_bc", regular::crasp_answer::yes}};
  std::size_t decided = 0, literature = 0;
  for (const auto& t : tasks::catalogue()) {
    if (t.mode != tasks::task_mode::acceptor) continue;
    const auto* d = tasks::detail::record(t.id).behaviour->automaton();
    if (d == nullptr) continue;
    INFO(t.name);
    const auto decision = regular::decide_crasp(*d);
    CHECK(decision.answer != regular::crasp_answer::unknown);
    ++decided;
    if (t.nope.value != tasks::expressible::unknown) {
      ++literature;
      CHECK((decision.answer == regular::crasp_answer::yes) ==
            (t.nope.value == tasks::expressible::yes));
    } else if (open.count(t.name)) {
      CHECK(decision.answer == open.at(t.name));
    }
    // A bundled witness without positions is a proof of yes.
    if (!t.program.empty()) {
      const auto loaded = load_file(std::string(CRASP_PROGRAMS_DIR) + "/" + t.program);
      REQUIRE(loaded.ok());
      if (loaded.program->klass == ir::program_class::crasp)
        CHECK(decision.answer == regular::crasp_answer::yes);
    }
  }
  CHECK(decided == 18);
  CHECK(literature == 8);  // tomita3, 5, 6, (aaaa)*, (abab)*, ends_02, even_ones, and aa_star
}

}  // namespace
}  // namespace crasp
