// Huang et al. parity and binary addition.
//  - parity: prompt `<bos> w <sep>`, w non-empty over {0,1}; answer "e" (even number of 1s) or
//    "o" (odd), then <eos>.
//  - addition: prompt `<bos> x + y <sep>`, x and y non-empty canonical binary numerals (most
//    significant bit first, no leading zero except the numeral "0"); answer the canonical binary
//    sum then <eos>. The sum is computed on the bit strings, so numerals of any length work.
#include <algorithm>

#include "tasks/record.hpp"

namespace crasp::tasks::detail {
namespace {

bool is_bit(const std::string& t) {
  return t == "0" || t == "1";
}

// A non-empty run of bits with no leading zero unless it is the single bit "0".
bool canonical(tokens::const_iterator begin, tokens::const_iterator end) {
  if (begin == end) {
    return false;
  }
  if (!std::all_of(begin, end, is_bit)) {
    return false;
  }
  return *begin == "1" || end - begin == 1;
}

// A canonical numeral of `m` bits (m >= 1): "0" or "1" for m == 1, otherwise a leading 1.
tokens numeral(std::size_t m, std::mt19937_64& rng) {
  tokens x;
  x.reserve(m);
  x.emplace_back(m == 1 && coin(rng) ? "0" : "1");
  for (std::size_t i = 1; i < m; ++i) {
    x.emplace_back(coin(rng) ? "1" : "0");
  }
  return x;
}

// The canonical sum of two canonical numerals, bit by bit from the least significant end.
tokens sum(tokens::const_iterator xb, tokens::const_iterator xe, tokens::const_iterator yb,
           tokens::const_iterator ye) {
  std::string bits;  // least significant first
  int carry = 0;
  while (xe != xb || ye != yb || carry != 0) {
    int s = carry;
    if (xe != xb) {
      s += *--xe == "1" ? 1 : 0;
    }
    if (ye != yb) {
      s += *--ye == "1" ? 1 : 0;
    }
    bits.push_back(static_cast<char>('0' + s % 2));
    carry = s / 2;
  }
  while (bits.size() > 1 && bits.back() == '0') {
    bits.pop_back();  // only 0 + 0 can produce leading zeros
  }
  tokens out;
  out.reserve(bits.size() + 1);
  for (auto it = bits.rbegin(); it != bits.rend(); ++it) {
    out.emplace_back(1, *it);
  }
  out.emplace_back(eos_token);
  return out;
}

answer solve_parity(const tokens& body) {
  std::size_t ones = 0;
  for (const auto& t : body) {
    if (!is_bit(t)) {
      return std::nullopt;
    }
    ones += t == "1" ? 1 : 0;
  }
  return tokens{ones % 2 == 0 ? "e" : "o", std::string(eos_token)};
}

answer solve_addition(const tokens& body) {
  const auto plus = std::find(body.begin(), body.end(), "+");
  if (plus == body.end() || !canonical(body.begin(), plus) || !canonical(plus + 1, body.end())) {
    return std::nullopt;
  }
  return sum(body.begin(), plus, plus + 1, body.end());
}

// The body's answer, or nullopt on a bad frame or body.
using body_solver = answer (*)(const tokens& body);

answer solve_framed(body_solver f, const tokens& input) {
  const auto body = unframe(input);
  if (!body) {
    return std::nullopt;
  }
  return f(*body);
}

// Appends every framed body of 1..max_len tokens over `alphabet` that `f` answers.
void enumerate_framed(body_solver f, const std::vector<std::string>& alphabet, std::size_t max_len,
                      std::vector<tokens>& out) {
  for (std::size_t len = 1; len <= max_len; ++len) {
    for_each_word(alphabet.size(), len, [&](const std::vector<std::size_t>& w) {
      tokens body;
      body.reserve(len);
      for (auto x : w) {
        body.push_back(alphabet[x]);
      }
      auto p = framed(body);
      if (solve_framed(f, p)) {
        out.push_back(std::move(p));
      }
    });
  }
}

class parity_family final : public task_behaviour {
 public:
  std::vector<std::string> symbols(std::size_t /*k*/) const override { return {"0", "1"}; }
  std::optional<std::vector<std::string>> own_output_tokens() const override {
    return std::vector<std::string>{"e", "o", "<eos>"};
  }
  answer solve(const tokens& input) const override { return solve_framed(solve_parity, input); }
  instance generate(std::size_t length, std::mt19937_64& rng, std::size_t /*k*/) const override {
    tokens body;
    body.reserve(length);
    for (std::size_t i = 0; i < length; ++i) {
      body.emplace_back(coin(rng) ? "1" : "0");
    }
    instance inst;
    inst.input = framed(body);
    inst.expected = *solve(inst.input);
    return inst;
  }
  void enumerate(std::size_t max_len, std::size_t k, std::vector<tokens>& out) const override {
    enumerate_framed(solve_parity, symbols(k), max_len, out);
  }
};

class addition_family final : public task_behaviour {
 public:
  std::vector<std::string> symbols(std::size_t /*k*/) const override { return {"0", "1", "+"}; }
  std::optional<std::vector<std::string>> own_output_tokens() const override {
    return std::vector<std::string>{"0", "1", "<eos>"};
  }
  answer solve(const tokens& input) const override { return solve_framed(solve_addition, input); }
  instance generate(std::size_t length, std::mt19937_64& rng, std::size_t /*k*/) const override {
    // length = |x| + 1 + |y| >= 3, split uniformly with |x|, |y| >= 1.
    const std::size_t mx = between(rng, 1, length - 2);
    tokens body = numeral(mx, rng);
    body.emplace_back("+");
    const auto y = numeral(length - 1 - mx, rng);
    body.insert(body.end(), y.begin(), y.end());
    instance inst;
    inst.input = framed(body);
    inst.expected = *solve(inst.input);
    return inst;
  }
  void enumerate(std::size_t max_len, std::size_t k, std::vector<tokens>& out) const override {
    enumerate_framed(solve_addition, symbols(k), max_len, out);
  }
};

}  // namespace

behaviour_ptr parity_behaviour() {
  return std::make_shared<parity_family>();
}

behaviour_ptr addition_behaviour() {
  return std::make_shared<addition_family>();
}

}  // namespace crasp::tasks::detail
