// Tasks over pairwise distinct tokens t0..t{k-1}: Born unique copy (UF, UB; answer ended by
// <sep>) and Huang et al. sort and unique_copy (answer ended by <eos>).
// Prompt `<bos> x_1 .. x_N <sep>`.
#include <algorithm>
#include <set>

#include "tasks/common.hpp"

namespace crasp::tasks::detail {
namespace {

// The answer for the symbol indices xs (already checked distinct).
tokens answer_for(task_id id, std::vector<std::size_t> xs) {
  if (id == task_id::ub) {
    std::reverse(xs.begin(), xs.end());
  }
  if (id == task_id::sort) {
    std::sort(xs.begin(), xs.end());
  }
  tokens out;
  out.reserve(xs.size() + 1);
  for (auto x : xs) {
    out.push_back(t_symbol(x));
  }
  out.emplace_back(id == task_id::uf || id == task_id::ub ? sep_token : eos_token);
  return out;
}

}  // namespace

answer solve_distinct(task_id id, const tokens& input) {
  const auto body = unframe(input);
  if (!body) {
    return std::nullopt;
  }
  std::vector<std::size_t> xs;
  std::set<std::size_t> seen;
  for (const auto& t : *body) {
    const auto x = t_index(t);
    if (!x || !seen.insert(*x).second) {
      return std::nullopt;
    }
    xs.push_back(*x);
  }
  return answer_for(id, std::move(xs));
}

instance generate_distinct(task_id id, std::size_t length, std::mt19937_64& rng, std::size_t k) {
  // Partial Fisher-Yates: the first `length` entries become a uniform arrangement.
  std::vector<std::size_t> pool(k);
  for (std::size_t i = 0; i < k; ++i) {
    pool[i] = i;
  }
  for (std::size_t i = 0; i < length; ++i) {
    std::swap(pool[i], pool[between(rng, i, k - 1)]);
  }
  pool.resize(length);
  instance inst;
  tokens body;
  for (auto x : pool) {
    body.push_back(t_symbol(x));
  }
  inst.input = framed(body);
  inst.expected = answer_for(id, std::move(pool));
  return inst;
}

void enumerate_distinct(task_id id, std::size_t max_len, std::size_t k, std::vector<tokens>& out) {
  (void)id;
  // Injective words of each length, lexicographic by index.
  std::vector<std::size_t> word;
  std::vector<bool> used(k, false);
  for (std::size_t len = 1; len <= std::min(max_len, k); ++len) {
    auto rec = [&](auto&& self) -> void {
      if (word.size() == len) {
        tokens body;
        for (auto x : word) {
          body.push_back(t_symbol(x));
        }
        out.push_back(framed(body));
        return;
      }
      for (std::size_t x = 0; x < k; ++x) {
        if (used[x]) {
          continue;
        }
        used[x] = true;
        word.push_back(x);
        self(self);
        word.pop_back();
        used[x] = false;
      }
    };
    rec(rec);
  }
}

}  // namespace crasp::tasks::detail
