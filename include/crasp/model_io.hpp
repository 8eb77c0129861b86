// Saving and loading models as safetensors files with crasp's JSON metadata (docs/model-format.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "crasp/diagnostic.hpp"
#include "crasp/model.hpp"

namespace crasp::model {

/// Version written under "format_version" in the metadata. Version 2 added "pos_rows" (the
/// residual dimensions of the APE table's rows); load() reads versions 1 and 2.
inline constexpr int format_version = 2;

/// A loaded model (set only when diags has no errors) and what went wrong.
struct load_result {
  std::optional<model> value;  ///< the model, already validated
  diagnostics diags;           ///< errors (origin: the path or the given origin)
  /// True when a model was loaded.
  [[nodiscard]] bool ok() const { return value.has_value(); }
};

/// Element type of the tensors a model is written with.
enum class dtype {
  f64,  ///< F64: the model exactly
  f32,  ///< F32: every weight rounded to the nearest float, i.e. the weights of cast<float>(m);
        ///< half the size. Read back, the file is exactly the float32 model.
};

/// Encodes a model as safetensors bytes (F64 tensors, or F32 with dtype::f32). A model failing
/// validate() is not encoded: returns nullopt with validate()'s errors in `diags`. A weight that
/// is finite in double but overflows float (|w| > 3.4e38) is an error for dtype::f32.
std::optional<std::string> to_bytes(const model& m, diagnostics& diags, dtype type = dtype::f64);

/// Decodes a model file held in memory: safetensors bytes as written by to_bytes() (F32 tensors
/// are accepted too). Every file that does not follow docs/model-format.md is refused with
/// diagnostics under `origin` naming the tensor or metadata key concerned: a wrong header length,
/// a header that is not one JSON object (or repeats a key), a bad dtype, shape or data_offsets,
/// tensors that leave gaps, overlap or stop before the end of the file, metadata of another format
/// or version, missing or unexpected tensors and keys, shapes other than the metadata implies, and
/// models failing validate() (non-finite weights among them). Never throws for bad input, and
/// allocates at most a few times bytes.size() plus 8 MiB whatever sizes the bytes claim: this is
/// the entry point for fuzzing the loader.
load_result from_bytes(std::string_view bytes, const std::string& origin);

/// Writes the model to `path` (see to_bytes for `type`); returns the errors (empty on success).
diagnostics save(const model& m, const std::string& path, dtype type = dtype::f64);

/// Reads a model from `path` with the checks of from_bytes() (same diagnostics, origin `path`).
/// A directory, a non-regular file (a FIFO or a device) and an unreadable file are errors too. The
/// header is checked against the file's size before the tensor data is read, so a damaged file
/// is refused without reading (or allocating) its claimed size.
load_result load(const std::string& path);

}  // namespace crasp::model
