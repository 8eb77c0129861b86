// See regression.hpp.
#include "regression.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <sstream>

namespace rnd {

std::string write_regression(const std::string& dir, const program& p,
                             const std::vector<std::string>& input, const disagreement& d) {
  const std::string source = print(p);
  const auto want = evaluate(p, input);
  std::ostringstream text;
  // Every line of the reason is a comment (diagnostics span several lines), so the file still
  // parses as the program it saves.
  std::string what = d.what;
  for (std::size_t at = what.find('\n'); at != std::string::npos; at = what.find('\n', at + 4))
    what.replace(at, 1, "\n// ");
  text << "// random-differential regression: " << d.engine << " disagreed\n// " << what
       << "\n// input: " << join(input) << "\n";
  for (const auto& s : want.statements) {
    text << "// expect " << s.name << ":";
    for (const auto v : s.values) text << " " << v;
    text << "\n";
  }
  text << "// expect answer: " << join(want.answers) << "\n" << source;
  std::ostringstream name;
  name << d.engine << "-" << std::hex << std::setw(16) << std::setfill('0')
       << std::hash<std::string>{}(text.str()) << ".crasp";
  std::filesystem::create_directories(dir);
  const auto path = (std::filesystem::path(dir) / name.str()).string();
  std::ofstream(path) << text.str();
  return path;
}

namespace {

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

std::vector<std::string> replay(const std::string& path, const run_options& opts) {
  std::ifstream file(path);
  std::stringstream buffer;
  buffer << file.rdbuf();
  const std::string source = buffer.str();
  std::vector<std::string> input, answers, failures;
  std::vector<std::pair<std::string, std::vector<std::string>>> expected;  // statements in order
  std::istringstream lines(source);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("// input:", 0) == 0) input = words(line.substr(9));
    if (line.rfind("// expect answer:", 0) == 0) answers = words(line.substr(17));
    else if (line.rfind("// expect ", 0) == 0) {
      const auto colon = line.find(':', 10);
      expected.emplace_back(line.substr(10, colon - 10), words(line.substr(colon + 1)));
    }
  }
  if (input.empty() || answers.size() != input.size()) return {path + ": no input or answers recorded"};
  auto checked = check_source(source);
  if (!checked.ir) return {path + ": rejected by crasp:\n" + checked.errors};
  const auto got = interpret(*checked.ir, input);
  if (!got.error.empty()) return {path + ": interpreter failed:\n" + got.error};
  for (std::size_t s = 0; s < expected.size(); ++s) {
    std::vector<std::string> values;
    if (s < got.statements.size() && got.statements[s].name == expected[s].first)
      for (const auto v : got.statements[s].values) values.push_back(std::to_string(v));
    if (values != expected[s].second)
      failures.push_back(path + ": interpreter, statement " + expected[s].first + ": expected " +
                         join(expected[s].second) + ", got " + join(values));
  }
  if (got.answers != answers)
    failures.push_back(path + ": interpreter answers " + join(got.answers) + ", expected " + join(answers));
  const int max_len = std::max(opts.max_len, static_cast<int>(input.size()));
  for (const bool exact : {false, true}) {
    const auto set = compile_engines(*checked.ir, max_len, exact);
    if (!set.error.empty()) failures.push_back(path + ": " + set.error);
    for (const auto& m : set.engines) {
      std::string error;
      const auto a = run_model(m, input, error);
      const auto at = first_difference(answers, a, static_cast<std::size_t>(std::max(m.certified, 0)));
      if (!error.empty() || at != SIZE_MAX)
        failures.push_back(path + ": " + m.name + (exact ? " (exact Booleans)" : "") + " answers " +
                           join(a) + ", expected " + join(answers) + error);
    }
  }
  return failures;
}

folder_replay replay_folder(const std::string& dir) {
  std::vector<std::string> files;
  if (std::filesystem::is_directory(dir))
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".crasp") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  folder_replay out;
  for (const auto& f : files) {
    ++out.files;
    for (auto& m : replay(f)) out.failures.push_back(std::move(m));
  }
  return out;
}

}  // namespace rnd
