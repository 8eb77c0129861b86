// Huang et al. majority tasks: bin_majority, majority, bin_majority_interleave.
// Prompt `<bos> w <sep>`, answer the majority symbol(s) then <eos>. Ties are precondition
// violations.
#include <algorithm>

#include "tasks/record.hpp"

namespace crasp::tasks::detail {
namespace {

// The symbol index of a token of the task (bits "0"/"1"; letters "a".."z").
std::optional<std::size_t> symbol_index(bool letters, const std::string& t) {
  if (t.size() != 1) {
    return std::nullopt;
  }
  if (letters) {
    if (t[0] < 'a' || t[0] > 'z') {
      return std::nullopt;
    }
    return static_cast<std::size_t>(t[0] - 'a');
  }
  if (t[0] != '0' && t[0] != '1') {
    return std::nullopt;
  }
  return static_cast<std::size_t>(t[0] - '0');
}

std::string symbol_name(bool letters, std::size_t s) {
  return std::string(1, static_cast<char>((letters ? 'a' : '0') + s));
}

// The unique most frequent symbol among xs[start], xs[start + step], ..., or nullopt on a tie.
std::optional<std::size_t> argmax(const std::vector<std::size_t>& xs, std::size_t start,
                                  std::size_t step) {
  std::vector<std::size_t> count(26, 0);
  for (std::size_t i = start; i < xs.size(); i += step) {
    ++count[xs[i]];
  }
  const auto best = std::max_element(count.begin(), count.end());
  if (std::count(count.begin(), count.end(), *best) != 1) {
    return std::nullopt;
  }
  return static_cast<std::size_t>(best - count.begin());
}

// `m` bits with no tie. A third of the draws have the smallest possible margin (1 or 2), a
// third are fair coin flips, a third are biased by a random weight; a tie is broken by flipping
// one random bit.
std::vector<std::size_t> bits(std::size_t m, std::mt19937_64& rng) {
  std::vector<std::size_t> b(m);
  switch (below(rng, 3)) {
    case 0: {
      const std::size_t winner = below(rng, 2);
      const std::size_t wins = m / 2 + 1;
      for (std::size_t i = 0; i < m; ++i) {
        b[i] = i < wins ? winner : 1 - winner;
      }
      shuffle(b, rng);
      return b;
    }
    case 1:
      for (auto& x : b) {
        x = below(rng, 2);
      }
      break;
    default: {
      const std::size_t weight = between(rng, 1, 99);  // percent of ones
      for (auto& x : b) {
        x = below(rng, 100) < weight ? 1 : 0;
      }
    }
  }
  if (2 * static_cast<std::size_t>(std::count(b.begin(), b.end(), 1)) == m) {
    auto& x = b[below(rng, m)];
    x = 1 - x;
  }
  return b;
}

// `m` letters of the first k with a unique most frequent one: uniform or with random integer
// weights per letter; a tie is broken by turning one other letter into one of the tied ones.
std::vector<std::size_t> letters(std::size_t m, std::size_t k, std::mt19937_64& rng) {
  std::vector<std::size_t> w(m);
  if (coin(rng)) {
    for (auto& x : w) {
      x = below(rng, k);
    }
  } else {
    std::vector<std::size_t> cumulative(k);
    std::size_t total = 0;
    for (auto& c : cumulative) {
      c = total += between(rng, 1, 20);
    }
    for (auto& x : w) {
      const std::size_t r = below(rng, total);
      x = static_cast<std::size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), r) -
                                   cumulative.begin());
    }
  }
  if (!argmax(w, 0, 1)) {
    std::vector<std::size_t> count(k, 0);
    for (auto x : w) {
      ++count[x];
    }
    const std::size_t top = *std::max_element(count.begin(), count.end());
    std::vector<std::size_t> tied;
    for (std::size_t s = 0; s < k; ++s) {
      if (count[s] == top) {
        tied.push_back(s);
      }
    }
    const std::size_t winner = tied[below(rng, tied.size())];
    std::vector<std::size_t> others;
    for (std::size_t i = 0; i < m; ++i) {
      if (w[i] != winner) {
        others.push_back(i);
      }
    }
    w[others[below(rng, others.size())]] = winner;
  }
  return w;
}

