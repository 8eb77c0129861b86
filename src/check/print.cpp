// print_expanded: the IR back as plain .crasp (what `crasp expand` shows). Every composite
// expression is parenthesized, so the output does not depend on precedence; nodes that are the
// value of a visible earlier statement print as its name, so the DAG's sharing stays visible.
#include <unordered_map>

#include <fmt/format.h>

#include "check/positional.hpp"
#include "crasp/frontend.hpp"

namespace crasp {
namespace {

const char* cmp_text(ir::cmp op) {
  switch (op) {
    case ir::cmp::lt: return "<";
    case ir::cmp::le: return "<=";
    case ir::cmp::eq: return "==";
    case ir::cmp::ne: return "!=";
    case ir::cmp::ge: return ">=";
    case ir::cmp::gt: return ">";
  }
  return "==";
}

std::string integer(std::int64_t v) {
  if (v >= 0) return std::to_string(v);
  if (v == INT64_MIN) return "(-9223372036854775807 - 1)";
  return "(-" + std::to_string(-v) + ")";
}

class printer {
 public:
  explicit printer(const ir::program& p) : p_(p) {}

  std::string run() {
    std::string out;
    if (p_.closed_vocabulary) {
      out += "alphabet Vocabulary = {";
      for (const std::string& t : p_.vocabulary) out += " \"" + t + "\"";
      out += " }\n";
    }
    for (const ir::statement& s : p_.statements) {
      out += s.name + " = " + expr(s.value) + "\n";
      current_[s.name] = s.value;
      names_[s.value].push_back(s.name);
    }
    for (const ir::next_rule& r : p_.next) out += "next \"" + p_.vocabulary.at(r.token) + "\" = " + expr(r.value) + "\n";
    return out;
  }

 private:
  const ir::program& p_;
  std::unordered_map<std::string, ir::node_id> current_;            // name -> its latest value
  std::unordered_map<ir::node_id, std::vector<std::string>> names_;  // value -> names given to it

  // The latest name that still refers to `n` (a later statement may have shadowed it).
  const std::string* visible_name(ir::node_id n) const {
    auto it = names_.find(n);
    if (it == names_.end()) return nullptr;
    for (auto k = it->second.rbegin(); k != it->second.rend(); ++k)
      if (current_.at(*k) == n) return &*k;
    return nullptr;
  }

  std::string expr(ir::node_id n) const {
    if (const std::string* name = visible_name(n)) return *name;
    return std::visit([&](const auto& op) { return on(op); }, p_.nodes.at(n).operation);
  }

  std::string bin(ir::node_id a, const char* op, ir::node_id b) const {
    return fmt::format("({} {} {})", expr(a), op, expr(b));
  }

  std::string on(const ir::token_test& t) const { return "\"" + p_.vocabulary.at(t.token) + "\""; }
  std::string on(const ir::bool_const& c) const { return c.value ? "true" : "false"; }
  std::string on(const ir::int_const& c) const { return integer(c.value); }
  std::string on(const ir::not_& o) const { return fmt::format("(!{})", expr(o.a)); }
  std::string on(const ir::and_& o) const { return bin(o.a, "&&", o.b); }
  std::string on(const ir::or_& o) const { return bin(o.a, "||", o.b); }
  std::string on(const ir::periodic& o) const {
    return fmt::format("({})", checker::residues_condition(o.residues));
  }
  std::string on(const ir::compare& o) const { return bin(o.a, cmp_text(o.op), o.b); }
  std::string on(const ir::count& o) const {
    if (o.local) return fmt::format("(#[j <= i, {}] {})", checker::offsets_condition(o.offsets), expr(o.body));
    return fmt::format("(#[j <= i] {})", expr(o.body));
  }
  std::string on(const ir::add& o) const { return bin(o.a, "+", o.b); }
  std::string on(const ir::sub& o) const { return bin(o.a, "-", o.b); }
  std::string on(const ir::scale& o) const { return fmt::format("({} * {})", integer(o.k), expr(o.a)); }
  std::string on(const ir::min_& o) const { return fmt::format("min({}, {})", expr(o.a), expr(o.b)); }
  std::string on(const ir::max_& o) const { return fmt::format("max({}, {})", expr(o.a), expr(o.b)); }
  std::string on(const ir::select& o) const {
    return fmt::format("({} ? {} : {})", expr(o.cond), expr(o.a), expr(o.b));
  }
};

}  // namespace

std::string print_expanded(const ir::program& program) { return printer(program).run(); }

}  // namespace crasp
