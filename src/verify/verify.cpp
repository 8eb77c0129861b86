// Differential verification: which inputs to run. Every sequence up to a short length (only the
// longest are run: their prefixes are the shorter ones), then random sequences in length buckets
// up to the designed maximum, half of them over a random two-token sub-alphabet, because uniform
// strings over many tokens rarely bring two counts close enough to test a comparison.
#include "crasp/verify.hpp"

#include <fmt/format.h>

#include <cmath>
#include <random>

#include "verify/verify_checker.hpp"

namespace crasp {
namespace {

using verify_detail::checker;
using verify_detail::job;

constexpr int auto_exhaustive_cap = 16;           // the first random bucket ends here
constexpr double max_exhaustive_sequences = 5e7;  // an explicit length past this is refused

// The program's vocabulary, plus one token it never names when the vocabulary is open: every
// unknown token behaves alike, so one stands for all.
std::vector<std::string> input_alphabet(const ir::program& program) {
  std::vector<std::string> a = program.vocabulary;
  if (!program.closed_vocabulary) {
    std::string unk = "<unk>";
    while (program.token_index(unk) != UINT32_MAX) unk += "'";
    a.push_back(unk);
  }
  return a;
}

// The model's output kind when it answers the same question as the program.
std::optional<output_kind> matching_kind(const ir::program& program, const model::model& m,
                                         diagnostics& diags) {
  const std::string origin = "verify";
  const auto kind = model_output_kind(m, origin, diags);
  if (!kind) return std::nullopt;
  if (!program.is_generator() && program.statements.empty()) {
    diags.error(origin, "the program has no statements");
    return std::nullopt;
  }
  const output_kind want = program.is_generator() ? output_kind::next
                           : program.statements.back().result == ir::type::boolean
                               ? output_kind::boolean
                               : output_kind::count;
  if (*kind != want) {
    diags.error(origin, "the model's outputs do not match the program's kind of answer");
    return std::nullopt;
  }
  return kind;
}

bool probes_fit(const std::vector<probe>& probes, const model::model& m,
                const ir::program& program, diagnostics& diags) {
  const int snapshots = 2 * static_cast<int>(m.layers.size()) + 1;
  bool ok = true;
  for (const probe& p : probes) {
    bool fits = p.snapshot >= 0 && p.snapshot < snapshots && p.tolerance > 0;
    for (const auto& term : p.form) fits = fits && term.first >= 0 && term.first < m.d_model();
    fits = fits && (!p.node || *p.node < program.nodes.size());
    if (!fits) diags.error("verify", fmt::format("probe '{}' does not fit the model", p.name));
    ok = ok && fits;
  }
  return ok;
}

// The exhaustive length: as asked (at most the designed maximum), or the longest whose total
// count of sequences stays within the budget, capped where random buckets take over.
std::optional<int> exhaustive_length(std::size_t symbols, const verify_options& opts, int longest,
                                     diagnostics& diags) {
  const double a = static_cast<double>(symbols);
  if (opts.exhaustive_length >= 0) {
    const int l = std::min(opts.exhaustive_length, longest);
    if (std::pow(a, l) > max_exhaustive_sequences) {
      diags.error("verify", fmt::format("exhaustive length {} over {} tokens is {:.3g} sequences, "
                                        "more than the {:.0e} allowed",
                                        l, symbols, std::pow(a, l), max_exhaustive_sequences));
      return std::nullopt;
    }
    return l;
  }
  int l = 0;
  double total = 0;
  while (l < std::min(auto_exhaustive_cap, longest) && symbols > 0) {
    const double next = std::pow(a, l + 1);
    if (total + next > static_cast<double>(opts.exhaustive_budget)) break;
    total += next;
    ++l;
  }
  return l;
}

// Random bucket ranges [lo, hi]: ends double from 16, the last is the designed maximum; lengths
// already covered exhaustively are left out.
std::vector<std::pair<int, int>> random_ranges(int exhaustive, int longest) {
  std::vector<std::pair<int, int>> out;
  int prev = 0;
  for (int end = 16; prev < longest; end *= 2) {
    const int e = std::min(end, longest);
    if (e > exhaustive) out.emplace_back(std::max(prev, exhaustive) + 1, e);
    prev = e;
  }
  return out;
}

// The attention pairs of the plan, each random input counted at its bucket's longest length
// (one BOS position more). Too much is an error, or with fit_attention drops the longest buckets.
template <class T>
bool fit_plan(const model::basic_model<T>& m, std::size_t symbols, int& exhaustive,
              std::vector<std::pair<int, int>>& ranges, const verify_options& opts,
              verify_report& report, diagnostics& diags) {
  const auto pairs = [&](int length) {
    return model::attention_pairs(m, static_cast<std::size_t>(length) + 1);
  };
  const auto total = [&] {
    double t = exhaustive > 0
                   ? std::pow(static_cast<double>(symbols), exhaustive) * pairs(exhaustive)
                   : 0;
    for (const auto& r : ranges) t += static_cast<double>(opts.random_per_bucket) * pairs(r.second);
    return t;
  };
  report.attention_pairs = total();
  if (report.attention_pairs <= opts.max_attention) return true;
  if (!opts.fit_attention) {
    diags.error("verify",
                fmt::format("checking inputs up to length {} ({} random per length bucket) needs "
                            "up to {:.3g} attention query-key pairs, more than the limit of {:.3g} "
                            "(--max-attention); lower --max-len or --samples, or raise the limit",
                            ranges.empty() ? exhaustive : ranges.back().second,
                            opts.random_per_bucket, report.attention_pairs, opts.max_attention));
    return false;
  }
  report.left_out_to = ranges.empty() ? exhaustive : ranges.back().second;
  while (!ranges.empty() && total() > opts.max_attention) ranges.pop_back();
  while (ranges.empty() && exhaustive > 0 && total() > opts.max_attention) --exhaustive;
  report.attention_pairs = total();
  return true;
}

// Raw generator output only (no std distributions): the same seed gives the same inputs on
// every platform.
std::uint64_t below(std::mt19937_64& rng, std::uint64_t n) {
  return rng() % n;
}

template <class T>
bool run_batches(checker<T>& c, std::vector<job>& jobs, diagnostics& diags) {
  const std::size_t budget = c.batch_columns();
  std::vector<job> batch;
  std::size_t columns = 0;
  for (job& j : jobs) {
    if (!batch.empty() && columns + j.seq.size() + 1 > budget) {
      if (!c.run(batch, diags)) return false;
      batch.clear();
      columns = 0;
    }
    columns += j.seq.size() + 1;
    batch.push_back(std::move(j));
  }
  jobs.clear();
  return batch.empty() || c.run(batch, diags);
}

template <class T>
std::optional<verify_report> verify_in(const ir::program& program, const model::basic_model<T>& m,
                                       output_kind kind, const std::vector<probe>& probes,
                                       const verify_options& opts, diagnostics& diags) {
  const std::vector<std::string> alphabet = input_alphabet(program);
  auto encoded = encode_for_model(m, alphabet, "verify", diags);
  if (!encoded) return std::nullopt;
  encoded->erase(encoded->begin());  // the BOS
  const std::size_t symbols = alphabet.size();
  const int longest = std::max(0, m.max_len - 1);
  auto exhaustive = exhaustive_length(symbols, opts, longest, diags);
  if (!exhaustive) return std::nullopt;
  auto ranges = opts.random_per_bucket > 0 && symbols > 0
                          ? random_ranges(*exhaustive, longest)
                          : std::vector<std::pair<int, int>>{};

  verify_report report;
  if (!fit_plan(m, symbols, *exhaustive, ranges, opts, report, diags)) return std::nullopt;
  for (int l = 1; l <= *exhaustive; ++l) report.buckets.push_back({l, l, true});
  for (const auto& [lo, hi] : ranges) report.buckets.push_back({lo, hi, false});
  const std::size_t total = report.buckets.size();
  const auto progress = [&](std::size_t done) {
    if (opts.progress) opts.progress(done, total);
  };
  checker<T> c(program, m, kind, probes, alphabet, std::move(*encoded), report);

  // Exhaustive: every sequence of the longest length, in lexicographic order, batch by batch.
  std::vector<job> jobs;
  if (*exhaustive > 0) {
    const std::size_t per_batch =
        std::max<std::size_t>(1, c.batch_columns() / static_cast<std::size_t>(*exhaustive + 1));
    std::vector<std::uint32_t> seq(static_cast<std::size_t>(*exhaustive), 0);
    bool more = true;
    while (more) {
      jobs.push_back({seq, 0, true});
      std::size_t k = seq.size();  // odometer: bump the last position, carry to the left
      while (k > 0 && ++seq[k - 1] == symbols) seq[--k] = 0;
      more = k > 0;
      if ((jobs.size() >= per_batch || !more) && !run_batches(c, jobs, diags)) return std::nullopt;
    }
    for (int l = 1; l <= *exhaustive; ++l) progress(static_cast<std::size_t>(l));
  }

  std::mt19937_64 rng(opts.seed);
  for (std::size_t b = 0; b < ranges.size(); ++b) {
    const auto [lo, hi] = ranges[b];
    for (std::size_t k = 0; k < opts.random_per_bucket; ++k) {
      job j;
      j.bucket = static_cast<std::size_t>(*exhaustive) + b;
      const auto length =
          static_cast<std::size_t>(lo) + below(rng, static_cast<std::uint64_t>(hi - lo + 1));
      std::vector<std::uint32_t> pool;  // every odd input: two tokens drawn at random
      if (k % 2 == 1 && symbols > 2) {
        const auto first = static_cast<std::uint32_t>(below(rng, symbols));
        auto second = static_cast<std::uint32_t>(below(rng, symbols - 1));
        if (second >= first) ++second;
        pool = {first, second};
      }
      for (std::size_t p = 0; p < length; ++p)
        j.seq.push_back(pool.empty() ? static_cast<std::uint32_t>(below(rng, symbols))
                                     : pool[below(rng, 2)]);
      jobs.push_back(std::move(j));
    }
    if (!run_batches(c, jobs, diags)) return std::nullopt;
    progress(static_cast<std::size_t>(*exhaustive) + b + 1);
  }

  for (const length_bucket& b : report.buckets) {
    report.inputs += b.inputs;
    report.decisions += b.decisions;
    report.mismatches += b.mismatches;
  }
  return report;
}

}  // namespace

std::optional<verify_report> verify(const ir::program& program, const compiled_program& compiled,
                                    const verify_options& opts, diagnostics& diags) {
  const diagnostics problems = model::validate(compiled.model);
  if (problems.has_errors()) {
    diags.append(problems);
    return std::nullopt;
  }
  const auto kind = matching_kind(program, compiled.model, diags);
  if (!kind || !probes_fit(compiled.probes, compiled.model, program, diags)) return std::nullopt;
  if (opts.prec == precision::f64)
    return verify_in(program, compiled.model, *kind, compiled.probes, opts, diags);
  const model::model_f32 m32 = model::cast<float>(compiled.model);
  return verify_in(program, m32, *kind, compiled.probes, opts, diags);
}

}  // namespace crasp
