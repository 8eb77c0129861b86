// The shrinker and the regression files must work before a real disagreement needs them, so
// they are tested against an engine broken on purpose (max computed as min), and the replay
// against a record whose expected answer was altered.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "campaign.hpp"
#include "regression.hpp"
#include "shrink.hpp"

namespace {

bool uses_max(const rnd::expr& e) {
  if (e.k == rnd::ek::max) return true;
  for (const auto& k : e.kids)
    if (uses_max(k)) return true;
  return false;
}

rnd::expr max_as_min(rnd::expr e) {
  if (e.k == rnd::ek::max) e.k = rnd::ek::min;
  for (auto& k : e.kids) k = max_as_min(k);
  return e;
}

// The "broken engine" is the reference evaluator run on the program with every max turned into
// min; it fails where that changes an answer. Candidates crasp rejects do not count.
bool broken_engine_fails(const rnd::program& p, const std::vector<std::string>& w) {
  if (!rnd::check_source(rnd::print(p)).ir) return false;
  rnd::program broken = p;
  for (auto& s : broken.stmts) s.value = max_as_min(s.value);
  try {
    return rnd::evaluate(p, w).answers != rnd::evaluate(broken, w).answers;
  } catch (const std::logic_error&) {
    return false;
  }
}

}  // namespace

TEST_CASE("shrinking reduces a failure against a broken engine to its core", "[random]") {
  rnd::campaign_options o;
  int shrunk_cases = 0;
  for (std::uint64_t seed = 1; seed < 400 && shrunk_cases < 3; ++seed) {
    const auto p = rnd::generate(seed);
    bool has_max = false;
    for (const auto& s : p.stmts) has_max |= uses_max(s.value);
    if (!has_max || p.stmts.size() < 3) continue;
    for (const auto& w : rnd::inputs_for(p, o, seed)) {
      if (!broken_engine_fails(p, w)) continue;
      const auto s = rnd::shrink(p, w, broken_engine_fails);
      INFO("seed " << seed << "\noriginal:\n" << rnd::print(p) << "input: " << rnd::join(w)
                   << "\nshrunk:\n" << rnd::print(s.prog) << "input: " << rnd::join(s.input));
      CHECK(broken_engine_fails(s.prog, s.input));
      CHECK(rnd::size(s.prog) < rnd::size(p) / 2);
      CHECK(s.input.size() <= 2);  // max(1, 0) is wrong on the first token; counts may need two
      CHECK(s.prog.stmts.size() <= 2);  // a family instance cannot be inlined into its user
      bool kept_max = false;
      for (const auto& st : s.prog.stmts) kept_max |= uses_max(st.value);
      CHECK(kept_max);
      ++shrunk_cases;
      break;
    }
  }
  CHECK(shrunk_cases == 3);
}

TEST_CASE("a regression file replays clean, and fails when its record is wrong", "[random]") {
  const auto dir = std::filesystem::temp_directory_path() / "crasp-random-regression-test";
  std::filesystem::remove_all(dir);
  const rnd::program p = rnd::generate(7);
  const std::vector<std::string> input = rnd::inputs_for(p, {}, 7).back();
  const auto path = rnd::write_regression(dir.string(), p, input, {"ape-f32", input, 0, "test"});
  INFO(rnd::print(p));
  CHECK(rnd::replay(path).empty());

  // Make the first recorded answer impossible: the interpreter and every model must now be
  // reported.
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str();
  const auto at = s.find("// expect answer: ") + 18;
  s.replace(at, s.find(' ', at) - at, "99");
  std::ofstream(path) << s;
  const auto failures = rnd::replay(path);
  CHECK(failures.size() >= 2);
  std::string all;
  for (const auto& f : failures) all += f + "\n";
  CHECK_THAT(all, Catch::Contains("interpreter answers") && Catch::Contains("ape-f64"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("a folder of regressions replays: empty passes, a wrong file fails", "[random]") {
  const auto dir = std::filesystem::temp_directory_path() / "crasp-random-folder-test";
  std::filesystem::remove_all(dir);
  CHECK(rnd::replay_folder(dir.string()).files == 0);  // missing folder: nothing to replay
  std::filesystem::create_directories(dir);
  const auto empty = rnd::replay_folder(dir.string());
  CHECK(empty.files == 0);
  CHECK(empty.failures.empty());
  std::ofstream(dir / "bad.crasp") << "// input: a\n// expect answer: 0\nS = \"a\"\n";
  const auto bad = rnd::replay_folder(dir.string());
  CHECK(bad.files == 1);
  CHECK(bad.failures.size() >= 1);
  std::filesystem::remove_all(dir);
}
