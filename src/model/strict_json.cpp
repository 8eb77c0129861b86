// Strict JSON parsing (see strict_json.hpp).
#include "model/strict_json.hpp"

#include <fmt/format.h>

#include <set>
#include <vector>

namespace crasp::model::detail {

using json = nlohmann::json;

std::optional<json> parse_strict_json(std::string_view text, std::string& why) {
  // One key set per open object; arrays push nothing, so the stack follows object nesting only.
  // The parser itself is iterative, so deep nesting costs memory, not stack.
  std::vector<std::set<std::string>> open;
  std::optional<std::string> duplicate;
  auto callback = [&](int /*depth*/, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start: open.emplace_back(); break;
      case json::parse_event_t::object_end:
        if (!open.empty()) open.pop_back();
        break;
      case json::parse_event_t::key:
        if (!duplicate && !open.empty() && parsed.is_string() &&
            !open.back().insert(parsed.get<std::string>()).second)
          duplicate = parsed.get<std::string>();
        break;
      default: break;
    }
    return true;
  };
  // nlohmann's lexer takes a NUL byte for the end of the input, so "{...}\0anything" would parse;
  // JSON text never holds a raw NUL (strings escape it).
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
    why = fmt::format("not valid JSON (a NUL byte at byte {})", nul);
    return std::nullopt;
  }
  try {
    json out = json::parse(text.begin(), text.end(), callback, /*allow_exceptions=*/true);
    if (duplicate) {
      why = fmt::format("duplicate key '{}'", *duplicate);
      return std::nullopt;
    }
    return out;
  } catch (const json::parse_error& e) {
    why = fmt::format("not valid JSON (at byte {})", e.byte > 0 ? e.byte - 1 : 0);  // e.byte counts from 1
  } catch (const json::exception&) {
    why = "not valid JSON";
  }
  return std::nullopt;
}

std::string printable(std::string_view name) {
  constexpr std::size_t max_chars = 64;
  std::string out;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (out.size() >= max_chars) return out + "...";
    const auto c = static_cast<unsigned char>(name[i]);
    if (c >= 0x20 && c < 0x7f) out.push_back(static_cast<char>(c));
    else out += fmt::format("\\x{:02x}", c);
  }
  return out;
}

}  // namespace crasp::model::detail
