// Regex to minimal DFA (see regex.hpp): the parse tree becomes a Thompson NFA (bounded
// repetitions expanded into copies), the NFA a DFA by subset construction, and the DFA is
// minimized. Each stage has a cap, since one short line such as ((a|b){1000}){1000} or
// (a|b)*a(a|b){30} would otherwise exhaust memory or time.
#include "regular/regex.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "regular/regex_parse.hpp"

namespace crasp::regular {
namespace {

using detail::regex_node;
using detail::regex_syntax;

constexpr std::uint32_t none = UINT32_MAX;
constexpr std::size_t max_nfa_states = 20000;
constexpr std::size_t max_dfa_states = 20000;
// Closure and move steps of the subset construction: about a second of work. The state caps
// alone do not bound it, since 20,000 DFA states may each hold thousands of NFA states.
constexpr std::size_t max_subset_work = 60'000'000;

// A Thompson NFA: each state has at most one labelled edge (on the symbols of a parse node)
// plus any number of epsilon edges.
struct nfa {
  struct state {
    std::uint32_t label = none;  // index of a symbols node in `symbol_sets`, or none
    std::uint32_t next = none;
    std::vector<std::uint32_t> eps;
  };
  std::vector<state> states;
  std::uint32_t start = 0, accept = 0;
};

class thompson {
 public:
  explicit thompson(const regex_syntax& syntax) : syntax_(syntax) {}

  // The NFA, or nullopt with error_column() set when it would exceed max_nfa_states.
  std::optional<nfa> build() {
    const auto f = fragment(syntax_.root);
    if (!f) return std::nullopt;
    out_.start = f->in;
    out_.accept = f->out;
    return std::move(out_);
  }
  std::size_t error_column() const { return error_column_; }

 private:
  struct frag {
    std::uint32_t in, out;
  };
  const regex_syntax& syntax_;
  nfa out_;
  std::size_t outer_repeat_column_ = 0, error_column_ = 0;

  std::optional<std::uint32_t> add() {
    if (out_.states.size() >= max_nfa_states) {
      // Blame the outermost repetition being expanded: that is where the copies multiply.
      if (error_column_ == 0) error_column_ = outer_repeat_column_ ? outer_repeat_column_ : 1;
      return std::nullopt;
    }
    out_.states.emplace_back();
    return static_cast<std::uint32_t>(out_.states.size() - 1);
  }
  void link(std::uint32_t from, std::uint32_t to) { out_.states[from].eps.push_back(to); }

  std::optional<frag> fragment(std::uint32_t id) {
    const regex_node& n = syntax_.nodes[id];
    switch (n.type) {
      case regex_node::kind::symbols: {
        const auto a = add(), b = add();
        if (!a || !b) return std::nullopt;
        out_.states[*a].label = id;
        out_.states[*a].next = *b;
        return frag{*a, *b};
      }
      case regex_node::kind::concat: {
        if (n.children.empty()) {  // the empty word
          const auto a = add();
          if (!a) return std::nullopt;
          return frag{*a, *a};
        }
        std::optional<frag> f;
        for (const std::uint32_t c : n.children) {
          const auto g = fragment(c);
          if (!g) return std::nullopt;
          if (f) {
            link(f->out, g->in);
            f->out = g->out;
          } else {
            f = g;
          }
        }
        return f;
      }
      case regex_node::kind::alternation: {
        const auto a = add(), b = add();
        if (!a || !b) return std::nullopt;
        for (const std::uint32_t c : n.children) {
          const auto g = fragment(c);
          if (!g) return std::nullopt;
          link(*a, g->in);
          link(g->out, *b);
        }
        return frag{*a, *b};
      }
      case regex_node::kind::repeat:
        break;
    }
    const bool outer = outer_repeat_column_ == 0;
    if (outer) outer_repeat_column_ = n.column;
    const auto f = repeat(n);
    if (outer) outer_repeat_column_ = 0;
    return f;
  }

