// See problem.hpp.
#include "synth/problem.hpp"

#include <algorithm>
#include <charconv>
#include <map>

#include <fmt/format.h>

namespace crasp::synth {

vocabulary::vocabulary(std::vector<std::string> family, std::string family_name)
    : family_name_(std::move(family_name)) {
  for (const auto& t : family) family_.push_back(id(t));
}

std::uint32_t vocabulary::id(const std::string& token) {
  const auto [it, added] = ids_.try_emplace(token, static_cast<std::uint32_t>(names_.size()));
  if (added) names_.push_back(token);
  return it->second;
}

bool vocabulary::in_family(std::uint32_t id) const {
  return std::find(family_.begin(), family_.end(), id) != family_.end();
}

std::vector<std::uint32_t> vocabulary::fixed() const {
  std::vector<std::uint32_t> out;
  for (std::uint32_t t = 0; t < names_.size(); ++t)
    if (!in_family(t)) out.push_back(t);
  return out;
}

namespace {

bool is_boolean(const std::string& label) { return label == "True" || label == "False"; }

std::int32_t as_count(const std::string& text) {
  std::int32_t v = 0;
  std::from_chars(text.data(), text.data() + text.size(), v);
  return v;
}

}  // namespace

problem make_problem(tasks::answer_format format,
                     const std::vector<spec_detail::task_instance>& training, vocabulary& vocab) {
  using tasks::answer_format;
  problem pr;
  // Decision positions (flat, in copy 0) with the label wanted there: "True"/"False", a count,
  // a next token, or "" for "nothing may follow".
  std::vector<std::pair<std::uint32_t, std::string>> decisions;
  bool boolean_labels = true;
  for (const auto& inst : training) {
    std::vector<std::uint32_t> seq;
    for (const auto& t : inst.input) seq.push_back(vocab.id(t));
    const auto base = static_cast<std::uint32_t>(pr.positions);
    switch (format) {
      case answer_format::accept:
      case answer_format::count:
        decisions.emplace_back(base + seq.size() - 1, inst.expected.front());
        break;
      case answer_format::labels:
        for (std::size_t p = 0; p < seq.size() && p < inst.expected.size(); ++p) {
          // "<none>": no rule holds there (how a program with next rules labels such a position).
          decisions.emplace_back(base + p, inst.expected[p] == "<none>" ? "" : inst.expected[p]);
          boolean_labels = boolean_labels && is_boolean(inst.expected[p]);
        }
        break;
      case answer_format::continuation: {
        const std::size_t first = seq.size() - 1;
        for (std::size_t k = 0; k <= inst.expected.size(); ++k) {
          decisions.emplace_back(base + first + k, k < inst.expected.size() ? inst.expected[k] : "");
          // The answer is fed back: the sequence holds every answer token (the last decision,
          // after the last one, is "nothing follows").
          if (k < inst.expected.size()) seq.push_back(vocab.id(inst.expected[k]));
        }
        break;
      }
    }
    pr.positions += seq.size();
    pr.sequences.push_back(std::move(seq));
  }

  const auto& family = vocab.family();
  const bool rules = format == answer_format::continuation ||
                     (format == answer_format::labels && !boolean_labels);
  if (!rules) {
    goal g;
    g.name = format == answer_format::accept ? "ACCEPT"
             : format == answer_format::count ? "COUNT"
                                               : "LABEL";
    g.count = format == answer_format::count;
    for (const auto& [p, label] : decisions) {
      g.positions.push_back(p);
      g.want.push_back(g.count ? as_count(label) : label == "True" ? 1 : 0);
    }
    pr.goals.push_back(std::move(g));
  } else {
    // One rule per token that is ever the next one: the family's symbols share `next[a in F]`.
    std::map<std::uint32_t, bool> outputs;
    bool family_output = false;
    for (const auto& [p, label] : decisions)
      if (!label.empty()) {
        const std::uint32_t id = vocab.id(label);
        if (vocab.in_family(id)) family_output = true;
        else outputs[id] = true;
      }
    if (family_output) {
      goal g;
      g.name = fmt::format("next[a in {}]", vocab.family_name());
      g.family = true;
      for (const auto& [p, label] : decisions) {
        g.positions.push_back(p);
        for (const std::uint32_t a : family) g.want.push_back(label == vocab.names()[a] ? 1 : 0);
      }
      pr.goals.push_back(std::move(g));
    }
    for (const auto& [id, unused] : outputs) {
      goal g;
      g.name = fmt::format("next \"{}\"", vocab.names()[id]);
      for (const auto& [p, label] : decisions) {
        g.positions.push_back(p);
        g.want.push_back(label == vocab.names()[id] ? 1 : 0);
      }
      pr.goals.push_back(std::move(g));
    }
  }

  // Copies: one per value of each variable in use.
  pr.family.symbols = family;
  pr.variable_s = !family.empty();
  pr.variable_a = std::any_of(pr.goals.begin(), pr.goals.end(), [](const goal& g) { return g.family; });
  pr.family.a_count = pr.variable_a ? family.size() : 1;
  pr.family.s_count = pr.variable_s ? family.size() : 1;
  for (std::size_t ai = 0; ai < pr.family.a_count; ++ai)
    for (std::size_t si = 0; si < pr.family.s_count; ++si)
      pr.copies.push_back({pr.variable_a ? family[ai] : no_token,
                           pr.variable_s ? family[si] : no_token});
  return pr;
}

}  // namespace crasp::synth
