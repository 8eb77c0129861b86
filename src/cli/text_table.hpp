// Plain-text tables for terminal output: columns as wide as their widest cell, the first
// `left` columns left-aligned (labels), the rest right-aligned (numbers), two spaces between.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace crasp::cli {

inline std::string render_table(const std::vector<std::vector<std::string>>& rows,
                                std::size_t left) {
  std::vector<std::size_t> width;
  for (const auto& row : rows) {
    width.resize(std::max(width.size(), row.size()), 0);
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (c > 0) line += "  ";
      line += c < left ? fmt::format("{:<{}}", row[c], width[c])
                       : fmt::format("{:>{}}", row[c], width[c]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + '\n';
  }
  return out;
}

}  // namespace crasp::cli
