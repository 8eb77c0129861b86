// Helpers for the checker tests: load a program from text and look at its diagnostics.
#pragma once

#include <string>
#include <vector>

#include "crasp/frontend.hpp"

namespace check_test {

inline crasp::load_result load(const std::string& text, const std::string& name = "t.crasp",
                               const crasp::check_options& options = {}) {
  return crasp::load_text(name, text, options);
}

/// Messages of the given severity, in order.
inline std::vector<std::string> messages(const crasp::load_result& r,
                                         crasp::severity level = crasp::severity::error) {
  std::vector<std::string> out;
  for (const auto& d : r.diags.items())
    if (d.level == level) out.push_back(d.message);
  return out;
}

inline std::vector<std::string> errors(const std::string& text, const std::string& name = "t.crasp") {
  return messages(load(text, name));
}

/// The only error of a program that must have exactly one.
inline std::string error(const std::string& text, const std::string& name = "t.crasp") {
  auto e = errors(text, name);
  if (e.size() != 1) {
    std::string all = std::to_string(e.size()) + " errors:";
    for (const auto& m : e) all += " [" + m + "]";
    return all;
  }
  return e[0];
}

/// Notes attached to the first error.
inline std::vector<std::string> notes(const std::string& text) {
  std::vector<std::string> out;
  auto r = load(text);
  for (const auto& d : r.diags.items()) {
    if (d.level != crasp::severity::error) continue;
    for (const auto& n : d.notes) out.push_back(n.message);
    break;
  }
  return out;
}

/// The checked program (REQUIREs success in the caller).
inline crasp::ir::program program(const std::string& text, const std::string& name = "t.crasp",
                                  const crasp::check_options& options = {}) {
  auto r = load(text, name, options);
  if (!r.ok()) throw std::runtime_error(crasp::render(r.diags));
  return *r.program;
}

}  // namespace check_test
