// A task spec as an instance source (see source_spec.hpp and docs/tasks.md):
//  - bins: lengths drawn uniformly in the bin (clipped to min_length..max_length), one generator
//    call per distinct length; without a generator, random token strings of that length over
//    the input vocabulary, answered by the oracle (inputs it calls outside the task are
//    dropped); data instances whose length falls in the bin join it;
//  - the input vocabulary: the spec's `vocabulary` key, else the tokens of the generator's and
//    the data's inputs (learned as instances arrive), else, for an oracle alone, the programs'
//    tokens. Never the programs' tokens when instances exist: a program's tokens include what it
//    writes (`<eos>`, label words), which are no inputs;
//  - exhaustive search: every input shaped like the generator's instances (its frame tokens,
//    such as <bos> and <sep>, where every sample has them; shape.hpp), or every token string over
//    the vocabulary when there is no frame, shortest first, asked of the oracle in batches;
//    without an oracle nothing, and the enumeration says why;
//  - random search: the generator at each length (or random strings and the oracle).
#include "task_source/source_spec.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <fmt/format.h>

#include "task_source/adversarial.hpp"
#include "task_source/shape.hpp"
#include "tasks/common.hpp"

namespace crasp::sources {
namespace {

using spec_detail::oracle_session;
using spec_detail::protocol_limits;

// Oracle batches: large enough to amortize the pipe round trips, small enough that a slow
// oracle reports progress (and a timeout) per batch rather than after 200,000 inputs.
constexpr std::size_t batch_size = 2048;
// Random strings tried per wanted instance when only an oracle can answer.
constexpr std::size_t oracle_attempts = 8;
// Generator calls (lengths from min_length) and instances per call that the input shape is
// learned from.
constexpr std::size_t shape_lengths = 4, shape_samples = 16;

// "a b c", or "t0 t1 ... t149 (150 in all)": the tokens a search runs over, short enough for a
// report line.
std::string preview(const std::vector<std::string>& tokens) {
  constexpr std::size_t shown = 12;
  std::string out;
  for (std::size_t k = 0; k < tokens.size() && k < shown; ++k) out += (k ? " " : "") + tokens[k];
  if (tokens.size() > shown) out += fmt::format(" ... ({} in all)", tokens.size());
  return out;
}

// Seeds handed to generators fit in 31 bits: any language's integer parses them.
std::uint64_t generator_seed(std::mt19937_64& rng) { return rng() >> 33; }

class spec_source final : public instance_source {
 public:
  spec_source(std::shared_ptr<const task_file> spec, const source_options& options,
              std::vector<std::string> program_tokens, std::vector<task_instance> data,
              instance_validator validate)
      : spec_(std::move(spec)),
        data_(std::move(data)),
        validate_(std::move(validate)),
        oracle_(*spec_, limits_of(options)),
        limits_(limits_of(options)) {
    if (spec_->vocabulary) {
      vocab_ = *spec_->vocabulary;
      vocab_origin_ = "the spec's vocabulary key";
    } else if (spec_->generator.given() || !data_.empty()) {
      learning_ = true;
    } else {
      vocab_ = std::move(program_tokens);
      vocab_origin_ = "the programs' tokens: the spec has no vocabulary key and no generator or "
                      "data to learn one from";
    }
    for (const auto& inst : data_) note(inst);
    for (const auto& inst : data_) {
      const bool binned = std::any_of(options.ranges.begin(), options.ranges.end(),
                                      [&](const length_range& b) {
        return inst.length >= b.lo && inst.length <= b.hi;
      });
      if (!binned) unbinned_.push_back(inst);
    }
  }

  bool draw(const length_range& bin, std::size_t count, std::size_t adversarial,
            std::mt19937_64& rng, bin_instances& out, diagnostics& diags) override {
    const std::size_t lo = std::max(bin.lo, spec_->min_length);
    const std::size_t hi = std::min(bin.hi, spec_->max_length.value_or(bin.hi));
    if (lo <= hi && count > 0) {
      std::map<std::size_t, std::size_t> per_length;
      for (std::size_t s = 0; s < count; ++s) ++per_length[tasks::detail::between(rng, lo, hi)];
      for (const auto& [len, n] : per_length)
        if (!instances_at(len, n, rng, out.items, diags)) return false;
    }
    out.mix["sampled"] += out.items.size();
    for (const auto& inst : out.items) note(inst);  // the data were noted when read
    for (const auto& inst : data_)
      if (inst.length >= bin.lo && inst.length <= bin.hi) {
        out.items.push_back(inst);
        ++out.mix["data"];
      }
    // Hard instances of crasp's own need answers for inputs no source drew: an oracle.
    if (adversarial > 0 && spec_->oracle.given() && !out.items.empty()) {
      if (!learn(diags)) return false;
      const std::vector<task_instance> sampled = out.items;
      const auto ask = [&](const std::vector<tokens>& inputs,
                           std::vector<std::optional<task_instance>>& answers,
                           diagnostics& d) { return oracle_.ask(inputs, answers, d); };
      if (!add_adversarial(sampled, adversarial, content(), shape_, rng, ask, out.items, out.mix,
                           diags))
        return false;
    }
    measure_lengths(out);
    return true;
  }

