// The hand-written formal languages: each its membership test, which lengths have members and
// non-members, how to draw a member, its own near misses and a certain non-member. The generator
// that mixes them is hand_language (language_gen.cpp); the records are in language_records.cpp.
#include <algorithm>

#include "regular/dfa.hpp"
#include "tasks/hand_language.hpp"

namespace crasp::tasks::detail {
namespace {

using lang_word = hand_language::word;

// Balanced parentheses over ( ): every prefix has at least as many ( as ), equal at the end.
class dyck1_language final : public hand_language {
 public:
  dyck1_language() : hand_language("()") {}

 protected:
  bool member(const lang_word& s) const override {
    long depth = 0;
    for (char c : s) {
      depth += c == '(' ? 1 : -1;
      if (depth < 0) {
        return false;
      }
    }
    return depth == 0;
  }
  bool has_member(std::size_t n) const override { return n >= 2 && n % 2 == 0; }
  lang_word make_member(std::size_t n, std::mt19937_64& rng) const override {
    return dyck_word(n / 2, rng);
  }
  lang_word near_miss(std::size_t n, std::mt19937_64& rng) const override {
    if (n % 2 == 1) {
      return dyck_word((n + 1) / 2, rng).substr(0, n);  // unclosed prefix
    }
    lang_word w = dyck_word(n / 2, rng);  // balanced counts, rotated so that a prefix dips below 0
    std::rotate(w.begin(), w.begin() + static_cast<long>(below(rng, n)), w.end());
    return w;
  }
  lang_word certain_nonmember(std::size_t n) const override { return lang_word(n, ')'); }

 private:
  // A Dyck word of length 2m: a shuffle of m '(' and m ')' rotated to start right after its
  // first minimum prefix sum (cycle lemma), so every prefix of the result is non-negative.
  static lang_word dyck_word(std::size_t m, std::mt19937_64& rng) {
    lang_word w = lang_word(m, '(') + lang_word(m, ')');
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
    return lang_word(v.begin(), v.end());
  }
};

// a^n b^n (c^n ...) with n >= 1 over `letters`: runs of the letters in order, all of length n.
class blocks_language final : public hand_language {
 public:
  explicit blocks_language(std::string letters) : hand_language(std::move(letters)) {}

 protected:
  bool member(const lang_word& s) const override {
    const std::size_t l = alphabet().size();
    if (s.size() % l != 0 || s.empty()) {
      return false;
    }
    const std::size_t n = s.size() / l;
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i] != alphabet()[i / n]) {
        return false;
      }
    }
    return true;
  }
  bool has_member(std::size_t n) const override {
    return n >= alphabet().size() && n % alphabet().size() == 0;
  }
  lang_word make_member(std::size_t n, std::mt19937_64& /*rng*/) const override {
    lang_word w;
    for (char c : alphabet()) {
      w += lang_word(n / alphabet().size(), c);
    }
    return w;
  }
  // The letters in order with counts off by one from equal (n not a multiple of the number of
  // letters: the remainder goes to random blocks).
  lang_word near_miss(std::size_t n, std::mt19937_64& rng) const override {
    const std::string& letters = alphabet();
    std::vector<std::size_t> part(letters.size(), n / letters.size());
    for (std::size_t r = 0; r < n % letters.size(); ++r) {
      ++part[below(rng, part.size())];
    }
    if (n % letters.size() == 0) {  // all equal: move one token from one block to another
      const std::size_t from = below(rng, part.size());
      const std::size_t to = (from + 1 + below(rng, part.size() - 1)) % part.size();
      --part[from], ++part[to];
    }
    lang_word w;
    for (std::size_t i = 0; i < letters.size(); ++i) {
      w += lang_word(part[i], letters[i]);
    }
    return w;
  }
  lang_word certain_nonmember(std::size_t n) const override {
    return lang_word(n, alphabet().back());
  }
};

// (aa)* over a: member iff the length is even. Its minimal DFA also serves aa_star_prefix.
class even_length_language final : public hand_language {
 public:
  even_length_language() : hand_language("a"), dfa_(regular_language("a", "(aa)*", nullptr)) {}
  const regular::dfa* automaton() const override { return &dfa_; }

