// Reading and writing the DFA text format (see dfa_text.hpp). Reading takes two passes: the
// first checks each line's shape and collects the keyword lines, the second resolves states and
// symbols, so that `alphabet` and `start` may come after the transitions that use them.
#include "regular/dfa_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

namespace crasp::regular {
namespace {

constexpr std::size_t max_states = 100000;
constexpr std::size_t max_symbols = 1000;
constexpr std::uint32_t none = UINT32_MAX;

struct word {
  std::string_view text;
  std::size_t column;
};

struct line_words {
  std::size_t line;
  std::vector<word> words;
};

std::vector<word> split(std::string_view line) {
  std::vector<word> out;
  std::size_t i = 0;
  while (i < line.size() && line[i] != '#') {
    if (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\f' ||
        line[i] == '\v') {
      ++i;
      continue;
    }
    const std::size_t begin = i;
    while (i < line.size() && line[i] != '#' && line[i] != ' ' && line[i] != '\t' &&
           line[i] != '\r' && line[i] != '\f' && line[i] != '\v')
      ++i;
    out.push_back({line.substr(begin, i - begin), begin + 1});
  }
  return out;
}

bool is_keyword(std::string_view w) {
  return w == "alphabet" || w == "start" || w == "accept";
}

dfa_text_result fail(std::size_t line, std::size_t column, std::string message) {
  return {std::nullopt, line, column, std::move(message)};
}

}  // namespace

dfa_text_result parse_dfa_text(std::string_view text) {
  // Pass 1: the shape of every line.
  std::vector<line_words> lines;  // accept lines and transitions, in order
  std::optional<line_words> alphabet, start;
  for (std::size_t line = 1, at = 0; at <= text.size(); ++line) {
    const std::size_t eol = std::min(text.find('\n', at), text.size());
    auto words = split(text.substr(at, eol - at));
    at = eol + 1;
    if (words.empty()) continue;
    const std::string_view head = words[0].text;
    if (head == "alphabet" || head == "start") {
      auto& seen = head == "alphabet" ? alphabet : start;
      if (seen)
        return fail(line, words[0].column,
                    fmt::format("second '{}' line (the first is line {})", head, seen->line));
      if (head == "start" && words.size() != 2)
        return fail(line, words[0].column, "'start' takes exactly one state");
      seen = line_words{line, std::move(words)};
    } else if (head == "accept") {
      if (words.size() < 2) return fail(line, words[0].column, "'accept' needs a state");
      lines.push_back({line, std::move(words)});
    } else if (words.size() == 3) {
      lines.push_back({line, std::move(words)});
    } else if (words.size() > 3) {
      return fail(line, words[3].column,
                  "malformed transition: expected 'FROM SYMBOL TO' and nothing after");
    } else {
      return fail(line, words[0].column,
                  fmt::format("unknown keyword '{}' (expected alphabet, start, accept or a "
                              "transition 'FROM SYMBOL TO')",
                              head));
    }
  }
  if (!alphabet) return fail(0, 0, "missing 'alphabet' line");
  if (!start) return fail(0, 0, "missing 'start' line");

  // Pass 2: symbols, states and transitions.
  dfa d;
  std::unordered_map<std::string_view, std::uint32_t> symbols, states;
  for (std::size_t i = 1; i < alphabet->words.size(); ++i) {
    const word& w = alphabet->words[i];
    if (!symbols.emplace(w.text, static_cast<std::uint32_t>(symbols.size())).second)
      return fail(alphabet->line, w.column, fmt::format("duplicate alphabet symbol '{}'", w.text));
    if (symbols.size() > max_symbols)
      return fail(alphabet->line, w.column, fmt::format("more than {} symbols", max_symbols));
    d.alphabet.emplace_back(w.text);
  }
  const std::size_t k = d.alphabet.size();
  std::string problem;
  const auto state = [&](const word& w) -> std::optional<std::uint32_t> {
    if (is_keyword(w.text)) {
      problem = fmt::format("'{}' is a keyword, not a state name", w.text);
      return std::nullopt;
    }
    const auto [it, added] = states.emplace(w.text, static_cast<std::uint32_t>(states.size()));
    if (added) {
      if (states.size() > max_states) {
        problem = fmt::format("more than {} states", max_states);
        return std::nullopt;
      }
      d.delta.emplace_back(k, none);
      d.accepting.push_back(false);
    }
    return it->second;
  };

  const word& start_word = start->words[1];
  if (!state(start_word)) return fail(start->line, start_word.column, problem);
  for (const auto& entry : lines) {
    const std::size_t line = entry.line;  // not a structured binding: the lambda below uses it
    const std::vector<word>& words = entry.words;
    if (words[0].text == "accept") {
      for (std::size_t i = 1; i < words.size(); ++i) {
        const auto q = state(words[i]);
        if (!q) return fail(line, words[i].column, problem);
        d.accepting[*q] = true;
      }
      continue;
    }
    const auto from = state(words[0]);
    if (!from) return fail(line, words[0].column, problem);
    const auto s = symbols.find(words[1].text);
    if (s == symbols.end())
      return fail(line, words[1].column,
                  fmt::format("symbol '{}' is not in the alphabet", words[1].text));
    const auto to = state(words[2]);
    if (!to) return fail(line, words[2].column, problem);
    auto& target = d.delta[*from][s->second];
    if (target != none && target != *to) {
      // Error path only: find the earlier line rather than store a line per transition.
      const auto earlier = std::find_if(lines.begin(), lines.end(), [&](const line_words& l) {
        return l.words[0].text == words[0].text && l.words[1].text == words[1].text;
      });
      return fail(line, words[2].column,
                  fmt::format("'{} {}' already goes to '{}' (line {})", words[0].text,
                              words[1].text, earlier->words[2].text, earlier->line));
    }
    target = *to;
  }

  // The implicit sink takes every missing transition.
  bool incomplete = false;
  for (const auto& row : d.delta)
    for (const std::uint32_t t : row) incomplete = incomplete || t == none;
  if (incomplete) {
    const auto sink = static_cast<std::uint32_t>(d.delta.size());
    d.delta.emplace_back(k, sink);
    d.accepting.push_back(false);
    for (auto& row : d.delta)
      for (auto& t : row)
        if (t == none) t = sink;
  }
  d.start = 0;
  return {minimize(d), 0, 0, ""};
}

std::string to_text(const dfa& d) {
  const auto live = d.live();
  std::string out = "alphabet";
  for (const auto& s : d.alphabet) out += " " + s;
  out += fmt::format("\nstart q{}\n", d.start);
  std::string accept;
  for (std::size_t q = 0; q < d.states(); ++q)
    if (d.accepting[q]) accept += fmt::format(" q{}", q);
  if (!accept.empty()) out += "accept" + accept + "\n";
  for (std::size_t q = 0; q < d.states(); ++q) {
    if (!live[q]) continue;
    for (std::size_t c = 0; c < d.alphabet.size(); ++c)
      if (live[d.delta[q][c]]) out += fmt::format("q{} {} q{}\n", q, d.alphabet[c], d.delta[q][c]);
  }
  return out;
}

}  // namespace crasp::regular
