// The shared wording of the records' literature fields (tasks/literature.hpp): sources,
// categories, verdict reasons and the papers' series. Each task's own verdicts and reasons are
// in its record (*_records.cpp); crasp check (src/task_check) confirms the "yes" verdicts by
// running the programs and refutes the candidates.
#include "tasks/literature.hpp"

namespace crasp::tasks {

std::string_view expressible_name(expressible e) {
  switch (e) {
    case expressible::yes:
      return "yes";
    case expressible::no:
      return "no";
    case expressible::unknown:
      return "unknown";
  }
  return "unknown";
}

namespace detail {

verdict yes(std::string reason) {
  return {expressible::yes, std::move(reason)};
}
verdict no(std::string reason) {
  return {expressible::no, std::move(reason)};
}
verdict unknown(std::string reason) {
  return {expressible::unknown, std::move(reason)};
}

task_spec with(task_spec spec, literature lit) {
  spec.category = std::move(lit.category);
  spec.program = std::move(lit.program);
  spec.program_alphabet = std::move(lit.program_alphabet);
  spec.candidate = std::move(lit.candidate);
  spec.candidate_alphabet = std::move(lit.candidate_alphabet);
  spec.nope = std::move(lit.nope);
  spec.ape = std::move(lit.ape);
  spec.paper_nope = lit.paper_nope;
  spec.paper_ape = lit.paper_ape;
  return spec;
}

literature born_yes(std::string category, std::string program, std::string lemma) {
  return {std::move(category),     std::move(program),    "Sym",        "",  "",
          unknown(no_nope_result), yes(std::move(lemma)), std::nullopt, true};
}

literature born_no(std::string category, std::string candidate, std::string lemma) {
  return {std::move(category),  "",           "",   std::move(candidate), "Sym", no(from_pos),
          no(std::move(lemma)), std::nullopt, false};
}

namespace {

constexpr const char* born_series_source = "Born a Transformer (from scratch)";
constexpr const char* huang_series_source = "Huang et al.";

// Both papers bin lengths as 1-50, 51-100, 101-150 (Huang et al.: "<= 50" for the first bin).
published_series binned(const char* source, const char* pe, double a, double b, double c) {
  return {source, pe, {{1, 50, a}, {51, 100, b}, {101, 150, c}}};
}

}  // namespace

// Only numbers the papers give in text are recorded; the fine-tuned GPT-2 results of the Born
// paper are a figure only and are left out rather than read off a plot.
std::vector<published_series> born_pair(double a1, double a2, double a3, double r1, double r2,
                                        double r3) {
  return {binned(born_series_source, "APE", a1, a2, a3),
          binned(born_series_source, "RoPE", r1, r2, r3)};
}

std::vector<published_series> huang_ape(double a, double b, double c) {
  return {binned(huang_series_source, "APE", a / 100, b / 100, c / 100)};
}

}  // namespace detail
}  // namespace crasp::tasks
