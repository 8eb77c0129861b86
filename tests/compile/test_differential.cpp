// Every bundled program compiled to a transformer (APE, plus NoPE for C-RASP programs) and checked
// against the interpreter with verify(), in float64 and float32; generator programs with a task
// also decode task instances greedily through the model, compared with crasp::generate.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>

#include "../programs/harness.hpp"
#include "crasp/compile.hpp"
#include "crasp/transformer.hpp"
#include "crasp/verify.hpp"
#include "sanitized.hpp"

namespace {

// Release: ~10 s on two cores (lengths to 1200; ~30 s when the machine is busy). Sanitizer
// builds (~10x slower per operation) check lengths to 320 in about the same time.
#if CRASP_TEST_SANITIZED
constexpr int design_length = 320;
constexpr std::size_t per_bucket = 2;
constexpr std::size_t exhaustive_budget = 500;
constexpr std::size_t task_instances = 4;
constexpr std::size_t task_length = 20;
#else
constexpr int design_length = 1200;  // the last random bucket is (1024, 1200]
constexpr std::size_t per_bucket = 4;
constexpr std::size_t exhaustive_budget = 5000;
constexpr std::size_t task_instances = 12;
constexpr std::size_t task_length = 100;
#endif
// Programs with a variable alphabet (Sym, Letter) are checked with this many symbols: their
// families grow as k^2 (150-symbol unique_copy is a 13-million-parameter model).
constexpr std::size_t small_vocab = 4;

struct bundled_program {
  programs_test::bundled entry;  // task and alphabet empty when no task names the file
  const crasp::ir::program* program;
};

const std::vector<bundled_program>& bundled_programs() {
  static const std::vector<bundled_program> all = [] {
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(CRASP_PROGRAMS_DIR)) {
      const auto ext = e.path().extension();
      if (ext == ".crasp" || ext == ".cr") files.push_back(e.path().filename().string());
    }
    std::sort(files.begin(), files.end());
    std::vector<bundled_program> out;
    for (const std::string& file : files) {
      programs_test::bundled entry{"", file, ""};
      for (const auto& p : programs_test::all_programs())
        if (p.file == file) entry = p;
      const std::size_t k = entry.alphabet.empty() ? 0 : small_vocab;
      out.push_back({entry, &programs_test::load(entry, k)});
    }
    return out;
  }();
  return all;
}

std::vector<crasp::model::positional> encodings(const crasp::ir::program& p) {
  if (p.klass == crasp::ir::program_class::crasp)
    return {crasp::model::positional::ape, crasp::model::positional::nope};
  // A plain C-RASP program compiles to the same model with RoPE as with NoPE (no rotary head).
  return {crasp::model::positional::ape, crasp::model::positional::rope};
}

crasp::compiled_program compiled(const crasp::ir::program& p, crasp::model::positional pe) {
  crasp::diagnostics diags;
  auto c = crasp::compile(p, crasp::compile_options{pe, design_length}, diags);
  INFO(crasp::render(diags));
  REQUIRE(c);
  return std::move(*c);
}

// A label that is only a node id: after the kind prefix(es), `n` digits (then `.le`, `#2`, ...).
const std::regex bare_node(":n[0-9]+([.#][^:]*)?$");

void verify_all(bool generators) {
  for (const auto& b : bundled_programs()) {
    if (b.program->is_generator() != generators) continue;
    for (auto pe : encodings(*b.program)) {
      const auto c = compiled(*b.program, pe);
      // Every dimension reads back to a statement or rule: no label is a bare node id (`n102`).
      for (const auto& name : c.model.residual_names) {
        INFO(b.entry.file << ": " << name);
        CHECK_FALSE(std::regex_search(name, bare_node));
      }
      for (auto prec : {crasp::precision::f64, crasp::precision::f32}) {
        INFO(b.entry.file << " " << crasp::model::to_string(pe) << " "
                          << (prec == crasp::precision::f64 ? "f64" : "f32"));
        crasp::verify_options opts;
        opts.prec = prec;
        opts.random_per_bucket = per_bucket;
        opts.exhaustive_budget = exhaustive_budget;
        crasp::diagnostics diags;
        const auto report = crasp::verify(*b.program, c, opts, diags);
        INFO(crasp::render(diags));
        REQUIRE(report);
        if (report->shortest)
          INFO("counterexample: " << programs_test::join(report->shortest->tokens) << " expected "
                                  << report->shortest->expected << ", model "
                                  << report->shortest->actual);
        // f32 is required to agree over the whole designed range too: measured exact at every
        // length up to 4095 on every bundled program (probe slack >= 0.996, output margin >=
        // 0.998), so a float32 mismatch here is a regression, not rounding.
        CHECK(report->ok());
        CHECK(report->buckets.back().min_length > design_length / 2);  // 1025 in Release
        CHECK(report->buckets.back().max_length == design_length);
        CHECK(report->buckets.back().inputs == per_bucket);
        for (const auto& bucket : report->buckets) {
          CHECK(bucket.min_output_margin > 0.5);
          CHECK(bucket.min_slack > 0.5);
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("compiled acceptors agree with the interpreter", "[differential]") {
  verify_all(false);
}

TEST_CASE("compiled generators agree with the interpreter", "[differential]") {
  verify_all(true);
}

TEST_CASE("compiled generators decode task instances as the interpreter does", "[differential]") {
  for (const auto& b : bundled_programs()) {
    if (!b.program->is_generator() || b.entry.task.empty()) continue;
    const auto& task = programs_test::task_of(b.entry);
    const std::size_t k = b.entry.alphabet.empty() ? 0 : small_vocab;
    const auto c = compiled(*b.program, crasp::model::positional::ape);
    const auto m32 = crasp::model::cast<float>(c.model);
    std::mt19937_64 rng(5);
    for (std::size_t n = 0; n < task_instances; ++n) {
      const std::size_t length = 1 + static_cast<std::size_t>(rng() % task_length);
      auto inst = crasp::tasks::generate(task, length, rng, k);
      // A next-symbol labels task's program generates one label, the one for the whole input,
      // and stops (its rules hold only at input tokens).
      if (task.mode == crasp::tasks::task_mode::labels) inst.expected = {inst.expected.back()};
      const std::size_t max_new = inst.expected.size() + 2;
      INFO(b.entry.file << ": " << programs_test::join(inst.input));
      crasp::diagnostics want_diags, got_diags;
      const auto want = crasp::generate(*b.program, inst.input, max_new, "t", want_diags);
      REQUIRE(want);
      CHECK(want->continuation == inst.expected);
      const auto got64 = crasp::generate_transformer(c.model, inst.input, max_new, "t", got_diags);
      const auto got32 = crasp::generate_transformer(m32, inst.input, max_new, "t", got_diags);
      INFO(crasp::render(got_diags));
      REQUIRE(got64);
      REQUIRE(got32);
      for (const auto* got : {&*got64, &*got32}) {
        CHECK(got->continuation == want->continuation);
        CHECK(got->reason == want->reason);
      }
    }
  }
}
