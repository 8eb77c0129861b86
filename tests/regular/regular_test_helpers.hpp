// Shared by the tests of src/regular: exhaustive word lists and the predicates that serve as
// independent oracles, so each test file checks the module against something it did not build.
#pragma once

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "regular/regex.hpp"

namespace crasp::regular::testing {

using word = std::vector<std::string>;

/// Every word over `alphabet` of length exactly n, in lexicographic order of indices.
inline std::vector<word> words_of_length(const std::vector<std::string>& alphabet, std::size_t n) {
  std::vector<word> out{word{}};
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<word> longer;
    longer.reserve(out.size() * alphabet.size());
    for (const auto& w : out)
      for (const auto& s : alphabet) {
        longer.push_back(w);
        longer.back().push_back(s);
      }
    out = std::move(longer);
  }
  return out;
}

/// Every word over `alphabet` of length at most n.
inline std::vector<word> words_up_to(const std::vector<std::string>& alphabet, std::size_t n) {
  std::vector<word> out;
  for (std::size_t len = 0; len <= n; ++len) {
    auto more = words_of_length(alphabet, len);
    out.insert(out.end(), more.begin(), more.end());
  }
  return out;
}

/// "a b <sep>" as tokens.
inline word tokens(const std::string& text) {
  word out;
  std::string cur;
  for (const char c : text) {
    if (c == ' ') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

/// The tokens concatenated ("ab<sep>").
inline std::string join(const word& w) {
  std::string out;
  for (const auto& s : w) out += s;
  return out;
}

/// Dyck words over a (open) and b (close) whose depth never exceeds `bound`; the depth
/// reached, or -1 when `w` is not such a word.
inline int dyck_depth(const word& w, int bound = 1 << 30) {
  int depth = 0, top = 0;
  for (const auto& s : w) {
    depth += s == "a" ? 1 : -1;
    if (depth < 0 || depth > bound) return -1;
    top = std::max(top, depth);
  }
  return depth == 0 ? top : -1;
}

/// The bounded Dyck language D_n as a regex: (a(a(...(ab)*...)*b)*b)*.
inline std::string dyck_regex(int n) {
  std::string r = "ab";
  for (int i = 1; i < n; ++i) r = "a(" + r + ")*b";
  return "(" + r + ")*";
}

/// The dfa of `regex` over `alphabet`; a failed compile fails the calling test.
inline dfa compiled(const std::string& regex, const std::vector<std::string>& alphabet = {}) {
  auto r = compile_regex(regex, alphabet);
  if (!r.automaton) throw std::runtime_error(regex + ": " + r.error);
  return *r.automaton;
}

}  // namespace crasp::regular::testing
