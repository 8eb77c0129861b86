// Decoding protocol lines into instances (see answers.hpp).
#include "task_source/answers.hpp"

#include <fmt/format.h>

#include "crasp/interpret.hpp"  // split_tokens

namespace crasp::spec_detail {
namespace {

using json = nlohmann::json;

std::string type_name(const json& v) {
  switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return v.get<bool>() ? "true" : "false";
    case json::value_t::string: return "a string";
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    case json::value_t::number_float: return "a fraction";
    default: return "a number";
  }
}

// A string of tokens or an array of token strings.
std::string token_list(const json& v, const char* what, tokens& out) {
  out.clear();
  if (v.is_string()) {
    out = split_tokens(v.get<std::string>());
    return {};
  }
  if (v.is_array()) {
    for (const auto& item : v) {
      if (!item.is_string())
        return fmt::format("{} must be a string of tokens or an array of strings, and has {}", what,
                           type_name(item));
      const auto s = item.get<std::string>();
      if (s.empty() || s.find_first_of(" \t\r\n") != std::string::npos)
        return fmt::format("{} has the token '{}', which is empty or contains whitespace", what, s);
      out.push_back(s);
    }
    return {};
  }
  return fmt::format("{} must be a string of tokens or an array of strings, not {}", what,
                     type_name(v));
}

std::string label_of(const json& v, std::string& out) {
  if (v.is_boolean()) {
    out = v.get<bool>() ? "True" : "False";
  } else if (v.is_number_integer()) {
    out = v.is_number_unsigned() ? std::to_string(v.get<std::uint64_t>())
                                 : std::to_string(v.get<std::int64_t>());
  } else if (v.is_string() && !v.get<std::string>().empty()) {
    out = v.get<std::string>();
  } else {
    return fmt::format("a label must be true, false, an integer or a token, not {}", type_name(v));
  }
  return {};
}

}  // namespace

std::string decode_input(const json& v, tokens& out) {
  if (auto why = token_list(v, "\"input\"", out); !why.empty()) return why;
  if (out.empty()) return "\"input\" is empty (a program answers at the last token, so there must be one)";
  return {};
}

std::string decode_answer(tasks::answer_format format, const json& v, std::size_t input_size,
                          tokens& out) {
  out.clear();
  switch (format) {
    case tasks::answer_format::accept:
      if (!v.is_boolean())
        return fmt::format("format accept needs the answer true or false, not {}", type_name(v));
      out = {v.get<bool>() ? "True" : "False"};
      return {};
    case tasks::answer_format::count:
      if (!v.is_number_integer())
        return fmt::format("format count needs an integer answer, not {}", type_name(v));
      out = {v.is_number_unsigned() ? std::to_string(v.get<std::uint64_t>())
                                    : std::to_string(v.get<std::int64_t>())};
      return {};
    case tasks::answer_format::continuation:
      return token_list(v, "a continuation answer", out);
    case tasks::answer_format::labels: {
      if (v.is_string()) {
        out = split_tokens(v.get<std::string>());
      } else if (v.is_array()) {
        for (const auto& item : v) {
          std::string label;
          if (auto why = label_of(item, label); !why.empty()) return why;
          out.push_back(std::move(label));
        }
      } else {
        return fmt::format("format labels needs one label per input token (a string or an "
                           "array), not {}",
                           type_name(v));
      }
      if (out.size() != input_size)
        return fmt::format("format labels needs one label per input token: {} label{} for {} "
                           "token{}",
                           out.size(), out.size() == 1 ? "" : "s", input_size,
                           input_size == 1 ? "" : "s");
      return {};
    }
  }
  return "unknown format";
}

std::string decode_line(const std::string& line, tasks::answer_format format, const tokens* asked,
                        std::size_t default_length, task_instance& out, bool& outside) {
  outside = false;
  const json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return "malformed JSON";
  if (!j.is_object()) return fmt::format("expected a JSON object, not {}", type_name(j));
  for (const auto& [key, value] : j.items()) {
    (void)value;
    if (key != "input" && key != "answer" && key != "length")
      return fmt::format("unknown key \"{}\" (expected \"input\", \"answer\" and optionally "
                         "\"length\")",
                         key);
  }
  if (asked != nullptr) {
    out.input = *asked;
  } else {
    if (!j.contains("input")) return "no \"input\"";
    if (auto why = decode_input(j.at("input"), out.input); !why.empty()) return why;
  }
  if (!j.contains("answer")) return "no \"answer\"";
  const json& answer = j.at("answer");
  if (answer.is_null()) {
    if (asked != nullptr) {
      outside = true;
      return {};
    }
    return "the answer is null (only an oracle may say that an input is outside the task)";
  }
  if (auto why = decode_answer(format, answer, out.input.size(), out.expected); !why.empty())
    return why;
  out.length = default_length;
  if (j.contains("length")) {
    const json& len = j.at("length");
    if (!len.is_number_unsigned() || len.get<std::uint64_t>() == 0)
      return fmt::format("\"length\" must be a positive integer, not {}", type_name(len));
    out.length = static_cast<std::size_t>(len.get<std::uint64_t>());
  }
  return {};
}

std::string abbreviate(const std::string& line, std::size_t max) {
  if (line.size() <= max) return line;
  const std::size_t half = max / 2;
  return line.substr(0, half) + fmt::format(" ... ({} bytes) ... ", line.size() - 2 * half) +
         line.substr(line.size() - half);
}

}  // namespace crasp::spec_detail
