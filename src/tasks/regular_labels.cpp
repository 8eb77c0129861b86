// The formal languages of Huang et al.'s suite posed as the papers pose them (Bhattamishra et al.
// 2020, arXiv 2009.11264; Huang et al. 2025, arXiv 2410.02140, Section 5): a label at every
// position instead of one verdict at the end. `_next` tasks label each prefix of a member with
// the set of symbols that can follow it (with <eos> where the prefix is itself a member), which
// gives a signal at every position even where members are rare (1*, (10)*, D_12); `_prefix`
// tasks label each prefix of any word with whether it is a member. For parity, Tomita 5 and 6
// and {0,1,2}*02* every symbol can follow every prefix, so their next-symbol sets carry nothing
// but that membership bit, and prefix membership is also defined on non-members.
//
// The reference is the acceptor's own minimal DFA (regular_languages.cpp; (aa)*'s in
// languages.cpp) read by the label writers of src/regular (labels.hpp), the same ones a `regex =
// ...` task spec with `format = "labels"` uses, and members are drawn by the same sampler. The
// records are in labels_records.cpp.
#include <algorithm>

#include "regular/dfa.hpp"
#include "regular/labels.hpp"
#include "regular/sample.hpp"
#include "tasks/record.hpp"

namespace crasp::tasks::detail {
namespace {

tokens membership_labels(const regular::dfa& d, const tokens& word) {
  tokens labels;
  labels.reserve(word.size());
  for (const bool m : regular::prefix_membership(d, word))
    labels.emplace_back(m ? true_token : false_token);
  return labels;
}

// The language of acceptor `language` labelled at every position.
class labels_family final : public task_behaviour {
 public:
  labels_family(task_id language, behaviour_ptr language_behaviour, bool next)
      : language_(language), acceptor_(std::move(language_behaviour)), next_(next) {}

  std::vector<std::string> symbols(std::size_t k) const override {
    return tasks::symbols(spec(language_), k);
  }
  std::optional<std::vector<std::string>> own_output_tokens() const override {
    if (!next_) return std::vector<std::string>{std::string(true_token), std::string(false_token)};
    return regular::next_set_words(dfa());
  }

  answer solve(const tokens& input) const override {
    if (input.empty()) return std::nullopt;
    const auto& d = dfa();
    if (!d.run(input)) return std::nullopt;  // a token outside the alphabet
    if (!next_) return membership_labels(d, input);
    // The next-symbol sets are defined on members only, as in the papers.
    if (!d.accepts(input)) return std::nullopt;
    return regular::next_set_labels(d, input);
  }

  instance generate(std::size_t length, std::mt19937_64& rng, std::size_t /*k*/) const override {
    const auto& d = dfa();
    if (!next_) {
      // Prefix membership is defined for every word: the acceptor's own mix of members, uniform
      // non-members and boundary non-members, drawn from the same stream.
      auto inst = tasks::generate(spec(language_), length, rng);
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

  void enumerate(std::size_t max_len, std::size_t /*k*/, std::vector<tokens>& out) const override {
    const auto& d = dfa();
    for (std::size_t len = 1; len <= max_len; ++len) {
      for_each_word(d.alphabet.size(), len, [&](const std::vector<std::size_t>& w) {
        tokens word;
        word.reserve(len);
        for (const auto k : w) word.push_back(d.alphabet[k]);
        if (!next_ || d.accepts(word)) out.push_back(std::move(word));
      });
    }
  }

 private:
  // Every language posed with labels has an automaton (the records guarantee it).
  const regular::dfa& dfa() const { return *acceptor_->automaton(); }

  task_id language_;
  behaviour_ptr acceptor_;
  bool next_;
};

}  // namespace

behaviour_ptr labels_behaviour(task_id language, behaviour_ptr language_behaviour, bool next) {
  return std::make_shared<labels_family>(language, std::move(language_behaviour), next);
}

}  // namespace crasp::tasks::detail
