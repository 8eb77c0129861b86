// load() on paths that are not model files (directories, FIFOs, devices, missing files), and on
// damaged files: the same diagnostics as from_bytes() on the same bytes.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "compiled_sample.hpp"
#include "safetensors_edit.hpp"

using namespace crasp::model;
namespace fs = std::filesystem;

namespace {

// A fresh scratch directory for one test, removed afterwards.
struct scratch {
  fs::path dir;
  explicit scratch(const std::string& name)
      : dir(fs::temp_directory_path() / fmt::format("crasp_model_files_{}_{}", name, ::getpid())) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::string write(const std::string& name, const std::string& bytes) const {
    const std::string path = (dir / name).string();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
};

std::vector<std::string> messages(const crasp::diagnostics& diags) {
  std::vector<std::string> out;
  for (const crasp::diagnostic& d : diags.items()) out.push_back(d.message);
  return out;
}

std::string only_error(const load_result& r, const std::string& path) {
  CHECK_FALSE(r.ok());
  REQUIRE(r.diags.items().size() == 1);
  CHECK(r.diags.items()[0].origin == path);
  return r.diags.items()[0].message;
}

}  // namespace

TEST_CASE("paths that are not model files are refused by name", "[damage][files]") {
  const scratch s("paths");
  const std::string dir = (s.dir / "d.safetensors").string();
  fs::create_directory(dir);
  CHECK(only_error(load(dir), dir) == "is a directory, not a model file");
  const std::string missing = (s.dir / "missing.safetensors").string();
  CHECK(only_error(load(missing), missing) == "cannot open the model file: No such file or directory");
  // A FIFO must be refused without waiting for a writer.
  const std::string fifo = (s.dir / "f.safetensors").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(only_error(load(fifo), fifo) == "not a regular file: a model file must be a regular file");
  CHECK(only_error(load("/dev/null"), "/dev/null") == "not a regular file: a model file must be a regular file");
  if (::geteuid() != 0) {  // root reads files whatever their mode
    const std::string locked = s.write("locked.safetensors", "x");
    fs::permissions(locked, fs::perms::none);
    CHECK(only_error(load(locked), locked) == "cannot open the model file: Permission denied");
  }
}

TEST_CASE("load() and from_bytes() agree on damaged files", "[damage][files]") {
  const scratch s("agree");
  const std::string good = sample::bytes_of(sample::contains_ab(positional::rope));
  const std::uint64_t n = edit::length_field(good);
  const std::vector<std::string> damaged = {
      "",
      good.substr(0, 5),
      good.substr(0, 8 + n / 2),
      good.substr(0, good.size() - 1),
      good + "trailing",
      edit::with_length_field(good, n - 1),
      edit::with_length_field(good, n + 1),
      edit::with_length_field(good, std::uint64_t{1} << 60),
      edit::with_length_field(good, good.size()),
  };
  for (std::size_t i = 0; i < damaged.size(); ++i) {
    const std::string path = s.write(fmt::format("m{}.safetensors", i), damaged[i]);
    const load_result from_file = load(path);
    const load_result from_memory = from_bytes(damaged[i], path);
    INFO("case " << i << ": " << crasp::render(from_file.diags));
    CHECK_FALSE(from_file.ok());
    CHECK(from_file.diags.has_errors());
    CHECK(messages(from_file.diags) == messages(from_memory.diags));
  }
  const load_result ok = load(s.write("good.safetensors", good));
  INFO(crasp::render(ok.diags));
  REQUIRE(ok.ok());
  CHECK(sample::bytes_of(*ok.value) == good);
}
