// The data protocol: JSONL files of fixed instances ({"input", "answer", "length"?}), blank lines
// and lines starting with "//" skipped. An error names the file and line and is located at the
// spec's entry for that file.
#include <fstream>

#include <fmt/format.h>

#include "task_source/answers.hpp"
#include "task_source/protocols.hpp"

namespace crasp::spec_detail {

std::optional<std::vector<task_instance>> read_data(const task_file& spec, diagnostics& diags) {
  std::vector<task_instance> out;
  for (const auto& file : spec.data) {
    std::ifstream in(file.resolved, std::ios::binary);
    if (!in) {
      diags.error(spec.source, file.where, fmt::format("cannot read data file '{}'", file.written));
      return std::nullopt;
    }
    std::string line;
    for (std::size_t n = 1; std::getline(in, line); ++n) {
      const auto first = line.find_first_not_of(" \t\r");
      if (first == std::string::npos || line.compare(first, 2, "//") == 0) continue;
      task_instance inst;
      bool outside = false;
      // Without "length" an instance's length is its number of input tokens.
      if (auto err = decode_line(line, spec.format, nullptr, 0, inst, outside); !err.empty()) {
        auto& d = diags.error(spec.source, file.where,
                              fmt::format("{} line {}: {}", file.written, n, err));
        d.notes.push_back(
            {severity::note, "the line: " + abbreviate(line), nullptr, {}, "", {}, ""});
        return std::nullopt;
      }
      if (inst.length == 0) inst.length = inst.input.size();
      inst.origin = fmt::format("{}:{}", file.written, n);
      out.push_back(std::move(inst));
    }
  }
  return out;
}

}  // namespace crasp::spec_detail
