// Instances at a program's comparison boundaries (see program_boundary.hpp).
#include "task_check/program_boundary.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <set>
#include <variant>

#include <fmt/format.h>

#include "crasp/interpret.hpp"
#include "tasks/common.hpp"

namespace crasp::check_detail {
namespace {

using spec_detail::task_instance;
using tasks::detail::below;
using tokens = std::vector<std::string>;

/// Where d = a - b is read: at the last position (the decision an acceptor outputs), or its
/// extreme over the positions (a comparison counted or nested acts at every one).
enum class reading { last, highest, lowest };

struct target {
  ir::node_id a = 0, b = 0;
  reading how = reading::last;
  std::string name;  ///< the statement the comparison is, or its node
};

// Every comparison whose sides are not both constants, in each reading. Acceptors and labels
// read the last position first, so it leads.
std::vector<target> targets_of(const ir::program& p) {
  std::vector<std::string> names(p.nodes.size());
  for (const auto& st : p.statements)
    if (st.value < names.size() && names[st.value].empty()) names[st.value] = st.name;
  std::vector<target> out;
  for (ir::node_id id = 0; id < p.nodes.size(); ++id) {
    const auto* c = std::get_if<ir::compare>(&p.nodes[id].operation);
    if (c == nullptr) continue;
    const auto constant = [&](ir::node_id x) {
      return std::holds_alternative<ir::int_const>(p.nodes[x].operation);
    };
    if (constant(c->a) && constant(c->b)) continue;
    const std::string name = names[id].empty() ? fmt::format("comparison {}", id) : names[id];
    for (const auto how : {reading::last, reading::highest, reading::lowest})
      out.push_back({c->a, c->b, how, name});
  }
  return out;
}

std::int64_t difference(std::int64_t a, std::int64_t b) {
  std::int64_t d = 0;
  if (!__builtin_sub_overflow(a, b, &d)) return d;
  return a > b ? std::numeric_limits<std::int64_t>::max() : std::numeric_limits<std::int64_t>::min();
}

/// What one run of the program says about an input: d read as the target asks, and the
/// program's output (its last statement at the last position).
struct reading_of {
  std::int64_t d = 0;
  std::int64_t output = 0;
};

// Runs the program; nullopt when it refuses the input.
class probe {
 public:
  explicit probe(const ir::program& p) : program_(p), ev_(p, "check") {}

  std::optional<reading_of> operator()(const tokens& input, const target& t) {
    diagnostics d;
    ev_.reset();
    const auto ids = encode(program_, input, "check", d);
    if (!ids || ids->empty() || !ev_.append(*ids, d)) return std::nullopt;
    evaluations_ += input.size();
    const std::size_t n = ev_.length();
    const std::int64_t output = ev_.value(program_.output(), n - 1);
    if (t.how == reading::last)
      return reading_of{difference(ev_.value(t.a, n - 1), ev_.value(t.b, n - 1)), output};
    std::int64_t best = difference(ev_.value(t.a, 0), ev_.value(t.b, 0));
    for (std::size_t pos = 1; pos < n; ++pos) {
      const std::int64_t v = difference(ev_.value(t.a, pos), ev_.value(t.b, pos));
      best = t.how == reading::highest ? std::max(best, v) : std::min(best, v);
    }
    return reading_of{best, output};
  }
  /// Tokens evaluated so far: the search's budget is counted in them.
  [[nodiscard]] std::size_t evaluations() const { return evaluations_; }

