// Small helpers over the random-program tree: comparison operators, alphabet lookup, the input
// alphabet the tests draw tokens from, and the size measure the shrinker minimizes.
#include <algorithm>
#include <stdexcept>

#include "program.hpp"

namespace rnd {

const char* cmp_text(cmp_op op) {
  static const char* text[] = {"<", "<=", "==", "!=", ">=", ">"};
  return text[static_cast<int>(op)];
}

bool cmp_holds(cmp_op op, std::int64_t a, std::int64_t b) {
  switch (op) {
    case cmp_op::lt: return a < b;
    case cmp_op::le: return a <= b;
    case cmp_op::eq: return a == b;
    case cmp_op::ne: return a != b;
    case cmp_op::ge: return a >= b;
    case cmp_op::gt: return a > b;
  }
  return false;
}

const alphabet& program::abc(const std::string& name) const {
  for (const auto& a : alphabets)
    if (a.name == name) return a;
  throw std::logic_error("no alphabet " + name);
}

bool program::is_generator() const {
  return std::any_of(stmts.begin(), stmts.end(), [](const statement& s) {
    return s.form == statement::next_tok || s.form == statement::next_family;
  });
}

namespace {

void named_tokens(const expr& e, std::vector<std::string>& out) {
  if (e.k == ek::tok_lit) out.push_back(e.text);
  for (const auto& a : e.args)
    if (a.front() == '"') out.push_back(a.substr(1, a.size() - 2));
  for (const auto& k : e.kids) named_tokens(k, out);
}

std::size_t size(const pos& e) {
  std::size_t n = 1;
  for (const auto& k : e.kids) n += size(k);
  return n;
}

std::size_t size(const expr& e) {
  std::size_t n = 1 + size(e.phi) + (e.g.form == guard::none ? 0 : 1 + size(e.g.psi)) +
                  (e.where_var.empty() ? 0 : 1) + e.args.size();
  for (const auto& k : e.kids) n += size(k);
  return n;
}

}  // namespace

std::vector<std::string> input_alphabet(const program& p) {
  std::vector<std::string> out;
  for (const auto& a : p.alphabets) out.insert(out.end(), a.items.begin(), a.items.end());
  for (const auto& s : p.stmts) {
    named_tokens(s.value, out);
    if (s.form == statement::next_tok) out.push_back(s.name);
  }
  if (p.alphabets.empty()) out.push_back("z");  // never named: every token test is false on it
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::size_t size(const program& p) {
  std::size_t n = 0;
  for (const auto& a : p.alphabets) n += a.items.size();
  for (const auto& s : p.stmts) n += 2 + s.params.size() + size(s.value) + size(s.pred);
  return n;
}

}  // namespace rnd
