// Golden syntax-error files: tests/data/parse/errors/<name>.{crasp,cr} and the exact rendered
// diagnostics in <name>.<ext>.expected. Regenerate with CRASP_UPDATE_GOLDEN=1.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "parse_helpers.hpp"

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("golden syntax errors") {
  const fs::path dir = fs::path(CRASP_TEST_DATA_DIR) / "parse" / "errors";
  std::vector<fs::path> inputs;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".crasp" || e.path().extension() == ".cr") inputs.push_back(e.path());
  std::sort(inputs.begin(), inputs.end());
  REQUIRE(inputs.size() >= 10);
  const bool update = std::getenv("CRASP_UPDATE_GOLDEN") != nullptr;
  for (const fs::path& in : inputs) {
    const std::string name = in.filename().string();
    const std::string actual = crasp::test::diags_of(slurp(in), name);
    const fs::path expected_path = fs::path(in.string() + ".expected");
    if (update) std::ofstream(expected_path, std::ios::binary) << actual;
    INFO("file " << name << "\n" << actual);
    CHECK_FALSE(actual.empty());
    CHECK(actual == slurp(expected_path));
  }
}