  bool answerer(answering& out, diagnostics& diags) override {
    if (!spec_->oracle.given()) return true;
    if (!learn(diags)) return false;
    out.answer = [this](const std::vector<tokens>& inputs,
                        std::vector<std::optional<task_instance>>& answers,
                        diagnostics& d) { return oracle_.ask(inputs, answers, d); };
    out.content = content();
    out.shape = shape_;
    return true;
  }

  bool enumerate(const source_options& options,
                 const std::function<bool(const task_instance&)>& visit, enumeration& out,
                 diagnostics& diags) override {
    std::size_t& covered = out.covered;
    covered = 0;
    if (!spec_->oracle.given()) {
      out.skipped = "the spec has no oracle to answer enumerated inputs";
      return true;
    }
    if (!learn(diags)) return false;
    const input_shape& shape = shape_;
    if (vocab_.empty()) {
      out.skipped = "no input vocabulary: give the spec a vocabulary key";
      return true;
    }
    const std::size_t free_tokens = shape.empty() ? vocab_.size() : shape.content.size();
    out.space = shape.empty()
                    ? fmt::format("every token string over {} token{}", vocab_.size(),
                                  vocab_.size() == 1 ? "" : "s")
                    : "every input shaped like the generator's (" + shape.describe() + ")";
    out.space += fmt::format(", by input tokens; tokens {} from {}", preview(vocab_),
                             origin());

    std::vector<tokens> batch;
    bool going = true;
    const auto flush = [&]() {
      std::vector<std::optional<task_instance>> answers;
      if (!oracle_.ask(batch, answers, diags)) return false;
      for (std::size_t k = 0; k < answers.size() && going; ++k) {
        if (!answers[k]) continue;
        answers[k]->origin = "exhaustive search, oracle";
        if (!visit(*answers[k])) {
          going = false;
          covered = batch[k].size() - 1;
        }
      }
      batch.clear();
      return true;
    };
    double total = 0;
    std::size_t len = 1;
    for (; len <= options.exhaustive_len && going; ++len) {
      // The frame's positions at this length; a length it does not fit has no input to try.
      std::vector<std::size_t> frame_at;
      if (!shape.empty()) {
        const auto placed = shape.place(len);
        if (!placed) continue;
        frame_at = *placed;
      }
      const std::size_t free = len - frame_at.size();
      total += std::pow(static_cast<double>(free_tokens), static_cast<double>(free));
      if (total > static_cast<double>(options.exhaustive_budget)) break;
      const auto& fill = shape.empty() ? vocab_ : shape.content;
      tasks::detail::for_each_word(fill.size(), free, [&](const std::vector<std::size_t>& w) {
        if (!going || failed_) return;
        tokens input(len);
        for (std::size_t f = 0; f < frame_at.size(); ++f) input[frame_at[f]] = shape.frame[f].token;
        std::size_t next = 0;
        for (auto& t : input)
          if (t.empty()) t = fill[w[next++]];
        batch.push_back(std::move(input));
        if (batch.size() == batch_size && !flush()) failed_ = true;
      });
      if (failed_) return false;
    }
    if (going && !batch.empty() && !flush()) return false;
    if (going) covered = len - 1;
    return true;
  }

  bool random(std::size_t length, std::size_t count, std::mt19937_64& rng,
              std::vector<task_instance>& out, diagnostics& diags) override {
    if (spec_->max_length && length > *spec_->max_length) return true;
    if (length < spec_->min_length) return true;
    return instances_at(length, count, rng, out, diags);
  }

  [[nodiscard]] std::size_t random_from(std::size_t) const override {
    return std::max<std::size_t>(spec_->min_length, 1);
  }

  // The enumeration counts input tokens, and a task's "length" (the generator's, the data's or
  // the oracle's) need not: the comparison is in tokens. Every input of the searched shape with
  // at most `covered` tokens passed, so a failure of that shape with one more token is a
  // shortest one.
  [[nodiscard]] bool shortest_at(const task_instance& inst, std::size_t covered) const override {
    return covered > 0 && inst.input.size() <= covered + 1 &&
           (shape_.empty() || shape_.fits(inst.input));
  }

  [[nodiscard]] const std::vector<task_instance>& fixed() const override { return unbinned_; }

