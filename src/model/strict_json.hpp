// JSON parsing for untrusted model files: nlohmann's parser keeps the last of two equal keys
// silently, so a file could say one thing to crasp and another to any other reader. This parser
// refuses duplicate keys and reports where the text stops being JSON.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace crasp::model::detail {

/// Parses `text` as one JSON value. On failure returns nullopt and sets `why` to a short reason
/// ("not valid JSON (at byte 17)", "duplicate key 'embed'"). Never throws for bad input.
std::optional<nlohmann::json> parse_strict_json(std::string_view text, std::string& why);

/// A name read from an untrusted file, fit for a one-line message: bytes outside printable ASCII
/// as \xNN, cut after 64 characters with "...".
std::string printable(std::string_view name);

}  // namespace crasp::model::detail
