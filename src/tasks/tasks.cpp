// precondition / solve / generate / enumerate, answered by each task's record, and the symbol
// and prompt helpers the families share.
#include "tasks/record.hpp"

namespace crasp::tasks {
namespace detail {

std::string t_symbol(std::size_t i) {
  std::string s(1, 't');  // not "t" + to_string(i): GCC 12 -Wrestrict false positive (PR 105651)
  s += std::to_string(i);
  return s;
}

std::optional<std::size_t> t_index(std::string_view token) {
  if (token.size() < 2 || token.size() > 10 || token[0] != 't') {
    return std::nullopt;
  }
  if (token[1] == '0' && token.size() > 2) {
    return std::nullopt;  // one spelling per index
  }
  std::size_t v = 0;
  for (std::size_t i = 1; i < token.size(); ++i) {
    if (token[i] < '0' || token[i] > '9') {
      return std::nullopt;
    }
    v = v * 10 + static_cast<std::size_t>(token[i] - '0');
  }
  return v;
}

tokens framed(const tokens& body) {
  tokens p;
  p.reserve(body.size() + 2);
  p.emplace_back(bos_token);
  p.insert(p.end(), body.begin(), body.end());
  p.emplace_back(sep_token);
  return p;
}

std::optional<tokens> unframe(const tokens& input) {
  if (input.size() < 3 || input.front() != bos_token || input.back() != sep_token) {
    return std::nullopt;
  }
  tokens body(input.begin() + 1, input.end() - 1);
  for (const auto& t : body) {
    if (t == bos_token || t == sep_token || t == eos_token) {
      return std::nullopt;
    }
  }
  return body;
}

std::vector<std::string> letter_symbols(std::size_t n) {
  std::vector<std::string> s;
  for (std::size_t i = 0; i < n; ++i) {
    s.emplace_back(1, static_cast<char>('a' + i));
  }
  return s;
}

std::vector<std::string> t_symbols(std::size_t n) {
  std::vector<std::string> s;
  for (std::size_t i = 0; i < n; ++i) {
    s.push_back(t_symbol(i));
  }
  return s;
}

tokens verdict_answer(bool member) {
  return tokens{std::string(member ? true_token : false_token)};
}

void enumerate_words(const std::vector<std::string>& alphabet, std::size_t max_len,
                     std::vector<tokens>& out) {
  for (std::size_t len = 1; len <= max_len; ++len) {
    for_each_word(alphabet.size(), len, [&](const std::vector<std::size_t>& w) {
      tokens s;
      s.reserve(len);
      for (auto d : w) {
        s.push_back(alphabet[d]);
      }
      out.push_back(std::move(s));
    });
  }
}

}  // namespace detail

// Each task's behaviour is in its record; these compute the effective length and vocabulary
// that every behaviour expects.

bool precondition(const task_spec& task, const std::vector<std::string>& input) {
  return solve(task, input).has_value();
}

std::optional<std::vector<std::string>> solve(const task_spec& task,
                                              const std::vector<std::string>& input) {
  return detail::record(task.id).behaviour->solve(input);
}

instance generate(const task_spec& task, std::size_t length, std::mt19937_64& rng, std::size_t k) {
  const std::size_t kk = effective_vocab(task, k);
  const std::size_t n = effective_length(task, length, kk);
  return detail::record(task.id).behaviour->generate(n, rng, kk);
}

std::vector<std::vector<std::string>> enumerate(const task_spec& task, std::size_t max_len,
                                                std::size_t k) {
  std::vector<std::vector<std::string>> out;
  detail::record(task.id).behaviour->enumerate(max_len, effective_vocab(task, k), out);
  return out;
}

}  // namespace crasp::tasks
