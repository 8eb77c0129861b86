// crasp check's table: one row per task. A bin cell reads "I/A/R/N", the accuracy of the
// interpreter, APE, RoPE and NoPE models (each compiled variant's worst precision; "*" where it
// is measured past the model's certified range rather than certified), "-" where a
// variant does not apply; for a task without a program the cell is the wrong candidates' (worst)
// accuracy ("cand .45"). Published trained-model accuracies follow (bins 1-50/51-100/101-150);
// a spec's own trained results, with its bins, get a section below the table.
#include "check_text.hpp"

#include <algorithm>
#include <map>

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

// "train 4..100 x20", "100x (10000) x2": the lengths and the instances drawn per task.
std::string bins_label(const check_bin& b) {
  return b.lo == b.hi ? fmt::format("{} ({}) x{}", b.name, b.lo, b.samples)
                      : fmt::format("{} {}..{} x{}", b.name, b.lo, b.hi, b.samples);
}

// One column of a cell: the interpreter (no encoding), or the compiled models of one encoding in
// every precision run.
using column = std::optional<model::positional>;

bool in_column(const engine_result& e, column c) {
  return c ? e.kind == crasp::engine_kind::compiled && e.pe == *c
           : e.kind == crasp::engine_kind::interpreter;
}

// The worst accuracy over the column's engines on bin b; nullopt when none applies or none ran
// there.
std::optional<double> worst(const task_result& t, column c, std::size_t b) {
  std::optional<double> w;
  for (const auto& e : t.engines) {
    if (!e.applicable || !in_column(e, c) || b >= e.bins.size()) continue;
    if (e.bins[b].total == 0) continue;
    w = std::min(w.value_or(1.0), e.bins[b].accuracy());
  }
  return w;
}

// Whether every engine of the column that ran on bin b is certified there.
bool certified(const task_result& t, column c, std::size_t b) {
  for (const auto& e : t.engines) {
    if (!e.applicable || !in_column(e, c) || b >= e.bins.size()) continue;
    if (e.bins[b].total > 0 && !e.bins[b].certified) return false;
  }
  return true;
}