 private:
  static protocol_limits limits_of(const source_options& o) {
    protocol_limits l;
    l.timeout = std::chrono::duration<double>(o.oracle_timeout);
    return l;
  }

  // The frame of the inputs, from the generator's instances at the shortest few lengths and the
  // data (a fixed seed: the search does not depend on the check's seed). Their tokens join a
  // learned vocabulary.
  // The generator runs once for this; the shape is recomputed over the vocabulary as it stands,
  // which a learned vocabulary may have grown since.
  bool learn(diagnostics& diags) {
    if (!shape_sampled_) {
      for (const auto& inst : data_) shape_samples_.push_back(inst.input);
      if (spec_->generator.given()) {
        for (std::size_t len = spec_->min_length; len < spec_->min_length + shape_lengths; ++len) {
          if (spec_->max_length && len > *spec_->max_length) break;
          auto got = spec_detail::run_generator(*spec_, len, shape_samples, 1, limits_, diags);
          if (!got) return false;
          for (auto& inst : *got) {
            note(inst);
            shape_samples_.push_back(std::move(inst.input));
          }
        }
      }
      shape_sampled_ = true;
    }
    shape_ = learn_shape(shape_samples_, vocab_);
    return true;
  }

  // The tokens that fill the positions outside the frame.
  [[nodiscard]] const std::vector<std::string>& content() const {
    return shape_.empty() ? vocab_ : shape_.content;
  }

  // A learned vocabulary grows with every instance seen. It is kept sorted, so that the search's
  // order does not depend on which token a generator happened to write first.
  void note(const task_instance& inst) {
    if (!learning_) return;
    ++learned_from_;
    bool grew = false;
    for (const auto& t : inst.input) grew = seen_.insert(t).second || grew;
    if (grew) vocab_.assign(seen_.begin(), seen_.end());
  }

  [[nodiscard]] std::string origin() const {
    if (!learning_) return vocab_origin_;
    return fmt::format("the inputs of {} generator and data instance{} (the spec has no "
                       "vocabulary key)",
                       learned_from_, learned_from_ == 1 ? "" : "s");
  }

  // `count` instances of `length` from the generator, or from random strings and the oracle.
  bool instances_at(std::size_t length, std::size_t count, std::mt19937_64& rng,
                    std::vector<task_instance>& out, diagnostics& diags) {
    if (spec_->generator.given()) {
      auto got = spec_detail::run_generator(*spec_, length, count, generator_seed(rng), limits_,
                                            diags);
      if (!got) return false;
      for (auto& inst : *got) {
        if (auto why = validate_(inst); !why.empty()) {
          diags.error(spec_->source, spec_->generator.where,
                      fmt::format("the generator's instance ({}) {}", inst.origin, why));
          return false;
        }
        out.push_back(std::move(inst));
      }
      return true;
    }
    if (!spec_->oracle.given() || vocab_.empty()) return true;
    std::vector<tokens> batch;
    for (std::size_t s = 0; s < count * oracle_attempts; ++s) {
      tokens input(length);
      for (auto& t : input) t = vocab_[tasks::detail::below(rng, vocab_.size())];
      batch.push_back(std::move(input));
    }
    std::vector<std::optional<task_instance>> answers;
    if (!oracle_.ask(batch, answers, diags)) return false;
    for (std::size_t s = 0; s < count; ++s) {
      for (std::size_t a = 0; a < oracle_attempts; ++a) {
        auto& ans = answers[s * oracle_attempts + a];
        if (!ans) continue;
        ans->origin = fmt::format("random input of length {}, oracle", length);
        out.push_back(std::move(*ans));
        break;
      }
    }
    return true;
  }

  std::shared_ptr<const task_file> spec_;
  std::vector<std::string> vocab_;  ///< input tokens: declared, learned so far, or the programs'
  std::string vocab_origin_;
  bool learning_ = false;           ///< vocab_ grows with the instances seen
  std::set<std::string> seen_;
  std::size_t learned_from_ = 0;
  std::vector<task_instance> data_, unbinned_;
  instance_validator validate_;
  oracle_session oracle_;
  protocol_limits limits_;
  input_shape shape_;  ///< what enumerate() searched (empty: every token string)
  std::vector<tokens> shape_samples_;  ///< the instances the shape is learned from
  bool shape_sampled_ = false;
  bool failed_ = false;
};

}  // namespace

std::unique_ptr<instance_source> make_spec_source(std::shared_ptr<const task_file> spec,
                                                  const source_options& options,
                                                  std::vector<std::string> vocabulary,
                                                  std::vector<task_instance> data,
                                                  instance_validator validate) {
  return std::make_unique<spec_source>(std::move(spec), options, std::move(vocabulary),
                                       std::move(data), std::move(validate));
}

}  // namespace crasp::sources
