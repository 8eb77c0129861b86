// Boundary samples (see sampler::boundary in sample.hpp): members drawn through the states where
// one wrong symbol kills the word, then broken there. The boundary state is drawn uniformly
// rather than in proportion to its members: in D_12 at length 26, 1,931,539 (member, position)
// pairs sit at depth 0 and 24 at the depth bound 12, so in proportion a^13 b^13 would come once
// in about 320,000 draws; with the state drawn uniformly it comes once in about 7.
#include <algorithm>
#include <cmath>
#include <limits>

#include "regular/sample.hpp"

namespace crasp::regular {
namespace {

// Draws per call before giving up: a swap needs a later copy of the symbol and an edit must
// leave the language, so some draws fail; a language where 100 in a row fail has no useful
// boundary at this length.
constexpr int max_tries = 100;

}  // namespace

bool sampler::prepare(std::size_t n) {
  if (prepared_ == n) return true;
  if (!members_.grow(dfa_, n) || (n > 0 && !forward_.grow(dfa_, n - 1))) return false;
  position_weights_.assign(boundary_states_.size(), {});
  for (std::size_t j = 0; j < boundary_states_.size(); ++j) {
    const std::uint32_t q = boundary_states_[j];
    // log2 of the members in q after p symbols: words reaching q times completions from q.
    std::vector<double> weights(n);
    double top = -std::numeric_limits<double>::infinity();
    for (std::size_t p = 0; p < n; ++p) {
      weights[p] = forward_.log2_count(p, q) + members_.log2_count(n - p, q);
      top = std::max(top, weights[p]);
    }
    if (std::isinf(top)) continue;  // no member of length n passes through q before its end
    for (double& w : weights) w = std::exp2(w - top);
    position_weights_[j] = std::move(weights);
  }
  prepared_ = n;
  return true;
}

std::optional<sampler::boundary_draw> sampler::draw_through_boundary(std::size_t n,
                                                                     std::mt19937_64& rng) {
  if (!prepare(n)) return std::nullopt;
  std::vector<std::size_t> used;
  for (std::size_t j = 0; j < position_weights_.size(); ++j)
    if (!position_weights_[j].empty()) used.push_back(j);
  if (used.empty()) return std::nullopt;
  const std::size_t j = used[detail::uniform_index(used.size(), rng)];
  const std::size_t p = *detail::weighted_index(position_weights_[j], rng);
  const std::uint32_t q = boundary_states_[j];
  auto word = prefix(q, p, rng);
  const auto rest = completion(members_, q, n - p, rng);
  word.insert(word.end(), rest.begin(), rest.end());
  return boundary_draw{std::move(word), p, static_cast<std::uint32_t>(j)};
}

std::optional<sample> sampler::boundary(std::size_t n, std::mt19937_64& rng) {
  if (!members_.grow(dfa_, n) || !members_.positive(n, dfa_.start) || !prepare(n))
    return std::nullopt;
  bool through = false;
  for (const auto& w : position_weights_) through = through || !w.empty();
  if (!through) return edit(n, rng);
  for (int attempt = 0; attempt < max_tries; ++attempt) {
    auto d = draw_through_boundary(n, rng);
    if (!d) return std::nullopt;
    const auto& dead = dead_symbols_[d->which];
    const std::uint32_t s = dead[detail::uniform_index(dead.size(), rng)];
    std::string kind;
    if (detail::uniform01(rng) < 0.5) {
      d->word[d->position] = s;
      kind = "substitution";
    } else {
      std::vector<std::size_t> later;
      for (std::size_t r = d->position + 1; r < n; ++r)
        if (d->word[r] == s) later.push_back(r);
      if (later.empty()) continue;
      std::swap(d->word[d->position], d->word[later[detail::uniform_index(later.size(), rng)]]);
      kind = "swap";
    }
    if (!accepted(d->word)) return sample{spell(d->word), std::move(kind)};
  }
  return std::nullopt;
}

std::optional<std::vector<std::string>> sampler::boundary_member(std::size_t n,
                                                                 std::mt19937_64& rng) {
  const auto d = draw_through_boundary(n, rng);
  if (!d) return std::nullopt;
  return spell(d->word);
}

std::optional<sample> sampler::edit(std::size_t n, std::mt19937_64& rng) {
  const std::size_t k = dfa_.alphabet.size();
  if (k < 2 || n == 0) return std::nullopt;
  for (int attempt = 0; attempt < max_tries; ++attempt) {
    auto word = *draw(members_, n, rng);
    const std::size_t at = detail::uniform_index(n, rng);
    auto other = static_cast<std::uint32_t>(detail::uniform_index(k - 1, rng));
    if (other >= word[at]) ++other;  // any symbol but the one there
    word[at] = other;
    if (!accepted(word)) return sample{spell(word), "edit"};
  }
  return std::nullopt;
}

}  // namespace crasp::regular
