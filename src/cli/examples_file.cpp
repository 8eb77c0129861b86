#include "examples_file.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "crasp/interpret.hpp"
#include "input.hpp"

namespace crasp::cli {
namespace fs = std::filesystem;

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n\f\v");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t\r\n\f\v");
  return s.substr(b, e - b + 1);
}

bool is_program_file(const fs::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".crasp" || ext == ".cr";
}

}  // namespace

std::string examples_path_for(const std::string& program_path) {
  return fs::path(program_path).replace_extension(".examples").string();
}

std::optional<std::vector<example>> read_examples(const std::string& path, diagnostics& diags) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diags.error(path, "cannot read examples file");
    return std::nullopt;
  }
  std::vector<example> out;
  std::string line;
  std::size_t number = 0;
  for (line_status st; (st = read_line(in, line)) != line_status::end;) {
    ++number;
    if (st == line_status::too_long) {
      diags.error(path + ":" + std::to_string(number), too_long_line_message("file"));
      break;
    }
    if (is_skipped_line(line)) continue;
    const std::string origin = path + ":" + std::to_string(number);
    const auto arrow = line.find("=>");
    if (arrow == std::string::npos) {
      diags.error(origin, "expected 'INPUT => OUTPUT'");
      continue;
    }
    example ex;
    ex.line = number;
    ex.origin = origin;
    ex.tokens = split_tokens(line.substr(0, arrow));
    ex.expected = trim(line.substr(arrow + 2));
    if (ex.expected.empty()) {
      diags.error(origin, "missing OUTPUT after '=>' (write <none> for an empty continuation)");
      continue;
    }
    out.push_back(std::move(ex));
  }
  return out;
}

std::vector<std::string> collect_programs(const std::vector<std::string>& paths,
                                          diagnostics& diags) {
  const std::vector<std::string> roots = paths.empty() ? std::vector<std::string>{"."} : paths;
  std::vector<std::string> out;
  for (const std::string& root : roots) {
    std::error_code ec;
    if (!fs::is_directory(root, ec)) {
      out.push_back(root);  // a missing file is reported when it is loaded
      continue;
    }
    std::vector<std::string> found;
    for (const fs::directory_entry& e : fs::directory_iterator(root, ec)) {
      if (e.is_regular_file(ec) && is_program_file(e.path())) {
        found.push_back((fs::path(root) / e.path().filename()).lexically_normal().string());
      }
    }
    if (ec) {
      diags.error(root, "cannot read directory: " + ec.message());
      continue;
    }
    if (found.empty()) {
      diags.error(root, "no *.crasp or *.cr programs in this directory");
      continue;
    }
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

}  // namespace crasp::cli
