// Uniform members and non-members by path counting (see sample.hpp); the boundary draws built
// on the same pieces are in boundary.cpp.
#include "regular/sample.hpp"

#include <cmath>
#include <limits>

namespace crasp::regular {
namespace {

// Draws one candidate by weight; when every weight has underflowed to 0 although the counts are
// positive (a count 2^-1074 below its level's largest), uniformly instead, so that an existing
// word is still found.
std::size_t pick(const std::vector<double>& weights, std::mt19937_64& rng) {
  if (const auto i = detail::weighted_index(weights, rng)) return *i;
  return detail::uniform_index(weights.size(), rng);
}

}  // namespace

sampler::sampler(dfa d) : dfa_(std::move(d)) {
  if (!dfa_.valid())
    dfa_ = dfa{dfa_.alphabet, {std::vector<std::uint32_t>(dfa_.alphabet.size(), 0)}, {false}, 0};
  const std::size_t n = dfa_.states(), k = dfa_.alphabet.size();
  const auto live = dfa_.live();
  members_ = detail::count_table(dfa_.accepting, detail::count_table::direction::backward);
  std::vector<bool> rejecting = dfa_.accepting;
  rejecting.flip();
  non_members_ = detail::count_table(rejecting, detail::count_table::direction::backward);
  std::vector<bool> at_start(n, false);
  at_start[dfa_.start] = true;
  forward_ = detail::count_table(at_start, detail::count_table::direction::forward);

  pred_begin_.assign(n + 1, 0);
  for (std::size_t q = 0; q < n; ++q)
    for (const std::uint32_t t : dfa_.delta[q]) ++pred_begin_[t + 1];
  for (std::size_t t = 0; t < n; ++t) pred_begin_[t + 1] += pred_begin_[t];
  preds_.resize(n * k);
  std::vector<std::size_t> fill(pred_begin_.begin(), pred_begin_.end() - 1);
  for (std::uint32_t q = 0; q < n; ++q)
    for (std::uint32_t s = 0; s < k; ++s) preds_[fill[dfa_.delta[q][s]]++] = {q, s};

  for (std::uint32_t q = 0; q < n; ++q) {
    if (!live[q]) continue;
    std::vector<std::uint32_t> dead;
    for (std::uint32_t s = 0; s < k; ++s)
      if (!live[dfa_.delta[q][s]]) dead.push_back(s);
    if (dead.empty()) continue;
    boundary_states_.push_back(q);
    dead_symbols_.push_back(std::move(dead));
  }
}

std::vector<std::uint32_t> sampler::completion(const detail::count_table& table, std::uint32_t q,
                                               std::size_t length, std::mt19937_64& rng) const {
  std::vector<std::uint32_t> word, options;
  std::vector<double> weights;
  word.reserve(length);
  for (std::size_t left = length; left > 0; --left) {
    options.clear();
    weights.clear();
    for (std::uint32_t s = 0; s < dfa_.alphabet.size(); ++s) {
      const std::uint32_t t = dfa_.delta[q][s];
      if (!table.positive(left - 1, t)) continue;
      options.push_back(s);
      weights.push_back(table.scaled(left - 1, t));
    }
    const std::uint32_t s = options[pick(weights, rng)];
    word.push_back(s);
    q = dfa_.delta[q][s];
  }
  return word;
}

std::vector<std::uint32_t> sampler::prefix(std::uint32_t q, std::size_t length,
                                           std::mt19937_64& rng) const {
  // Backwards from q: the last symbol is drawn in proportion to the words that reach its source.
  std::vector<std::uint32_t> word(length);
  std::vector<std::size_t> options;
  std::vector<double> weights;
  for (std::size_t at = length; at > 0; --at) {
    options.clear();
    weights.clear();
    for (std::size_t i = pred_begin_[q]; i < pred_begin_[q + 1]; ++i) {
      const std::uint32_t source = preds_[i].first;
      if (!forward_.positive(at - 1, source)) continue;
      options.push_back(i);
      weights.push_back(forward_.scaled(at - 1, source));
    }
    const auto& [source, s] = preds_[options[pick(weights, rng)]];
    word[at - 1] = s;
    q = source;
  }
  return word;
}

std::optional<std::vector<std::uint32_t>> sampler::draw(detail::count_table& table, std::size_t n,
                                                        std::mt19937_64& rng) {
  if (!table.grow(dfa_, n) || !table.positive(n, dfa_.start)) return std::nullopt;
  return completion(table, dfa_.start, n, rng);
}

std::optional<std::vector<std::string>> sampler::member(std::size_t n, std::mt19937_64& rng) {
  const auto w = draw(members_, n, rng);
  if (!w) return std::nullopt;
  return spell(*w);
}

std::optional<std::vector<std::string>> sampler::non_member(std::size_t n, std::mt19937_64& rng) {
  const auto w = draw(non_members_, n, rng);
  if (!w) return std::nullopt;
  return spell(*w);
}

double sampler::log2_members(std::size_t n) {
  if (!members_.grow(dfa_, n)) return std::numeric_limits<double>::quiet_NaN();
  return members_.log2_count(n, dfa_.start);
}

double sampler::log2_non_members(std::size_t n) {
  if (!non_members_.grow(dfa_, n)) return std::numeric_limits<double>::quiet_NaN();
  return non_members_.log2_count(n, dfa_.start);
}

bool sampler::accepted(const std::vector<std::uint32_t>& word) const {
  std::uint32_t q = dfa_.start;
  for (const std::uint32_t s : word) q = dfa_.delta[q][s];
  return dfa_.accepting[q];
}

std::vector<std::string> sampler::spell(const std::vector<std::uint32_t>& word) const {
  std::vector<std::string> out;
  out.reserve(word.size());
  for (const std::uint32_t s : word) out.push_back(dfa_.alphabet[s]);
  return out;
}

}  // namespace crasp::regular
