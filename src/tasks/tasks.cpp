// Dispatch of precondition / solve / generate / enumerate to the task families, and the symbol
// and prompt helpers they share.
#include <algorithm>

#include "tasks/common.hpp"

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

}  // namespace detail

namespace {

enum class family { retrieval, distinct, copy, arithmetic, majority, language, labels };

family family_of(task_id id) {
  if (detail::labelled_language(id)) return family::labels;
  switch (id) {
    case task_id::ur:
    case task_id::ul:
    case task_id::nr_first:
    case task_id::nl_first:
    case task_id::nr_last:
    case task_id::nl_last:
      return family::retrieval;
    case task_id::uf:
    case task_id::ub:
    case task_id::sort:
    case task_id::unique_copy:
      return family::distinct;
    case task_id::nf:
    case task_id::nb:
    case task_id::repeat_copy:
      return family::copy;
    case task_id::parity:
    case task_id::addition:
      return family::arithmetic;
    case task_id::bin_majority:
    case task_id::majority:
    case task_id::bin_majority_interleave:
      return family::majority;
    default:
      return family::language;
  }
}

}  // namespace

bool precondition(const task_spec& task, const std::vector<std::string>& input) {
  return solve(task, input).has_value();
}

std::optional<std::vector<std::string>> solve(const task_spec& task,
                                              const std::vector<std::string>& input) {
  switch (family_of(task.id)) {
    case family::retrieval:
      return detail::solve_retrieval(task.id, input);
    case family::distinct:
      return detail::solve_distinct(task.id, input);
    case family::copy:
      return detail::solve_copy(task.id, input);
    case family::arithmetic:
      return detail::solve_arithmetic(task.id, input);
    case family::majority:
      return detail::solve_majority(task.id, input);
    case family::language: {
      const auto m = detail::member(task.id, input);
      if (!m) {
        return std::nullopt;
      }
      return std::vector<std::string>{std::string(*m ? true_token : false_token)};
    }
    case family::labels:
      return detail::solve_labels(task.id, input);
  }
  return std::nullopt;
}

instance generate(const task_spec& task, std::size_t length, std::mt19937_64& rng, std::size_t k) {
  const std::size_t kk = effective_vocab(task, k);
  const std::size_t n = effective_length(task, length, kk);
  switch (family_of(task.id)) {
    case family::retrieval:
      return detail::generate_retrieval(task.id, n, rng, kk);
    case family::distinct:
      return detail::generate_distinct(task.id, n, rng, kk);
    case family::copy:
      return detail::generate_copy(task.id, n, rng, kk);
    case family::arithmetic:
      return detail::generate_arithmetic(task.id, n, rng);
    case family::majority:
      return detail::generate_majority(task.id, n, rng, kk);
    case family::language:
      return detail::generate_language(task.id, n, rng);
    case family::labels:
      return detail::generate_labels(task.id, n, rng);
  }
  return {};
}

std::vector<std::vector<std::string>> enumerate(const task_spec& task, std::size_t max_len,
                                                std::size_t k) {
  const std::size_t kk = effective_vocab(task, k);
  std::vector<std::vector<std::string>> out;
  switch (family_of(task.id)) {
    case family::retrieval:
      detail::enumerate_retrieval(task.id, max_len, kk, out);
      break;
    case family::distinct:
      detail::enumerate_distinct(task.id, max_len, kk, out);
      break;
    case family::copy:
      detail::enumerate_copy(task.id, max_len, kk, out);
      break;
    case family::arithmetic:
      detail::enumerate_arithmetic(task.id, max_len, out);
      break;
    case family::majority:
      detail::enumerate_majority(task.id, max_len, kk, out);
      break;
    case family::language: {
      const auto alphabet = symbols(task, kk);
      for (std::size_t len = 1; len <= max_len; ++len) {
        detail::for_each_word(alphabet.size(), len, [&](const std::vector<std::size_t>& w) {
          std::vector<std::string> s;
          s.reserve(len);
          for (auto d : w) {
            s.push_back(alphabet[d]);
          }
          out.push_back(std::move(s));
        });
      }
      break;
    }
    case family::labels:
      detail::enumerate_labels(task.id, max_len, out);
      break;
  }
  return out;
}

}  // namespace crasp::tasks
