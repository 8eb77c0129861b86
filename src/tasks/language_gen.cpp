// Random instances of the formal-language acceptors: members and non-members with probability
// 1/2 each. Non-members are mostly near misses of members (a flipped or extra token, counts off
// by one, the right counts in the wrong order) and sometimes uniform random strings; each
// candidate is checked with member() and redrawn if it is in the language.
#include <algorithm>

#include "tasks/common.hpp"

namespace crasp::tasks::detail {
namespace {

using word = std::string;  // one char per symbol: every alphabet here is single characters

bool has_member(task_id id, std::size_t n) {
  switch (id) {
    case task_id::dyck1:
    case task_id::anbn:
    case task_id::aa_star:
      return n >= 2 && n % 2 == 0;
    case task_id::anbncn:
      return n >= 3 && n % 3 == 0;
    case task_id::contains_ab:
      return n >= 2;
    default:
      return n >= 1;  // copy_every_c
  }
}

bool has_nonmember(task_id id, std::size_t n) {
  if (id == task_id::aa_star) {
    return n % 2 == 1;
  }
  if (const std::size_t c = copy_period(id); c != 0) {
    return n > c;  // strings of length <= c are all members
  }
  return n >= 1;
}

// The length nearest to n (shorter first on equal distance) with a string of the wanted class.
std::size_t length_for(task_id id, std::size_t n, bool want_member) {
  const auto ok = [&](std::size_t m) {
    return m >= 1 && (want_member ? has_member(id, m) : has_nonmember(id, m));
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

char pick(std::mt19937_64& rng, std::string_view from) {
  return from[below(rng, from.size())];
}

word random_word(std::size_t n, std::string_view alphabet, std::mt19937_64& rng) {
  word w(n, ' ');
  for (auto& c : w) {
    c = pick(rng, alphabet);
  }
  return w;
}

// A word over {a,b,c} without the bigram "ab": after an a comes a or c.
word without_ab(std::size_t n, std::mt19937_64& rng) {
  word w;
  for (std::size_t i = 0; i < n; ++i) {
    w.push_back(pick(rng, !w.empty() && w.back() == 'a' ? "ac" : "abc"));
  }
  return w;
}

// A Dyck word of length 2m: a shuffle of m '(' and m ')' rotated to start right after its
// first minimum prefix sum (cycle lemma), so every prefix of the result is non-negative.
word dyck_word(std::size_t m, std::mt19937_64& rng) {
  word w = word(m, '(') + word(m, ')');
  std::vector<char> v(w.begin(), w.end());
  shuffle(v, rng);
  long sum = 0, best = 0;
  std::size_t at = 0;
  for (std::size_t j = 0; j < v.size(); ++j) {
    sum += v[j] == '(' ? 1 : -1;
    if (sum < best) {
      best = sum, at = j + 1;
    }
  }
  std::rotate(v.begin(), v.begin() + static_cast<long>(at % std::max<std::size_t>(v.size(), 1)),
              v.end());
  return word(v.begin(), v.end());
}

word make_member(task_id id, std::size_t n, std::mt19937_64& rng) {
  switch (id) {
    case task_id::dyck1:
      return dyck_word(n / 2, rng);
    case task_id::anbn:
      return word(n / 2, 'a') + word(n / 2, 'b');
    case task_id::anbncn:
      return word(n / 3, 'a') + word(n / 3, 'b') + word(n / 3, 'c');
    case task_id::aa_star:
      return word(n, 'a');
    case task_id::contains_ab: {
      word w = coin(rng) ? without_ab(n, rng) : random_word(n, "abc", rng);
      const std::size_t p = below(rng, n - 1);
      w[p] = 'a', w[p + 1] = 'b';
      return w;
    }
    default: {  // copy_every_c: a random period of c tokens, repeated
      const std::size_t c = copy_period(id);
      const word period = random_word(c, "ab", rng);
      word w(n, ' ');
      for (std::size_t i = 0; i < n; ++i) {
        w[i] = period[i % c];
      }
      return w;
    }
  }
}

// Near misses shared by all languages: one token changed, two tokens swapped, one token added
// to a shorter member.
word flip_one(word w, std::string_view alphabet, std::mt19937_64& rng) {
  auto& c = w[below(rng, w.size())];
  word others;
  for (char a : alphabet) {
    if (a != c) {
      others.push_back(a);
    }
  }
  c = pick(rng, others);
  return w;
}
word swap_two(word w, std::mt19937_64& rng) {
  std::swap(w[below(rng, w.size())], w[below(rng, w.size())]);
  return w;
}
// A member of the longest shorter length that has one, with random tokens inserted up to n.
word insert_some(task_id id, std::size_t n, std::string_view alphabet, std::mt19937_64& rng) {
  std::size_t m = n - 1;
  while (m > 0 && !has_member(id, m)) {
    --m;
  }
  word w = m > 0 ? make_member(id, m, rng) : word();
  while (w.size() < n) {
    w.insert(w.begin() + static_cast<long>(below(rng, w.size() + 1)), pick(rng, alphabet));
  }
  return w;
}

// Counts of the letters of a^n b^n (c^n) off by one from equal (n not a multiple of the
// number of letters: the remainder goes to random blocks), in order.
word blocks_off_by_one(std::size_t n, std::string_view letters, std::mt19937_64& rng) {
  std::vector<std::size_t> part(letters.size(), n / letters.size());
  for (std::size_t r = 0; r < n % letters.size(); ++r) {
    ++part[below(rng, part.size())];
  }
  if (n % letters.size() == 0) {  // all equal: move one token from one block to another
    const std::size_t from = below(rng, part.size());
    const std::size_t to = (from + 1 + below(rng, part.size() - 1)) % part.size();
    --part[from], ++part[to];
  }
  word w;
  for (std::size_t i = 0; i < letters.size(); ++i) {
    w += word(part[i], letters[i]);
  }
  return w;
}

// One candidate non-member of length n (may still be a member; the caller checks).
word candidate(task_id id, std::size_t n, std::mt19937_64& rng) {
  const std::string alphabet = [&] {
    word a;
    for (const auto& s : symbols(spec(id), 0)) {
      a.push_back(s[0]);
    }
    return a;
  }();
  const std::size_t strategy = below(rng, 4);
  if (strategy == 3) {
    return random_word(n, alphabet, rng);
  }
  if (id == task_id::aa_star) {
    return word(n, 'a');
  }
  if (strategy == 0) {
    return has_member(id, n) ? flip_one(make_member(id, n, rng), alphabet, rng)
                             : insert_some(id, n, alphabet, rng);
  }
  if (strategy == 1 && has_member(id, n)) {
    return swap_two(make_member(id, n, rng), rng);
  }
  switch (id) {
    case task_id::dyck1: {
      if (n % 2 == 1) {
        return dyck_word((n + 1) / 2, rng).substr(0, n);  // unclosed prefix
      }
      word w = dyck_word(n / 2, rng);  // balanced counts, rotated so that a prefix dips below 0
      std::rotate(w.begin(), w.begin() + static_cast<long>(below(rng, n)), w.end());
      return w;
    }
    case task_id::anbn:
      return blocks_off_by_one(n, "ab", rng);
    case task_id::anbncn:
      return blocks_off_by_one(n, "abc", rng);
    case task_id::contains_ab: {
      word w = without_ab(n, rng);  // plant "ba" or "acb": a and b close but never adjacent
      const std::string_view plant = n >= 3 && coin(rng) ? "acb" : "ba";
      if (plant.size() <= n) {
        std::copy(plant.begin(), plant.end(),
                  w.begin() + static_cast<long>(below(rng, n - plant.size() + 1)));
      }
      return w;
    }
    default:
      return insert_some(id, n, alphabet, rng);  // copy_every_c
  }
}

// Never a member: a string to fall back on if random candidates keep landing in the language.
word certain_nonmember(task_id id, std::size_t n) {
  switch (id) {
    case task_id::dyck1:
      return word(n, ')');
    case task_id::anbn:
      return word(n, 'b');
    case task_id::anbncn:
    case task_id::contains_ab:
      return word(n, 'c');
    case task_id::aa_star:
      return word(n, 'a');  // n is odd here
    default: {
      // copy_every_c, n > c: a^c b a^(n-c-1), since w_c = b differs from w_{c-c} = a.
      word w(n, 'a');
      w[copy_period(id)] = 'b';
      return w;
    }
  }
}

tokens to_tokens(const word& w) {
  tokens t;
  t.reserve(w.size());
  for (char c : w) {
    t.emplace_back(1, c);
  }
  return t;
}

}  // namespace

instance generate_language(task_id id, std::size_t length, std::mt19937_64& rng) {
  if (is_regular_language(id)) return generate_regular(id, length, rng);
  const bool want_member = coin(rng);
  const std::size_t n = length_for(id, length, want_member);
  word w;
  if (want_member) {
    w = make_member(id, n, rng);
  } else {
    for (int attempt = 0; attempt < 64; ++attempt) {
      w = candidate(id, n, rng);
      if (member(id, to_tokens(w)) == false) {
        break;
      }
      w.clear();
    }
    if (w.empty()) {
      w = certain_nonmember(id, n);
    }
  }
  return {to_tokens(w), {std::string(want_member ? true_token : false_token)}};
}

}  // namespace crasp::tasks::detail
