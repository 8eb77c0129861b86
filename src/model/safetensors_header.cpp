// Checking a safetensors header before any tensor data is read: the header length, the JSON, each
// entry (dtype, shape, data_offsets) and the layout of the data section, which the tensors must
// tile exactly. Each problem is reported with the tensor it concerns; a file that passes can be
// decoded without any further bounds check.
#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <tuple>

#include "model/safetensors.hpp"
#include "model/strict_json.hpp"

namespace crasp::model::safetensors {

namespace {

using json = nlohmann::json;
using detail::printable;

bool is_count(const json& j) {
  return j.is_number_unsigned() || (j.is_number_integer() && j.get<std::int64_t>() >= 0);
}

// One tensor entry; on a problem sets `why` and returns nullopt.
std::optional<entry> read_entry(const std::string& name, const json& j, std::uint64_t data_bytes,
                                std::string& why) {
  if (!j.is_object()) {
    why = "entry is not an object";
    return std::nullopt;
  }
  for (const auto& [key, value] : j.items()) {
    if (key != "dtype" && key != "shape" && key != "data_offsets") {
      why = fmt::format("unexpected key '{}' (an entry has dtype, shape and data_offsets)", printable(key));
      return std::nullopt;
    }
  }
  const auto dtype = j.find("dtype");
  const auto shape = j.find("shape");
  const auto offsets = j.find("data_offsets");
  if (dtype == j.end() || shape == j.end() || offsets == j.end()) {
    why = "entry needs dtype, shape and two data_offsets";
    return std::nullopt;
  }
  entry e;
  e.name = name;
  const std::string type = dtype->is_string() ? dtype->get<std::string>() : std::string();
  e.width = type == "F64" ? 8 : type == "F32" ? 4 : 0;
  if (e.width == 0) {
    why = dtype->is_string() ? fmt::format("unsupported dtype '{}' (expected F64 or F32)", printable(type))
                             : "dtype is not a string";
    return std::nullopt;
  }
  if (!shape->is_array()) {
    why = "shape is not an array";
    return std::nullopt;
  }
  // Checked before multiplying, so no product can overflow.
  std::uint64_t count = 1;
  for (const json& dim : *shape) {
    if (!is_count(dim)) {
      why = "shape must be an array of non-negative integers";
      return std::nullopt;
    }
    const std::uint64_t n = dim.get<std::uint64_t>();
    if (n > max_tensor_elements || (n != 0 && count > max_tensor_elements / n)) {
      why = fmt::format("shape has more than {} elements", max_tensor_elements);
      return std::nullopt;
    }
    count *= n;
    e.shape.push_back(static_cast<std::int64_t>(n));
  }
  if (!offsets->is_array() || offsets->size() != 2 || !is_count((*offsets)[0]) || !is_count((*offsets)[1])) {
    why = "data_offsets must be two non-negative integers";
    return std::nullopt;
  }
  e.begin = (*offsets)[0].get<std::uint64_t>();
  e.end = (*offsets)[1].get<std::uint64_t>();
  if (e.begin > e.end || e.end - e.begin != count * static_cast<std::uint64_t>(e.width)) {
    why = fmt::format("data_offsets [{}, {}] do not hold shape {} of {}", e.begin, e.end,
                      shape_text(e.shape), type);
    return std::nullopt;
  }
  if (e.end > data_bytes) {
    why = fmt::format("truncated file: data_offsets end at {} but the data has {} bytes", e.end, data_bytes);
    return std::nullopt;
  }
  return e;
}

// The tensors must tile [0, data_bytes): sorted by offsets, each begins where the previous ended.
// Returns false after reporting every gap, overlap and trailing byte.
bool check_layout(const header& h, const std::string& origin, diagnostics& diags) {
  std::vector<std::size_t> order(h.entries.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const entry& x = h.entries[a];
    const entry& y = h.entries[b];
    return std::tie(x.begin, x.end, x.name) < std::tie(y.begin, y.end, y.name);
  });
  bool ok = true;
  std::uint64_t covered = 0;       // end of the tensors so far
  const entry* last = nullptr;     // the tensor that ends at `covered`
  for (std::size_t i : order) {
    const entry& e = h.entries[i];
    if (e.begin > covered) {
      diags.error(origin, fmt::format("tensor '{}': data_offsets begin at {}, leaving bytes [{}, {}) "
                                      "of the data section in no tensor",
                                      printable(e.name), e.begin, covered, e.begin));
      ok = false;
    } else if (e.begin < covered) {
      diags.error(origin, fmt::format("tensor '{}': data_offsets [{}, {}] overlap tensor '{}' at [{}, {}]",
                                      printable(e.name), e.begin, e.end, printable(last->name),
                                      last->begin, last->end));
      ok = false;
    }
    if (e.end >= covered) {
      covered = e.end;
      last = &e;
    }
  }
  if (covered < h.data_bytes) {
    const std::uint64_t extra = h.data_bytes - covered;
    diags.error(origin, fmt::format("{} byte{} after the last tensor: the tensors end at byte {} of a "
                                    "data section of {} bytes",
                                    extra, extra == 1 ? "" : "s", covered, h.data_bytes));
    ok = false;
  }
  return ok;
}

}  // namespace

