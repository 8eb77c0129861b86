// Copying with repeats allowed: Born NF and NB over t0..t{k-1} (answer ended by <sep>) and
// Huang et al. repeat_copy over {a, b} (answer ended by <eos>).
// Prompt `<bos> x_1 .. x_N <sep>`; the answer is x_1 .. x_N (NF, repeat_copy) or x_N .. x_1 (NB).
#include <algorithm>

#include "tasks/record.hpp"

namespace crasp::tasks::detail {
namespace {

// One copy task: its symbols (t-tokens or letters), its direction and its end token.
class copy_family final : public task_behaviour {
 public:
  copy_family(bool letters, bool reversed, std::string end)
      : letters_(letters), reversed_(reversed), end_(std::move(end)) {}
  std::vector<std::string> symbols(std::size_t k) const override {
    return letters_ ? letter_symbols(k) : t_symbols(k);
  }
  answer solve(const tokens& input) const override;
  instance generate(std::size_t length, std::mt19937_64& rng, std::size_t k) const override;
  void enumerate(std::size_t max_len, std::size_t k, std::vector<tokens>& out) const override;

 private:
  // The symbol index of a content token: "t<index>", or "a"/"b" for the letters.
  std::optional<std::size_t> index_of(const std::string& t) const;
  std::string name_of(std::size_t s) const {
    return letters_ ? std::string(1, static_cast<char>('a' + s)) : t_symbol(s);
  }
  tokens answer_for(tokens body) const;

  bool letters_;
  bool reversed_;
  std::string end_;
};

std::optional<std::size_t> copy_family::index_of(const std::string& t) const {
  if (!letters_) {
    return t_index(t);
  }
  if (t == "a" || t == "b") {
    return static_cast<std::size_t>(t[0] - 'a');
  }
  return std::nullopt;
}

tokens copy_family::answer_for(tokens body) const {
  if (reversed_) {
    std::reverse(body.begin(), body.end());
  }
  body.push_back(end_);
  return body;
}

answer copy_family::solve(const tokens& input) const {
  auto body = unframe(input);
  if (!body) {
    return std::nullopt;
  }
  for (const auto& t : *body) {
    if (!index_of(t)) {
      return std::nullopt;
    }
  }
  return answer_for(std::move(*body));
}

instance copy_family::generate(std::size_t length, std::mt19937_64& rng, std::size_t k) const {
  tokens body;
  body.reserve(length);
  for (std::size_t i = 0; i < length; ++i) {
    body.push_back(name_of(below(rng, k)));
  }
  instance inst;
  inst.input = framed(body);
  inst.expected = answer_for(std::move(body));
  return inst;
}

void copy_family::enumerate(std::size_t max_len, std::size_t k, std::vector<tokens>& out) const {
  for (std::size_t len = 1; len <= max_len; ++len) {
    for_each_word(k, len, [&](const std::vector<std::size_t>& w) {
      tokens body;
      body.reserve(len);
      for (auto x : w) {
        body.push_back(name_of(x));
      }
      out.push_back(framed(body));
    });
  }
}

}  // namespace

behaviour_ptr copy_behaviour(bool letters, bool reversed, std::string end) {
  return std::make_shared<copy_family>(letters, reversed, std::move(end));
}

}  // namespace crasp::tasks::detail
