// The regex parser (see regex_parse.hpp and, for the syntax, regex.hpp): recursive descent with
// the nesting depth capped, so that hostile input fails with a message instead of a stack
// overflow. Every error names the column of the character that caused it.
#include "regular/regex_parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_set>

namespace crasp::regular::detail {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool is_meta(char c) {
  return std::string_view("|()*+?[]{}.\\<>").find(c) != std::string_view::npos;
}

bool is_postfix(int c) {
  return c == '*' || c == '+' || c == '?' || c == '{';
}

// Bytes in the UTF-8 character starting at text[i], so that 'é' is one symbol, not two.
std::size_t char_length(std::string_view text, std::size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  const std::size_t want = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
  std::size_t n = 1;
  while (n < want && i + n < text.size() &&
         (static_cast<unsigned char>(text[i + n]) & 0xC0) == 0x80)
    ++n;
  return n;
}

class parser {
 public:
  parser(std::string_view text, const std::vector<std::string>& alphabet)
      : text_(text), alphabet_(alphabet), known_(alphabet.begin(), alphabet.end()) {}

  regex_parse_result run() {
    const auto root = alternation();
    if (root && peek() == ')') fail(pos_ + 1, "unbalanced ')'");
    if (!error_.empty()) return {std::nullopt, column_, error_};
    out_.root = *root;
    return {std::move(out_), 0, ""};
  }

 private:
  std::string_view text_;
  const std::vector<std::string>& alphabet_;
  std::unordered_set<std::string> known_, seen_;
  std::size_t pos_ = 0, depth_ = 0, column_ = 0;
  std::string error_;
  regex_syntax out_;

  std::nullopt_t fail(std::size_t column, std::string message) {
    if (error_.empty()) {
      column_ = column;
      error_ = std::move(message);
    }
    return std::nullopt;
  }

  // The next non-space character (pos_ is left on it), or -1 at the end.
  int peek() {
    while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
    return pos_ < text_.size() ? static_cast<unsigned char>(text_[pos_]) : -1;
  }

  std::uint32_t add(regex_node n) {
    out_.nodes.push_back(std::move(n));
    return static_cast<std::uint32_t>(out_.nodes.size() - 1);
  }

  std::optional<std::uint32_t> alternation() {
    const std::size_t column = pos_ + 1;
    const auto first = concatenation();
    if (!first || peek() != '|') return first;
    regex_node alt{regex_node::kind::alternation, {}, false, {*first}, 0, 0, false, column};
    while (peek() == '|') {
      ++pos_;
      const auto next = concatenation();
      if (!next) return std::nullopt;
      alt.children.push_back(*next);
    }
    return add(std::move(alt));
  }

  std::optional<std::uint32_t> concatenation() {
    regex_node cat{regex_node::kind::concat, {}, false, {}, 0, 0, false, pos_ + 1};
    for (int c = peek(); c != -1 && c != '|' && c != ')'; c = peek()) {
      const auto r = repetition();
      if (!r) return std::nullopt;
      cat.children.push_back(*r);
    }
    if (cat.children.size() == 1) return cat.children[0];
    return add(std::move(cat));
  }

  std::optional<std::uint32_t> repetition() {
    if (const int c = peek(); is_postfix(c))
      return fail(pos_ + 1, fmt::format("'{}' has nothing to repeat", static_cast<char>(c)));
    const auto a = atom();
    if (!a || !is_postfix(peek())) return a;
    regex_node rep{regex_node::kind::repeat, {}, false, {*a}, 0, 1, false, pos_ + 1};
    switch (text_[pos_]) {
      case '*':
        rep.unbounded = true;
        ++pos_;
        break;
      case '+':
        rep.min = 1;
        rep.unbounded = true;
        ++pos_;
        break;
      case '?':
        ++pos_;
        break;
      default:
        if (!bounds(rep)) return std::nullopt;
    }
    if (const int c = peek(); is_postfix(c))
      return fail(pos_ + 1,
                  fmt::format("'{}' follows a repetition (use parentheses)", static_cast<char>(c)));
    return add(std::move(rep));
  }

  // {m}, {m,} or {m,n}, with pos_ on the '{'.
  bool bounds(regex_node& rep) {
    const std::size_t open = pos_ + 1;
    ++pos_;
    const auto malformed = [&] {
      fail(open, "malformed repetition: expected {m}, {m,} or {m,n}");
      return false;
    };
    const auto number = [&](std::uint32_t& value) -> int {  // 1 read, 0 absent, -1 error
      if (const int c = peek(); c < '0' || c > '9') return 0;
      const std::size_t begin = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      const std::string_view digits = text_.substr(begin, pos_ - begin);
      value = 0;
      for (const char d : digits)
        value = std::min<std::uint32_t>(value * 10 + static_cast<std::uint32_t>(d - '0'), 100000);
      if (value <= max_repetition) return 1;
      const auto shown =
          digits.size() > 12 ? std::string(digits.substr(0, 12)) + "..." : std::string(digits);
      fail(begin + 1, fmt::format("repetition bound {} exceeds {}", shown, max_repetition));
      return -1;
    };
    const int m = number(rep.min);
    if (m < 0) return false;
    if (m == 0) return malformed();
    if (peek() == '}') {
      ++pos_;
      rep.max = rep.min;
      return true;
    }
    if (peek() != ',') return malformed();
    ++pos_;
    const int n = number(rep.max);
    if (n < 0) return false;
    if (peek() != '}') return malformed();
    ++pos_;
    if (n == 0) {
      rep.unbounded = true;
    } else if (rep.max < rep.min) {
      fail(open, fmt::format("bad repetition {{{},{}}}: min above max", rep.min, rep.max));
      return false;
    }
    return true;
  }

