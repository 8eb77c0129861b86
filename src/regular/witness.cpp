// The state-tracking program of a decided-yes regular language (witness.hpp).
#include "regular/witness.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "regular/labels.hpp"

namespace crasp::regular {
namespace {

// The program text, one statement or comment per line.
class writer {
 public:
  void line(const std::string& s) { text_ += s + "\n"; }
  void comment(const std::string& s) { text_ += "// " + s + "\n"; }
  [[nodiscard]] const std::string& text() const { return text_; }

 private:
  std::string text_;
};

std::string any_of(const std::vector<std::string>& terms) {
  if (terms.empty()) return "false";
  std::string s;
  for (const auto& t : terms) s += (s.empty() ? "" : " || ") + t;
  return terms.size() == 1 ? s : "(" + s + ")";
}

// coefficient * count terms plus a constant, as a count expression.
class linear {
 public:
  bool add(const integer& k, const std::string& count) {
    if (k == 0) return true;
    if (!fits(k)) return false;
    terms_.emplace_back(static_cast<std::int64_t>(k), count);
    return true;
  }
  bool add_constant(const integer& k) {
    if (!fits(k)) return false;
    constant_ += static_cast<std::int64_t>(k);
    return true;
  }
  [[nodiscard]] std::string str() const {
    std::string s;
    for (const auto& [k, c] : terms_) {
      const std::string mag = (k == 1 || k == -1) ? c : fmt::format("{} * {}", k < 0 ? -k : k, c);
      if (s.empty()) s = k < 0 ? "-" + mag : mag;
      else s += (k < 0 ? " - " : " + ") + mag;
    }
    if (constant_ != 0 || s.empty()) {
      if (s.empty()) s = fmt::format("{}", constant_);
      else s += fmt::format(" {} {}", constant_ < 0 ? '-' : '+', constant_ < 0 ? -constant_ : constant_);
    }
    return s;
  }
  static bool fits(const integer& k) {
    return k <= std::numeric_limits<std::int32_t>::max() && k >= -std::numeric_limits<std::int32_t>::max();
  }

 private:
  std::vector<std::pair<std::int64_t, std::string>> terms_;
  std::int64_t constant_ = 0;
};

struct builder {
  const dfa& d;
  const automaton_balance& b;
  writer out;
  std::string why;
  std::vector<std::string> words;  // access word per state, for comments
  // Per component: the Boolean naming each final label, and whether it is trivial.
  std::vector<std::map<std::uint32_t, std::string>> final_name;

  std::string token(std::uint32_t a) {
    const auto& t = d.alphabet[a];
    if (t.find('"') != std::string::npos || t.find('\n') != std::string::npos) {
      why = "token '" + t + "' cannot be written as a crasp string";
      return "false";
    }
    return "\"" + t + "\"";
  }

  std::string cname(std::size_t c) const { return fmt::format("c{}", c); }

  // The edges of earlier components that enter component c, by their target.
  std::map<std::uint32_t, std::vector<std::string>> entries(std::size_t c) {
    std::map<std::uint32_t, std::vector<std::string>> out_map;
    for (std::size_t e = 0; e < c; ++e) {
      const auto& cb = b.components[e].balance;
      std::set<std::pair<std::uint32_t, std::uint32_t>> seen;  // (label, target)
      for (std::size_t k = 0; k < cb.edges.size(); ++k) {
        const auto& ed = cb.edges[k];
        if (b.component[ed.to] != c) continue;
        const auto l = cb.final_label[k];
        if (!seen.insert({l, ed.to}).second) continue;
        out_map[ed.to].push_back(cname(e) + "_active && " + final_name[e].at(l));
      }
    }
    return out_map;
  }

