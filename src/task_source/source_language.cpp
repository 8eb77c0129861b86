// A regular language as an instance source (source_language.hpp). Per bin: lengths uniform in
// the bin; at each, a uniform member or a uniform non-member with equal odds (members only when
// the labels are the legal next symbols, which the papers define on members); then crasp's
// adversarial instances: half from the automaton itself (non-members one step past a dead
// transition, members that reach the states next to one: a depth bound's deepest words), half
// the one-edit and runs kinds every answering source gets (adversarial.hpp).
#include "task_source/source_language.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "regular/labels.hpp"
#include "regular/sample.hpp"
#include "task_source/adversarial.hpp"
#include "tasks/common.hpp"

namespace crasp::sources {
namespace {

using tasks::detail::below;
using tasks::detail::between;

// Lengths tried when a length of the bin has no member (odd lengths of (aa)*).
constexpr std::size_t length_tries = 16;

class language_source final : public instance_source {
 public:
  language_source(std::shared_ptr<const task_file> spec, regular::dfa language)
      : spec_(std::move(spec)), dfa_(std::move(language)), sampler_(dfa_) {
    next_ = spec_->format == tasks::answer_format::labels && spec_->language_labels == "next";
  }

  bool draw(const length_range& bin, std::size_t count, std::size_t adversarial,
            std::mt19937_64& rng, bin_instances& out, diagnostics& diags) override {
    const std::size_t lo = std::max(bin.lo, spec_->min_length);
    const std::size_t hi = std::min(bin.hi, spec_->max_length.value_or(bin.hi));
    if (lo > hi) return true;
    for (std::size_t s = 0; s < count; ++s)
      if (auto inst = sampled(between(rng, lo, hi), rng, lo, hi)) out.items.push_back(*inst);
    out.mix["sampled"] += out.items.size();

    // The automaton's own hard cases: half of the quota.
    const std::size_t own = adversarial - adversarial / 2;
    std::size_t boundary = 0, deep = 0;
    for (std::size_t a = 0; a < own; ++a) {
      const std::size_t n = between(rng, lo, hi);
      const bool negative = !next_ && a % 2 == 0;
      std::optional<tokens> word;
      std::string how;
      if (negative) {
        if (auto b = sampler_.boundary(n, rng)) {
          word = std::move(b->word);
          how = b->kind;
        }
      } else if (auto m = sampler_.boundary_member(n, rng)) {
        word = std::move(*m);
        how = "a member through a state next to a dead transition";
      }
      if (!word) continue;
      auto inst = answer(*word);
      if (!inst) continue;
      inst->origin = fmt::format("adversarial, {} of length {}", how, n);
      out.items.push_back(std::move(*inst));
      ++(negative ? boundary : deep);
    }
    out.mix["boundary non-member"] += boundary;
    out.mix["boundary member"] += deep;

    // One edit and runs, answered by the automaton.
    if (adversarial / 2 > 0 && !out.items.empty()) {
      const std::vector<task_instance> base = out.items;
      const auto ask = [&](const std::vector<tokens>& inputs,
                           std::vector<std::optional<task_instance>>& answers, diagnostics&) {
        answers.clear();
        for (const auto& in : inputs) answers.push_back(answer(in));
        return true;
      };
      if (!add_adversarial(base, adversarial / 2, dfa_.alphabet, input_shape{}, rng, ask,
                           out.items, out.mix, diags))
        return false;
    }
    measure_lengths(out);
    return true;
  }

  bool answerer(answering& out, diagnostics&) override {
    out.answer = [this](const std::vector<tokens>& inputs,
                        std::vector<std::optional<task_instance>>& answers, diagnostics&) {
      answers.clear();
      for (const auto& in : inputs) answers.push_back(answer(in));
      return true;
    };
    out.content = dfa_.alphabet;
    return true;
  }