// One majority task: bits or the first k letters, and the number of interleaved streams.
class majority_family final : public task_behaviour {
 public:
  majority_family(bool letters, std::size_t streams) : letters_(letters), streams_(streams) {}
  std::vector<std::string> symbols(std::size_t k) const override {
    return letters_ ? letter_symbols(k) : std::vector<std::string>{"0", "1"};
  }
  // Every stream gets the same number of tokens: at least min_length, a multiple of streams.
  std::size_t effective_length(std::size_t length, std::size_t /*k*/,
                               std::size_t min_length) const override {
    const std::size_t n = std::max(length, min_length);
    return n + (streams_ - n % streams_) % streams_;
  }
  answer solve(const tokens& input) const override;
  instance generate(std::size_t length, std::mt19937_64& rng, std::size_t k) const override;
  void enumerate(std::size_t max_len, std::size_t k, std::vector<tokens>& out) const override;

 private:
  bool letters_;
  std::size_t streams_;
};

answer majority_family::solve(const tokens& input) const {
  const auto body = unframe(input);
  if (!body) {
    return std::nullopt;
  }
  std::vector<std::size_t> xs;
  for (const auto& t : *body) {
    const auto x = symbol_index(letters_, t);
    if (!x) {
      return std::nullopt;
    }
    xs.push_back(*x);
  }
  tokens out;
  if (xs.size() % streams_ != 0) {
    return std::nullopt;
  }
  for (std::size_t r = 0; r < streams_; ++r) {
    const auto m = argmax(xs, r, streams_);
    if (!m) {
      return std::nullopt;
    }
    out.push_back(symbol_name(letters_, *m));
  }
  out.emplace_back(eos_token);
  return out;
}

instance majority_family::generate(std::size_t length, std::mt19937_64& rng, std::size_t k) const {
  std::vector<std::size_t> xs(length);
  tokens answer;
  if (letters_) {
    xs = letters(length, k, rng);
    std::vector<std::size_t> count(k, 0);
    for (auto x : xs) {
      ++count[x];
    }
    answer.push_back(symbol_name(
        letters_,
        static_cast<std::size_t>(std::max_element(count.begin(), count.end()) - count.begin())));
  } else {
    for (std::size_t r = 0; r < streams_; ++r) {
      const auto b = bits(length / streams_, rng);
      for (std::size_t i = 0; i < b.size(); ++i) {
        xs[r + streams_ * i] = b[i];
      }
      const auto ones = static_cast<std::size_t>(std::count(b.begin(), b.end(), 1));
      answer.push_back(symbol_name(letters_, 2 * ones > b.size() ? 1 : 0));
    }
  }
  answer.emplace_back(eos_token);
  tokens body;
  for (auto x : xs) {
    body.push_back(symbol_name(letters_, x));
  }
  return {framed(body), std::move(answer)};
}

void majority_family::enumerate(std::size_t max_len, std::size_t k,
                                std::vector<tokens>& out) const {
  const std::size_t base = letters_ ? k : 2;
  for (std::size_t len = 1; len <= max_len; ++len) {
    for_each_word(base, len, [&](const std::vector<std::size_t>& w) {
      tokens body;
      for (auto x : w) {
        body.push_back(symbol_name(letters_, x));
      }
      auto p = framed(body);
      if (solve(p)) {
        out.push_back(std::move(p));
      }
    });
  }
}

}  // namespace

behaviour_ptr majority_behaviour(bool letters, std::size_t streams) {
  return std::make_shared<majority_family>(letters, streams);
}

}  // namespace crasp::tasks::detail
