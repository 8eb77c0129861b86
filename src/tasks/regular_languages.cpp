// The formal languages of Huang et al.'s suite (2025, arXiv 2410.02140, Section 5 and Figure 1;
// the Tomita grammars, bounded-depth Dyck D_n, (aaaa)*, (abab)*, aa*bb*cc*dd*ee*, {a,b}*d{b,c}*,
// {0,1,2}*02*, parity) as catalogue acceptors. Each is written once, as a regex or a DFA text,
// and its minimal automaton (src/regular) is the reference: membership is exact for any input,
// members are drawn uniformly per length by counting accepted paths, and half the non-members
// are boundary words (a member broken where it meets a dead transition: a^13 b^13 for D_12),
// which random strings almost never are. The same automata (and one for (aa)*, whose acceptor
// keeps its own generator) label every position of the `_next` and `_prefix` tasks
// (regular_labels.cpp).
#include <array>
#include <mutex>

#include "regular/dfa_text.hpp"
#include "regular/regex.hpp"
#include "regular/sample.hpp"
#include "tasks/common.hpp"

namespace crasp::tasks::detail {
namespace {

struct definition {
  task_id id;
  const char* alphabet;  ///< space-separated symbols
  const char* regex;     ///< nullptr: `dfa` instead
  const char* dfa;
  /// Whether the acceptor task answers and draws from this automaton. aa_star's acceptor keeps
  /// its hand-written reference and generator (languages.cpp, language_gen.cpp); its automaton
  /// serves only aa_star_prefix (regular_labels.cpp).
  bool acceptor = true;
};

// Tomita 3: no odd run of 1s directly followed by an odd run of 0s; A: nothing pending (even 1s
// or a completed run), B: an odd run of 1s, D: odd 0s after it (rejecting until one more 0),
// E: even 0s after it. Tomita 5: even numbers of 0s and of 1s. Tomita 6: #0 - #1 = 0 mod 3.
const std::array<definition, 18> definitions = {{
    {task_id::tomita1, "0 1", "1*", nullptr},
    {task_id::tomita2, "0 1", "(10)*", nullptr},
    {task_id::tomita3, "0 1", nullptr,
     "alphabet 0 1\nstart A\naccept A B E\nA 0 A\nA 1 B\nB 1 A\nB 0 D\nD 0 E\nE 0 D\nE 1 B\n"},
    {task_id::tomita4, "0 1", "(1|01|001)*(|0|00)", nullptr},
    {task_id::tomita5, "0 1", nullptr,
     "alphabet 0 1\nstart ee\naccept ee\nee 0 oe\noe 0 ee\neo 0 oo\noo 0 eo\nee 1 eo\neo 1 ee\n"
     "oe 1 oo\noo 1 oe\n"},
    {task_id::tomita6, "0 1", nullptr,
     "alphabet 0 1\nstart r0\naccept r0\nr0 0 r1\nr1 0 r2\nr2 0 r0\nr0 1 r2\nr1 1 r0\n"
     "r2 1 r1\n"},
    {task_id::tomita7, "0 1", "0*1*0*1*", nullptr},
    {task_id::dyck_2, "a b", "(a(ab)*b)*", nullptr},
    {task_id::dyck_3, "a b", "(a(a(ab)*b)*b)*", nullptr},
    {task_id::dyck_4, "a b", "(a(a(a(ab)*b)*b)*b)*", nullptr},
    {task_id::dyck_12, "a b", "(a(a(a(a(a(a(a(a(a(a(a(ab)*b)*b)*b)*b)*b)*b)*b)*b)*b)*b)*b)*",
     nullptr},
    {task_id::aaaa_star, "a", "(aaaa)*", nullptr},
    {task_id::abab_star, "a b", "(abab)*", nullptr},
    {task_id::abcde_runs, "a b c d e", "aa*bb*cc*dd*ee*", nullptr},
    {task_id::ab_d_bc, "a b c d", "(a|b)*d(b|c)*", nullptr},
    {task_id::ends_02, "0 1 2", "(0|1|2)*02*", nullptr},
    {task_id::even_ones, "0 1", "(0*10*1)*0*", nullptr},
    {task_id::aa_star, "a", "(aa)*", nullptr, false},
}};

std::vector<std::string> split(const char* text) {
  std::vector<std::string> out;
  std::string cur;
  for (const char* p = text; *p != '\0'; ++p) {
    if (*p == ' ') {
      if (!cur.empty()) out.push_back(std::move(cur));
      cur.clear();
    } else {
      cur.push_back(*p);
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

const definition* find_definition(task_id id) {
  for (const auto& d : definitions)
    if (d.id == id) return &d;
  return nullptr;
}

// The automata, built once. The definitions above are fixed text that the tests compile; an
// error here would be a defect of this file, and leaves the language empty rather than throwing
// from the catalogue.
const regular::dfa& automaton(const definition& d) {
  static std::array<regular::dfa, definitions.size()> built;
  static std::once_flag once;
  std::call_once(once, [] {
    for (std::size_t k = 0; k < definitions.size(); ++k) {
      const auto& def = definitions[k];
      const auto sigma = split(def.alphabet);
      if (def.regex != nullptr) {
        if (auto r = regular::compile_regex(def.regex, sigma); r.automaton)
          built[k] = std::move(*r.automaton);
      } else if (auto r = regular::parse_dfa_text(def.dfa); r.automaton) {
        built[k] = std::move(*r.automaton);
      }
      if (built[k].alphabet.empty()) built[k].alphabet = sigma;
    }
  });
  return built[static_cast<std::size_t>(&d - definitions.data())];
}

}  // namespace

bool is_regular_language(task_id id) {
  const auto* d = find_definition(id);
  return d != nullptr && d->acceptor;
}

const regular::dfa* regular_automaton(task_id id) {
  const auto* d = find_definition(id);
  return d != nullptr ? &automaton(*d) : nullptr;
}

std::vector<std::string> regular_alphabet(task_id id) {
  const auto* d = find_definition(id);
  return d != nullptr ? split(d->alphabet) : std::vector<std::string>{};
}

std::optional<bool> regular_member(task_id id, const tokens& input) {
  const auto* d = find_definition(id);
  if (d == nullptr || input.empty()) return std::nullopt;
  const auto& a = automaton(*d);
  if (!a.run(input)) return std::nullopt;  // a token outside the alphabet
  return a.accepts(input);
}

instance generate_regular(task_id id, std::size_t length, std::mt19937_64& rng) {
  const auto* d = find_definition(id);
  // A sampler per call: its tables are per length and it is not shared between threads.
  regular::sampler s(automaton(*d));
  const bool want_member = coin(rng);
  const bool boundary = coin(rng);
  // The nearest length (shorter first) with a word of the wanted class, as for every acceptor.
  for (std::size_t dist = 0; dist <= length + 64; ++dist) {
    for (const std::size_t n : {length - std::min(dist, length), length + dist}) {
      if (n == 0) continue;
      std::optional<tokens> w;
      if (want_member) {
        w = s.member(n, rng);
      } else {
        if (boundary)
          if (auto b = s.boundary(n, rng)) w = std::move(b->word);
        if (!w) w = s.non_member(n, rng);
      }
      if (w) return {std::move(*w), {std::string(want_member ? true_token : false_token)}};
    }
  }
  // Unreachable for the languages above: each has members and non-members of nearby lengths.
  tokens w(std::max<std::size_t>(length, 1), regular_alphabet(id).front());
  const bool m = regular_member(id, w).value_or(false);
  return {std::move(w), {std::string(m ? true_token : false_token)}};
}

}  // namespace crasp::tasks::detail
