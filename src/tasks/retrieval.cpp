// Born retrieval: UR, UL, NRFirst, NLFirst, NRLast, NLLast.
// Prompt `<bos> x_1 .. x_{N-1} <sep> q`; the answer is the neighbour of the query's (only / first
// / last) occurrence in the context. A neighbour outside the context is a precondition violation:
// the right neighbour of the last context token would be <sep>, and there is no wrap-around from
// the first context token to the last (a bug of one published generator).
#include <optional>

#include "tasks/record.hpp"

namespace crasp::tasks::detail {
namespace {

tokens retrieval_prompt(const std::vector<std::size_t>& context, std::size_t query) {
  tokens p;
  p.reserve(context.size() + 3);
  p.emplace_back(bos_token);
  for (auto s : context) {
    p.push_back(t_symbol(s));
  }
  p.emplace_back(sep_token);
  p.push_back(t_symbol(query));
  return p;
}

// A symbol of {0..k-1} \ {skip}; requires k >= 2.
std::size_t other_than(std::mt19937_64& rng, std::size_t k, std::size_t skip) {
  const std::size_t s = below(rng, k - 1);
  return s >= skip ? s + 1 : s;
}

// Fills `context` with uniform symbols and returns those occurring at least twice, except the
// symbol at index `banned_at` (if given): the candidates for a non-unique query.
std::vector<std::size_t> repeated_symbols(std::vector<std::size_t>& context, std::mt19937_64& rng,
                                          std::size_t k, std::optional<std::size_t> banned_at) {
  for (auto& s : context) {
    s = below(rng, k);
  }
  std::vector<std::size_t> count(k, 0);
  for (auto s : context) {
    ++count[s];
  }
  std::vector<std::size_t> eligible;
  for (std::size_t s = 0; s < k; ++s) {
    if (count[s] >= 2 && !(banned_at && context[*banned_at] == s)) {
      eligible.push_back(s);
    }
  }
  return eligible;
}

// NRLast / NLLast: a random context with the query drawn from the symbols occurring at least
// twice (for NRLast, not last at the final context token: the Born generator rejects those);
// after a few failed draws, a constructed instance. `at` becomes the last occurrence.
void generate_last(retrieval_rule rule, std::vector<std::size_t>& context, std::size_t& q,
                   std::size_t& at, std::mt19937_64& rng, std::size_t k) {
  const std::size_t c = context.size();  // >= 3 for NRLast (k >= 2), >= 2 for NLLast
  const bool right = !rule.left;
  for (int attempt = 0; attempt < 16; ++attempt) {
    const auto eligible =
        repeated_symbols(context, rng, k, right ? std::optional<std::size_t>(c - 1) : std::nullopt);
    if (!eligible.empty()) {
      q = eligible[below(rng, eligible.size())];
      at = c - 1;
      while (context[at] != q) {
        --at;
      }
      return;
    }
  }
  // Last occurrence l with an earlier one; no q after l. With k == 1 (NLLast only) every token
  // is q, so l is the final context token.
  q = below(rng, k);
  const std::size_t l = k == 1 ? c - 1 : between(rng, 1, right ? c - 2 : c - 1);
  for (std::size_t i = 0; i < l; ++i) {
    context[i] = below(rng, k);
  }
  for (std::size_t i = l + 1; i < c; ++i) {
    context[i] = other_than(rng, k, q);
  }
  context[l] = q;
  context[below(rng, l)] = q;
  at = l;
}

// One retrieval task: which occurrence of the query, and which neighbour.
class retrieval_family final : public task_behaviour {
 public:
  explicit retrieval_family(retrieval_rule rule) : rule_(rule) {}
  std::vector<std::string> symbols(std::size_t k) const override { return t_symbols(k); }
  answer solve(const tokens& input) const override;
  instance generate(std::size_t length, std::mt19937_64& rng, std::size_t k) const override;
  void enumerate(std::size_t max_len, std::size_t k, std::vector<tokens>& out) const override;

