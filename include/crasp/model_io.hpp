// Saving and loading models as safetensors files with crasp's JSON metadata (docs/model-format.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "crasp/diagnostic.hpp"
#include "crasp/model.hpp"

namespace crasp::model {

/// Version written under "format_version" in the metadata; load() accepts exactly this version.
inline constexpr int format_version = 1;

/// A loaded model (set only when diags has no errors) and what went wrong.
struct load_result {
  std::optional<model> value;  ///< the model, already validated
  diagnostics diags;           ///< errors (origin: the path or the given origin)
  /// True when a model was loaded.
  [[nodiscard]] bool ok() const { return value.has_value(); }
};

/// Encodes a model as safetensors bytes (F64 tensors). A model failing validate() is not encoded:
/// returns nullopt with validate()'s errors in `diags`.
std::optional<std::string> to_bytes(const model& m, diagnostics& diags);

/// Decodes safetensors bytes written by to_bytes() (F32 tensors are accepted too), reporting
/// malformed containers, missing or unexpected tensors, shape mismatches and validate() errors
/// under `origin`.
load_result from_bytes(std::string_view bytes, const std::string& origin);

/// Writes the model to `path`; returns the errors (empty on success).
diagnostics save(const model& m, const std::string& path);

/// Reads a model from `path`.
load_result load(const std::string& path);

}  // namespace crasp::model
