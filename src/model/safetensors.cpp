// safetensors encoding, and decoding of a checked header's data section. Byte order is fixed
// little-endian regardless of the host.
#include "model/safetensors.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <bit>

namespace crasp::model::safetensors {

namespace {

using json = nlohmann::json;

void put_le(std::string& out, std::uint64_t v, int bytes) {
  for (int b = 0; b < bytes; ++b) out.push_back(static_cast<char>((v >> (8 * b)) & 0xff));
}

}  // namespace

std::string shape_text(const std::vector<std::int64_t>& shape) {
  return fmt::format("[{}]", fmt::join(shape, ", "));
}

std::string encode(const contents& c, bool f32) {
  const std::uint64_t width = f32 ? 4 : 8;
  json header = json::object();
  std::uint64_t offset = 0;
  for (const auto& [name, t] : c.tensors) {
    const std::uint64_t bytes = width * t.data.size();
    header[name] = {{"dtype", f32 ? "F32" : "F64"},
                    {"shape", t.shape},
                    {"data_offsets", {offset, offset + bytes}}};
    offset += bytes;
  }
  if (!c.metadata.empty()) header["__metadata__"] = c.metadata;
  std::string text = header.dump();
  while ((8 + text.size()) % 8 != 0) text.push_back(' ');
  std::string out;
  out.reserve(8 + text.size() + offset);
  put_le(out, text.size(), 8);
  out += text;
  for (const auto& [name, t] : c.tensors) {
    if (f32) {
      for (double v : t.data) put_le(out, std::bit_cast<std::uint32_t>(static_cast<float>(v)), 4);
    } else {
      for (double v : t.data) put_le(out, std::bit_cast<std::uint64_t>(v), 8);
    }
  }
  return out;
}

}  // namespace crasp::model::safetensors