  bool component(std::size_t c) {
    const auto& cv = b.components[c];
    const auto& cb = cv.balance;
    const std::string n = cname(c);
    const bool root = c == 0;
    std::string members;
    for (auto q : cb.states) members += fmt::format(" q{} (after \"{}\")", q, words[q]);
    out.comment(fmt::format("component {}:{}{}", c, members, cv.trivial ? ", left at once" : ""));
    std::vector<std::uint32_t> index_of(d.states(), 0);
    for (std::size_t i = 0; i < cb.states.size(); ++i) index_of[cb.states[i]] = static_cast<std::uint32_t>(i);

    // Entering: at the start, or by an edge of an earlier component.
    std::map<std::uint32_t, std::vector<std::string>> enter_by;
    if (root) {
      out.line(n + "_before = true");
    } else {
      enter_by = entries(c);
      std::vector<std::string> any;
      for (const auto& [q, terms] : enter_by) {
        out.line(fmt::format("{}_enter_q{} = {}", n, q, any_of(terms)));
        any.push_back(fmt::format("{}_enter_q{}", n, q));
      }
      out.line(n + "_enter = " + any_of(any));
      out.line(fmt::format("{0}_entered = (#{0}_enter) >= 1", n));
      out.line(fmt::format("{0}_before = {0}_entered && !{0}_enter", n));
    }

    // Labels, round by round, and the final labels.
    auto& names = final_name[c];
    if (cv.trivial) {
      for (const auto& ed : cb.edges) names[cb.final_label[&ed - cb.edges.data()]] = token(ed.symbol);
    } else {
      std::vector<std::string> prev;  // names of the previous round's labels
      for (std::size_t k = 0; k <= cb.rounds.size(); ++k) {
        const bool last = k == cb.rounds.size();
        const auto& ids = last ? cb.final_label : cb.rounds[k].label;
        std::map<std::uint32_t, std::string> def;
        for (std::size_t e = 0; e < cb.edges.size(); ++e) {
          if (def.count(ids[e])) continue;
          if (k == 0) {
            def[ids[e]] = token(cb.edges[e].symbol);
            continue;
          }
          const auto& r = cb.rounds[k - 1];
          std::string s = prev.at(r.label[e]);
          for (std::size_t w = 0; w < r.weight.size(); ++w) {
            const integer wt = r.label[e] < r.inside_labels ? r.weight[w][r.label[e]] : integer(0);
            const integer v = r.potential[w][index_of[cb.edges[e].from]] + wt;
            if (!linear::fits(v)) return fail("a potential does not fit a 32-bit constant");
            s += fmt::format(" && {}_P{}_{} == {}", n, k - 1, w, v.str());
          }
          def[ids[e]] = s;
        }
        std::vector<std::string> names_k(def.size());
        for (const auto& [id, body] : def) {
          const std::string name = last ? fmt::format("{}_F{}", n, id) : fmt::format("{}_L{}_{}", n, k, id);
          out.line(name + " = " + body);
          if (id >= names_k.size()) names_k.resize(id + 1);
          names_k[id] = name;
          if (last) names[id] = name;
        }
        if (last) break;
        // This round's potentials: the entry state's value plus weighted counts since the entry.
        const auto& r = cb.rounds[k];
        // Counted only where some weighting reads them (none when the round found no weights).
        for (std::size_t l = 0; l < r.inside_labels; ++l) {
          bool used = false;
          for (const auto& wb : r.weight) used = used || wb[l] != 0;
          if (used) out.line(fmt::format("{0}_N{1}_{2} = {0}_before && {3}", n, k, l, names_k[l]));
        }
        for (std::size_t w = 0; w < r.weight.size(); ++w) {
          linear p;
          bool ok = true;
          if (root) {
            ok = p.add_constant(r.potential[w][index_of[d.start]]);
          } else {
            for (const auto& [q, terms] : enter_by)
              ok = ok && p.add(r.potential[w][index_of[q]], fmt::format("(#{}_enter_q{})", n, q));
          }
          for (std::size_t l = 0; l < r.inside_labels && ok; ++l)
            ok = p.add(r.weight[w][l], fmt::format("(#{}_N{}_{})", n, k, l));
          if (!ok) return fail("a weight does not fit a 32-bit constant");
          out.line(fmt::format("{}_P{}_{} = {}", n, k, w, p.str()));
        }
        prev = std::move(names_k);
      }
    }

    // Leaving: the first position whose label leaves the component.
    std::vector<std::string> exits;
    std::map<std::uint32_t, std::vector<std::string>> into;  // final labels by inside target
    std::set<std::uint32_t> done;
    for (std::size_t e = 0; e < cb.edges.size(); ++e) {
      const auto l = cb.final_label[e];
      if (!done.insert(l).second) continue;
      if (cb.edges[e].inside) into[cb.edges[e].to].push_back(names.at(l));
      else exits.push_back(names.at(l));
    }
    if (exits.empty()) {
      out.line(n + "_out = false");
      out.line(n + "_active = " + n + "_before");
    } else {
      out.line(fmt::format("{0}_exit = {0}_before && {1}", n, any_of(exits)));
      out.line(fmt::format("{0}_out = (#{0}_exit) >= 1", n));
      out.line(fmt::format("{0}_active = {0}_before && ((#{0}_exit) - ({0}_exit ? 1 : 0)) == 0", n));
    }
    out.line(root ? fmt::format("{0}_in = !{0}_out", n)
                  : fmt::format("{0}_in = {0}_entered && !{0}_out", n));
    for (auto q : cb.states) {
      std::vector<std::string> how;
      if (!root && enter_by.count(q)) how.push_back(fmt::format("{}_enter_q{}", n, q));
      if (cv.trivial) {
        how = {"true"};  // in it only at the position that entered it: it is left at once
      } else if (into.count(q)) {
        how.push_back(fmt::format("({}_before && {})", n, any_of(into[q])));
      }
      out.line(fmt::format("q{} = {}_in && {}", q, n, any_of(how)));
    }
    return why.empty();
  }

