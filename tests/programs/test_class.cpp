// Each program's header states its class (C-RASP or C-RASP[pos]); the checker must agree. Also:
// generators are exactly the generator tasks, and every declared-alphabet program keeps working
// when its vocabulary is swapped.
#include "harness.hpp"

using namespace programs_test;

namespace {

// The class claimed by the first "Class:" line of the header comment.
std::string claimed_class(const std::string& text) {
  const auto at = text.find("Class:");
  if (at == std::string::npos) return "none";
  std::size_t b = at + 6;
  while (b < text.size() && text[b] == ' ') ++b;
  if (text.compare(b, 11, "C-RASP[pos]") == 0) return "C-RASP[pos]";
  if (text.compare(b, 6, "C-RASP") == 0) return "C-RASP";
  return "unknown";
}

std::string class_name(crasp::ir::program_class c) {
  return c == crasp::ir::program_class::crasp_pos ? "C-RASP[pos]" : "C-RASP";
}

}  // namespace

TEST_CASE("each program's class is the one its header claims", "[programs][class]") {
  for (const auto& p : all_programs()) {
    DYNAMIC_SECTION(p.file) {
      const auto& program = load(p);
      CHECK(class_name(program.klass) == claimed_class(read_text(program_path(p.file))));
    }
  }
}

TEST_CASE("generator programs are exactly the generator tasks and the next-symbol tasks",
          "[programs][class]") {
  for (const auto& p : all_programs()) {
    DYNAMIC_SECTION(p.task) {
      const auto& task = task_of(p);
      // The `_next` tasks are answered by next rules named by their label words.
      const bool next_labels = task.mode == crasp::tasks::task_mode::labels &&
                               task.name.size() > 5 &&
                               task.name.compare(task.name.size() - 5, 5, "_next") == 0;
      CHECK(load(p).is_generator() ==
            (task.mode == crasp::tasks::task_mode::generator || next_labels));
    }
  }
}

TEST_CASE("variable-vocabulary programs check with 1, 5 and 150 symbols", "[programs][class]") {
  for (const auto& p : all_programs()) {
    if (p.alphabet.empty()) continue;
    DYNAMIC_SECTION(p.file) {
      const auto& task = task_of(p);
      for (std::size_t k : {task.min_vocab, std::size_t{5}, std::size_t{150}}) {
        const std::size_t kk = crasp::tasks::effective_vocab(task, k);
        const auto& program = load(p, kk);
        // every symbol of the swapped vocabulary is a known token
        for (const auto& s : crasp::tasks::symbols(task, kk))
          CHECK(program.token_index(s) != UINT32_MAX);
        CHECK(program.klass == load(p).klass);
      }
    }
  }
}

TEST_CASE("every program loads without warnings", "[programs][class]") {
  for (const auto& p : all_programs()) {
    DYNAMIC_SECTION(p.file) {
      const auto loaded = crasp::load_file(program_path(p.file));
      INFO(crasp::render(loaded.diags));
      CHECK(loaded.ok());
      CHECK(loaded.diags.empty());
    }
  }
}
