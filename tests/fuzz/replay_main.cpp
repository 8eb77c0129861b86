// A main() for the harnesses in the ordinary (non-libFuzzer) build: feeds every file named on the
// command line, and every regular file of every directory named there, to LLVMFuzzerTestOneInput
// once. Saved findings under tests/fuzz/regressions/ thus run in plain ctest and under ASan.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

int run_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "replay: cannot read %s\n", path.string().c_str());
    return 1;
  }
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::fprintf(stderr, "replay: %s (%zu bytes)\n", path.string().c_str(), bytes.size());
  // A copy in its own allocation, as libFuzzer does, so ASan sees reads past the end.
  std::vector<std::uint8_t> copy(bytes.begin(), bytes.end());
  LLVMFuzzerTestOneInput(copy.data(), copy.size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  int failures = 0;
  std::size_t files = 0;
  for (int a = 1; a < argc; ++a) {
    const std::filesystem::path arg(argv[a]);
    if (std::filesystem::is_directory(arg)) {
      std::vector<std::filesystem::path> paths;
      for (const auto& e : std::filesystem::directory_iterator(arg)) {
        if (e.is_regular_file()) paths.push_back(e.path());
      }
      std::sort(paths.begin(), paths.end());  // stable order: the log names the failing input
      for (const auto& p : paths) { failures += run_file(p); ++files; }
    } else {
      failures += run_file(arg);
      ++files;
    }
  }
  std::fprintf(stderr, "replay: %zu inputs, %d unreadable\n", files, failures);
  return failures == 0 ? 0 : 1;
}