 private:
  const ir::program& program_;
  evaluator ev_;
  std::size_t evaluations_ = 0;
};

// One random edit at a content position: a token replaced (mostly) or two neighbours swapped.
// A draw that would change nothing (the same token, equal neighbours) is drawn again, a few
// times: with two content tokens half the replacements are such.
bool mutate(tokens& x, const std::vector<std::size_t>& at, const tokens& content,
            std::mt19937_64& rng) {
  if (at.empty()) return false;
  for (int attempt = 0; attempt < 8; ++attempt) {
    if (below(rng, 4) != 0 && content.size() >= 2) {
      const std::size_t p = at[below(rng, at.size())];
      const std::string& t = content[below(rng, content.size())];
      if (t == x[p]) continue;
      x[p] = t;
      return true;
    }
    if (at.size() < 2) continue;
    const std::size_t k = below(rng, at.size() - 1);
    if (at[k + 1] != at[k] + 1 || x[at[k]] == x[at[k + 1]]) continue;
    std::swap(x[at[k]], x[at[k + 1]]);
    return true;
  }
  return false;
}

std::uint64_t distance(std::int64_t d, std::int64_t goal) {
  return d >= goal ? static_cast<std::uint64_t>(d) - static_cast<std::uint64_t>(goal)
                   : static_cast<std::uint64_t>(goal) - static_cast<std::uint64_t>(d);
}

/// Tokens the whole search of one bin may evaluate: a few hundred runs of the 100x bin, many
/// thousand of a train bin. The search is best effort: what it finds is counted in the mix.
constexpr std::size_t token_budget = 4'000'000;
/// Edits proposed per step; the best is kept (sideways moves too, to cross plateaus).
constexpr std::size_t proposals = 4;

}  // namespace

bool add_program_boundary(const ir::program& program, const std::vector<task_instance>& sampled,
                          std::size_t count, const answering& by, std::mt19937_64& rng,
                          std::vector<task_instance>& out, instance_mix& mix,
                          diagnostics& diags) {
  if (count == 0 || sampled.empty() || !by.answer || by.content.empty() ||
      program.statements.empty())
    return true;
  auto targets = targets_of(program);
  if (targets.empty()) return true;
  // Readings of one comparison stay together, the comparisons in random order.
  std::vector<std::size_t> order(targets.size() / 3);
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  tasks::detail::shuffle(order, rng);
  std::set<tokens> have;
  for (const auto& inst : out) have.insert(inst.input);

  probe run(program);
  std::vector<tokens> found;
  std::vector<std::string> what;
  const std::size_t per_try = token_budget / count;
  constexpr std::int64_t goals[] = {0, 1, -1};
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t turn = k % targets.size();
    const target& t = targets[order[turn / 3 % order.size()] * 3 + turn % 3];
    const std::int64_t goal = goals[(k / targets.size()) % 3];
    const task_instance& seed = sampled[below(rng, sampled.size())];
    const auto at = content_positions(seed.input, by.shape);
    tokens x = seed.input;
    if (!mutate(x, at, by.content, rng)) continue;
    // Every other search holds the program's output at the seed's: a comparison moved to its
    // edge while the program still answers as it did is where a wrong bound shows (a depth-4
    // word that a "depth <= 4" program accepts, for a depth-3 language). An input already held
    // costs one more than its distance: sampled inputs often sit at a boundary already (a
    // balanced word ends at O - C = 0), and the search must leave them.
    const bool hold = k % 2 == 0;
    const auto at_seed = run(seed.input, t);
    if (!at_seed) continue;
    const auto cost_of = [&](const tokens& y) -> std::optional<std::uint64_t> {
      const auto r = run(y, t);
      if (!r) return std::nullopt;
      return distance(r->d, goal) + (have.count(y) != 0 ? 1 : 0) +
             (hold && r->output != at_seed->output ? 1 : 0);
    };
    auto first = cost_of(x);
    if (!first) continue;
    std::uint64_t cost = *first;
    const std::size_t stop = run.evaluations() + per_try;
    while (cost > 0 && run.evaluations() < stop) {
      std::optional<tokens> best;
      std::uint64_t best_cost = std::numeric_limits<std::uint64_t>::max();
      for (std::size_t q = 0; q < proposals; ++q) {
        tokens y = x;
        if (!mutate(y, at, by.content, rng)) continue;
        const auto c = cost_of(y);
        if (c && *c < best_cost) best_cost = *c, best = std::move(y);
      }
      if (best && best_cost <= cost) x = std::move(*best), cost = best_cost;
    }
    if (cost != 0 || !have.insert(x).second) continue;
    const char* where = t.how == reading::last      ? "at the last position"
                        : t.how == reading::highest ? "at its highest"
                                                    : "at its lowest";
    what.push_back(fmt::format("{}: a - b = {} {}{}", t.name, goal, where,
                               hold ? ", the program's answer kept" : ""));
    found.push_back(std::move(x));
  }
  std::size_t added = 0;
  if (!found.empty()) {
    std::vector<std::optional<task_instance>> answers;
    if (!by.answer(found, answers, diags)) return false;
    for (std::size_t k = 0; k < found.size() && k < answers.size(); ++k) {
      if (!answers[k]) continue;
      answers[k]->origin = "adversarial, program boundary (" + what[k] + ")";
      out.push_back(std::move(*answers[k]));
      ++added;
    }
  }
  mix["program boundary"] += added;
  return true;
}

}  // namespace crasp::check_detail
