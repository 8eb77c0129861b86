// The safetensors container, independent of what the tensors mean: an 8-byte little-endian
// header length N, N bytes of JSON header {name: {dtype, shape, data_offsets}, "__metadata__":
// {str: str}}, then the raw little-endian row-major data. We write F64 and read F64 or F32.
//
// Reading is split in two so that a file can be checked before its data is read into memory:
// read_header() validates the header and the layout of the data section against the file size;
// the model is then filled from the data section element by element (read_le), without an
// intermediate decoded copy (model_io.cpp).
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

/// One tensor's header entry, already checked: `end - begin` is exactly the bytes of `shape` in
/// `dtype`, and [begin, end) lies inside the data section.
struct entry {
  std::string name;
  int width = 8;  ///< bytes per element: 8 (F64) or 4 (F32)
  std::vector<std::int64_t> shape;
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
};

/// A checked header: the tensors tile the data section exactly (no gap, no overlap, nothing
/// after the last one), so the data section is `data_bytes` long.
struct header {
  std::uint64_t header_bytes = 0;  ///< N, the JSON header's length
  std::uint64_t data_bytes = 0;    ///< file size - 8 - N
  std::vector<entry> entries;      ///< in header order
  std::map<std::string, std::string> metadata;
};

/// Largest header accepted. A crasp model header is a few kB per layer; a larger length is a
/// damaged file, refused before anything is allocated for it.
inline constexpr std::uint64_t max_header_bytes = 100u << 20;

/// Largest element count of one tensor (and largest dimension): keeps every size computation far
/// from overflow.
inline constexpr std::uint64_t max_tensor_elements = 1ull << 40;

/// The unsigned little-endian integer of `bytes` bytes at `at` (which must be in range).
std::uint64_t read_le(std::string_view in, std::size_t at, int bytes);

/// Bytes of the file to hand to read_header(): the length field and the header, or what the file
/// has of them. `length_field` is the first 8 bytes (or fewer in a file shorter than 8 bytes).
std::uint64_t header_prefix_bytes(std::string_view length_field, std::uint64_t file_size);

/// Checks the header of a file of `file_size` bytes whose first bytes are `prefix` (at least
/// header_prefix_bytes() of them): length, JSON, every entry, and the layout of the data section.
/// Every problem goes to `diags` under `origin`; nullopt on any error.
std::optional<header> read_header(std::string_view prefix, std::uint64_t file_size,
                                  const std::string& origin, diagnostics& diags);

/// Encodes as F64 (or F32 when `f32`: each value rounded to nearest float), header padded with
/// spaces to a multiple of 8 bytes.
std::string encode(const contents& c, bool f32 = false);

/// "[2, 3]"
std::string shape_text(const std::vector<std::int64_t>& shape);

}  // namespace crasp::model::safetensors
