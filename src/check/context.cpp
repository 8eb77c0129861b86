// Small helpers of the checker's shared state.
#include "check/context.hpp"

#include <algorithm>
#include <iterator>

namespace crasp::checker {

std::string context::text(span s) const {
  if (!src || s.end <= s.begin || s.end > src->text.size()) return {};
  return src->text.substr(s.begin, s.end - s.begin);
}

std::string context::quote(ast::expr_id e) const {
  std::string t = text(prog.at(e).where);
  // Hand-built ASTs (tests, tools) may lack spans; fall back to a neutral description.
  if (t.empty()) return "the operand";
  for (char& c : t)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  return "'" + abbreviate(t, 17) + "'";
}

std::uint32_t context::add_token(const std::string& tok) {
  auto [it, fresh] = vocab_index.emplace(tok, static_cast<std::uint32_t>(vocabulary.size()));
  if (fresh) vocabulary.push_back(tok);
  return it->second;
}

int context::lookup(const std::string& name, int before) const {
  auto it = defs_by_name.find(name);
  if (it == defs_by_name.end()) return -1;
  auto pos = std::lower_bound(it->second.begin(), it->second.end(), before);
  return pos == it->second.begin() ? -1 : *std::prev(pos);
}

const char* kind_name(kind k) {
  switch (k) {
    case kind::boolean: return "a Boolean";
    case kind::count: return "a count";
    case kind::pterm: return "a position term";
    case kind::pbool: return "a positional predicate";
    case kind::sym: return "a symbol variable";
    case kind::wbool: return "a symbol comparison";
    case kind::error: break;
  }
  return "invalid";
}

}  // namespace crasp::checker