 private:
  retrieval_rule rule_;
};

answer retrieval_family::solve(const tokens& input) const {
  // <bos>, at least one context token, <sep>, query.
  if (input.size() < 4 || input.front() != bos_token || input[input.size() - 2] != sep_token) {
    return std::nullopt;
  }
  const std::size_t c = input.size() - 3;  // context length; context is input[1 .. c]
  for (std::size_t i = 1; i < input.size(); ++i) {
    if (i != input.size() - 2 && !t_index(input[i])) {
      return std::nullopt;
    }
  }
  const std::string& q = input.back();
  std::size_t count = 0;
  std::size_t first = 0;  // 0-based index in the context
  std::size_t last = 0;
  for (std::size_t i = 0; i < c; ++i) {
    if (input[1 + i] != q) {
      continue;
    }
    if (count++ == 0) {
      first = i;
    }
    last = i;
  }
  if (rule_.unique ? count != 1 : count < 2) {
    return std::nullopt;
  }
  const std::size_t at = rule_.last ? last : first;
  if (rule_.left) {
    if (at == 0) {
      return std::nullopt;
    }
    return tokens{input[at]};  // context index at - 1
  }
  if (at + 1 >= c) {
    return std::nullopt;
  }
  return tokens{input[at + 2]};  // context index at + 1
}

instance retrieval_family::generate(std::size_t length, std::mt19937_64& rng, std::size_t k) const {
  // length >= 3 (4 for NLFirst and NRLast), k >= 2 (1 for NRFirst and NLLast)
  const std::size_t c = length - 1;
  std::vector<std::size_t> context(c);
  std::size_t q = 0;
  std::size_t at = 0;  // the occurrence whose neighbour is the answer
  if (rule_.unique) {
    // The query is inserted once into a context drawn from the other symbols.
    q = below(rng, k);
    for (auto& s : context) {
      s = other_than(rng, k, q);
    }
    at = rule_.left ? between(rng, 1, c - 1) : below(rng, c - 1);
    context[at] = q;
  } else if (rule_.last) {
    generate_last(rule_, context, q, at, rng, k);
  } else {
    // A random context with the query drawn from the symbols occurring at least twice (and, for
    // NLFirst, not first at index 0); after a few failed draws, a constructed instance.
    bool found = false;
    for (int attempt = 0; attempt < 16 && !found; ++attempt) {
      const auto eligible = repeated_symbols(
          context, rng, k, rule_.left ? std::optional<std::size_t>(0) : std::nullopt);
      if (!eligible.empty()) {
        q = eligible[below(rng, eligible.size())];
        found = true;
      }
    }
    if (!found) {
      q = below(rng, k);
      // First occurrence f, with a second one after it; no q before f.
      const std::size_t f = rule_.left ? between(rng, 1, c - 2) : (k == 1 ? 0 : below(rng, c - 1));
      for (std::size_t i = 0; i < f; ++i) {
        context[i] = other_than(rng, k, q);
      }
      for (std::size_t i = f; i < c; ++i) {
        context[i] = below(rng, k);
      }
      context[f] = q;
      context[between(rng, f + 1, c - 1)] = q;
    }
    while (context[at] != q) {
      ++at;
    }
  }
  instance inst;
  inst.input = retrieval_prompt(context, q);
  inst.expected = {t_symbol(context[rule_.left ? at - 1 : at + 1])};
  return inst;
}

void retrieval_family::enumerate(std::size_t max_len, std::size_t k,
                                 std::vector<tokens>& out) const {
  for (std::size_t len = 3; len <= max_len; ++len) {
    for_each_word(k, len - 1, [&](const std::vector<std::size_t>& context) {
      for (std::size_t q = 0; q < k; ++q) {
        auto p = retrieval_prompt(context, q);
        if (solve(p)) {
          out.push_back(std::move(p));
        }
      }
    });
  }
}

}  // namespace

behaviour_ptr retrieval_behaviour(retrieval_rule rule) {
  return std::make_shared<retrieval_family>(rule);
}

}  // namespace crasp::tasks::detail
