// See solve.hpp. Conditions are kept per goal, deduplicated by their values on the goal's
// decisions (first, so smallest, kept). Conjunctions and disjunctions are searched exactly for
// two parts and greedily (set cover) for three and four.
#include "synth/solve.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

#include "support/parallel.hpp"

namespace crasp::synth {

namespace {

// Enough for the decompositions the targets need; keeps best() cheap.
constexpr std::size_t max_conditions = 20000;
constexpr std::size_t pair_window = 2000;
constexpr std::size_t max_parts = 4;

std::size_t ones(const bits& b) {
  std::size_t n = 0;
  for (const word w : b) n += static_cast<std::size_t>(std::popcount(w));
  return n;
}

bool subset(const bits& a, const bits& b) {  // a ⊆ b
  for (std::size_t w = 0; w < a.size(); ++w)
    if ((a[w] & ~b[w]) != 0) return false;
  return true;
}

bool disjoint(const bits& a, const bits& b) {
  for (std::size_t w = 0; w < a.size(); ++w)
    if ((a[w] & b[w]) != 0) return false;
  return true;
}

}  // namespace

std::size_t shape_cost(shape form) {
  switch (form) {
    case shape::plain: return 0;
    case shape::any: return 2;  // tok(s) &&
    case shape::all: return 1;
    case shape::all_other: return 1;
  }
  return 0;
}

solver::solver(const layout& l, const family_info& f, std::vector<goal> goals)
    : l_(l), f_(f), goals_(std::move(goals)) {
  state_.resize(goals_.size());
  // Decisions are numbered over the instances laid end to end; the layout shares prefixes.
  for (auto& g : goals_)
    for (auto& p : g.positions) p = l_.position_of_flat(p);
  for (std::size_t g = 0; g < goals_.size(); ++g) {
    const auto& spec = goals_[g];
    auto& st = state_[g];
    const std::size_t d = spec.want.size();
    st.want.assign((d + 63) / 64, 0);
    const std::size_t per = l_.per_copy(), S = f_.s_count, A = spec.family ? f_.a_count : 1;
    for (std::size_t k = 0; k < d && !spec.count; ++k) {
      const std::size_t p = spec.positions[k / A], ai = k % A;
      const auto flat = [&](std::size_t si) { return static_cast<std::uint32_t>((ai * S + si) * per + p); };
      st.plain.push_back(flat(0));
      const auto it = std::find(f_.symbols.begin(), f_.symbols.end(), l_.token(p));
      st.any.push_back(it == f_.symbols.end() ? no_token
                                              : flat(static_cast<std::size_t>(it - f_.symbols.begin())));
      for (std::size_t si = 0; si < S; ++si) st.every.push_back(flat(si));
      st.a_of.push_back(static_cast<std::uint32_t>(ai));
    }
    st.positives = st.negatives = st.want;
    if (spec.count) continue;
    for (std::size_t k = 0; k < d; ++k) set(spec.want[k] != 0 ? st.positives : st.negatives, k);
    st.want = st.positives;
  }
}

bool solver::value_of(const enumerator& e, std::int32_t id, shape form, const goal& g,
                      const goal_state& st, bits& out) const {
  const term& t = e.terms()[static_cast<std::size_t>(id)];
  const bool has_a = (t.uses & uses_a) != 0, has_s = (t.uses & uses_s) != 0;
  if (has_a && !g.family) return false;
  if (form == shape::plain && has_s) return false;
  if (form != shape::plain && !has_s) return false;
  if (form == shape::all_other && (!g.family || !has_a)) return false;
  const auto v = e.boolean_value(id);
  const std::size_t d = st.plain.size(), S = f_.s_count;
  const auto read = [&](std::size_t k) {
    switch (form) {
      case shape::plain: return test(v, st.plain[k]);
      case shape::any: return st.any[k] != no_token && test(v, st.any[k]);
      case shape::all:
      case shape::all_other:
        for (std::size_t si = 0; si < S; ++si)
          if ((form == shape::all || si != st.a_of[k]) && !test(v, st.every[k * S + si]))
            return false;
        return true;
    }
    return false;
  };
  // Most expressions are of no use to a goal: false on some positive (so neither exact nor
  // necessary) and true on some negative (so not sufficient). Stop reading as soon as both
  // are seen.
  bool may_need = true, may_suffice = true;
  for (std::size_t k = 0; k < d && (may_need || may_suffice); ++k) {
    const bool x = read(k);
    if (test(st.positives, k) && !x) may_need = false;
    if (test(st.negatives, k) && x) may_suffice = false;
  }
  if (!may_need && !may_suffice) return false;
  out.assign((d + 63) / 64, 0);
  for (std::size_t k = 0; k < d; ++k)
    if (read(k)) set(out, k);
  return true;
}

void solver::consider(goal_state& g, condition c) {
  if (!g.exact && c.value == g.want) {
    g.exact = c;
    return;
  }
  const bool necessary = subset(g.positives, c.value) && !subset(g.negatives, c.value);
  const bool sufficient = disjoint(c.value, g.negatives) && !disjoint(c.value, g.positives);
  const auto keep = [&](std::vector<condition>& list,
                        std::unordered_map<std::uint64_t, std::vector<std::size_t>>& seen) {
    if (list.size() >= max_conditions) return;
    auto& bucket = seen[hash_of(std::span<const word>(c.value))];
    for (const std::size_t i : bucket)
      if (list[i].value == c.value) return;
    bucket.push_back(list.size());
    list.push_back(c);
  };
  if (necessary) keep(g.necessary, g.seen_nec);
  if (sufficient) keep(g.sufficient, g.seen_suf);
}

bool solver::absorb(const enumerator& e, unsigned threads, const std::function<bool()>& stop) {
  const auto& terms = e.terms();
  const std::size_t from = absorbed_, to = terms.size();
  absorbed_ = to;
  // Count goals: a count equal to the wanted values at every decision (cheap, in order).
  for (std::size_t gi = 0; gi < goals_.size(); ++gi) {
    const goal& g = goals_[gi];
    goal_state& st = state_[gi];
    if (!g.count) continue;
    ints v;
    for (std::size_t id = from; id < to && !st.exact; ++id) {
      const term& t = terms[id];
      if (!t.is_count || t.uses != 0) continue;
      e.count_value(static_cast<std::int32_t>(id), v);
      bool equal = true;
      for (std::size_t k = 0; k < g.positions.size() && equal; ++k)
        equal = v[g.positions[k]] == g.want[k];
      if (equal) st.exact = condition{part{static_cast<std::int32_t>(id), shape::plain}, t.size, {}};
    }
  }
  // Boolean goals: reading a term through each shape only reads, so ranges of terms are read in
  // parallel; what they offer is then filed in term order, as one thread would.
  struct offer {
    std::size_t goal;
    condition c;
  };
  const std::size_t parts = std::max(1U, threads);
  std::vector<std::vector<offer>> offers(parts);
  const auto read = [&](std::size_t k, std::size_t begin, std::size_t end) {
    bits value;
    for (std::size_t id = begin; id < end; ++id) {
      const term& t = terms[id];
      if (t.is_count) continue;
      for (std::size_t gi = 0; gi < goals_.size(); ++gi) {
        if (goals_[gi].count) continue;
        for (const shape form : {shape::plain, shape::any, shape::all, shape::all_other}) {
          if (!value_of(e, static_cast<std::int32_t>(id), form, goals_[gi], state_[gi], value)) continue;
          offers[k].push_back(
              {gi, condition{part{static_cast<std::int32_t>(id), form}, t.size + shape_cost(form), value}});
        }
      }
    }
  };
  // In slices, each read in parallel and then filed: the offers of a slice are all that is
  // held at once (a size can bring millions of expressions, most of them offered to some
  // list that is already full), and filing slice after slice keeps term order.
  constexpr std::size_t slice = std::size_t{1} << 16;
  for (std::size_t lo = from; lo < to; lo += slice) {
    if (stop && stop()) return false;
    const std::size_t hi = std::min(to, lo + slice);
    if (parts == 1 || hi - lo < 1024) {
      read(0, lo, hi);
    } else {
      support::run_parts(parts, [&](std::size_t k) {
        const auto [begin, end] = support::part_range(k, parts, lo, hi);
        read(k, begin, end);
      });
    }
    for (auto& list : offers) {
      for (auto& o : list) consider(state_[o.goal], std::move(o.c));
      list.clear();
    }
  }
  return true;
}

std::optional<rule> solver::best(const goal_state& g) const {
  std::optional<rule> out;
  const auto offer = [&](std::vector<const condition*> parts, bool conjunction) {
    std::size_t size = parts.size() - 1;
    for (const auto* c : parts) size += c->cost;
    if (out && out->size <= size) return;
    rule r{{}, conjunction, size};
    for (const auto* c : parts) r.parts.push_back(c->p);
    out = std::move(r);
  };
  if (g.exact) offer({&*g.exact}, true);
  // Conjunctions of necessary conditions must exclude every negative; disjunctions of
  // sufficient ones must include every positive. `target` is what the parts must cover
  // (by being false there, resp. true there).
  for (const bool conjunction : {true, false}) {
    const auto& list = conjunction ? g.necessary : g.sufficient;
    if (list.empty()) continue;
    const bits& target = conjunction ? g.negatives : g.positives;
    // covered(c): the target decisions c takes care of.
    const auto covered = [&](const condition& c, std::size_t w) {
      return conjunction ? target[w] & ~c.value[w] : target[w] & c.value[w];
    };
    std::vector<std::size_t> order(list.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t x, std::size_t y) { return list[x].cost < list[y].cost; });
    const std::size_t words = target.size();
    // Exact pairs within the cheapest pair_window conditions.
    const std::size_t m = std::min(order.size(), pair_window);
    for (std::size_t i = 0; i < m; ++i) {
      const condition& a = list[order[i]];
      if (out && a.cost + list[order[0]].cost + 1 >= out->size) break;
      for (std::size_t j = i + 1; j < m; ++j) {
        const condition& b = list[order[j]];
        if (out && a.cost + b.cost + 1 >= out->size) break;
        bool all = true;
        for (std::size_t w = 0; w < words && all; ++w)
          all = (covered(a, w) | covered(b, w)) == target[w];
        if (all) offer({&a, &b}, conjunction);
      }
    }
    // Greedy covers of up to max_parts, each started from one of the cheapest conditions.
    const std::size_t starts = std::min<std::size_t>(order.size(), 64);
    for (std::size_t s0 = 0; s0 < starts; ++s0) {
      std::vector<const condition*> parts{&list[order[s0]]};
      bits left(words);
      for (std::size_t w = 0; w < words; ++w) left[w] = target[w] & ~covered(*parts[0], w);
      while (ones(left) > 0 && parts.size() < max_parts) {
        const condition* pick = nullptr;
        double best_ratio = 0;
        for (const std::size_t i : order) {
          std::size_t gain = 0;
          for (std::size_t w = 0; w < words; ++w)
            gain += static_cast<std::size_t>(std::popcount(left[w] & covered(list[i], w)));
          const double ratio = static_cast<double>(gain) / static_cast<double>(list[i].cost);
          if (gain > 0 && ratio > best_ratio) {
            best_ratio = ratio;
            pick = &list[i];
          }
        }
        if (pick == nullptr) break;
        parts.push_back(pick);
        for (std::size_t w = 0; w < words; ++w) left[w] &= ~covered(*pick, w);
      }
      if (ones(left) == 0 && parts.size() > 2) offer(parts, conjunction);
    }
  }
  return out;
}

std::optional<std::vector<rule>> solver::solve(unsigned threads) const {
  std::vector<std::optional<rule>> found(goals_.size());
  const auto solve_goal = [&](std::size_t g) {
    if (!goals_[g].count) found[g] = best(state_[g]);
    else if (state_[g].exact) found[g] = rule{{state_[g].exact->p}, true, state_[g].exact->cost};
  };
  // Goals are independent: with several threads, thread k takes goals k, k + T, ...
  const std::size_t parts = std::min<std::size_t>(std::max(1U, threads), goals_.size());
  support::run_parts(std::max<std::size_t>(parts, 1), [&](std::size_t k) {
    for (std::size_t g = k; g < goals_.size(); g += std::max<std::size_t>(parts, 1)) solve_goal(g);
  });
  std::vector<rule> rules;
  for (auto& r : found) {
    if (!r) return std::nullopt;
    rules.push_back(std::move(*r));
  }
  return rules;
}

}  // namespace crasp::synth
