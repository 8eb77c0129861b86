// Alphabets: range expansion ("a".."e", "t0".."t149", 0..149), command-line specs, declarations
// and --alphabet overrides. Declarations are collected before any statement is checked, so a
// family or quantifier may use an alphabet declared anywhere in the file.
#include <cctype>

#include <fmt/format.h>

#include "check/context.hpp"
#include "support/utf8.hpp"

namespace crasp {
namespace {

// Ranges larger than this are almost certainly typos and would only exhaust memory.
constexpr std::uint64_t max_range = 1000000;

// Splits "t149" into "t" and "149"; digits empty when the token does not end in a digit.
std::pair<std::string, std::string> split_number(const std::string& s) {
  std::size_t k = s.size();
  while (k > 0 && std::isdigit(static_cast<unsigned char>(s[k - 1]))) --k;
  return {s.substr(0, k), s.substr(k)};
}

std::string unquote(std::string s) {
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') return s.substr(1, s.size() - 2);
  return s;
}

}  // namespace

std::optional<std::vector<std::string>> expand_range(const std::string& first, const std::string& last) {
  std::vector<std::string> out;
  auto [p1, n1] = split_number(first);
  auto [p2, n2] = split_number(last);
  if (!n1.empty() && !n2.empty() && p1 == p2 && n1.size() <= 18 && n2.size() <= 18) {
    // Zero-padded ends ("t00".."t10") keep their width; plain numbers print plainly.
    bool padded = (n1.size() > 1 && n1[0] == '0') || (n2.size() > 1 && n2[0] == '0');
    if (padded && n1.size() != n2.size()) return std::nullopt;
    std::uint64_t a = std::stoull(n1), b = std::stoull(n2);
    if (a > b || b - a >= max_range) return std::nullopt;
    for (std::uint64_t x = a; x <= b; ++x) {
      std::string num = std::to_string(x);
      if (padded && num.size() < n1.size()) num.insert(0, n1.size() - num.size(), '0');
      out.push_back(p1 + num);
    }
    return out;
  }
  if (first.size() == 1 && last.size() == 1) {
    auto a = static_cast<unsigned char>(first[0]), b = static_cast<unsigned char>(last[0]);
    if (a > b) return std::nullopt;
    for (unsigned c = a; c <= b; ++c) out.emplace_back(1, static_cast<char>(c));
    return out;
  }
  return std::nullopt;
}

std::optional<std::vector<std::string>> expand_alphabet_spec(std::string_view spec, diagnostics& diags) {
  // Tokens end up in model files and JSON, which hold UTF-8 text only.
  if (const char* bad = invalid_utf8(spec.data(), spec.data() + spec.size())) {
    diags.error("--alphabet", fmt::format("byte 0x{:02X} is not valid UTF-8; tokens are UTF-8 text",
                                          static_cast<unsigned char>(*bad)));
    return std::nullopt;
  }
  // Words separated by blanks or commas; ".." may stand alone or touch either end.
  std::vector<std::string> words;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) words.push_back(cur);
    cur.clear();
  };
  for (char c : spec) {
    if (std::isspace(static_cast<unsigned char>(c)) || c == ',')
      flush();
    else
      cur += c;
  }
  flush();
  // Re-join "a .. e", "a.. e" and "a ..e" into "a..e".
  std::vector<std::string> items;
  for (std::size_t k = 0; k < words.size(); ++k) {
    std::string w = words[k];
    if (w.rfind("..", 0) == 0 && !items.empty() && items.back().find("..") == std::string::npos) {
      items.back() += w;
      if (w == ".." && k + 1 < words.size()) items.back() += words[++k];
      continue;
    }
    if (w.size() > 2 && w.compare(w.size() - 2, 2, "..") == 0 && k + 1 < words.size()) w += words[++k];
    items.push_back(w);
  }
  std::vector<std::string> out;
  bool ok = true;
  for (const std::string& item : items) {
    std::size_t dots = item.find("..");
    if (dots == std::string::npos) {
      out.push_back(unquote(item));
      continue;
    }
    std::string a = unquote(item.substr(0, dots)), b = unquote(item.substr(dots + 2));
    auto r = (a.empty() || b.empty()) ? std::nullopt : expand_range(a, b);
    if (!r) {
      diags.error("--alphabet", "malformed range '" + item + "'");
      ok = false;
      continue;
    }
    out.insert(out.end(), r->begin(), r->end());
  }
  if (!ok) return std::nullopt;
  return out;
}

namespace checker {

void collect_alphabets(context& cx) {
  for (const ast::statement& st : cx.prog.statements) {
    const auto* decl = std::get_if<ast::alphabet_decl>(&st.node);
    if (!decl) continue;
    if (auto it = cx.alphabet_by_name.find(decl->name); it != cx.alphabet_by_name.end()) {
      cx.error(decl->name_where, "alphabet '" + decl->name + "' is already declared")
          .notes.push_back(cx.note(cx.alphabets[static_cast<std::size_t>(it->second)].where,
                                   "previous declaration is here"));
      continue;
    }
    alphabet a;
    a.name = decl->name;
    a.where = decl->name_where;
    auto add = [&](const std::string& tok, span where, bool from_override) {
      if (!a.index.emplace(tok, static_cast<std::uint32_t>(a.tokens.size())).second) {
        std::string msg = "duplicate token '" + tok + "' in alphabet '" + a.name + "'";
        if (from_override)
          cx.diags.error("--alphabet", msg);
        else
          cx.error(where, msg);
        return;
      }
      a.tokens.push_back(tok);
    };
    if (auto ov = cx.options.alphabet_overrides.find(a.name); ov != cx.options.alphabet_overrides.end()) {
      for (const std::string& tok : ov->second) add(tok, decl->name_where, true);
    } else {
      for (const ast::alphabet_item& item : decl->items) {
        if (!item.last) {
          add(item.first, item.where, false);
          continue;
        }
        auto r = expand_range(item.first, *item.last);
        if (!r) {
          cx.error(item.where, "'" + item.first + "' .. '" + *item.last +
                                   "' is not a range: use single characters (\"a\" .. \"e\") or "
                                   "one prefix with increasing numbers (\"t0\" .. \"t149\")");
          continue;
        }
        for (const std::string& tok : *r) add(tok, item.where, false);
      }
    }
    cx.alphabet_by_name.emplace(a.name, static_cast<int>(cx.alphabets.size()));
    cx.alphabets.push_back(std::move(a));
  }
  for (const auto& [name, items] : cx.options.alphabet_overrides) {
    (void)items;
    if (!cx.alphabet_by_name.count(name))
      cx.diags.error("--alphabet", "alphabet '" + name + "' is not declared in the program");
  }
}

}  // namespace checker
}  // namespace crasp
