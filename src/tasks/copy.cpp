// Copying with repeats allowed: Born NF and NB over t0..t{k-1} (answer ended by <sep>) and
// Huang et al. repeat_copy over {a, b} (answer ended by <eos>).
// Prompt `<bos> x_1 .. x_N <sep>`; the answer is x_1 .. x_N (NF, repeat_copy) or x_N .. x_1 (NB).
#include <algorithm>

#include "tasks/common.hpp"

namespace crasp::tasks::detail {
namespace {

// The symbol index of a content token: "t<index>" for NF/NB, "a"/"b" for repeat_copy.
std::optional<std::size_t> symbol_index(task_id id, const std::string& t) {
  if (id != task_id::repeat_copy) {
    return t_index(t);
  }
  if (t == "a" || t == "b") {
    return static_cast<std::size_t>(t[0] - 'a');
  }
  return std::nullopt;
}

std::string symbol_name(task_id id, std::size_t s) {
  return id == task_id::repeat_copy ? std::string(1, static_cast<char>('a' + s)) : t_symbol(s);
}

tokens answer_for(task_id id, tokens body) {
  if (id == task_id::nb) {
    std::reverse(body.begin(), body.end());
  }
  body.emplace_back(id == task_id::repeat_copy ? eos_token : sep_token);
  return body;
}

}  // namespace

answer solve_copy(task_id id, const tokens& input) {
  auto body = unframe(input);
  if (!body) {
    return std::nullopt;
  }
  for (const auto& t : *body) {
    if (!symbol_index(id, t)) {
      return std::nullopt;
    }
  }
  return answer_for(id, std::move(*body));
}

instance generate_copy(task_id id, std::size_t length, std::mt19937_64& rng, std::size_t k) {
  tokens body;
  body.reserve(length);
  for (std::size_t i = 0; i < length; ++i) {
    body.push_back(symbol_name(id, below(rng, k)));
  }
  instance inst;
  inst.input = framed(body);
  inst.expected = answer_for(id, std::move(body));
  return inst;
}

void enumerate_copy(task_id id, std::size_t max_len, std::size_t k, std::vector<tokens>& out) {
  for (std::size_t len = 1; len <= max_len; ++len) {
    for_each_word(k, len, [&](const std::vector<std::size_t>& w) {
      tokens body;
      body.reserve(len);
      for (auto x : w) {
        body.push_back(symbol_name(id, x));
      }
      out.push_back(framed(body));
    });
  }
}

}  // namespace crasp::tasks::detail
