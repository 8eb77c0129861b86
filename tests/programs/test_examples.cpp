// Every bundled program on its .examples file (the file `crasp examples` runs), and every
// example whose input satisfies the task's precondition also against the task reference.
#include <cctype>

#include "harness.hpp"

using namespace programs_test;

namespace {

struct example {
  std::size_t line = 0;
  std::vector<std::string> input;
  std::vector<std::string> output;  // empty for <none>
};

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

std::vector<example> read_examples(const std::string& path) {
  std::istringstream in(read_text(path));
  std::vector<example> out;
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::string t = trim(line);
    if (t.empty() || t.rfind("//", 0) == 0) continue;
    const auto arrow = t.find("=>");
    INFO(path << ":" << number << ": " << t);
    REQUIRE(arrow != std::string::npos);
    example e;
    e.line = number;
    e.input = crasp::split_tokens(t.substr(0, arrow));
    e.output = crasp::split_tokens(t.substr(arrow + 2));
    if (e.output == std::vector<std::string>{"<none>"}) e.output.clear();
    REQUIRE_FALSE(e.input.empty());
    out.push_back(std::move(e));
  }
  return out;
}

std::string examples_path(const bundled& p) {
  return program_path(p.file.substr(0, p.file.rfind('.')) + ".examples");
}

}  // namespace

TEST_CASE("every program passes its .examples file", "[programs][examples]") {
  for (const auto& p : all_programs()) {
    DYNAMIC_SECTION(p.file) {
      const auto& program = load(p);
      const auto examples = read_examples(examples_path(p));
      CHECK(examples.size() >= 8);
      CHECK(examples.size() <= 20);
      for (const auto& e : examples) {
        INFO(examples_path(p) << ":" << e.line << ": " << join(e.input));
        CHECK(join(answer(program, e.input, e.output.size() + 2)) == join(e.output));
      }
    }
  }
}

TEST_CASE("examples inside a task agree with the task reference", "[programs][examples]") {
  for (const auto& p : all_programs()) {
    DYNAMIC_SECTION(p.task) {
      const auto& task = task_of(p);
      std::size_t checked = 0;
      for (const auto& e : read_examples(examples_path(p))) {
        auto expected = crasp::tasks::solve(task, e.input);
        if (!expected) continue;  // outside the task: a partial answer or a precondition case
        // An examples file holds a program's answer at the last position (`crasp examples`): for
        // a labels task, the last label.
        if (task.mode == crasp::tasks::task_mode::labels) expected = {expected->back()};
        ++checked;
        INFO(examples_path(p) << ":" << e.line << ": " << join(e.input));
        CHECK(join(*expected) == join(e.output));
      }
      CHECK(checked >= 8);
    }
  }
}