  std::optional<std::uint32_t> atom() {
    const int c = peek();
    const std::size_t column = pos_ + 1;
    switch (c) {
      case '(': {
        if (depth_ == max_regex_depth)
          return fail(column, fmt::format("nesting deeper than {}", max_regex_depth));
        ++pos_;
        ++depth_;
        const auto inner = alternation();
        if (!inner) return std::nullopt;
        if (peek() != ')') return fail(column, "unclosed '('");
        ++pos_;
        --depth_;
        return inner;
      }
      case '[':
        return char_class();
      case '.':
        ++pos_;
        return add({regex_node::kind::symbols, {}, true, {}, 0, 0, false, column});
      case ']':
      case '}':
      case '>':
        return fail(column, fmt::format("unmatched '{}'", static_cast<char>(c)));
      default: {
        regex_node sym{regex_node::kind::symbols, {}, false, {}, 0, 0, false, column};
        sym.names.emplace_back();
        if (!symbol(sym.names.back())) return std::nullopt;
        return add(std::move(sym));
      }
    }
  }

  std::optional<std::uint32_t> char_class() {
    regex_node cls{regex_node::kind::symbols, {}, false, {}, 0, 0, false, pos_ + 1};
    ++pos_;
    if (peek() == '^') {
      cls.negated = true;
      ++pos_;
    }
    for (int c = peek(); c != ']'; c = peek()) {
      if (c == -1) return fail(cls.column, "unterminated class");
      if (c == '-' && !cls.names.empty()) {  // a dash is fine first or last, where no range fits
        const std::size_t dash = pos_++;
        const bool last = peek() == ']';
        pos_ = dash;
        if (!last) return fail(dash + 1, "no ranges in a class: list the symbols or escape '-'");
      }
      if (c != '\\' && c != '<' && is_meta(static_cast<char>(c)))
        return fail(pos_ + 1, fmt::format("unescaped '{}' in a class", static_cast<char>(c)));
      cls.names.emplace_back();
      if (!symbol(cls.names.back())) return std::nullopt;
    }
    ++pos_;
    if (cls.names.empty()) return fail(cls.column, "empty class");
    return add(std::move(cls));
  }

  // One symbol at pos_ (a character, an escape or a <name>), checked against the alphabet.
  bool symbol(std::string& name) {
    const std::size_t column = pos_ + 1;
    if (text_[pos_] == '\\') {
      if (pos_ + 1 >= text_.size() || is_space(text_[pos_ + 1])) {
        fail(column, "nothing to escape after '\\'");
        return false;
      }
      const std::size_t len = char_length(text_, pos_ + 1);
      name = std::string(text_.substr(pos_ + 1, len));
      pos_ += 1 + len;
    } else if (text_[pos_] == '<') {
      std::size_t j = pos_ + 1;
      while (j < text_.size() && text_[j] != '>' && text_[j] != '<' && !is_space(text_[j])) ++j;
      if (j >= text_.size() || text_[j] != '>') {
        fail(column, "unterminated '<' symbol");
        return false;
      }
      if (j == pos_ + 1) {
        fail(column, "empty '<>' symbol");
        return false;
      }
      name = std::string(text_.substr(pos_, j + 1 - pos_));
      pos_ = j + 1;
    } else {
      const std::size_t len = char_length(text_, pos_);
      name = std::string(text_.substr(pos_, len));
      pos_ += len;
    }
    if (!known_.empty() && known_.count(name) == 0) {
      fail(column, fmt::format("unknown symbol '{}' (the alphabet is {})", name, listing()));
      return false;
    }
    if (seen_.insert(name).second) out_.symbols.push_back(name);
    return true;
  }

  std::string listing() const {
    constexpr std::size_t shown = 20;
    std::string out;
    for (std::size_t i = 0; i < alphabet_.size() && i < shown; ++i)
      out += (i ? " " : "") + alphabet_[i];
    if (alphabet_.size() > shown) out += fmt::format(" ... ({} symbols)", alphabet_.size());
    return out;
  }
};

}  // namespace

regex_parse_result parse_regex(std::string_view text, const std::vector<std::string>& alphabet) {
  return parser(text, alphabet).run();
}

}  // namespace crasp::regular::detail
