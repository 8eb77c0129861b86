// The task catalogue (the tasks of Jobanputra, Veitsman et al. 2025, arXiv 2505.21785, and of
// Huang et al. 2025, arXiv 2410.02140; docs/references.md) and the vocabulary and length
// conventions.
#include <algorithm>
#include <limits>
#include <tuple>

#include "tasks/common.hpp"

namespace crasp::tasks {
namespace {

constexpr std::size_t unbounded = std::numeric_limits<std::size_t>::max();
const std::string born = "Jobanputra, Veitsman et al. 2025, Born a Transformer (arXiv 2505.21785)";
const std::string huang = "Huang et al. 2025, length generalization (arXiv 2410.02140)";

task_spec retrieval(std::string name, task_id id, std::size_t min_vocab, std::size_t min_length,
                    std::string what) {
  return {std::move(name),
          id,
          task_mode::generator,
          "prompt `<bos> x_1 .. x_{N-1} <sep> q` over t0..t{k-1}, q = x_N the query; " +
              std::move(what) +
              " The answer is that single token, with no end token. length = N (context plus "
              "query).",
          {"<bos>", "<sep>"},
          "",
          true,
          5,
          min_vocab,
          unbounded,
          min_length,
          born};
}

task_spec distinct(std::string name, task_id id, std::size_t default_vocab, std::string end,
                   std::string what, const std::string& source) {
  return {std::move(name),
          id,
          task_mode::generator,
          "prompt `<bos> x_1 .. x_N <sep>` with x_1 .. x_N pairwise distinct tokens of "
          "t0..t{k-1} (so N <= k); " +
              std::move(what) + " length = N.",
          end == "<eos>" ? std::vector<std::string>{"<bos>", "<sep>", "<eos>"}
                         : std::vector<std::string>{"<bos>", "<sep>"},
          std::move(end),
          true,
          default_vocab,
          1,
          unbounded,
          1,
          source};
}

task_spec repeated(std::string name, task_id id, std::string what) {
  return {std::move(name),
          id,
          task_mode::generator,
          "prompt `<bos> x_1 .. x_N <sep>` with x_1 .. x_N tokens of t0..t{k-1}, repeats allowed "
          "(N >= 1); " +
              std::move(what) + " length = N.",
          {"<bos>", "<sep>"},
          "<sep>",
          true,
          5,
          1,
          unbounded,
          1,
          born};
}

task_spec language(std::string name, task_id id, std::size_t alphabet, std::string what) {
  return {
      std::move(name),
      id,
      task_mode::acceptor,
      "acceptor; input is the bare non-empty string (no control tokens); answer True or False. " +
          std::move(what) + " length = string length.",
      {},
      "",
      false,
      alphabet,
      alphabet,
      alphabet,
      1,
      huang + ", formal languages"};
}

std::vector<task_spec> build() {
  std::vector<task_spec> c;
  c.push_back(retrieval("UR", task_id::ur, 2, 3,
                        "q occurs exactly once in the context, at q_1, and not as its last token; "
                        "answer x_{q_1+1}."));
  c.push_back(retrieval("UL", task_id::ul, 2, 3,
                        "q occurs exactly once in the context, at q_1, and not as its first "
                        "token; answer x_{q_1-1}."));
  c.push_back(retrieval("NRFirst", task_id::nr_first, 1, 3,
                        "q occurs at least twice in the context, first at q_1; answer "
                        "x_{q_1+1}."));
  c.push_back(retrieval("NLFirst", task_id::nl_first, 2, 4,
                        "q occurs at least twice in the context, first at q_1 which is not the "
                        "first context token (no wrap-around); answer x_{q_1-1}."));
  c.push_back(retrieval("NRLast", task_id::nr_last, 2, 4,
                        "q occurs at least twice in the context, last at q_t which is not the "
                        "last context token (the Born generator rejects those); answer "
                        "x_{q_t+1}."));
  c.push_back(retrieval("NLLast", task_id::nl_last, 1, 3,
                        "q occurs at least twice in the context, last at q_t (so q_t is never "
                        "the first context token); answer x_{q_t-1}."));
  c.push_back(distinct("UF", task_id::uf, 5, "<sep>", "answer x_1 .. x_N then `<sep>`.", born));
  c.push_back(distinct("UB", task_id::ub, 5, "<sep>", "answer x_N .. x_1 then `<sep>`.", born));
  c.push_back(repeated("NF", task_id::nf, "answer x_1 .. x_N then `<sep>`."));
  c.push_back(repeated("NB", task_id::nb, "answer x_N .. x_1 then `<sep>`."));
  c.push_back({"bin_majority",
               task_id::bin_majority,
               task_mode::generator,
               "prompt `<bos> w <sep>`, w a non-empty string over {0,1} with no tie; answer the "
               "majority bit then `<eos>`. length = |w|.",
               {"<bos>", "<sep>", "<eos>"},
               "<eos>",
               false,
               2,
               2,
               2,
               1,
               huang});
  c.push_back({"majority",
               task_id::majority,
               task_mode::generator,
               "prompt `<bos> w <sep>`, w a non-empty string over a..z whose most frequent letter "
               "is unique; answer that letter then `<eos>`. Vocabulary: the first k letters "
               "(k <= 26). length = |w|.",
               {"<bos>", "<sep>", "<eos>"},
               "<eos>",
               true,
               26,
               1,
               26,
               1,
               huang});
  c.push_back({"bin_majority_interleave",
               task_id::bin_majority_interleave,
               task_mode::generator,
               "prompt `<bos> w <sep>`, w over {0,1} with |w| a positive multiple of 3; stream r "
               "(r = 0,1,2) is w[r], w[r+3], w[r+6], .. (0-based within w) and no stream may have "
               "a tie (so with an even stream length some strings are rejected); answer the three "
               "stream majority bits in stream order then `<eos>`. length = |w|.",
               {"<bos>", "<sep>", "<eos>"},
               "<eos>",
               false,
               2,
               2,
               2,
               3,
               huang});
  c.push_back(distinct("sort", task_id::sort, 150, "<eos>",
                       "answer the tokens sorted by index (t2 before t10) then `<eos>`.", huang));
  c.push_back(distinct("unique_copy", task_id::unique_copy, 150, "<eos>",
                       "answer x_1 .. x_N then `<eos>`.", huang));
  c.push_back({"repeat_copy",
               task_id::repeat_copy,
               task_mode::generator,
               "prompt `<bos> w <sep>`, w a non-empty string over {a,b} (repeats allowed); answer "
               "w then `<eos>`. length = |w|.",
               {"<bos>", "<sep>", "<eos>"},
               "<eos>",
               false,
               2,
               2,
               2,
               1,
               huang});
  c.push_back({"parity",
               task_id::parity,
               task_mode::generator,
               "prompt `<bos> w <sep>`, w a non-empty string over {0,1}; answer `e` if the number "
               "of 1s is even, `o` if it is odd, then `<eos>`. length = |w|.",
               {"<bos>", "<sep>", "<eos>"},
               "<eos>",
               false,
               2,
               2,
               2,
               1,
               huang});
  c.push_back({"addition",
               task_id::addition,
               task_mode::generator,
               "prompt `<bos> x + y <sep>` (the symbols are 0, 1 and +), x and y non-empty binary "
               "numerals written most significant bit first with no leading zero (except the "
               "numeral 0 itself); answer the binary sum x + y, most significant bit first with "
               "no leading zero, then `<eos>`. length = |x| + 1 + |y| (the + counts), so at "
               "least 3.",
               {"<bos>", "<sep>", "<eos>"},
               "<eos>",
               false,
               3,
               3,
               3,
               3,
               huang});
  c.push_back(language("dyck1", task_id::dyck1, 2,
                       "Over ( ): balanced parentheses (every prefix has at least as many ( as ), "
                       "equal at the end)."));
  c.push_back(language("anbn", task_id::anbn, 2, "Over a b: a^n b^n with n >= 1."));
  c.push_back(language("anbncn", task_id::anbncn, 3, "Over a b c: a^n b^n c^n with n >= 1."));
  c.push_back(language("aa_star", task_id::aa_star, 1,
                       "Over a: (aa)*, i.e. member iff the length is even."));
  c.push_back(language("contains_ab", task_id::contains_ab, 3,
                       "Over a b c: contains the bigram a b (adjacent)."));
  c.push_back(language("copy_every_1", task_id::copy_every_1, 2,
                       "Over a b: w_i = w_{i-1} for every i >= 1 (0-based), i.e. the previous "
                       "token is copied and all tokens are equal; crasp's reconstruction of Huang "
                       "et al.'s 'copy every c-th token' with c = 1. Strings of length 1 are "
                       "members."));
  c.push_back(language("copy_every_2", task_id::copy_every_2, 2,
                       "Over a b: w_i = w_{i-2} for every i >= 2 (0-based), i.e. the token two "
                       "back is copied; crasp's reconstruction of Huang et al.'s 'copy every "
                       "c-th token' with c = 2. Strings of length 1 and 2 are members."));
  c.push_back(language("copy_every_3", task_id::copy_every_3, 2,
                       "Over a b: w_i = w_{i-3} for every i >= 3 (0-based), i.e. the token three "
                       "back is copied; crasp's reconstruction of Huang et al.'s 'copy every "
                       "c-th token' with c = 3. Strings of length 1 to 3 are members."));
  // Huang et al.'s formal-language suite (Section 5, Figure 1), after Tomita (1982) and
  // Bhattamishra et al. (2020). Posed here as plain acceptance of members and non-members.
  const std::string suite = " (Huang et al.'s formal-language suite; reference: its minimal DFA)";
  c.push_back(language("tomita1", task_id::tomita1, 2, "Over 0 1: Tomita 1, 1*." + suite));
  c.push_back(language("tomita2", task_id::tomita2, 2, "Over 0 1: Tomita 2, (10)*." + suite));
  c.push_back(language("tomita3", task_id::tomita3, 2,
                       "Over 0 1: Tomita 3, no odd run of 1s directly followed by an odd run of "
                       "0s." + suite));
  c.push_back(language("tomita4", task_id::tomita4, 2,
                       "Over 0 1: Tomita 4, no three 0s in a row." + suite));
  c.push_back(language("tomita5", task_id::tomita5, 2,
                       "Over 0 1: Tomita 5, an even number of 0s and an even number of 1s." +
                           suite));
  c.push_back(language("tomita6", task_id::tomita6, 2,
                       "Over 0 1: Tomita 6, #0 - #1 is a multiple of 3." + suite));
  c.push_back(language("tomita7", task_id::tomita7, 2, "Over 0 1: Tomita 7, 0*1*0*1*." + suite));
  for (const auto& [name, id, n] : {std::tuple{"D2", task_id::dyck_2, "2"},
                                    std::tuple{"D3", task_id::dyck_3, "3"},
                                    std::tuple{"D4", task_id::dyck_4, "4"},
                                    std::tuple{"D12", task_id::dyck_12, "12"}})
    c.push_back(language(name, id, 2,
                         std::string("Over a b: Dyck-1 of depth at most ") + n +
                             " (a opens, b closes; balanced, and no prefix deeper than " + n +
                             ")." + suite));
  c.push_back(language("aaaa_star", task_id::aaaa_star, 1,
                       "Over a: (aaaa)*, the length is a multiple of 4." + suite));
  c.push_back(language("abab_star", task_id::abab_star, 2, "Over a b: (abab)*." + suite));
  c.push_back(language("abcde_runs", task_id::abcde_runs, 5,
                       "Over a b c d e: aa*bb*cc*dd*ee*, non-empty runs of the five letters in "
                       "order." + suite));
  c.push_back(language("ab_d_bc", task_id::ab_d_bc, 4,
                       "Over a b c d: {a,b}*d{b,c}*, one d with only a and b before it and only b "
                       "and c after it." + suite));
  c.push_back(language("ends_02", task_id::ends_02, 3,
                       "Over 0 1 2: {0,1,2}*02*, the last token other than 2 is a 0 (the Born "
                       "paper's (a|b|e)*ae* in other letters)." + suite));
  c.push_back(language("even_ones", task_id::even_ones, 2,
                       "Over 0 1: (0*10*1)*0*, an even number of 1s (parity as a language)." +
                           suite));
  detail::add_labelled_languages(c);
  detail::attach_verdicts(c);
  return c;
}

}  // namespace

const std::vector<task_spec>& catalogue() {
  static const std::vector<task_spec> all = build();
  return all;
}

const task_spec* find(std::string_view name) {
  for (const auto& t : catalogue()) {
    if (t.name == name) {
      return &t;
    }
  }
  return nullptr;
}

const task_spec& spec(task_id id) {
  return catalogue()[static_cast<std::size_t>(id)];
}

answer_format format_of(const task_spec& task) {
  switch (task.mode) {
    case task_mode::generator:
      return answer_format::continuation;
    case task_mode::labels:
      return answer_format::labels;
    case task_mode::acceptor:
      break;
  }
  return answer_format::accept;
}

std::size_t effective_vocab(const task_spec& task, std::size_t k) {
  if (!task.variable_vocab || k == 0) {
    return task.default_vocab;
  }
  return std::clamp(k, task.min_vocab, task.max_vocab);
}

std::vector<std::string> symbols(const task_spec& task, std::size_t k) {
  const std::size_t n = effective_vocab(task, k);
  if (detail::is_regular_language(task.id)) return detail::regular_alphabet(task.id);
  if (const auto how = detail::labelled_language(task.id)) return symbols(spec(how->language), k);
  switch (task.id) {
    case task_id::bin_majority:
    case task_id::bin_majority_interleave:
    case task_id::parity:
      return {"0", "1"};
    case task_id::addition:
      return {"0", "1", "+"};
    case task_id::dyck1:
      return {"(", ")"};
    case task_id::anbn:
    case task_id::copy_every_1:
    case task_id::copy_every_2:
    case task_id::copy_every_3:
    case task_id::repeat_copy:
      return {"a", "b"};
    case task_id::anbncn:
    case task_id::contains_ab:
      return {"a", "b", "c"};
    case task_id::aa_star:
      return {"a"};
    case task_id::majority: {
      std::vector<std::string> s;
      for (std::size_t i = 0; i < n; ++i) {
        s.emplace_back(1, static_cast<char>('a' + i));
      }
      return s;
    }
    default: {
      std::vector<std::string> s;
      for (std::size_t i = 0; i < n; ++i) {
        s.push_back(detail::t_symbol(i));
      }
      return s;
    }
  }
}

std::vector<std::string> output_tokens(const task_spec& task, std::size_t k) {
  if (task.mode == task_mode::acceptor) {
    return {"True", "False"};
  }
  if (task.mode == task_mode::labels) {
    return detail::label_words(task.id);
  }
  if (task.id == task_id::parity) {
    return {"e", "o", "<eos>"};
  }
  if (task.id == task_id::addition) {
    return {"0", "1", "<eos>"};
  }
  auto s = symbols(task, k);
  if (!task.end_token.empty()) {
    s.push_back(task.end_token);
  }
  return s;
}

std::size_t effective_length(const task_spec& task, std::size_t length, std::size_t k) {
  switch (task.id) {
    case task_id::uf:
    case task_id::ub:
    case task_id::sort:
    case task_id::unique_copy:
      return std::clamp<std::size_t>(length, 1, effective_vocab(task, k));
    case task_id::bin_majority_interleave: {
      const std::size_t n = std::max<std::size_t>(length, 3);
      return n + (3 - n % 3) % 3;
    }
    default:
      return std::max(length, task.min_length);
  }
}

}  // namespace crasp::tasks