  bool fail(const std::string& reason) {
    why = reason;
    return false;
  }
};

}  // namespace

std::optional<std::string> tracking_program(const dfa& minimal, const automaton_balance& rounds,
                                            tracking_output output, std::string& why) {
  why.clear();
  if (!rounds.labels_determine()) {
    why = "the rounds leave two edges with one label and different targets";
    return std::nullopt;
  }
  builder b{minimal, rounds, {}, {}, {}, {}};
  for (const auto& w : access_words(minimal)) {
    std::string s;
    if (w)
      for (const auto& t : *w) s += t;
    b.words.push_back(s);
  }
  b.final_name.resize(rounds.components.size());
  b.out.comment("Tracks the state of the minimal DFA (crasp: balanced labellings, docs/regular.md).");
  std::string letters;
  for (std::uint32_t a = 0; a < minimal.alphabet.size(); ++a) letters += " " + b.token(a);
  b.out.line("alphabet Sigma = {" + letters + " }");
  if (!b.why.empty()) {
    why = b.why;
    return std::nullopt;
  }
  for (std::size_t c = 0; c < rounds.components.size(); ++c)
    if (!b.component(c)) {
      why = b.why;
      return std::nullopt;
    }
  switch (output) {
    case tracking_output::accept: {
      std::vector<std::string> acc;
      for (std::uint32_t q = 0; q < minimal.states(); ++q)
        if (minimal.accepting[q]) acc.push_back(fmt::format("q{}", q));
      b.out.line("accept = " + any_of(acc));
      break;
    }
    case tracking_output::states: {
      const auto names = state_names(minimal);
      for (std::uint32_t q = 0; q < minimal.states(); ++q) {
        if (names[q].find('"') != std::string::npos) {
          why = "state name '" + names[q] + "' cannot be written as a crasp string";
          return std::nullopt;
        }
        b.out.line(fmt::format("next \"{}\" = q{}", names[q], q));
      }
      break;
    }
    case tracking_output::next_sets: {
      // One rule per label word; the states that carry it (a word is a function of the state).
      const auto live = minimal.live();
      std::map<std::string, std::vector<std::string>> by_word;
      for (std::uint32_t q = 0; q < minimal.states(); ++q)
        by_word[next_set_label(minimal, live, q)].push_back(fmt::format("q{}", q));
      for (const auto& [word, states] : by_word) {
        if (word.find('"') != std::string::npos) {
          why = "label word '" + word + "' cannot be written as a crasp string";
          return std::nullopt;
        }
        b.out.line(fmt::format("next \"{}\" = {}", word, any_of(states)));
      }
      break;
    }
  }
  return b.out.text();
}

}  // namespace crasp::regular
