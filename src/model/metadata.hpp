// The "crasp" metadata document of a model file (docs/model-format.md, Metadata): written from a
// model, and read back into the model's skeleton, every tensor allocated at the shape the
// metadata implies, so the tensors of the file are then checked against it.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "crasp/diagnostic.hpp"
#include "crasp/model.hpp"

namespace crasp::model::detail {

/// The metadata document describing m (its architecture, names and info, no weights).
nlohmann::json metadata_json(const model& m);

/// Reads the metadata document `text` into a model whose tensors have the implied shapes and
/// uninitialized elements (the caller fills every one). Refuses (with a diagnostic under `origin`, nullopt) text that is not a JSON object,
/// a `format` other than "crasp-model", another format_version, a missing or unknown key, a value
/// of the wrong type or range, and shapes adding up to more than `max_elements` elements (checked
/// before each allocation, so a damaged size never allocates).
std::optional<model> read_skeleton(std::string_view text, std::uint64_t max_elements,
                                   const std::string& origin, diagnostics& diags);

}  // namespace crasp::model::detail
