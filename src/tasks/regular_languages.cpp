// Acceptors whose reference is a minimal DFA (src/regular), written once as a regex or a DFA
// text in their record (suite_records.cpp): membership is exact for any input, members are drawn
// uniformly per length by counting accepted paths, and half the non-members are boundary words
// (a member broken where it meets a dead transition: a^13 b^13 for D_12), which random strings
// almost never are. The same automata label every position of the `_next` and `_prefix` tasks
// (regular_labels.cpp).
#include <algorithm>

#include "regular/dfa_text.hpp"
#include "regular/regex.hpp"
#include "regular/sample.hpp"
#include "tasks/record.hpp"

namespace crasp::tasks::detail {
namespace {

std::vector<std::string> split_symbols(const char* text) {
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

class regular_family final : public task_behaviour {
 public:
  regular_family(const char* alphabet, const char* regex, const char* dfa_text)
      : alphabet_(split_symbols(alphabet)), dfa_(regular_language(alphabet, regex, dfa_text)) {}
  std::vector<std::string> symbols(std::size_t /*k*/) const override { return alphabet_; }
  const regular::dfa* automaton() const override { return &dfa_; }

  answer solve(const tokens& input) const override {
    if (input.empty()) return std::nullopt;
    if (!dfa_.run(input)) return std::nullopt;  // a token outside the alphabet
    return verdict_answer(dfa_.accepts(input));
  }

  instance generate(std::size_t length, std::mt19937_64& rng, std::size_t /*k*/) const override {
    // A sampler per call: its tables are per length and it is not shared between threads.
    regular::sampler s(dfa_);
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
        if (w) return {std::move(*w), verdict_answer(want_member)};
      }
    }
    // Unreachable for the suite's languages: each has members and non-members of nearby lengths.
    tokens w(std::max<std::size_t>(length, 1), alphabet_.front());
    const bool m = dfa_.run(w) && dfa_.accepts(w);
    return {std::move(w), verdict_answer(m)};
  }

  void enumerate(std::size_t max_len, std::size_t k, std::vector<tokens>& out) const override {
    enumerate_words(symbols(k), max_len, out);
  }

 private:
  std::vector<std::string> alphabet_;
  regular::dfa dfa_;
};

}  // namespace

// The texts are fixed in the records and compiled by the tests; an error here would be a defect
// of a record, and leaves the language empty rather than throwing from the catalogue.
regular::dfa regular_language(const char* alphabet, const char* regex, const char* dfa_text) {
  const auto sigma = split_symbols(alphabet);
  regular::dfa d;
  if (regex != nullptr && *regex != '\0') {
    if (auto r = regular::compile_regex(regex, sigma); r.automaton) d = std::move(*r.automaton);
  } else if (dfa_text != nullptr) {
    if (auto r = regular::parse_dfa_text(dfa_text); r.automaton) d = std::move(*r.automaton);
  }
  if (d.alphabet.empty()) d.alphabet = sigma;
  return d;
}

behaviour_ptr regular_behaviour(const char* alphabet, const char* regex, const char* dfa_text) {
  return std::make_shared<regular_family>(alphabet, regex, dfa_text);
}

}  // namespace crasp::tasks::detail
