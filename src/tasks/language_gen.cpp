// Random instances of the hand-written formal-language acceptors: members and non-members with
// probability 1/2 each. Non-members are mostly near misses of members (a flipped or extra token,
// counts off by one, the right counts in the wrong order) and sometimes uniform random strings;
// each candidate is checked with member() and redrawn if it is in the language. The languages'
// own parts are in languages.cpp.
#include <algorithm>

#include "tasks/hand_language.hpp"

namespace crasp::tasks::detail {
namespace {

using hand_word = hand_language::word;

// Near misses shared by all languages: one token changed, two tokens swapped.
hand_word flip_one(hand_word w, std::string_view alphabet, std::mt19937_64& rng) {
  auto& c = w[below(rng, w.size())];
  hand_word others;
  for (char a : alphabet) {
    if (a != c) {
      others.push_back(a);
    }
  }
  c = others[below(rng, others.size())];
  return w;
}

hand_word swap_two(hand_word w, std::mt19937_64& rng) {
  std::swap(w[below(rng, w.size())], w[below(rng, w.size())]);
  return w;
}

tokens to_tokens(const hand_word& w) {
  tokens t;
  t.reserve(w.size());
  for (char c : w) {
    t.emplace_back(1, c);
  }
  return t;
}

}  // namespace

char hand_language::pick(std::mt19937_64& rng, std::string_view from) {
  return from[below(rng, from.size())];
}

hand_language::word hand_language::random_word(std::size_t n, std::string_view from,
                                               std::mt19937_64& rng) {
  word w(n, ' ');
  for (auto& c : w) {
    c = pick(rng, from);
  }
  return w;
}

std::vector<std::string> hand_language::symbols(std::size_t /*k*/) const {
  std::vector<std::string> s;
  for (char c : alphabet_) {
    s.emplace_back(1, c);
  }
  return s;
}

std::optional<bool> hand_language::member_of(const tokens& input) const {
  word s;
  s.reserve(input.size());
  for (const auto& t : input) {
    if (t.size() != 1 || alphabet_.find(t[0]) == std::string::npos) {
      return std::nullopt;
    }
    s.push_back(t[0]);
  }
  if (s.empty()) {
    return std::nullopt;
  }
  return member(s);
}

answer hand_language::solve(const tokens& input) const {
  const auto m = member_of(input);
  if (!m) {
    return std::nullopt;
  }
  return verdict_answer(*m);
}

void hand_language::enumerate(std::size_t max_len, std::size_t k, std::vector<tokens>& out) const {
  enumerate_words(symbols(k), max_len, out);
}

std::size_t hand_language::length_for(std::size_t n, bool want_member) const {
  const auto ok = [&](std::size_t m) {
    return m >= 1 && (want_member ? has_member(m) : has_nonmember(m));
  };
  for (std::size_t d = 0;; ++d) {
    if (d < n && ok(n - d)) {
      return n - d;
    }
    if (ok(n + d)) {
      return n + d;
    }
  }
}

hand_language::word hand_language::insert_some(std::size_t n, std::mt19937_64& rng) const {
  std::size_t m = n - 1;
  while (m > 0 && !has_member(m)) {
    --m;
  }
  word w = m > 0 ? make_member(m, rng) : word();
  while (w.size() < n) {
    w.insert(w.begin() + static_cast<long>(below(rng, w.size() + 1)), pick(rng, alphabet_));
  }
  return w;
}

hand_language::word hand_language::candidate(std::size_t n, std::mt19937_64& rng) const {
  const std::size_t strategy = below(rng, 4);
  if (strategy == 3) {
    return random_word(n, alphabet_, rng);
  }
  if (strategy == 0) {
    return has_member(n) ? flip_one(make_member(n, rng), alphabet_, rng) : insert_some(n, rng);
  }
  if (strategy == 1 && has_member(n)) {
    return swap_two(make_member(n, rng), rng);
  }
  return near_miss(n, rng);
}

instance hand_language::generate(std::size_t length, std::mt19937_64& rng,
                                 std::size_t /*k*/) const {
  const bool want_member = coin(rng);
  const std::size_t n = length_for(length, want_member);
  word w;
  if (want_member) {
    w = make_member(n, rng);
  } else {
    for (int attempt = 0; attempt < 64; ++attempt) {
      w = candidate(n, rng);
      if (member_of(to_tokens(w)) == false) {
        break;
      }
      w.clear();
    }
    if (w.empty()) {
      w = certain_nonmember(n);
    }
  }
  return {to_tokens(w), verdict_answer(want_member)};
}

}  // namespace crasp::tasks::detail
