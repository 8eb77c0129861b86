// Adversarial instances (see adversarial.hpp): one-edit neighbours whose answer changes, and
// inputs made of long runs. Everything is drawn from the caller's stream, so a seed gives the
// same instances; candidates are answered in one batch per kind, since an oracle is a process
// and every round trip costs.
#include "task_source/adversarial.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "tasks/common.hpp"

namespace crasp::sources {
namespace {

using spec_detail::task_instance;
using tasks::detail::below;
using tokens = std::vector<std::string>;

// Edits tried per edit wanted: most random edits keep the answer (or leave the task), and the
// oracle answers them all in one batch.
constexpr std::size_t edit_tries = 8;

struct edit {
  tokens input;
  std::size_t base = 0;  ///< index of the sampled instance it was made from
  std::string what;      ///< "token 7 a -> b", "swap 3,4", "exchange 2,9"
};

// One random edit of `input` at its content positions; nullopt when none changes it.
std::optional<edit> one_edit(const tokens& input, const std::vector<std::size_t>& at,
                             const tokens& content, std::mt19937_64& rng) {
  if (at.empty()) return std::nullopt;
  edit e{input, 0, {}};
  switch (below(rng, 3)) {
    case 0: {  // replace one token
      if (content.size() < 2) return std::nullopt;
      const std::size_t p = at[below(rng, at.size())];
      std::string t = content[below(rng, content.size())];
      if (t == input[p]) return std::nullopt;
      e.what = fmt::format("token {} {} -> {}", p + 1, input[p], t);
      e.input[p] = std::move(t);
      return e;
    }
    case 1: {  // swap two neighbouring content tokens
      if (at.size() < 2) return std::nullopt;
      const std::size_t k = below(rng, at.size() - 1);
      const std::size_t p = at[k], q = at[k + 1];
      if (q != p + 1 || input[p] == input[q]) return std::nullopt;
      std::swap(e.input[p], e.input[q]);
      e.what = fmt::format("swap {},{}", p + 1, q + 1);
      return e;
    }
    default: {  // exchange two content tokens anywhere: every count stays
      if (at.size() < 2) return std::nullopt;
      const std::size_t p = at[below(rng, at.size())], q = at[below(rng, at.size())];
      if (input[p] == input[q]) return std::nullopt;
      std::swap(e.input[p], e.input[q]);
      e.what = fmt::format("exchange {},{}", std::min(p, q) + 1, std::max(p, q) + 1);
      return e;
    }
  }
}

// `input` with its content positions rewritten as x^k y^(m-k).
tokens as_runs(const tokens& input, const std::vector<std::size_t>& at, const std::string& x,
               const std::string& y, std::size_t k) {
  tokens out = input;
  for (std::size_t j = 0; j < at.size(); ++j) out[at[j]] = j < k ? x : y;
  return out;
}

}  // namespace

std::vector<std::size_t> content_positions(const tokens& input, const input_shape& shape) {
  std::vector<std::size_t> frame;
  if (!shape.empty())
    if (const auto at = shape.place(input.size())) frame = *at;
  std::vector<std::size_t> out;
  for (std::size_t p = 0; p < input.size(); ++p)
    if (std::find(frame.begin(), frame.end(), p) == frame.end()) out.push_back(p);
  return out;
}

bool add_adversarial(const std::vector<task_instance>& sampled, std::size_t count,
                     const tokens& content, const input_shape& shape, std::mt19937_64& rng,
                     const answer_batch& answer, std::vector<task_instance>& out,
                     instance_mix& mix, diagnostics& diags) {
  if (count == 0 || sampled.empty() || content.empty()) return true;
  std::set<tokens> have;
  for (const auto& s : sampled) have.insert(s.input);

  // One edit: the answer must change, so that the pair straddles the boundary.
  const std::size_t edits_wanted = count - count / 3;
  std::vector<edit> edits;
  for (std::size_t t = 0; t < edits_wanted * edit_tries; ++t) {
    const std::size_t b = below(rng, sampled.size());
    const auto at = content_positions(sampled[b].input, shape);
    if (auto e = one_edit(sampled[b].input, at, content, rng)) {
      e->base = b;
      edits.push_back(std::move(*e));
    }
  }
  std::size_t added = 0;
  if (!edits.empty()) {
    std::vector<tokens> inputs;
    for (const auto& e : edits) inputs.push_back(e.input);
    std::vector<std::optional<task_instance>> answers;
    if (!answer(inputs, answers, diags)) return false;
    for (std::size_t k = 0; k < edits.size() && added < edits_wanted; ++k) {
      auto& a = answers[k];
      const auto& base = sampled[edits[k].base];
      if (!a || a->expected == base.expected || !have.insert(edits[k].input).second) continue;
      a->origin = fmt::format("adversarial, one edit ({}) of {}", edits[k].what, base.origin);
      out.push_back(std::move(*a));
      ++added;
    }
  }
  mix["one-edit"] += added;

  // Runs: the rest of the quota. Candidates come in tiers, most telling first: x^h y^h, two
  // equal runs (balanced: a depth-h Dyck word, a tie of counts), on a base of even content
  // length where there is one; x^(h+1) y^(h-1) and x^(h-1) y^(h+1) (one past the balance); x^m;
  // x^k y^(m-k) for the small constants k = 1 .. 3 and m - 1. Each tier is shuffled and the
  // tiers are taken in turn, the first twice per turn, so that a small quota holds both orders
  // of the balanced pair of a two-token task.
  const std::size_t runs_wanted = count - added;
  struct run_candidate {
    tokens input;
    std::string name;
  };
  std::vector<std::vector<run_candidate>> tiers(4);
  const auto base_of = [&](bool even) -> const task_instance& {
    const std::size_t first = below(rng, sampled.size());
    for (std::size_t d = 0; d < sampled.size() && even; ++d) {
      const auto& b = sampled[(first + d) % sampled.size()];
      if (content_positions(b.input, shape).size() % 2 == 0) return b;
    }
    return sampled[first];
  };
  const auto add_run = [&](std::size_t tier, const task_instance& base, const std::string& x,
                           const std::string& y, std::size_t k) {
    const auto at = content_positions(base.input, shape);
    if (at.empty() || k > at.size()) return;
    const std::size_t m = at.size();
    std::string name = k == m   ? fmt::format("{}^{}", x, m)
                       : k == 0 ? fmt::format("{}^{}", y, m)
                                : fmt::format("{}^{} {}^{}", x, k, y, m - k);
    tiers[tier].push_back({as_runs(base.input, at, x, y, k), std::move(name)});
  };
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto& x : content)
    for (const auto& y : content)
      if (x != y) pairs.emplace_back(x, y);
  tasks::detail::shuffle(pairs, rng);
  if (pairs.size() > 12) pairs.resize(12);  // a large vocabulary: a random dozen of its pairs
  for (const auto& [x, y] : pairs) {
    const auto& even = base_of(true);
    const std::size_t h = content_positions(even.input, shape).size() / 2;
    add_run(0, even, x, y, h);
    const auto& any = base_of(false);
    const std::size_t m = content_positions(any.input, shape).size();
    add_run(1, any, x, y, m / 2 + 1);
    if (m >= 2) add_run(1, any, x, y, m / 2 - 1);
    for (const std::size_t k : {std::size_t{1}, std::size_t{2}, std::size_t{3}, m - 1})
      if (k >= 1 && k < m) add_run(3, any, x, y, k);
  }
  for (const auto& x : content) {
    const auto& base = base_of(false);
    add_run(2, base, x, x, content_positions(base.input, shape).size());
  }
  for (auto& tier : tiers) tasks::detail::shuffle(tier, rng);
  std::vector<tokens> runs;
  std::vector<std::string> names;
  std::vector<std::size_t> next(tiers.size(), 0);
  for (bool more = true; more && runs.size() < runs_wanted * 2;) {
    more = false;
    for (std::size_t t = 0; t < tiers.size(); ++t) {
      for (std::size_t turn = 0; turn < (t == 0 ? 2U : 1U); ++turn) {
        while (next[t] < tiers[t].size() && !have.insert(tiers[t][next[t]].input).second) ++next[t];
        if (next[t] >= tiers[t].size()) continue;
        runs.push_back(tiers[t][next[t]].input);
        names.push_back(tiers[t][next[t]].name);
        ++next[t];
        more = true;
      }
    }
  }
  std::size_t run_added = 0;
  if (!runs.empty()) {
    std::vector<std::optional<task_instance>> answers;
    if (!answer(runs, answers, diags)) return false;
    for (std::size_t k = 0; k < runs.size() && run_added < runs_wanted; ++k) {
      if (!answers[k]) continue;
      answers[k]->origin = "adversarial, runs " + names[k];
      out.push_back(std::move(*answers[k]));
      ++run_added;
    }
  }
  mix["run-length"] += run_added;
  return true;
}

}  // namespace crasp::sources
