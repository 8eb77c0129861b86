// crasp check's table: one row per task. A bin cell reads "I/A/R/N", the accuracy of the
// interpreter, APE, RoPE and NoPE models (each compiled variant's worst precision), "-" where a
// variant does not apply; for a task without a program the cell is the wrong candidate's
// accuracy ("cand .45"). Published trained-model accuracies follow (bins 1-50/51-100/101-150).
#include "check_text.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "text_table.hpp"

namespace crasp::cli {
namespace {

std::string acc(double a) {
  if (a >= 1) return "1";
  if (a <= 0) return "0";
  // Up to four decimals, the papers' precision, without trailing zeros or the leading 0
  // ("0.8605" -> ".8605", "0.4500" -> ".45"): keeps cells narrow.
  std::string s = fmt::format("{:.4f}", a);
  while (s.back() == '0') s.pop_back();
  return s.front() == '0' ? s.substr(1) : s;
}

std::string bins_label(const check_bin& b) {
  return b.lo == b.hi ? fmt::format("{} ({})", b.name, b.lo)
                      : fmt::format("{} {}..{}", b.name, b.lo, b.hi);
}

// The worst accuracy over the engines whose name starts with `prefix` on bin b; nullopt when
// none applies or none ran there.
std::optional<double> worst(const task_result& t, const std::string& prefix, std::size_t b) {
  std::optional<double> w;
  for (const auto& e : t.engines) {
    if (!e.applicable || e.name.rfind(prefix, 0) != 0 || b >= e.bins.size()) continue;
    if (e.bins[b].total == 0) continue;
    w = std::min(w.value_or(1.0), e.bins[b].accuracy());
  }
  return w;
}

std::string cell(const task_result& t, std::size_t b) {
  if (t.engines.empty()) {
    if (t.candidate && b < t.candidate->bins.size() && t.candidate->bins[b].total > 0)
      return fmt::format("cand {}", acc(t.candidate->bins[b].accuracy()));
    return "-";
  }
  if (t.engines.front().bins.size() > b && t.engines.front().bins[b].total == 0) return "n/a";
  std::string s;
  for (const char* p : {"interpreter", "APE", "RoPE", "NoPE"}) {
    const auto w = worst(t, p, b);
    if (!s.empty()) s += '/';
    s += w ? acc(*w) : std::string("-");
  }
  return s;
}

std::string published(const task_result& t, const std::string& pe) {
  for (const auto& s : t.published) {
    if (s.pe != pe) continue;
    std::string out;
    for (const auto& p : s.points) {
      if (!out.empty()) out += '/';
      out += acc(p.accuracy);
    }
    return out;
  }
  return "-";
}

std::string verdict_cell(const tasks::verdict& v, std::optional<bool> paper, bool agrees) {
  std::string s(tasks::expressible_name(v.value));
  if (paper && !agrees) s += fmt::format(" (paper: {})", *paper ? "yes" : "no");
  return s;
}

std::string program_cell(const task_result& t) {
  if (!t.program.empty()) return t.program;
  if (t.candidate) return fmt::format("none ({} refuted)", t.candidate->program);
  return "none";
}

}  // namespace

std::string check_report_text(const check_report& report) {
  const auto& o = report.options;
  std::string out;
  std::string bins;
  for (const auto& b : report.bins) {
    if (!bins.empty()) bins += ", ";
    bins += bins_label(b);
  }
  out += fmt::format(
      "crasp check: {} task{}; bins {}; {} instances per bin ({} per far bin); seed {}\n\n",
      report.tasks.size(), report.tasks.size() == 1 ? "" : "s", bins, o.samples, o.far_samples, o.seed);

  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> head = {"task", "class", "program"};
  for (const auto& b : report.bins) head.push_back(b.name);
  for (const char* h : {"C-RASP[pos]", "NoPE", "trained APE", "trained RoPE"}) head.push_back(h);
  rows.push_back(head);
  for (const auto& t : report.tasks) {
    std::vector<std::string> row = {t.task, t.program_class.empty() ? "-" : t.program_class,
                                    program_cell(t)};
    for (std::size_t b = 0; b < report.bins.size(); ++b) row.push_back(cell(t, b));
    row.push_back(verdict_cell(t.ape, t.paper_ape, t.agrees_ape));
    row.push_back(verdict_cell(t.nope, t.paper_nope, t.agrees_nope));
    row.push_back(published(t, "APE"));
    row.push_back(published(t, "RoPE"));
    rows.push_back(std::move(row));
  }
  out += render_table(rows, 3 + report.bins.size() + 2);
  out += "\nCells: accuracy of interpreter/APE/RoPE/NoPE (worst of the precisions run; - not "
         "applicable), or of the wrong candidate (cand); n/a: no input of that length (distinct tokens: "
         "N <= k).\nTrained: published accuracy of trained transformers at lengths "
         "1-50/51-100/101-150 (Jobanputra, Veitsman et al. 2025,\narXiv 2505.21785, trained from "
         "scratch; Huang et al. 2025, arXiv 2410.02140, APE; docs/references.md).\n";

  std::string why_not;
  for (const auto& t : report.tasks)
    if (t.ape.value == tasks::expressible::no)
      why_not += fmt::format("  {}: {}\n", t.task, t.ape.reason);
  if (!why_not.empty()) out += "\nNot in C-RASP[pos], by the published results:\n" + why_not;

  std::string refuted;
  for (const auto& t : report.tasks) {
    if (!t.candidate) continue;
    const auto& c = *t.candidate;
    if (!c.found) continue;
    refuted += fmt::format("  {}: programs/{} fails at length {}{}: {} => {} (expected {})\n",
                           t.task, c.program, c.length, c.shortest ? " (shortest)" : "",
                           fmt::join(c.input, " "),
                           c.got.empty() ? std::string("<none>") : fmt::format("{}", fmt::join(c.got, " ")),
                           fmt::join(c.expected, " "));
  }
  if (!refuted.empty()) out += "\nCounterexamples to the shipped wrong candidates:\n" + refuted;

  std::string disagree;
  for (const auto& t : report.tasks) {
    if (!t.agrees_ape) disagree += fmt::format("  {} C-RASP[pos]: {}\n", t.task, t.ape.reason);
    if (!t.agrees_nope) disagree += fmt::format("  {} NoPE: {}\n", t.task, t.nope.reason);
  }
  if (!disagree.empty()) out += "\nVerdicts that differ from the papers' tables:\n" + disagree;

  std::string problems;
  for (const auto& t : report.tasks)
    for (const auto& p : t.problems) problems += fmt::format("  {}: {}\n", t.task, p);
  if (!problems.empty()) out += "\nProblems:\n" + problems;

  std::size_t with_program = 0, exact = 0, candidates = 0, refuted_n = 0, paper = 0, agree = 0;
  for (const auto& t : report.tasks) {
    if (!t.program.empty()) {
      ++with_program;
      if (t.ok) ++exact;
    }
    if (t.candidate) {
      ++candidates;
      if (t.candidate->found) ++refuted_n;
    }
    if (t.paper_ape) {
      ++paper;
      if (t.agrees_ape) ++agree;
    }
  }
  out += fmt::format(
      "\n{}: {}/{} C-RASP[pos] verdicts agree with the papers; {}/{} programs exact on every "
      "bin and engine; {}/{} wrong candidates refuted\n",
      report.ok() ? "ok" : "FAILED", agree, paper, exact, with_program, refuted_n, candidates);
  return out;
}

}  // namespace crasp::cli
