// safetensors encoding and decoding. Byte order is fixed little-endian regardless of the host.
#include "model/safetensors.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <bit>
#include <cstring>

namespace crasp::model::safetensors {

namespace {

using json = nlohmann::json;

void put_le(std::string& out, std::uint64_t v, int bytes) {
  for (int b = 0; b < bytes; ++b) out.push_back(static_cast<char>((v >> (8 * b)) & 0xff));
}

std::uint64_t get_le(std::string_view in, std::size_t at, int bytes) {
  std::uint64_t v = 0;
  for (int b = 0; b < bytes; ++b)
    v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + b])) << (8 * b);
  return v;
}

// Header cap: a crasp model header is a few kB per layer; refuse absurd lengths before allocating.
constexpr std::uint64_t max_header = 100u << 20;

}  // namespace

std::string shape_text(const std::vector<std::int64_t>& shape) {
  return fmt::format("[{}]", fmt::join(shape, ", "));
}

std::string encode(const contents& c) {
  json header = json::object();
  std::uint64_t offset = 0;
  for (const auto& [name, t] : c.tensors) {
    const std::uint64_t bytes = 8 * t.data.size();
    header[name] = {{"dtype", "F64"}, {"shape", t.shape}, {"data_offsets", {offset, offset + bytes}}};
    offset += bytes;
  }
  if (!c.metadata.empty()) header["__metadata__"] = c.metadata;
  std::string text = header.dump();
  while ((8 + text.size()) % 8 != 0) text.push_back(' ');
  std::string out;
  out.reserve(8 + text.size() + offset);
  put_le(out, text.size(), 8);
  out += text;
  for (const auto& [name, t] : c.tensors)
    for (double v : t.data) put_le(out, std::bit_cast<std::uint64_t>(v), 8);
  return out;
}

std::optional<contents> decode(std::string_view bytes, const std::string& origin, diagnostics& diags) {
  auto fail = [&](std::string message) {
    diags.error(origin, std::move(message));
    return std::nullopt;
  };
  if (bytes.size() < 8) return fail("truncated file: fewer than 8 bytes, no header length");
  const std::uint64_t n = get_le(bytes, 0, 8);
  if (n > max_header) return fail(fmt::format("bad header: length {} is implausibly large", n));
  if (n > bytes.size() - 8)
    return fail(fmt::format("truncated file: header of {} bytes but only {} follow", n, bytes.size() - 8));
  const json header = json::parse(bytes.substr(8, n), nullptr, /*allow_exceptions=*/false);
  if (header.is_discarded()) return fail("bad header: not valid JSON");
  if (!header.is_object()) return fail("bad header: not a JSON object");
  const std::string_view data = bytes.substr(8 + n);
  contents out;
  bool ok = true;
  auto bad = [&](const std::string& name, std::string message) {
    diags.error(origin, fmt::format("tensor '{}': {}", name, message));
    ok = false;
  };
  for (const auto& [name, entry] : header.items()) {
    if (name == "__metadata__") {
      if (!entry.is_object()) return fail("bad header: __metadata__ is not an object");
      for (const auto& [key, value] : entry.items()) {
        if (!value.is_string()) return fail(fmt::format("bad header: __metadata__ value '{}' is not a string", key));
        out.metadata[key] = value.get<std::string>();
      }
      continue;
    }
    if (!entry.is_object() || !entry.contains("dtype") || !entry.contains("shape") ||
        !entry.contains("data_offsets") || !entry["dtype"].is_string() || !entry["shape"].is_array() ||
        !entry["data_offsets"].is_array() || entry["data_offsets"].size() != 2) {
      bad(name, "entry needs dtype, shape and two data_offsets");
      continue;
    }
    const std::string dtype = entry["dtype"].get<std::string>();
    const int width = dtype == "F64" ? 8 : dtype == "F32" ? 4 : 0;
    if (width == 0) {
      bad(name, fmt::format("unsupported dtype '{}' (expected F64 or F32)", dtype));
      continue;
    }
    tensor t;
    std::uint64_t count = 1;
    bool shape_ok = true;
    for (const json& dim : entry["shape"]) {
      if (!dim.is_number_unsigned() || dim.get<std::uint64_t>() > (1ull << 40)) {
        shape_ok = false;
        break;
      }
      t.shape.push_back(dim.get<std::int64_t>());
      count *= dim.get<std::uint64_t>();
      if (count > (1ull << 40)) shape_ok = false;
    }
    const json& offs = entry["data_offsets"];
    if (!shape_ok || !offs[0].is_number_unsigned() || !offs[1].is_number_unsigned()) {
      bad(name, "shape and data_offsets must be non-negative integers");
      continue;
    }
    const std::uint64_t begin = offs[0].get<std::uint64_t>();
    const std::uint64_t end = offs[1].get<std::uint64_t>();
    if (begin > end || end - begin != count * width) {
      bad(name, fmt::format("data_offsets [{}, {}] do not hold shape {} of {}", begin, end,
                            shape_text(t.shape), dtype));
      continue;
    }
    if (end > data.size()) {
      bad(name, fmt::format("truncated file: data_offsets end at {} but the data has {} bytes", end,
                            data.size()));
      continue;
    }
    t.data.resize(count);
    for (std::uint64_t i = 0; i < count; ++i) {
      const std::uint64_t bits = get_le(data, begin + i * width, width);
      t.data[i] = width == 8 ? std::bit_cast<double>(bits)
                             : static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(bits)));
    }
    out.tensors.emplace_back(name, std::move(t));
  }
  if (!ok) return std::nullopt;
  return out;
}

}  // namespace crasp::model::safetensors
