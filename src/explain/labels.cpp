// Dimension names back to statements (labels.hpp).
#include "explain/labels.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include <fmt/format.h>

#include "crasp/frontend.hpp"
#include "support/ir_walk.hpp"

namespace crasp::explain_detail {
namespace {

// A KIND prefix: lowercase words with dots and a bracketed offset (`read[i-1]`, `match.bos`);
// never quotes, which only statement labels (`PREV["t0"]`) contain.
bool is_kind(const std::string& s) {
  if (s.empty() || !std::islower(static_cast<unsigned char>(s.front()))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
           c == '.' || c == '[' || c == ']' || c == '-' || c == '+' || c == '_' || c == ' ';
  });
}

bool is_node_id(const std::string& s) {
  return s.size() > 1 && s[0] == 'n' &&
         std::all_of(s.begin() + 1, s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

}  // namespace

std::string dimension_label(const std::string& name) {
  std::string rest = name;
  bool stripped = false;
  for (;;) {
    const auto colon = rest.find(':');
    if (colon == std::string::npos) break;
    const std::string kind = rest.substr(0, colon);
    if (!is_kind(kind)) break;
    if (kind == "tok") return {};  // a token's embedding, not a computed value
    rest = rest.substr(colon + 1);
    stripped = true;
  }
  if (!stripped) return {};  // one, bos, u, pos[i].bit3, phase[0 mod 3]
  // A second dimension of the same value (match:n102#2) belongs to the same node.
  const auto hash = rest.rfind('#');
  if (hash != std::string::npos && hash + 1 < rest.size() &&
      std::all_of(rest.begin() + static_cast<std::ptrdiff_t>(hash) + 1, rest.end(),
                  [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    rest.resize(hash);
  return rest;
}

std::vector<std::string> statements_of(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const auto& name : names) {
    std::string label = dimension_label(name);
    if (label.empty()) continue;
    // STATEMENT.nID: a node inside STATEMENT; the statement is what a reader knows.
    const auto dot = label.rfind('.');
    if (dot != std::string::npos && is_node_id(label.substr(dot + 1))) label.resize(dot);
    if (seen.insert(label).second) out.push_back(label);
  }
  return out;
}

std::map<std::string, std::string> statement_sources(const ir::program& program,
                                                     const std::vector<std::string>& labels) {
  std::map<std::string, std::string> out;
  std::map<std::string, const ir::statement*> by_name;
  for (const auto& st : program.statements) by_name[st.name] = &st;  // later shadows earlier
  // A next rule has no source span of its own (a family `next[a in S]` expands to one rule per
  // token): it is shown as `crasp expand` prints it.
  std::map<std::string, std::string> rules;
  const bool wants_rules = std::any_of(labels.begin(), labels.end(), [](const std::string& l) {
    return l.rfind("next \"", 0) == 0;
  });
  if (wants_rules && !program.next.empty()) {
    const std::string text = print_expanded(program);
    for (std::size_t at = 0; at < text.size();) {
      std::size_t end = text.find('\n', at);
      if (end == std::string::npos) end = text.size();
      const std::string line = text.substr(at, end - at);
      if (const auto eq = line.find("\" = "); line.rfind("next \"", 0) == 0 && eq != std::string::npos)
        rules[line.substr(0, eq + 1)] = line;
      at = end + 1;
    }
  }
  std::vector<std::string> user;  // built only for labels of unowned nodes (older models)
  for (const auto& label : labels) {
    if (auto it = by_name.find(label); it != by_name.end()) {
      const ir::statement& st = *it->second;
      if (program.source && st.where.end > st.where.begin && st.where.end <= program.source->text.size())
        out[label] = program.source->text.substr(st.where.begin, st.where.end - st.where.begin);
    } else if (auto rule = rules.find(label); rule != rules.end()) {
      out[label] = rule->second;
    } else if (is_node_id(label)) {
      if (user.empty()) user = ir::node_owners(program);
      const auto id = std::stoul(label.substr(1));
      if (id < user.size() && !user[id].empty()) out[label] = "a node of " + user[id];
    }
  }
  return out;
}

}  // namespace crasp::explain_detail