 protected:
  bool member(const lang_word& s) const override { return s.size() % 2 == 0; }
  bool has_member(std::size_t n) const override { return n >= 2 && n % 2 == 0; }
  bool has_nonmember(std::size_t n) const override { return n % 2 == 1; }
  lang_word make_member(std::size_t n, std::mt19937_64& /*rng*/) const override {
    return lang_word(n, 'a');
  }
  // Over one letter every word of an odd length is a non-member: a random one a quarter of the
  // time (the same word, drawn as the other languages draw theirs).
  lang_word candidate(std::size_t n, std::mt19937_64& rng) const override {
    if (below(rng, 4) == 3) {
      return random_word(n, alphabet(), rng);
    }
    return lang_word(n, 'a');
  }
  lang_word certain_nonmember(std::size_t n) const override { return lang_word(n, 'a'); }

 private:
  regular::dfa dfa_;
};

// Over a b c: contains the bigram a b.
class contains_ab_language final : public hand_language {
 public:
  contains_ab_language() : hand_language("abc") {}

 protected:
  bool member(const lang_word& s) const override { return s.find("ab") != std::string::npos; }
  bool has_member(std::size_t n) const override { return n >= 2; }
  lang_word make_member(std::size_t n, std::mt19937_64& rng) const override {
    lang_word w = coin(rng) ? without_ab(n, rng) : random_word(n, "abc", rng);
    const std::size_t p = below(rng, n - 1);
    w[p] = 'a', w[p + 1] = 'b';
    return w;
  }
  lang_word near_miss(std::size_t n, std::mt19937_64& rng) const override {
    lang_word w = without_ab(n, rng);  // plant "ba" or "acb": a and b close but never adjacent
    const std::string_view plant = n >= 3 && coin(rng) ? "acb" : "ba";
    if (plant.size() <= n) {
      std::copy(plant.begin(), plant.end(),
                w.begin() + static_cast<long>(below(rng, n - plant.size() + 1)));
    }
    return w;
  }
  lang_word certain_nonmember(std::size_t n) const override { return lang_word(n, 'c'); }

 private:
  // A word over {a,b,c} without the bigram "ab": after an a comes a or c.
  static lang_word without_ab(std::size_t n, std::mt19937_64& rng) {
    lang_word w;
    for (std::size_t i = 0; i < n; ++i) {
      w.push_back(pick(rng, !w.empty() && w.back() == 'a' ? "ac" : "abc"));
    }
    return w;
  }
};

// Over a b: w_i = w_{i-c} for every i >= c, "copy every c-th token"; words of length <= c are
// all members.
class copy_every_language final : public hand_language {
 public:
  explicit copy_every_language(std::size_t period) : hand_language("ab"), c_(period) {}

 protected:
  bool member(const lang_word& s) const override {
    for (std::size_t i = c_; i < s.size(); ++i) {
      if (s[i] != s[i - c_]) {
        return false;
      }
    }
    return true;
  }
  bool has_member(std::size_t n) const override { return n >= 1; }
  bool has_nonmember(std::size_t n) const override { return n > c_; }
  // A random period of c tokens, repeated.
  lang_word make_member(std::size_t n, std::mt19937_64& rng) const override {
    const lang_word period = random_word(c_, "ab", rng);
    lang_word w(n, ' ');
    for (std::size_t i = 0; i < n; ++i) {
      w[i] = period[i % c_];
    }
    return w;
  }
  // n > c: a^c b a^(n-c-1), since w_c = b differs from w_{c-c} = a.
  lang_word certain_nonmember(std::size_t n) const override {
    lang_word w(n, 'a');
    w[c_] = 'b';
    return w;
  }

 private:
  std::size_t c_;
};

}  // namespace

behaviour_ptr dyck1_behaviour() {
  return std::make_shared<dyck1_language>();
}
behaviour_ptr blocks_behaviour(std::string letters) {
  return std::make_shared<blocks_language>(std::move(letters));
}
behaviour_ptr even_length_behaviour() {
  return std::make_shared<even_length_language>();
}
behaviour_ptr contains_ab_behaviour() {
  return std::make_shared<contains_ab_language>();
}
behaviour_ptr copy_every_behaviour(std::size_t period) {
  return std::make_shared<copy_every_language>(period);
}

}  // namespace crasp::tasks::detail
