// Formal-language acceptors: membership. The alphabet of each language is symbols(spec(id), 0);
// a token outside it, or the empty string, is a precondition violation.
#include <algorithm>

#include "tasks/common.hpp"

namespace crasp::tasks::detail {
namespace {

// The string over a one-character-per-symbol alphabet, or nullopt if a token is not a symbol.
std::optional<std::string> letters_of(task_id id, const tokens& input) {
  const auto alphabet = symbols(spec(id), 0);
  std::string s;
  s.reserve(input.size());
  for (const auto& t : input) {
    if (std::find(alphabet.begin(), alphabet.end(), t) == alphabet.end()) {
      return std::nullopt;
    }
    s.push_back(t[0]);
  }
  return s;
}

bool dyck1(const std::string& s) {
  long depth = 0;
  for (char c : s) {
    depth += c == '(' ? 1 : -1;
    if (depth < 0) {
      return false;
    }
  }
  return depth == 0;
}

// a^n b^n (c^n) with n >= 1: the string is runs of the letters in order, all of length n.
bool blocks(const std::string& s, std::string_view letters) {
  if (s.size() % letters.size() != 0 || s.empty()) {
    return false;
  }
  const std::size_t n = s.size() / letters.size();
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != letters[i / n]) {
      return false;
    }
  }
  return true;
}

// w_i = w_{i-c} for every i >= c: "copy every c-th token".
bool copy_every(const std::string& s, std::size_t c) {
  for (std::size_t i = c; i < s.size(); ++i) {
    if (s[i] != s[i - c]) {
      return false;
    }
  }
  return true;
}

}  // namespace

std::optional<bool> member(task_id id, const tokens& input) {
  if (is_regular_language(id)) return regular_member(id, input);
  const auto s = letters_of(id, input);
  if (!s || s->empty()) {
    return std::nullopt;
  }
  switch (id) {
    case task_id::dyck1:
      return dyck1(*s);
    case task_id::anbn:
      return blocks(*s, "ab");
    case task_id::anbncn:
      return blocks(*s, "abc");
    case task_id::aa_star:
      return s->size() % 2 == 0;
    case task_id::contains_ab:
      return s->find("ab") != std::string::npos;
    case task_id::copy_every_1:
    case task_id::copy_every_2:
    case task_id::copy_every_3:
      return copy_every(*s, copy_period(id));
    default:
      return std::nullopt;
  }
}

}  // namespace crasp::tasks::detail
