// The per-input core of verify(): interpreter answers at every position against the decisions
// of one batched forward pass, credited to length buckets. Private to src/verify.
#pragma once

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "crasp/interpret.hpp"
#include "crasp/transformer.hpp"
#include "crasp/verify.hpp"

namespace crasp::verify_detail {

/// Working set of one batch of short inputs. Small on purpose: glibc hands blocks this size back
/// to the kernel, and page faults on fresh blocks cost more than the batching saves (measured:
/// 1296 inputs of 5 tokens with snapshots take 0.07 s in batches of 32, 0.8 s in one batch).
inline constexpr std::size_t batch_bytes = std::size_t{8} << 20;
/// Largest working set of one input with residual snapshots (see checker::run).
inline constexpr std::size_t snapshot_bytes = std::size_t{256} << 20;

// The interpreter's answer at one position: the value (acceptors) or the NEXT tokens.
struct answer {
  std::int64_t value = 0;
  std::vector<std::string> next;
};

// One input and the buckets its positions are credited to.
struct job {
  std::vector<std::uint32_t> seq;  // indices into the input alphabet
  std::size_t bucket = 0;          // random: its bucket; exhaustive: the bucket of length 1
  bool exhaustive = false;
};

// As `crasp run` prints an answer.
inline std::string show(output_kind kind, std::int64_t value,
                        const std::vector<std::string>& next) {
  switch (kind) {
    case output_kind::boolean:
      return value != 0 ? "True" : "False";
    case output_kind::count:
      return std::to_string(value);
    case output_kind::next:
      break;
  }
  if (next.empty()) return "<none>";
  if (next.size() == 1) return next.front();
  return fmt::format("ambiguous: {}", fmt::join(next, " "));
}

// How close the output scores are to the scores the construction designs for the right answer
// `want`, relative to their distance from the decision threshold: 1 exact, 0 at the threshold,
// negative past it (a wrong answer, or scores that overshoot as far). Measured against the
// right answer, not the model's own decision, so a model that is confidently wrong (a clamp
// whose rounding flipped a Boolean) cannot report a perfect margin.
template <class T>
double output_margin(const model::basic_model<T>& m, output_kind kind,
                     const model::vector<T>& scores, std::size_t pos, const answer& want) {
  const auto score = [&](std::size_t k) {
    return static_cast<double>(scores(static_cast<Eigen::Index>(k)));
  };
  double margin = 0;
  switch (kind) {
    case output_kind::boolean: {
      // accept = b and reject = 1 - b: accept - reject is +1 or -1 by design.
      const double diff = score(static_cast<std::size_t>(m.output_index("accept").value_or(0))) -
                          score(static_cast<std::size_t>(m.output_index("reject").value_or(1)));
      margin = 1 - std::abs(diff - (want.value != 0 ? 1.0 : -1.0));
      break;
    }
    case output_kind::count: {
      // score = count / (p + 2); a quarter off is margin 0, as read_decision measures it.
      const double x = score(0) * static_cast<double>(pos + 2);
      margin = 1 - 4 * std::abs(x - static_cast<double>(want.value));
      break;
    }
    case output_kind::next: {
      // One score per NEXT token: 1 when it should hold, 0 otherwise; the threshold is 1/2.
      margin = 1;
      for (std::size_t k = 0; k < m.output_labels.size(); ++k) {
        const std::string tok = m.output_labels[k].substr(std::string_view("next:").size());
        const bool holds = std::find(want.next.begin(), want.next.end(), tok) != want.next.end();
        margin = std::min(margin, 1 - 2 * std::abs(score(k) - (holds ? 1.0 : 0.0)));
      }
      break;
    }
  }
  return std::isfinite(margin) ? margin : -1;
}

inline bool same_tokens(std::vector<std::string> a, std::vector<std::string> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

// Runs inputs through the interpreter and the model and credits every position to its bucket.
template <class T>
class checker {
 public:
  checker(const ir::program& program, const model::basic_model<T>& m, output_kind kind,
          const std::vector<probe>& probes, const std::vector<std::string>& alphabet,
          std::vector<int> model_ids, verify_report& report)
      : program_(program),
        m_(m),
        kind_(kind),
        probes_(probes),
        alphabet_(alphabet),
        model_ids_(std::move(model_ids)),
        report_(report) {
    for (const std::string& tok : alphabet) program_ids_.push_back(program.token_index(tok));
    const model::summary sum = model::summarize(m_);
    const std::size_t snapshots = probes_.empty() ? 0 : 2 * m_.layers.size() + 1;
    // forward_batch holds each snapshot twice (whole batch, then per sequence)
    const std::size_t per_column =
        sizeof(T) * (static_cast<std::size_t>(sum.d_model) * (6 + 2 * snapshots) +
                     static_cast<std::size_t>(sum.max_d_ff + 3 * sum.max_d_head + sum.n_out));
    batch_columns_ = std::max<std::size_t>(2, batch_bytes / std::max<std::size_t>(1, per_column));
    probe_columns_ =
        std::max<std::size_t>(2, snapshot_bytes / std::max<std::size_t>(1, per_column));
  }
  /// Forward-pass columns per batch of short inputs (with residual snapshots) in batch_bytes.
  [[nodiscard]] std::size_t batch_columns() const { return batch_columns_; }

  /// Checks `jobs` with one batched forward pass; false only on internal errors.
  bool run(const std::vector<job>& jobs, diagnostics& diags) {
    std::vector<const job*> kept;
    std::vector<std::vector<answer>> truths;
    std::vector<evaluator> runs;  // kept for the values of probed nodes
    std::vector<std::vector<int>> batch;
    std::size_t columns = 0;
    for (const job& j : jobs) {
      evaluator ev(program_);
      auto t = truth(j, ev);
      if (!t) continue;  // the interpreter refuses (overflow): there is nothing to compare with
      kept.push_back(&j);
      truths.push_back(std::move(*t));
      runs.push_back(std::move(ev));
      std::vector<int>& ids = batch.emplace_back(1, m_.bos);
      for (std::uint32_t a : j.seq) ids.push_back(model_ids_[a]);
      columns += ids.size();
    }
    if (batch.empty()) return true;
    // Snapshots of a wide or deep model over a long input may not fit in memory (L layers keep
    // 2L + 1 copies of the residual; unique_copy with 150 symbols has d_model 1518). Then decisions come from a pass without snapshots and probes
    // are measured on the longest prefix that fits: by causality its residuals are the input's.
    const bool inline_probes = !probes_.empty() && columns <= probe_columns_;
    model::forward_options fo;
    fo.keep_residuals = inline_probes;
    auto results = model::forward_batch(m_, std::span<const std::vector<int>>(batch), diags, fo);
    if (!results) return false;
    for (std::size_t k = 0; k < kept.size(); ++k) {
      const model::forward_result<T>& decided = (*results)[k];
      if (probes_.empty() || inline_probes) {
        compare(*kept[k], truths[k], runs[k], decided, probes_.empty() ? nullptr : &decided);
        continue;
      }
      const std::size_t fit = std::min(batch[k].size(), probe_columns_);
      model::forward_options keep;
      keep.keep_residuals = true;
      auto probed = model::forward(m_, std::span<const int>(batch[k].data(), fit), diags, keep);
      if (!probed) return false;
      compare(*kept[k], truths[k], runs[k], decided, &*probed);
    }
    return true;
  }

 private:
  std::optional<std::vector<answer>> truth(const job& j, evaluator& ev) const {
    ev.reserve(j.seq.size());
    diagnostics ignored;
    std::vector<std::uint32_t> ids(j.seq.size());
    for (std::size_t p = 0; p < j.seq.size(); ++p) ids[p] = program_ids_[j.seq[p]];
    if (!ev.append(ids, ignored)) return std::nullopt;
    std::vector<answer> out(j.seq.size());
    for (std::size_t p = 0; p < j.seq.size(); ++p) {
      if (kind_ == output_kind::next) {
        for (std::uint32_t t : ev.next_tokens_at(p)) out[p].next.push_back(program_.vocabulary[t]);
      } else {
        out[p].value = ev.value(program_.output(), p);
      }
    }
    return out;
  }

  // Smallest probe slack at program position p (column p + 1).
  double slack_at(const model::forward_result<T>& r, const evaluator& ev, std::size_t p) const {
    double slack = 1;
    const Eigen::Index col = static_cast<Eigen::Index>(p) + 1;
    for (const probe& pr : probes_) {
      const model::matrix<T>& x = r.residuals[static_cast<std::size_t>(pr.snapshot)].value;
      double v = 0;
      // The coefficients as the model runs them (rounded to T), on the residual it computed.
      for (const auto& [dim, coeff] : pr.form)
        v += static_cast<double>(static_cast<T>(coeff)) * static_cast<double>(x(dim, col));
      if (pr.scale == probe_scale::u) v *= static_cast<double>(p + 2);
      const double want = pr.node ? static_cast<double>(ev.value(*pr.node, p)) : std::round(v);
      const double err = std::isfinite(v) ? std::abs(v - want) : pr.tolerance;
      slack = std::min(slack, 1 - err / pr.tolerance);
    }
    return slack;
  }

  // Credits the positions of one input; probe slack is read where `probed` has columns.
  void compare(const job& j, const std::vector<answer>& want, const evaluator& ev,
               const model::forward_result<T>& got, const model::forward_result<T>* probed) {
    const std::size_t n = j.seq.size();
    // Exhaustive inputs share prefixes: a prefix is credited to the one input that continues it
    // with alphabet entry 0 only, so every distinct sequence counts once.
    std::size_t first = 0;
    if (j.exhaustive) {
      for (std::size_t p = n; p-- > 0;)
        if (j.seq[p] != 0) {
          first = p;
          break;
        }
    } else {
      ++report_.buckets[j.bucket].inputs;
    }
    for (std::size_t p = first; p < n; ++p) {
      length_bucket& b = report_.buckets[j.exhaustive ? j.bucket + p : j.bucket];
      if (j.exhaustive) ++b.inputs;
      ++b.decisions;
      const model::vector<T> scores = got.scores.col(static_cast<Eigen::Index>(p) + 1);
      const model_decision d = read_decision(m_, kind_, scores, p);
      b.min_output_margin =
          std::min(b.min_output_margin, output_margin(m_, kind_, scores, p, want[p]));
      if (probed && static_cast<Eigen::Index>(p) + 1 < probed->scores.cols())
        b.min_slack = std::min(b.min_slack, slack_at(*probed, ev, p));
      const bool agree =
          kind_ == output_kind::next ? same_tokens(d.next, want[p].next) : d.value == want[p].value;
      if (agree) continue;
      ++b.mismatches;
      if (report_.shortest && report_.shortest->tokens.size() <= p + 1) continue;
      counterexample c;
      for (std::size_t q = 0; q <= p; ++q) c.tokens.push_back(alphabet_[j.seq[q]]);
      c.expected = show(kind_, want[p].value, want[p].next);
      c.actual = show(kind_, d.value, d.next);
      report_.shortest = std::move(c);
    }
  }

  const ir::program& program_;
  const model::basic_model<T>& m_;
  output_kind kind_;
  const std::vector<probe>& probes_;
  const std::vector<std::string>& alphabet_;
  std::vector<std::uint32_t> program_ids_;  // alphabet entry -> vocabulary index (or other)
  std::vector<int> model_ids_;              // alphabet entry -> model token id
  verify_report& report_;
  std::size_t batch_columns_ = 2;
  std::size_t probe_columns_ = 2;
};

}  // namespace crasp::verify_detail
