// A catalogue task as one record: its spec (name, format, vocabulary, description, programs,
// verdicts), the papers' trained-model numbers, and its behaviour (a family's code with the
// task's parameters). Each family defines its records beside its code (*_records.cpp) and
// registry.cpp lists them in catalogue order; the public functions of crasp/tasks.hpp and
// published_results() read them, so adding a task is adding a record (docs/tasks.md).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "crasp/published.hpp"
#include "crasp/tasks.hpp"
#include "tasks/common.hpp"
#include "tasks/literature.hpp"

namespace crasp::regular {
struct dfa;
}  // namespace crasp::regular

namespace crasp::tasks::detail {

/// What a task does. Lengths and vocabulary sizes arrive already effective (effective_length,
/// effective_vocab), so a behaviour never sees a request it has to adjust. Implementations are
/// immutable after construction and safe to call from several threads.
class task_behaviour {
 public:
  virtual ~task_behaviour() = default;

  /// The content symbols for vocabulary size k (tasks::symbols).
  [[nodiscard]] virtual std::vector<std::string> symbols(std::size_t k) const = 0;
  /// The tokens of a correct answer when they are not the symbols plus the end token (parity's
  /// e and o, the label words of a labels task); nullopt otherwise (tasks::output_tokens).
  [[nodiscard]] virtual std::optional<std::vector<std::string>> own_output_tokens() const {
    return std::nullopt;
  }
  /// The number of content symbols generate() produces for a request of `length`
  /// (tasks::effective_length); by default at least the task's min_length.
  [[nodiscard]] virtual std::size_t effective_length(std::size_t length, std::size_t k,
                                                     std::size_t min_length) const {
    (void)k;
    return length > min_length ? length : min_length;
  }
  /// The reference answer, nullopt when the precondition fails (tasks::solve).
  [[nodiscard]] virtual answer solve(const tokens& input) const = 0;
  /// A random instance of exactly `length` content symbols (tasks::generate).
  virtual instance generate(std::size_t length, std::mt19937_64& rng, std::size_t k) const = 0;
  /// Appends every valid input of 1..max_len content symbols (tasks::enumerate).
  virtual void enumerate(std::size_t max_len, std::size_t k, std::vector<tokens>& out) const = 0;
  /// The minimal DFA of the task's language, which the labels tasks read; nullptr for a task
  /// that has none.
  [[nodiscard]] virtual const regular::dfa* automaton() const { return nullptr; }
};

/// Shared so that records can be copied into the registry and a labels task can keep its
/// language's behaviour.
using behaviour_ptr = std::shared_ptr<const task_behaviour>;

/// One catalogue task, everything about it in one place.
struct task_record {
  /// Name, id, mode, description, vocabulary, source, category, programs and candidates, the
  /// literature's verdicts and the papers' printed verdicts: what catalogue() returns.
  task_spec spec;
  /// The papers' trained-model accuracies (published_results); empty when they give none in text.
  std::vector<published_series> published = {};
  /// Precondition, solve, generate, enumerate, symbols and output tokens.
  behaviour_ptr behaviour = nullptr;
};

/// Every record, in task_id order; built once, on first use (registry.cpp).
const std::vector<task_record>& records();
/// The record of `id`.
const task_record& record(task_id id);

// --- the families' records, each defined beside its family ---------------------------------

/// UR, UL, NRFirst, NLFirst, NRLast, NLLast (retrieval_records.cpp).
std::vector<task_record> retrieval_records();
/// UF, UB, NF, NB (copy_records.cpp).
std::vector<task_record> copy_records();
/// Huang et al.'s algorithmic tasks, bin_majority .. addition (algorithmic_records.cpp).
std::vector<task_record> algorithmic_records();
/// The hand-written formal languages, dyck1 .. copy_every_3 (language_records.cpp).
std::vector<task_record> language_records();
/// Huang et al.'s regular suite as acceptors, tomita1 .. even_ones (suite_records.cpp).
std::vector<task_record> suite_records();
/// The `_next` and `_prefix` tasks, derived from the acceptors already listed in `acceptors`
/// (which is indexed by task_id) (labels_records.cpp).
std::vector<task_record> labels_records(const std::vector<task_record>& acceptors);

// --- the families' behaviours ----------------------------------------------------------------

/// Which occurrence of a retrieval query is read, and which neighbour is the answer.
struct retrieval_rule {
  bool unique = false;  ///< the query occurs exactly once (UR, UL), else at least twice
  bool left = false;    ///< answer the left neighbour, else the right one
  bool last = false;    ///< use the last occurrence, else the first
};
/// Prompt `<bos> context <sep> q` over t0..t{k-1} (retrieval.cpp).
behaviour_ptr retrieval_behaviour(retrieval_rule rule);

/// How the distinct-token tasks write their answer.
enum class distinct_order { kept, reversed, sorted };
/// Prompt `<bos> pairwise distinct t-tokens <sep>`, answer them in `order` then `end`
/// (distinct.cpp).
behaviour_ptr distinct_behaviour(distinct_order order, std::string end);
/// The record of a distinct-token task: generator over t0..t{k-1}, `what` states the answer.
task_record distinct_task(std::string name, task_id id, distinct_order order,
                          std::size_t default_vocab, std::string end, std::string what,
                          std::string source, literature lit,
                          std::vector<published_series> published);

/// Prompt `<bos> tokens <sep>` with repeats, answer them (reversed or not) then `end`; over
/// t0..t{k-1}, or over a, b when `letters` (copy.cpp).
behaviour_ptr copy_behaviour(bool letters, bool reversed, std::string end);

/// The majority symbol of each of `streams` interleaved streams then <eos>; over 0, 1, or over
/// the first k letters when `letters` (majority.cpp).
behaviour_ptr majority_behaviour(bool letters, std::size_t streams);

/// Huang et al.'s parity and binary addition (arithmetic.cpp).
behaviour_ptr parity_behaviour();
behaviour_ptr addition_behaviour();

/// The hand-written acceptors (languages.cpp): Dyck-1 over ( ), the blocks a^n b^n .. over
/// `letters` ("ab", "abc"), (aa)*, "contains the bigram ab" over a b c, and "copy every c-th
/// token" over a b.
behaviour_ptr dyck1_behaviour();
behaviour_ptr blocks_behaviour(std::string letters);
behaviour_ptr even_length_behaviour();
behaviour_ptr contains_ab_behaviour();
behaviour_ptr copy_every_behaviour(std::size_t period);
/// The record of an acceptor over the fixed alphabet of `behaviour`; `what` names the alphabet
/// and the language ("Over a b: a^n b^n with n >= 1.") (language_records.cpp).
task_record acceptor_task(std::string name, task_id id, std::string what, literature lit,
                          behaviour_ptr behaviour);

/// An acceptor whose reference is the minimal DFA of `regex`, or of `dfa_text` (src/regular's
/// formats) when regex is empty, over the space-separated `alphabet` (regular_languages.cpp).
behaviour_ptr regular_behaviour(const char* alphabet, const char* regex, const char* dfa_text);
/// The minimal DFA of a language written as above; a defect in the text gives an automaton that
/// rejects everything over the alphabet rather than an error.
regular::dfa regular_language(const char* alphabet, const char* regex, const char* dfa_text);

/// A label at every position of a word of `language` (whose behaviour is `language_behaviour`
/// and has an automaton): its legal next symbols on members (`next`) or prefix membership on
/// any word (regular_labels.cpp).
behaviour_ptr labels_behaviour(task_id language, behaviour_ptr language_behaviour, bool next);

}  // namespace crasp::tasks::detail
