// Input tokens to vocabulary indices, and the whitespace tokenizer the CLI reads lines with.
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>

#include "crasp/interpret.hpp"

namespace crasp {

std::optional<std::vector<std::uint32_t>> encode(const ir::program& program,
                                                 const std::vector<std::string>& tokens,
                                                 const std::string& origin, diagnostics& diags) {
  std::unordered_map<std::string_view, std::uint32_t> index;
  index.reserve(program.vocabulary.size());
  for (std::uint32_t k = 0; k < program.vocabulary.size(); ++k) {
    index.emplace(program.vocabulary[k], k);  // the first entry wins if a name repeats
  }
  // Every bad token is reported (up to a limit), not just the first: a user fixing an input
  // file should see all of its problems at once.
  constexpr std::size_t max_reported = 10;
  std::vector<std::uint32_t> out;
  out.reserve(tokens.size());
  std::size_t bad = 0;
  for (std::size_t pos = 0; pos < tokens.size(); ++pos) {
    auto it = index.find(tokens[pos]);
    if (it != index.end()) {
      out.push_back(it->second);
    } else if (!program.closed_vocabulary) {
      out.push_back(other_token);
    } else if (++bad <= max_reported) {
      diags.error(origin, fmt::format("token '{}' (position {}) is not in the program's alphabet",
                                      tokens[pos], pos + 1));
    }
  }
  if (bad > max_reported)
    diags.error(origin, fmt::format("{} more tokens are not in the program's alphabet",
                                    bad - max_reported));
  if (bad > 0) return std::nullopt;
  return out;
}

std::vector<std::string> split_tokens(const std::string& line) {
  // The "C" locale's white space, without a locale lookup per character.
  const auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  // Count first: growing the vector by doubling moved every token string ~twice (a fifth of
  // `crasp run` on a 10^6-token line).
  std::size_t count = 0;
  for (std::size_t k = 0; k < line.size(); ++k) {
    count += !space(line[k]) && (k == 0 || space(line[k - 1]));
  }
  std::vector<std::string> out;
  out.reserve(count);
  std::size_t k = 0;
  while (k < line.size()) {
    while (k < line.size() && space(line[k])) ++k;
    const std::size_t begin = k;
    while (k < line.size() && !space(line[k])) ++k;
    if (k > begin) out.emplace_back(line, begin, k - begin);
  }
  return out;
}

}  // namespace crasp
