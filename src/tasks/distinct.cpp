// Tasks over pairwise distinct tokens t0..t{k-1}: Born unique copy (UF, UB; answer ended by
// <sep>) and Huang et al. sort and unique_copy (answer ended by <eos>), and the spec they share
// (their records are in copy_records.cpp and algorithmic_records.cpp).
// Prompt `<bos> x_1 .. x_N <sep>`.
#include <algorithm>
#include <limits>
#include <set>

#include "tasks/literature.hpp"
#include "tasks/record.hpp"

namespace crasp::tasks::detail {
namespace {

// One task over distinct tokens: the order of its answer and the token that ends it.
class distinct_family final : public task_behaviour {
 public:
  distinct_family(distinct_order order, std::string end) : order_(order), end_(std::move(end)) {}
  std::vector<std::string> symbols(std::size_t k) const override { return t_symbols(k); }
  // At most k distinct tokens exist, so a longer request gets k.
  std::size_t effective_length(std::size_t length, std::size_t k,
                               std::size_t /*min_length*/) const override {
    return std::clamp<std::size_t>(length, 1, k);
  }
  answer solve(const tokens& input) const override;
  instance generate(std::size_t length, std::mt19937_64& rng, std::size_t k) const override;
  void enumerate(std::size_t max_len, std::size_t k, std::vector<tokens>& out) const override;

 private:
  tokens answer_for(std::vector<std::size_t> xs) const;

  distinct_order order_;
  std::string end_;
};

// The answer for the symbol indices xs (already checked distinct).
tokens distinct_family::answer_for(std::vector<std::size_t> xs) const {
  if (order_ == distinct_order::reversed) {
    std::reverse(xs.begin(), xs.end());
  }
  if (order_ == distinct_order::sorted) {
    std::sort(xs.begin(), xs.end());
  }
  tokens out;
  out.reserve(xs.size() + 1);
  for (auto x : xs) {
    out.push_back(t_symbol(x));
  }
  out.push_back(end_);
  return out;
}

answer distinct_family::solve(const tokens& input) const {
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
  return answer_for(std::move(xs));
}

instance distinct_family::generate(std::size_t length, std::mt19937_64& rng, std::size_t k) const {
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
  inst.expected = answer_for(std::move(pool));
  return inst;
}

void distinct_family::enumerate(std::size_t max_len, std::size_t k,
                                std::vector<tokens>& out) const {
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

}  // namespace

behaviour_ptr distinct_behaviour(distinct_order order, std::string end) {
  return std::make_shared<distinct_family>(order, std::move(end));
}

task_record distinct_task(std::string name, task_id id, distinct_order order,
                          std::size_t default_vocab, std::string end, std::string what,
                          std::string source, literature lit,
                          std::vector<published_series> published) {
  task_spec s{std::move(name),
              id,
              task_mode::generator,
              "prompt `<bos> x_1 .. x_N <sep>` with x_1 .. x_N pairwise distinct tokens of "
              "t0..t{k-1} (so N <= k); " +
                  std::move(what) + " length = N.",
              end == "<eos>" ? std::vector<std::string>{"<bos>", "<sep>", "<eos>"}
                             : std::vector<std::string>{"<bos>", "<sep>"},
              end,
              true,
              default_vocab,
              1,
              std::numeric_limits<std::size_t>::max(),
              1,
              std::move(source)};
  return {with(std::move(s), std::move(lit)), std::move(published),
          distinct_behaviour(order, std::move(end))};
}

}  // namespace crasp::tasks::detail
