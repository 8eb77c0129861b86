// The formal languages of Huang et al.'s suite posed as the papers pose them (Bhattamishra et al.
// 2020, arXiv 2009.11264; Huang et al. 2025, arXiv 2410.02140, Section 5): a label at every
// position instead of one verdict at the end. `_next` tasks label each prefix of a member with
// the set of symbols that can follow it (with <eos> where the prefix is itself a member), which
// gives a signal at every position even where members are rare (1*, (10)*, D_12); `_prefix`
// tasks label each prefix of any word with whether it is a member. For parity, Tomita 5 and 6
// and {0,1,2}*02* every symbol can follow every prefix, so their next-symbol sets carry nothing
// but that membership bit, and prefix membership is also defined on non-members.
//
// The reference is the acceptor's own minimal DFA (regular_languages.cpp) read by the label
// writers of src/regular (labels.hpp), the same ones a `regex = ...` task spec with `format =
// "labels"` uses, and members are drawn by the same sampler.
#include <array>

#include "regular/dfa.hpp"
#include "regular/labels.hpp"
#include "regular/sample.hpp"
#include "tasks/common.hpp"

namespace crasp::tasks::detail {
namespace {

struct entry {
  task_id id;
  labelling how;
};

// clang-format off
const std::array<entry, 18> entries = {{
    {task_id::tomita1_next, {task_id::tomita1, true}},
    {task_id::tomita2_next, {task_id::tomita2, true}},
    {task_id::tomita3_next, {task_id::tomita3, true}},
    {task_id::tomita4_next, {task_id::tomita4, true}},
    {task_id::tomita7_next, {task_id::tomita7, true}},
    {task_id::dyck_2_next, {task_id::dyck_2, true}},
    {task_id::dyck_3_next, {task_id::dyck_3, true}},
    {task_id::dyck_4_next, {task_id::dyck_4, true}},
    {task_id::dyck_12_next, {task_id::dyck_12, true}},
    {task_id::ab_d_bc_next, {task_id::ab_d_bc, true}},
    {task_id::tomita5_prefix, {task_id::tomita5, false}},
    {task_id::tomita6_prefix, {task_id::tomita6, false}},
    {task_id::aa_star_prefix, {task_id::aa_star, false}},
    {task_id::aaaa_star_prefix, {task_id::aaaa_star, false}},
    {task_id::abab_star_prefix, {task_id::abab_star, false}},
    {task_id::abcde_runs_prefix, {task_id::abcde_runs, false}},
    {task_id::ends_02_prefix, {task_id::ends_02, false}},
    {task_id::even_ones_prefix, {task_id::even_ones, false}},
}};
// clang-format on

tokens membership_labels(const regular::dfa& d, const tokens& word) {
  tokens labels;
  labels.reserve(word.size());
  for (const bool m : regular::prefix_membership(d, word))
    labels.emplace_back(m ? true_token : false_token);
  return labels;
}

}  // namespace

std::optional<labelling> labelled_language(task_id id) {
  for (const auto& e : entries)
    if (e.id == id) return e.how;
  return std::nullopt;
}

answer solve_labels(task_id id, const tokens& input) {
  const auto how = labelled_language(id);
  if (!how || input.empty()) return std::nullopt;
  const auto& d = *regular_automaton(how->language);
  if (!d.run(input)) return std::nullopt;  // a token outside the alphabet
  if (!how->next) return membership_labels(d, input);
  // The next-symbol sets are defined on members only, as in the papers.
  if (!d.accepts(input)) return std::nullopt;
  return regular::next_set_labels(d, input);
}

instance generate_labels(task_id id, std::size_t length, std::mt19937_64& rng) {
  const auto how = *labelled_language(id);
  const auto& d = *regular_automaton(how.language);
  if (!how.next) {
    // Prefix membership is defined for every word: the acceptor's own mix of members, uniform
    // non-members and boundary non-members, drawn from the same stream.
    auto inst = generate(spec(how.language), length, rng);
    return {inst.input, membership_labels(d, inst.input)};
  }
  // A sampler per call: its tables are per length and it is not shared between threads.
  regular::sampler s(d);
  const bool deep = coin(rng);
  // The nearest length (shorter first) with a member, as for the acceptors.
  for (std::size_t dist = 0; dist <= length + 64; ++dist) {
    for (const std::size_t n : {length - std::min(dist, length), length + dist}) {
      if (n == 0) continue;
      std::optional<tokens> w;
      if (deep) w = s.boundary_member(n, rng);
      if (!w) w = s.member(n, rng);
      if (w) return {*w, regular::next_set_labels(d, *w)};
    }
  }
  // Unreachable: each language posed this way has members of every length or every other one.
  return {};
}

void enumerate_labels(task_id id, std::size_t max_len, std::vector<tokens>& out) {
  const auto how = *labelled_language(id);
  const auto& d = *regular_automaton(how.language);
  for (std::size_t len = 1; len <= max_len; ++len) {
    for_each_word(d.alphabet.size(), len, [&](const std::vector<std::size_t>& w) {
      tokens word;
      word.reserve(len);
      for (const auto k : w) word.push_back(d.alphabet[k]);
      if (!how.next || d.accepts(word)) out.push_back(std::move(word));
    });
  }
}

std::vector<std::string> label_words(task_id id) {
  const auto how = *labelled_language(id);
  if (!how.next) return {std::string(true_token), std::string(false_token)};
  return regular::next_set_words(*regular_automaton(how.language));
}

}  // namespace crasp::tasks::detail
