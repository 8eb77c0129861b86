// Learning the frame of a spec's inputs from samples (see shape.hpp).
#include "task_source/shape.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace crasp::sources {
namespace {

std::string ordinal(std::size_t k) {
  static const char* const names[] = {"first", "second", "third", "fourth", "fifth"};
  return k < 5 ? names[k] : fmt::format("{}th", k + 1);
}

}  // namespace

std::optional<std::vector<std::size_t>> input_shape::place(std::size_t length) const {
  std::vector<std::size_t> at;
  for (const auto& a : frame) {
    if (a.offset >= length) return std::nullopt;
    const std::size_t p = a.from_end ? length - 1 - a.offset : a.offset;
    if (std::find(at.begin(), at.end(), p) != at.end()) return std::nullopt;
    at.push_back(p);
  }
  return at;
}

bool input_shape::fits(const std::vector<std::string>& input) const {
  const auto at = place(input.size());
  if (!at) return false;
  for (std::size_t p = 0; p < input.size(); ++p) {
    const auto f = std::find(at->begin(), at->end(), p);
    if (f != at->end() ? input[p] != frame[static_cast<std::size_t>(f - at->begin())].token
                       : std::find(content.begin(), content.end(), input[p]) == content.end())
      return false;
  }
  return true;
}

std::string input_shape::describe() const {
  std::string out;
  for (const auto& a : frame)
    out += fmt::format("{}{} {}{}", out.empty() ? "" : ", ", a.token, ordinal(a.offset),
                       a.from_end ? " from the end" : "");
  return out + fmt::format(", the rest over {} token{}", content.size(),
                           content.size() == 1 ? "" : "s");
}

input_shape learn_shape(const std::vector<std::vector<std::string>>& samples,
                        const std::vector<std::string>& vocabulary) {
  input_shape shape;
  if (samples.empty()) return shape;
  for (const auto& tok : vocabulary) {
    // A frame token occurs exactly once in every sample, always at the same offset from one end.
    std::optional<std::size_t> from_start, from_end;
    bool start_fixed = true, end_fixed = true, frame = true;
    for (const auto& s : samples) {
      const auto n = static_cast<std::size_t>(std::count(s.begin(), s.end(), tok));
      if (n != 1) {
        frame = false;
        break;
      }
      const auto p = static_cast<std::size_t>(std::find(s.begin(), s.end(), tok) - s.begin());
      if (from_start && *from_start != p) start_fixed = false;
      if (from_end && *from_end != s.size() - 1 - p) end_fixed = false;
      from_start = p;
      from_end = s.size() - 1 - p;
    }
    if (frame && start_fixed) {
      shape.frame.push_back({tok, false, *from_start});
    } else if (frame && end_fixed) {
      shape.frame.push_back({tok, true, *from_end});
    } else {
      shape.content.push_back(tok);
    }
  }
  if (shape.frame.empty() || shape.content.empty()) return {{}, vocabulary};
  return shape;
}

}  // namespace crasp::sources
