// Certified against empirically exact lengths, per bundled program, positional encoding and
// precision: the table in docs/precision.md is this program's output.
//
// For every program in PROGRAMS_DIR and every encoding (APE, and RoPE: the C-RASP programs have
// no positional heads there, so RoPE is their NoPE model), the program is compiled at --max-len
// (plain, and with exact Booleans for the second float32 certificate), and crasp::verify runs
// the model against the interpreter in float64 and float32: every input up to the exhaustive
// length, then --samples random inputs per doubling length bucket up to --max-len. "Exact to" is
// the longest length checked when there was no mismatch; otherwise the length just below the
// shortest counterexample found (marked "breaks at").
//
// Work is spread over --jobs threads (one verify per task); progress goes to stderr.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "crasp/compile.hpp"
#include "crasp/frontend.hpp"
#include "crasp/verify.hpp"

namespace {

struct measured {
  bool ok = true;
  int exact_to = 0;  ///< longest length with no mismatch
  std::size_t inputs = 0;
  double min_slack = 1;
};

struct row {
  std::string program;
  std::string klass;
  crasp::model::positional pe = crasp::model::positional::ape;
  std::string refused;  ///< compile error, if any
  int layers = 0;
  int certified_f64 = 0;
  int certified_f32 = 0;
  int certified_f32_exact = 0;  ///< with exact Booleans
  measured f64, f32;
};

std::vector<std::string> program_files(const std::string& dir) {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const auto ext = e.path().extension();
    if (ext == ".crasp" || ext == ".cr") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

measured run_verify(const crasp::ir::program& p, const crasp::compiled_program& c,
                    crasp::precision prec, std::size_t samples) {
  crasp::verify_options o;
  o.prec = prec;
  o.random_per_bucket = samples;
  crasp::diagnostics diags;
  const auto report = crasp::verify(p, c, o, diags);
  measured m;
  if (!report) {
    m.ok = false;
    return m;
  }
  m.inputs = report->inputs;
  for (const auto& b : report->buckets) m.min_slack = std::min(m.min_slack, b.min_slack);
  if (report->ok()) {
    m.exact_to = report->buckets.empty() ? 0 : report->buckets.back().max_length;
  } else {
    m.ok = false;
    m.exact_to = report->shortest ? static_cast<int>(report->shortest->tokens.size()) - 1 : 0;
  }
  return m;
}

std::string cell(const measured& m) {
  if (m.ok) return fmt::format("{}", m.exact_to);
  return fmt::format("**breaks at {}**", m.exact_to + 1);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"certified and empirically exact lengths of every bundled program"};
  std::string dir = CRASP_PROGRAMS_DIR;
  int max_len = 16384;
  std::size_t samples = 2;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  std::string out_path;
  app.add_option("--programs", dir, "directory of programs")->capture_default_str();
  app.add_option("--max-len", max_len, "designed length of every model")->capture_default_str();
  app.add_option("--samples", samples, "random inputs per length bucket")->capture_default_str();
  app.add_option("--jobs", jobs, "threads")->capture_default_str();
  app.add_option("-o,--output", out_path, "write the markdown table here (default: stdout)");
  CLI11_PARSE(app, argc, argv);

  // One row per (program, encoding); each row's two verifies are separate tasks.
  std::vector<row> rows;
  std::vector<crasp::ir::program> programs;
  std::vector<std::size_t> program_of;
  for (const auto& path : program_files(dir)) {
    auto loaded = crasp::load_file(path);
    if (!loaded.program) {
      std::cerr << crasp::render(loaded.diags);
      return 1;
    }
    programs.push_back(std::move(*loaded.program));
    for (auto pe : {crasp::model::positional::ape, crasp::model::positional::rope}) {
      row r;
      r.program = std::filesystem::path(path).filename().string();
      r.klass = programs.back().klass == crasp::ir::program_class::crasp ? "C-RASP" : "C-RASP[pos]";
      r.pe = pe;
      rows.push_back(r);
      program_of.push_back(programs.size() - 1);
    }
  }

  const std::size_t tasks = rows.size() * 2;
  std::atomic<std::size_t> next{0}, done{0};
  std::mutex mu;
  const auto start = std::chrono::steady_clock::now();
  auto worker = [&] {
    for (std::size_t t = next++; t < tasks; t = next++) {
      row& r = rows[t / 2];
      const auto& p = programs[program_of[t / 2]];
      const bool f32 = t % 2 == 1;
      crasp::compile_options o;
      o.pe = r.pe;
      o.max_len = max_len;
      o.boolean_mode = crasp::booleans::plain;  // both constructions are measured, side by side
      crasp::diagnostics diags;
      auto c = crasp::compile(p, o, diags);
      if (!c) {
        std::lock_guard lock(mu);
        r.refused = diags.items().empty() ? "refused" : diags.items().front().message;
      } else if (!f32) {
        r.layers = static_cast<int>(c->model.layers.size());
        r.certified_f64 = c->stats.certified_f64;
        r.certified_f32 = c->stats.certified_f32;
        r.f64 = run_verify(p, *c, crasp::precision::f64, samples);
      } else {
        o.boolean_mode = crasp::booleans::exact;
        crasp::diagnostics exact_diags;
        const auto exact = crasp::compile(p, o, exact_diags);
        r.certified_f32_exact = exact ? exact->stats.certified_f32 : 0;
        r.f32 = run_verify(p, *c, crasp::precision::f32, samples);
      }
      const std::size_t k = ++done;
      const double secs =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::lock_guard lock(mu);
      std::cerr << fmt::format("[{}/{}] {:.0f} s  {} {} {}\n", k, tasks, secs, r.program,
                               crasp::model::to_string(r.pe), f32 ? "f32" : "f64");
    }
  };
  std::vector<std::thread> pool;
  for (unsigned j = 0; j < jobs; ++j) pool.emplace_back(worker);
  for (auto& th : pool) th.join();

  std::string md;
  md += fmt::format(
      "| program | class | pe | layers | certified f64 | exact f64 to | certified f32 | "
      "certified f32, exact Booleans | exact f32 to | min f32 slack |\n"
      "|---|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const row& r : rows) {
    const std::string pe(crasp::model::to_string(r.pe));
    if (!r.refused.empty()) {
      md += fmt::format("| {} | {} | {} | refused: {} | | | | | | |\n", r.program, r.klass, pe,
                        r.refused);
      continue;
    }
    md += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.4f} |\n", r.program,
                      r.klass, pe, r.layers, r.certified_f64, cell(r.f64), r.certified_f32,
                      r.certified_f32_exact, cell(r.f32), r.f32.min_slack);
  }
  if (out_path.empty()) {
    std::cout << md;
  } else {
    std::ofstream(out_path) << md;
  }
  bool all_ok = true;
  for (const row& r : rows) all_ok = all_ok && r.refused.empty() && r.f64.ok && r.f32.ok;
  return all_ok ? 0 : 1;
}
