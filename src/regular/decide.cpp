// The public face of the C-RASP decision for regular languages (crasp/regular.hpp): compile the
// language, decide, and put the evidence into words.
#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "crasp/regular.hpp"
#include "regular/crasp_class.hpp"
#include "regular/dfa_text.hpp"
#include "regular/regex.hpp"
#include "regular/witness.hpp"

namespace crasp {
namespace {

std::vector<std::string> state_words(const regular::dfa& d) {
  std::vector<std::string> out;
  for (const auto& w : regular::access_words(d)) {
    std::string s;
    if (w)
      for (const auto& t : *w) s += t;
    out.push_back(std::move(s));
  }
  return out;
}

std::string in_quotes(const std::string& w) { return "\"" + w + "\""; }

}  // namespace

const char* regular_answer_name(regular_answer a) {
  switch (a) {
    case regular_answer::yes: return "yes";
    case regular_answer::no: return "no";
    case regular_answer::unknown: break;
  }
  return "unknown";
}

std::optional<regular_decision> decide_regular(const regular_language& language,
                                               diagnostics& diags, regular_witness_output output) {
  // Errors point into the language's own text, clang-style, with the line and a caret.
  const bool is_regex = !language.regex.empty();
  const auto source = std::make_shared<const source_file>(
      source_file{language.origin, is_regex ? language.regex : language.dfa_text});
  const auto at = [&](std::size_t line, std::size_t column) {
    std::size_t offset = 0;
    for (std::size_t l = 1; l < line && offset < source->text.size(); ++l) {
      const auto nl = source->text.find('\n', offset);
      offset = nl == std::string::npos ? source->text.size() : nl + 1;
    }
    offset = std::min(source->text.size(), offset + (column > 0 ? column - 1 : 0));
    return span{static_cast<std::uint32_t>(offset), static_cast<std::uint32_t>(offset + 1)};
  };
  std::optional<regular::dfa> d;
  if (is_regex) {
    auto r = regular::compile_regex(language.regex, language.alphabet);
    if (!r.automaton) {
      if (r.column > 0) diags.error(source, at(1, r.column), "regex: " + r.error);
      else diags.error(language.origin, "regex: " + r.error);
      return std::nullopt;
    }
    d = std::move(r.automaton);
  } else {
    auto r = regular::parse_dfa_text(language.dfa_text);
    if (!r.automaton) {
      if (r.line > 0) diags.error(source, at(r.line, r.column), "DFA text: " + r.error);
      else diags.error(language.origin, "DFA text: " + r.error);
      return std::nullopt;
    }
    if (!language.alphabet.empty() && r.automaton->alphabet != language.alphabet) {
      diags.error(language.origin, "the alphabet given must be the DFA text's, in its order");
      return std::nullopt;
    }
    d = std::move(r.automaton);
  }
  const auto decision = regular::decide_crasp(*d);
  const auto words = state_words(*d);
  regular_decision out;
  out.states = d->states();
  out.in_yang_class = decision.language.potentials_separate();
  for (const auto& c : decision.language.components) {
    regular_component rc;
    for (auto q : c.balance.states) rc.states.push_back(words[q]);
    rc.trivial = c.trivial;
    for (const auto& r : c.balance.rounds) rc.dimensions.push_back(r.weight.size());
    rc.potentials_separate = c.potentials_separate;
    rc.labels_determine = c.labels_determine;
    out.components.push_back(std::move(rc));
  }
  switch (decision.answer) {
    case regular::crasp_answer::yes: {
      out.answer = regular_answer::yes;
      std::size_t rounds = 0;
      for (const auto& c : decision.language.components) rounds = std::max(rounds, c.balance.rounds.size());
      out.reason =
          out.in_yang_class
              ? fmt::format("in every strongly connected component of the minimal DFA ({} states) "
                            "the balanced labellings give each state its own potentials ({} "
                            "round{}; Yang et al. 2026, arXiv 2608.13433)",
                            out.states, rounds, rounds == 1 ? "" : "s")
              : fmt::format("the current token and the balanced labellings' potentials name the "
                            "state after every prefix of the minimal DFA ({} states), although "
                            "the potentials alone do not (outside Yang et al.'s class, which "
                            "does not read the current token)",
                            out.states);
      std::string why;
      const auto kind = output == regular_witness_output::next_sets ? regular::tracking_output::next_sets
                        : output == regular_witness_output::states ? regular::tracking_output::states
                                                                   : regular::tracking_output::accept;
      if (auto text = regular::tracking_program(*d, decision.language, kind, why)) {
        out.witness = std::move(*text);
        // Statements are the lines that are not comments.
        std::size_t start = 0;
        for (std::size_t nl; (nl = out.witness.find('\n', start)) != std::string::npos; start = nl + 1)
          if (out.witness.compare(start, 2, "//") != 0) ++out.witness_statements;
      } else {
        out.witness_error = why;
      }
      break;
    }
    case regular::crasp_answer::no: {
      out.answer = regular_answer::no;
      out.quotient_symbol = d->alphabet[*decision.quotient_symbol];
      const auto qwords = state_words(*decision.quotient);
      for (const auto& c : decision.quotient_balance->components)
        if (c.merged) {
          out.merged_first = qwords[c.merged->first];
          out.merged_second = qwords[c.merged->second];
          break;
        }
      out.reason = fmt::format(
          "the words w with w {0} in the language are outside Yang et al.'s class (2026, arXiv "
          "2608.13433): in their minimal DFA no balanced labelling separates the states after "
          "{1} and after {2}; a program for the language, read on w {0}, would decide them "
          "without reading its current token (docs/regular.md)",
          out.quotient_symbol, in_quotes(out.merged_first), in_quotes(out.merged_second));
      break;
    }
    case regular::crasp_answer::unknown:
      out.answer = regular_answer::unknown;
      out.reason =
          "the balanced labellings neither name every state (so no witness is built) nor put a "
          "right quotient outside Yang et al.'s class";
      break;
  }
  return out;
}

}  // namespace crasp