std::string cell(const task_result& t, std::size_t b) {
  if (t.engines.empty()) {
    // Without a witness: the wrong candidates' accuracy (the worst, when there are several).
    std::optional<double> w;
    bool refuted = !t.candidates.empty();
    for (const auto& c : t.candidates) {
      refuted = refuted && c.found;
      if (b < c.bins.size() && c.bins[b].total > 0)
        w = std::min(w.value_or(1.0), c.bins[b].accuracy());
    }
    // A refuted candidate right on every instance of a bin must not read as a program that
    // generalizes.
    if (!w) return "-";
    return fmt::format("cand {}{}", acc(*w), refuted && *w >= 1 ? " (refuted)" : "");
  }
  if (t.engines.front().bins.size() > b && t.engines.front().bins[b].total == 0) return "n/a";
  std::string s;
  for (const column c : {column{}, column{model::positional::ape}, column{model::positional::rope},
                          column{model::positional::nope}}) {
    const auto w = worst(t, c, b);
    if (!s.empty()) s += '/';
    s += w ? acc(*w) : std::string("-");
    if (w && !certified(t, c, b)) s += '*';
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

std::string verdict_cell(const task_result& t, bool nope) {
  std::string s = verdict_label(t, nope);
  const auto& paper = nope ? t.paper_nope : t.paper_ape;
  if (paper && !(nope ? t.agrees_nope : t.agrees_ape))
    s += fmt::format(" (paper: {})", *paper ? "yes" : "no");
  return s;
}

std::string program_cell(const task_result& t) {
  if (!t.program.empty()) return t.program;
  std::size_t refuted = 0;
  for (const auto& c : t.candidates) refuted += c.found ? 1 : 0;
  if (t.candidates.size() == 1 && refuted == 1)
    return fmt::format("none ({} refuted)", t.candidates.front().program);
  if (!t.candidates.empty())
    return fmt::format("none ({}/{} candidates refuted)", refuted, t.candidates.size());
  return "none";
}

std::string counterexample_line(const task_result& t, const candidate_result& c) {
  const std::string where = t.source == "catalogue" && c.program.find('/') == std::string::npos
                                ? "programs/" + c.program
                                : c.program;
  return fmt::format("  {}: {} fails at length {}{}: {} => {} (expected {})\n", t.task, where,
                     c.length, c.shortest ? " (shortest)" : "", fmt::join(c.input, " "),
                     c.got.empty() ? std::string("<none>") : fmt::format("{}", fmt::join(c.got, " ")),
                     c.expected.empty() ? std::string("<none>")
                                        : fmt::format("{}", fmt::join(c.expected, " ")));
}

// "20 sampled + 10 adversarial (7 one-edit, 3 run-length)": how a bin's instances were made.
std::string mix_text(const std::map<std::string, std::size_t>& mix) {
  std::size_t plain = 0, hard = 0;
  std::string kinds;
  for (const auto& [kind, n] : mix) {
    if (kind == "sampled" || kind == "data") {
      plain += n;
      continue;
    }
    hard += n;
    // Kinds are named in the singular ("boundary member"); "one-edit" and "run-length" read as
    // adjectives.
    const bool noun = kind.size() > 6 && kind.compare(kind.size() - 6, 6, "member") == 0;
    if (n > 0) kinds += fmt::format("{}{} {}{}", kinds.empty() ? "" : ", ", n, kind, noun && n != 1 ? "s" : "");
  }
  std::string out = fmt::format("{} sampled", plain);
  if (mix.count("data") && mix.at("data") > 0) out += fmt::format(" (incl. {} data)", mix.at("data"));
  out += fmt::format(" + {} adversarial", hard);
  if (!kinds.empty()) out += " (" + kinds + ")";
  return out;
}

std::string trained_text(const published_series& s) {
  std::string out;
  for (const auto& p : s.points)
    out += fmt::format("{}{}-{} {}", out.empty() ? "" : ", ", p.lo, p.hi, acc(p.accuracy));
  return out;
}

}  // namespace

// One task's communication analysis: the growth, the most it rules out, and how it stands to
// the published verdict.
std::string communication_line(const task_result& t) {
  if (!t.communication_error.empty())
    return fmt::format("  {}: not run: {}\n", t.task, t.communication_error);
  if (!t.communication) return "";
  const communication_report& c = *t.communication;
  const split_measure* best = strongest(c);
  const std::string growth = c.growth == class_growth::exponential ? "exponential"
                             : c.growth == class_growth::polynomial ? "polynomial"
                                                                    : "inconclusive";
  std::string line = fmt::format("  {}: {} ({})", t.task, growth,
                                 c.growth_reason.substr(0, c.growth_reason.find(':')));
  if (best && best->ruled_out_counts > 0)
    line += fmt::format("; no program with <= {} counts at n = {}", best->ruled_out_counts, best->n);
  if (t.paper_ape || !c.published.empty()) {
    const bool published_no = c.published_value == tasks::expressible::no;
    const bool computed_no = c.growth == class_growth::exponential;
    if (published_no)
      line += computed_no ? "; published no: agrees"
                          : "; published no: communication cannot show it";
    else if (c.published_value == tasks::expressible::yes)
      line += computed_no ? "; published yes: DISAGREES (a bug)" : "; published yes: consistent";
  }
  return line + "\n";
}

// One spec's declared reduction: the map, how far it was checked, and what it carries.
std::string reduction_line(const task_result& t) {
  if (!t.reduction_error.empty())
    return fmt::format("  {}: not checked: {}\n", t.task, t.reduction_error);
  if (!t.reduction) return "";
  const reduction_report& r = *t.reduction;
  std::string line = fmt::format("  {}: from {} by {}\n", t.task, r.source, r.map.describe());
  if (!r.holds()) return line + fmt::format("    FAILS: {}\n", r.failure);
  std::string answers;
  for (const auto& [s, a] : r.answers) answers += fmt::format("{}{} -> {}", answers.empty() ? "" : ", ", s, a);
  line += fmt::format("    holds on all {} source inputs up to length {} and {} long ones up to {} "
                      "symbols ({})\n",
                      r.exhaustive_inputs, r.exhaustive_length, r.long_inputs, r.longest, answers);
  std::string columns;
  if (r.ape.value == tasks::expressible::no) columns = "C-RASP[pos]";
  if (r.nope.value == tasks::expressible::no) columns += columns.empty() ? "C-RASP" : " and C-RASP";
  return line + fmt::format("    {}'s published no carries over ({}): {}\n", r.source, columns,
                            tasks::find(r.source) ? tasks::find(r.source)->ape.reason : "");
}

std::string check_report_text(const check_report& report) {
  const auto& o = report.options;
  std::string out;
  std::string bins;
  for (const auto& b : report.bins) {
    if (!bins.empty()) bins += ", ";
    bins += bins_label(b);
  }
  out += fmt::format("crasp check: {} task{}; bins {}; seed {}{}\n\n", report.tasks.size(),
                     report.tasks.size() == 1 ? "" : "s", bins, o.seed,
                     o.vocab == 0 ? "" : fmt::format("; {} symbols where the vocabulary varies", o.vocab));

  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> head = {"task", "class", "program"};
  // The cells are four accuracies, not a fraction: the header says whose.
  for (const auto& b : report.bins) head.push_back(b.name + " I/A/R/N");
  for (const char* h : {"C-RASP[pos]", "NoPE", "trained APE", "trained RoPE"}) head.push_back(h);
  rows.push_back(head);
  for (const auto& t : report.tasks) {
    std::vector<std::string> row = {t.task, t.program_class.empty() ? "-" : t.program_class,
                                    program_cell(t)};
    for (std::size_t b = 0; b < report.bins.size(); ++b) row.push_back(cell(t, b));
    row.push_back(verdict_cell(t, false));
    row.push_back(verdict_cell(t, true));
    row.push_back(published(t, "APE"));
    row.push_back(published(t, "RoPE"));
    rows.push_back(std::move(row));
  }
  out += render_table(rows, 3 + report.bins.size() + 2);
  out += "\nCells: accuracy (fraction of whole instances right, 1 = all) of Interpreter/APE/RoPE/"
         "NoPE, in that order\n(worst of the precisions run; - not applicable), or, for a task "
         "without a program, of its wrong candidates\n(cand, the worst; \"(refuted)\" when "
         "each has a counterexample elsewhere); n/a: no instance of that length\n(a catalogue task "
         "of distinct tokens: N <= k; a spec whose source had none).\n* after a model's accuracy: "
         "measured only (an "
         "instance of the bin is past the model's certified range in a\nprecision run; "
         "worst-case rounding bound, docs/precision.md). Unmarked model accuracies are "
         "certified.\n";
  // The citation only where a published number is shown (a report of specs alone has none).
  const bool any_published = std::any_of(report.tasks.begin(), report.tasks.end(), [](const auto& t) {
    return std::any_of(t.published.begin(), t.published.end(),
                       [](const auto& s) { return s.source != "spec"; });
  });
  if (any_published)
    out += "Trained: published accuracy of trained transformers at lengths 1-50/51-100/101-150 "
           "(Jobanputra, Veitsman et al.\n2025, arXiv 2505.21785; Huang et al. 2025, arXiv "
           "2410.02140; docs/references.md).\n";

  // A spec's "no" is computed (the communication argument) or carried by a checked reduction;
  // the catalogue's are published.
  std::string why_not, computed, reduced;
  for (const auto& t : report.tasks) {
    if (t.ape.value != tasks::expressible::no) continue;
    const std::string line = fmt::format("  {}: {}\n", t.task, t.ape.reason);
    if (t.ape.by == tasks::evidence::communication) computed += line;
    else if (t.ape.by == tasks::evidence::reduction || t.ape.by == tasks::evidence::renaming)
      reduced += line;
    else why_not += line;
  }
  if (!why_not.empty()) out += "\nNot in C-RASP[pos], by the published results:\n" + why_not;
  if (!computed.empty())
    out += "\nNot in C-RASP[pos], by the communication argument computed from the task's answers "
           "(docs/communication.md):\n" + computed;
  if (!reduced.empty())
    out += "\nNot in C-RASP[pos], by reduction from a published no (the map is tested, the "
           "closure is proved;\ndocs/communication.md, Reductions):\n" + reduced;
  // A regular language's own decision, whether or not it decided a column (docs/regular.md).
  std::string regular;
  for (const auto& t : report.tasks)
    if (t.regular)
      regular += fmt::format("  {}: {}: {}\n", t.task, regular_answer_name(t.regular->answer),
                             t.regular->reason);
  if (!regular.empty())
    out += "\nRegular languages, C-RASP without positions (crasp regular; Yang et al. 2026, "
           "arXiv 2608.13433;\ndocs/regular.md):\n" + regular;
  std::string reductions;
  for (const auto& t : report.tasks) reductions += reduction_line(t);
  if (!reductions.empty()) out += "\nReductions declared by task specs:\n" + reductions;
  std::string disguised;
  for (const auto& t : report.tasks)
    if (t.same_as) {
      const auto* c = tasks::find(t.same_as->task);
      disguised += fmt::format("  {}: {}; {}: {}\n", t.task, t.same_as->describe(),
                               t.same_as->task, c ? c->ape.reason : "");
    }
  if (!disguised.empty())
    out += "\nCatalogue tasks in disguise (task specs whose answers equal a catalogue task's on "
           "its instances,\nsymbols renamed):\n" + disguised;

  std::string refuted;
  for (const auto& t : report.tasks)
    for (const auto& c : t.candidates)
      if (c.found) refuted += counterexample_line(t, c);
  if (!refuted.empty()) out += "\nCounterexamples to the wrong candidates:\n" + refuted;

  // What the exhaustive search of each spec covered: the evidence behind "no counterexample".
  std::string searched;
  for (const auto& t : report.tasks) {
    if (t.source == "catalogue") continue;
    const candidate_result* c = t.witness ? &*t.witness : nullptr;
    for (const auto& k : t.candidates)
      if (c == nullptr || k.searched > c->searched) c = &k;
    if (c == nullptr) continue;
    searched += c->exhaustive_len == 0 || !c->exhaustive_skipped.empty()
                    ? fmt::format("  {}: no exhaustive search ({}); {} instances tried\n", t.task,
                                  c->exhaustive_skipped.empty() ? "none within the budget"
                                                                : c->exhaustive_skipped,
                                  c->searched)
                    : fmt::format("  {}: up to length {}: {}; {} instances tried\n", t.task,
                                  c->exhaustive_len, c->exhaustive_space, c->searched);
  }
  if (!searched.empty()) out += "\nSearched for counterexamples (task specs):\n" + searched;

  std::string mixes;
  for (const auto& t : report.tasks) {
    if (t.mix.empty()) continue;
    mixes += fmt::format("  {}:", t.task);
    for (std::size_t b = 0; b < t.mix.size() && b < report.bins.size(); ++b)
      mixes += fmt::format("{} {} {}", b == 0 ? "" : ";", report.bins[b].name, mix_text(t.mix[b]));
    mixes += "\n";
  }
  if (!mixes.empty())
    out += "\nInstances per bin (task specs): sampled from the spec's source, then crasp's own "
           "adversarial ones\n(one-edit: a sampled instance edited once, its answer changed; "
           "run-length; a regular language's boundary;\nprogram boundary: a comparison of the "
           "witness driven to a - b in {-1, 0, 1}):\n" +
           mixes;

  std::string comm;
  for (const auto& t : report.tasks) comm += communication_line(t);
  if (!comm.empty())
    out += "\nCommunication (prefix classes at lengths 2.." +
           std::to_string(report.options.communication_max_length) +
           ", docs/communication.md; `no program with <= S counts` is exact at its length):\n" +
           comm;

  std::string witnesses;
  for (const auto& t : report.tasks)
    if (t.witness && t.witness->found) witnesses += counterexample_line(t, *t.witness);
  if (!witnesses.empty()) out += "\nCounterexamples to the witness programs (refuted):\n" + witnesses;

  std::string synth;
  for (const auto& t : report.tasks) {
    if (t.synth_outcome.empty()) continue;
    synth += fmt::format("  {}: {}\n", t.task, t.synth_outcome);
    if (!t.synthesized.empty()) {
      for (std::size_t at = 0; at < t.synthesized.size();) {
        const auto end = t.synthesized.find('\n', at);
        const auto line = t.synthesized.substr(at, end == std::string::npos ? end : end - at);
        if (!line.empty() && line.rfind("//", 0) != 0) synth += "    " + line + "\n";
        at = end == std::string::npos ? t.synthesized.size() : end + 1;
      }
    }
  }
  if (!synth.empty()) out += "\nSearched for a program (--synth, crasp synth):\n" + synth;

  std::string trained;
  for (const auto& t : report.tasks)
    for (const auto& s : t.published)
      if (s.source == "spec") trained += fmt::format("  {} {}: {}\n", t.task, s.pe, trained_text(s));
  if (!trained.empty()) out += "\nTrained models, as the specs report them:\n" + trained;

  // crasp check --trained: what crasp_model train measured, under the verdicts it is set against.
  std::string ours;
  for (const auto& t : report.tasks) {
    std::string lines;
    for (const auto& s : t.published)
      if (s.source == "crasp_model train") lines += fmt::format("    {}: {}\n", s.pe, trained_text(s));
    if (lines.empty()) continue;
    ours += fmt::format("  {}: C-RASP[pos] {}; NoPE {}\n{}", t.task, verdict_label(t, false),
                        verdict_label(t, true), lines);
  }
  if (!ours.empty())
    out += "\nTrained by crasp_model train (mean accuracy over seeds per length bin), beside the "
           "verdicts:\n" + ours;

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
  std::size_t expects = 0, met = 0, errors = 0;
  for (const auto& t : report.tasks) {
    if (!t.program.empty()) {
      ++with_program;
      if (t.ape.value == tasks::expressible::yes && !(t.witness && t.witness->found)) ++exact;
    }
    for (const auto& c : t.candidates) {
      ++candidates;
      if (c.found) ++refuted_n;
    }
    if (t.paper_ape) {
      ++paper;
      if (t.agrees_ape) ++agree;
    }
    if (t.expect) {
      ++expects;
      if (t.agrees_expect) ++met;
    }
    if (t.errors.has_errors()) ++errors;
  }
  std::string summary;
  if (paper > 0) summary += fmt::format("{}/{} C-RASP[pos] verdicts agree with the papers; ", agree, paper);
  summary += fmt::format("{}/{} programs exact on every bin and engine; {}/{} wrong candidates "
                         "refuted",
                         exact, with_program, refuted_n, candidates);
  if (expects > 0) summary += fmt::format("; {}/{} spec expectations met", met, expects);
  if (errors > 0)
    summary += fmt::format("; {} task{} stopped by errors (on stderr)", errors,
                           errors == 1 ? "" : "s");
  out += fmt::format("\n{}: {}\n", report.ok() ? "ok" : "FAILED", summary);
  return out;
}

}  // namespace crasp::cli