  bool enumerate(const source_options& options,
                 const std::function<bool(const task_instance&)>& visit, enumeration& out,
                 diagnostics&) override {
    const auto& sigma = dfa_.alphabet;
    out.space = fmt::format("every word over the language's {} symbol{} ({}), answered by {}",
                            sigma.size(), sigma.size() == 1 ? "" : "s", fmt::join(sigma, " "),
                            describe_language(*spec_, dfa_));
    double total = 0;
    std::size_t len = 1;
    bool going = true;
    for (; len <= options.exhaustive_len && going; ++len) {
      total += std::pow(static_cast<double>(sigma.size()), static_cast<double>(len));
      if (total > static_cast<double>(options.exhaustive_budget)) break;
      tasks::detail::for_each_word(sigma.size(), len, [&](const std::vector<std::size_t>& w) {
        if (!going) return;
        tokens input;
        for (const auto k : w) input.push_back(sigma[k]);
        auto inst = answer(input);
        if (!inst) return;
        inst->origin = "exhaustive search, the language's automaton";
        if (!visit(*inst)) {
          going = false;
          out.covered = len - 1;
        }
      });
    }
    if (going) out.covered = len - 1;
    return true;
  }

  bool random(std::size_t length, std::size_t count, std::mt19937_64& rng,
              std::vector<task_instance>& out, diagnostics&) override {
    if (length < spec_->min_length || (spec_->max_length && length > *spec_->max_length))
      return true;
    for (std::size_t s = 0; s < count; ++s)
      if (auto inst = sampled(length, rng, length, length)) out.push_back(std::move(*inst));
    return true;
  }

  [[nodiscard]] std::size_t random_from(std::size_t covered) const override {
    return std::max(spec_->min_length, covered + 1);
  }

  [[nodiscard]] bool shortest_at(const task_instance& inst, std::size_t covered) const override {
    return covered > 0 && inst.input.size() <= covered + 1;
  }

 private:
  // The reference answer of any input (nullopt: outside the task: a token outside the
  // alphabet, or a non-member where the labels are defined on members only).
  [[nodiscard]] std::optional<task_instance> answer(const tokens& input) const {
    for (const auto& t : input)
      if (!dfa_.symbol(t)) return std::nullopt;
    task_instance inst{input, {}, input.size(), {}};
    if (spec_->format == tasks::answer_format::accept) {
      inst.expected = {dfa_.accepts(input) ? "True" : "False"};
    } else if (next_) {
      if (!dfa_.accepts(input)) return std::nullopt;
      inst.expected = regular::next_set_labels(dfa_, input);
    } else if (spec_->language_labels == "state") {
      inst.expected = regular::state_labels(dfa_, input);
    } else {
      for (const bool m : regular::prefix_membership(dfa_, input))
        inst.expected.emplace_back(m ? "True" : "False");
    }
    return inst;
  }

  // A member or a non-member of length n with equal odds (a member where only members are
  // instances), whichever exists; for members only, other lengths of lo..hi when n has none.
  std::optional<task_instance> sampled(std::size_t n, std::mt19937_64& rng, std::size_t lo,
                                       std::size_t hi) {
    std::optional<tokens> word;
    std::string how;
    const bool want_member = next_ || tasks::detail::coin(rng);
    const auto draw_one = [&](bool member) {
      word = member ? sampler_.member(n, rng) : sampler_.non_member(n, rng);
      how = member ? "a uniform member" : "a uniform non-member";
    };
    for (std::size_t t = 0; t < length_tries && !word; ++t) {
      if (t > 0) n = between(rng, lo, hi);
      draw_one(want_member);
      if (!word && !next_) draw_one(!want_member);
    }
    if (!word) return std::nullopt;
    auto inst = answer(*word);
    if (inst) inst->origin = fmt::format("{} of length {}", how, word->size());
    return inst;
  }

  std::shared_ptr<const task_file> spec_;
  regular::dfa dfa_;
  regular::sampler sampler_;
  bool next_ = false;
};

}  // namespace

std::unique_ptr<instance_source> make_language_source(std::shared_ptr<const task_file> spec,
                                                      regular::dfa language) {
  return std::make_unique<language_source>(std::move(spec), std::move(language));
}

std::string describe_language(const task_file& spec, const regular::dfa& language) {
  return fmt::format("the minimal DFA of the {} ({} state{})", spec.regex ? "regex" : "dfa file",
                     language.states(), language.states() == 1 ? "" : "s");
}

}  // namespace crasp::sources
