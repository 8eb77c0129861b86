// Editing safetensors bytes in tests: split a file into its header JSON and data section, put it
// back together (optionally with a wrong length field), and lay tensors out again after entries
// were added, removed or resized, so that a test damages exactly one thing.
#pragma once

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace edit {

using json = nlohmann::json;

inline std::uint64_t length_field(const std::string& bytes) {
  std::uint64_t n = 0;
  for (int i = 0; i < 8; ++i) n |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[i])) << (8 * i);
  return n;
}

inline std::string with_length_field(std::string bytes, std::uint64_t n) {
  for (int i = 0; i < 8; ++i) bytes[i] = static_cast<char>((n >> (8 * i)) & 0xff);
  return bytes;
}

/// Header JSON and data section.
inline std::pair<json, std::string> split(const std::string& bytes) {
  const std::uint64_t n = length_field(bytes);
  return {json::parse(bytes.substr(8, n)), bytes.substr(8 + n)};
}

/// Length field + header text (padded with spaces like crasp writes it) + data.
inline std::string join_text(std::string text, const std::string& data) {
  while ((8 + text.size()) % 8 != 0) text.push_back(' ');
  return with_length_field(std::string(8, '\0'), text.size()) + text + data;
}

inline std::string join(const json& header, const std::string& data) { return join_text(header.dump(), data); }

/// Rebuilds the data section from `header`'s entries, whose data_offsets still point into `data`:
/// each tensor's bytes are copied in order of their old offsets and the offsets rewritten, so the
/// result is well laid out whatever entries were removed or copied.
inline std::string relayout(json header, const std::string& data) {
  std::vector<std::pair<std::uint64_t, std::string>> order;
  for (const auto& [name, e] : header.items())
    if (name != "__metadata__") order.emplace_back(e["data_offsets"][0].get<std::uint64_t>(), name);
  std::sort(order.begin(), order.end());
  std::string out;
  for (const auto& [begin, name] : order) {
    const std::uint64_t end = header[name]["data_offsets"][1].get<std::uint64_t>();
    const std::uint64_t at = out.size();
    out += data.substr(begin, end - begin);
    header[name]["data_offsets"] = {at, out.size()};
  }
  return join(header, out);
}

/// Rewrites the crasp metadata document with f.
template <class F> std::string with_meta(const std::string& bytes, F f) {
  auto [h, data] = split(bytes);
  json meta = json::parse(h["__metadata__"]["crasp"].get<std::string>());
  f(meta);
  h["__metadata__"]["crasp"] = meta.dump();
  return join(h, data);
}

}  // namespace edit
