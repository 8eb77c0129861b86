// Task sources (src/task_source): decoding the JSON of one protocol line into an instance, per answer
// format (docs/tasks.md). Each function returns an error message, empty on success, so that the
// caller can locate it (the spec key, the line of the generator's output or of a data file).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "task_source/protocols.hpp"

namespace crasp::spec_detail {

/// An input: a string of whitespace-separated tokens, or an array of token strings. Empty
/// inputs are refused (a program answers at the last position, so there must be one).
std::string decode_input(const nlohmann::json& v, tokens& out);

/// An answer in `format` for an input of `input_size` tokens:
///  - accept: true / false                     -> {"True"} / {"False"}
///  - count: an integer                        -> {"N"}
///  - continuation: "tok tok" or ["tok", ...]  -> the tokens ("" generates nothing)
///  - labels: "l l l" or [l, l, l], exactly one per input token; true/false become
///    "True"/"False", integers their decimal, strings stay tokens.
std::string decode_answer(tasks::answer_format format, const nlohmann::json& v,
                          std::size_t input_size, tokens& out);

/// A whole line `{"input": ..., "answer": ..., "length": L?}` (other keys are errors, so that a
/// misspelt key does not pass unnoticed). An oracle's line has no "input" (pass the input it
/// answers as `asked`; an echoed "input" is ignored) and may answer null, which sets `outside`.
/// Without "length" the instance's length is `default_length`.
std::string decode_line(const std::string& line, tasks::answer_format format, const tokens* asked,
                        std::size_t default_length, task_instance& out, bool& outside);

/// The line, shortened for a message: at most `max` bytes with "..." in the middle.
std::string abbreviate(const std::string& line, std::size_t max = 160);

}  // namespace crasp::spec_detail