  std::optional<frag> repeat(const regex_node& n) {
    const auto start = add();
    if (!start) return std::nullopt;
    std::uint32_t at = *start;
    for (std::uint32_t i = 0; i < n.min; ++i) {
      const auto g = fragment(n.children[0]);
      if (!g) return std::nullopt;
      link(at, g->in);
      at = g->out;
    }
    if (n.unbounded) {  // a loop state that is also the way out
      const auto loop = add();
      const auto g = fragment(n.children[0]);
      if (!loop || !g) return std::nullopt;
      link(at, *loop);
      link(*loop, g->in);
      link(g->out, *loop);
      return frag{*start, *loop};
    }
    if (n.max == n.min) return frag{*start, at};
    // Optional copies, each a chance to leave: x{2,4} is xx(x(x)?)?, so closures stay small.
    const auto end = add();
    if (!end) return std::nullopt;
    for (std::uint32_t i = n.min; i < n.max; ++i) {
      const auto g = fragment(n.children[0]);
      if (!g) return std::nullopt;
      link(at, *end);
      link(at, g->in);
      at = g->out;
    }
    link(at, *end);
    return frag{*start, *end};
  }
};

struct set_hash {
  std::size_t operator()(const std::vector<std::uint32_t>& v) const {
    std::uint64_t h = 1469598103934665603ull;
    for (const std::uint32_t x : v) h = (h ^ x) * 1099511628211ull;
    return static_cast<std::size_t>(h);
  }
};

// Subset construction. A DFA state is the set of *labelled* NFA states (plus the accept state)
// in an epsilon closure: the other states never affect a move, so leaving them out of the key
// merges subsets that behave alike and keeps keys short.
regex_result determinize(const nfa& a, const std::vector<std::vector<std::uint32_t>>& symbol_sets,
                         const std::vector<std::string>& alphabet) {
  const std::size_t k = alphabet.size();
  std::size_t work = 0;
  std::vector<std::uint32_t> stamp(a.states.size(), 0), stack;
  std::uint32_t generation = 0;
  const auto closure = [&](const std::vector<std::uint32_t>& seeds) {
    ++generation;
    std::vector<std::uint32_t> key;
    stack.assign(seeds.begin(), seeds.end());
    while (!stack.empty()) {
      const std::uint32_t s = stack.back();
      stack.pop_back();
      if (stamp[s] == generation) continue;
      stamp[s] = generation;
      ++work;
      if (a.states[s].label != none || s == a.accept) key.push_back(s);
      for (const std::uint32_t t : a.states[s].eps)
        if (stamp[t] != generation) stack.push_back(t);
    }
    std::sort(key.begin(), key.end());
    return key;
  };

  std::unordered_map<std::vector<std::uint32_t>, std::uint32_t, set_hash> ids;
  std::vector<const std::vector<std::uint32_t>*> sets;
  dfa d;
  d.alphabet = alphabet;
  const auto intern = [&](std::vector<std::uint32_t> key) -> std::optional<std::uint32_t> {
    if (const auto it = ids.find(key); it != ids.end()) return it->second;
    if (sets.size() >= max_dfa_states) return std::nullopt;
    const bool accepting = std::binary_search(key.begin(), key.end(), a.accept);
    const auto it = ids.emplace(std::move(key), static_cast<std::uint32_t>(sets.size())).first;
    sets.push_back(&it->first);
    d.accepting.push_back(accepting);
    return it->second;
  };

  intern(closure({a.start}));
  std::vector<std::vector<std::uint32_t>> moves(k);
  for (std::size_t i = 0; i < sets.size(); ++i) {
    for (auto& m : moves) m.clear();
    for (const std::uint32_t s : *sets[i]) {
      const auto label = a.states[s].label;
      if (label == none) continue;
      work += symbol_sets[label].size();
      for (const std::uint32_t c : symbol_sets[label]) moves[c].push_back(a.states[s].next);
    }
    std::vector<std::uint32_t> row(k);
    work += k;  // a row costs its width even when most moves are empty (large alphabets)
    for (std::size_t c = 0; c < k; ++c) {
      const auto t = intern(closure(moves[c]));
      if (!t)
        return {std::nullopt, 1,
                fmt::format("regex needs more than {} dfa states", max_dfa_states)};
      row[c] = *t;
      if (work > max_subset_work)
        return {std::nullopt, 1, "regex too complex: subset construction exceeds its work budget"};
    }
    d.delta.push_back(std::move(row));
  }
  return {minimize(d), 0, ""};
}

}  // namespace

regex_result compile_regex(std::string_view text, const std::vector<std::string>& alphabet) {
  if (text.size() > detail::max_regex_bytes)
    return {std::nullopt, detail::max_regex_bytes + 1,
            fmt::format("regex longer than {} bytes", detail::max_regex_bytes)};
  std::unordered_set<std::string_view> distinct;
  for (const auto& s : alphabet) {
    if (s.empty()) return {std::nullopt, 0, "empty symbol in the alphabet"};
    if (!distinct.insert(s).second)
      return {std::nullopt, 0, fmt::format("duplicate alphabet symbol '{}'", s)};
  }

  auto parsed = detail::parse_regex(text, alphabet);
  if (!parsed.syntax) return {std::nullopt, parsed.column, std::move(parsed.error)};
  const regex_syntax& syntax = *parsed.syntax;
  const std::vector<std::string>& sigma = alphabet.empty() ? syntax.symbols : alphabet;
  if (sigma.empty()) return {std::nullopt, 1, "the regex names no symbol and no alphabet is given"};

  // Each symbols node as alphabet indices, now that '.' and [^..] have an alphabet to range over.
  std::unordered_map<std::string_view, std::uint32_t> index;
  for (std::size_t i = 0; i < sigma.size(); ++i)
    index.emplace(sigma[i], static_cast<std::uint32_t>(i));
  std::vector<std::vector<std::uint32_t>> symbol_sets(syntax.nodes.size());
  for (std::size_t id = 0; id < syntax.nodes.size(); ++id) {
    const regex_node& n = syntax.nodes[id];
    if (n.type != regex_node::kind::symbols) continue;
    std::vector<bool> listed(sigma.size(), false);
    for (const auto& name : n.names) listed[index.at(name)] = true;
    for (std::uint32_t c = 0; c < sigma.size(); ++c)
      if (listed[c] != n.negated) symbol_sets[id].push_back(c);
  }

  thompson builder(syntax);
  const auto automaton = builder.build();
  if (!automaton)
    return {std::nullopt, builder.error_column(),
            fmt::format("regex needs more than {} nfa states", max_nfa_states)};
  return determinize(*automaton, symbol_sets, sigma);
}

}  // namespace crasp::regular
