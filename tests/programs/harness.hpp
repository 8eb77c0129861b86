// Shared helpers of the program tests: the table of bundled programs, loading them with a
// vocabulary of k symbols, running them as the task asks, and comparing with the task reference.
#pragma once

#include <catch2/catch.hpp>

#include <cstddef>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"
#include "crasp/tasks.hpp"
#include "task_source/answer.hpp"

namespace programs_test {

/// One bundled program: the task it solves, its file, and the alphabet that carries the task's
/// variable vocabulary (empty when the vocabulary is fixed).
struct bundled {
  std::string task;
  std::string file;
  std::string alphabet;
};

inline const std::vector<bundled>& all_programs() {
  static const std::vector<bundled> table = {
      {"UR", "ur.crasp", "Sym"},
      {"UL", "ul.crasp", "Sym"},
      {"NRFirst", "nrfirst.crasp", "Sym"},
      {"NLFirst", "nlfirst.crasp", "Sym"},
      {"UF", "uf.crasp", "Sym"},
      {"UB", "ub.crasp", "Sym"},
      {"bin_majority", "bin_majority.crasp", ""},
      {"majority", "majority.crasp", "Letter"},
      {"bin_majority_interleave", "bin_majority_interleave.crasp", ""},
      {"sort", "sort.crasp", "Sym"},
      {"unique_copy", "unique_copy.crasp", "Sym"},
      {"dyck1", "dyck1.cr", ""},
      {"contains_ab", "contains_ab.cr", ""},
      {"anbn", "anbn.crasp", ""},
      {"anbncn", "anbncn.crasp", ""},
      {"aa_star", "aa_star.crasp", ""},
      {"copy_every_1", "copy_every_1.crasp", ""},
      {"copy_every_2", "copy_every_2.crasp", ""},
      {"copy_every_3", "copy_every_3.crasp", ""},
      {"tomita1", "tomita1.crasp", ""},
      {"tomita2", "tomita2.crasp", ""},
      {"tomita4", "tomita4.crasp", ""},
      {"tomita7", "tomita7.crasp", ""},
      {"D2", "d2.crasp", ""},
      {"D3", "d3.crasp", ""},
      {"D4", "d4.crasp", ""},
      {"D12", "d12.crasp", ""},
      {"aaaa_star", "aaaa_star.crasp", ""},
      {"abab_star", "abab_star.crasp", ""},
      {"abcde_runs", "abcde_runs.crasp", ""},
      {"ab_d_bc", "ab_d_bc.crasp", ""},
      // The suite with a label at every position: next-symbol sets, and prefix membership, which
      // the acceptors' programs already answer at every position.
      {"tomita1_next", "tomita1_next.crasp", ""},
      {"tomita2_next", "tomita2_next.crasp", ""},
      {"tomita4_next", "tomita4_next.crasp", ""},
      {"tomita7_next", "tomita7_next.crasp", ""},
      {"D2_next", "d2_next.crasp", ""},
      {"D3_next", "d3_next.crasp", ""},
      {"D4_next", "d4_next.crasp", ""},
      {"D12_next", "d12_next.crasp", ""},
      {"ab_d_bc_next", "ab_d_bc_next.crasp", ""},
      {"aa_star_prefix", "aa_star.crasp", ""},
      {"aaaa_star_prefix", "aaaa_star.crasp", ""},
      {"abab_star_prefix", "abab_star.crasp", ""},
      {"abcde_runs_prefix", "abcde_runs.crasp", ""},
  };
  return table;
}

inline const bundled& program_for(const std::string& task) {
  for (const auto& p : all_programs())
    if (p.task == task) return p;
  FAIL("no bundled program for task " << task);
  return all_programs().front();  // not reached: FAIL throws
}

inline std::string program_path(const std::string& file) {
  return std::string(CRASP_PROGRAMS_DIR) + "/" + file;
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline const crasp::tasks::task_spec& task_of(const bundled& p) {
  const auto* t = crasp::tasks::find(p.task);
  REQUIRE(t != nullptr);
  return *t;
}

/// The program checked with the task's vocabulary of size k (k == 0: as the file declares it).
/// Loaded once per (file, k) and kept for the whole test run.
inline const crasp::ir::program& load(const bundled& p, std::size_t k = 0) {
  static std::map<std::pair<std::string, std::size_t>, std::unique_ptr<crasp::ir::program>> cache;
  const auto key = std::make_pair(p.file, k);
  if (auto it = cache.find(key); it != cache.end()) return *it->second;
  crasp::check_options options;
  if (k != 0) {
    REQUIRE_FALSE(p.alphabet.empty());
    options.alphabet_overrides[p.alphabet] = crasp::tasks::symbols(task_of(p), k);
  }
  auto loaded = crasp::load_file(program_path(p.file), options);
  INFO(p.file << " with k = " << k << ":\n" << crasp::render(loaded.diags));
  REQUIRE(loaded.ok());
  auto& slot = cache[key];
  slot = std::make_unique<crasp::ir::program>(std::move(*loaded.program));
  return *slot;
}

inline std::string join(const std::vector<std::string>& tokens) {
  std::string s;
  for (const auto& t : tokens) s += (s.empty() ? "" : " ") + t;
  return s.empty() ? "<none>" : s;
}

/// What the program answers on `input`: the generated continuation for a generator (with a
/// marker token appended when generation did not stop by itself), True/False (or the count) for
/// an acceptor, or a single "<error ...>" token.
inline std::vector<std::string> answer(const crasp::ir::program& program,
                                       const std::vector<std::string>& input,
                                       std::size_t max_new) {
  crasp::diagnostics diags;
  if (program.is_generator()) {
    const auto out = crasp::generate(program, input, max_new, "test", diags);
    if (!out) return {"<error " + crasp::render(diags) + ">"};
    auto tokens = out->continuation;
    if (out->reason == crasp::stop_reason::max_new) tokens.push_back("<max_new>");
    if (out->reason == crasp::stop_reason::ambiguous)
      tokens.push_back("<ambiguous " + join(out->ambiguous_tokens) + ">");
    return tokens;
  }
  const auto out = crasp::run(program, input, "test", diags);
  if (!out) return {"<error " + crasp::render(diags) + ">"};
  if (out->kind == crasp::ir::type::boolean) return {out->value != 0 ? "True" : "False"};
  return {std::to_string(out->value)};
}

/// What the program answers on `input` in the task's terms: answer() for acceptors and
/// generators; for a labels task, its label at every position (as crasp check reads them).
inline std::vector<std::string> task_answer(const crasp::ir::program& program,
                                            const crasp::tasks::task_spec& task,
                                            const std::vector<std::string>& input,
                                            std::size_t max_new) {
  if (task.mode == crasp::tasks::task_mode::labels)
    return crasp::sources::interpreter_answer(program, crasp::tasks::answer_format::labels,
                                                   input, max_new);
  return answer(program, input, max_new);
}

/// Runs every input and compares with the reference; reports the first few mismatches and
/// returns the number of mismatches.
inline std::size_t compare_with_reference(const crasp::ir::program& program,
                                          const crasp::tasks::task_spec& task,
                                          const std::vector<std::vector<std::string>>& inputs,
                                          const std::string& what) {
  std::size_t bad = 0;
  for (const auto& input : inputs) {
    const auto expected = crasp::tasks::solve(task, input);
    if (!expected) {
      ++bad;
      FAIL_CHECK(what << ": reference rejects its own instance: " << join(input));
      continue;
    }
    const auto got = task_answer(program, task, input, expected->size() + 2);
    if (got != *expected) {
      if (++bad <= 5)
        FAIL_CHECK(what << ": " << join(input) << "\n  expected " << join(*expected) << "\n  got      "
                        << join(got));
    }
  }
  return bad;
}

/// `count` random instances with lengths drawn uniformly from [lo, hi] (clamped by the task).
inline std::vector<std::vector<std::string>> random_inputs(const crasp::tasks::task_spec& task,
                                                           std::size_t k, std::size_t count,
                                                           std::size_t lo, std::size_t hi,
                                                           std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::vector<std::string>> inputs;
  inputs.reserve(count);
  for (std::size_t n = 0; n < count; ++n) {
    const std::size_t length = lo + static_cast<std::size_t>(rng() % (hi - lo + 1));
    inputs.push_back(crasp::tasks::generate(task, length, rng, k).input);
  }
  return inputs;
}

}  // namespace programs_test