std::uint64_t read_le(std::string_view in, std::size_t at, int bytes) {
  std::uint64_t v = 0;
  for (int b = 0; b < bytes; ++b)
    v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + b])) << (8 * b);
  return v;
}

std::uint64_t header_prefix_bytes(std::string_view length_field, std::uint64_t file_size) {
  if (length_field.size() < 8 || file_size < 8) return std::min<std::uint64_t>(file_size, 8);
  const std::uint64_t n = read_le(length_field, 0, 8);
  if (n > max_header_bytes) return 8;
  return 8 + std::min(n, file_size - 8);
}

std::optional<header> read_header(std::string_view prefix, std::uint64_t file_size,
                                  const std::string& origin, diagnostics& diags) {
  auto fail = [&](std::string message) {
    diags.error(origin, std::move(message));
    return std::nullopt;
  };
  if (file_size < 8 || prefix.size() < 8) return fail("truncated file: fewer than 8 bytes, no header length");
  header h;
  h.header_bytes = read_le(prefix, 0, 8);
  const std::uint64_t n = h.header_bytes;
  if (n > max_header_bytes)
    return fail(fmt::format("bad header: length {} is implausibly large", n));
  if (n > file_size - 8)
    return fail(fmt::format("truncated file: header of {} bytes but only {} follow", n, file_size - 8));
  if (prefix.size() < 8 + n) return fail("truncated file: the header could not be read in full");
  const std::string_view text = prefix.substr(8, n);
  if (text.empty()) return fail("bad header: the header length is 0");
  std::string why;
  const std::optional<json> parsed = detail::parse_strict_json(text, why);
  if (!parsed) return fail("bad header: " + why);
  if (!parsed->is_object()) return fail("bad header: not a JSON object");
  if (text.front() != '{') return fail("bad header: does not start with '{'");
  // The format pads with spaces only; anything else after the object means a wrong length.
  if (text[text.find_last_not_of(' ')] != '}')
    return fail("bad header: the JSON object is followed by something other than space padding");
  h.data_bytes = file_size - 8 - n;
  bool ok = true;
  for (const auto& [name, value] : parsed->items()) {
    if (name == "__metadata__") {
      if (!value.is_object()) return fail("bad header: __metadata__ is not an object");
      for (const auto& [key, text_value] : value.items()) {
        if (!text_value.is_string())
          return fail(fmt::format("bad header: __metadata__ value '{}' is not a string", printable(key)));
        h.metadata[key] = text_value.get<std::string>();
      }
      continue;
    }
    std::optional<entry> e = read_entry(name, value, h.data_bytes, why);
    if (!e) {
      diags.error(origin, fmt::format("tensor '{}': {}", printable(name), why));
      ok = false;
      continue;
    }
    h.entries.push_back(std::move(*e));
  }
  if (!ok || !check_layout(h, origin, diags)) return std::nullopt;
  return h;
}

}  // namespace crasp::model::safetensors
