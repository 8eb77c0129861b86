// The safetensors container, independent of what the tensors mean: an 8-byte little-endian
// header length, a JSON header {name: {dtype, shape, data_offsets}, "__metadata__": {str: str}},
// then the raw little-endian row-major data. We write F64 and read F64 or F32.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crasp/diagnostic.hpp"

namespace crasp::model::safetensors {

/// A tensor in row-major order, widened to double.
struct tensor {
  std::vector<std::int64_t> shape;
  std::vector<double> data;
};

/// Tensors in the order they are written, plus string metadata.
struct contents {
  std::vector<std::pair<std::string, tensor>> tensors;
  std::map<std::string, std::string> metadata;
};

/// Encodes as F64, header padded with spaces to a multiple of 8 bytes.
std::string encode(const contents& c);

/// Decodes `bytes`, reporting every structural problem under `origin`; nullopt on any error.
std::optional<contents> decode(std::string_view bytes, const std::string& origin, diagnostics& diags);

/// "[2, 3]"
std::string shape_text(const std::vector<std::int64_t>& shape);

}  // namespace crasp::model::safetensors
