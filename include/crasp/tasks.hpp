// Task references: the answer a correct solver gives and random instance generators for the
// tasks of Jobanputra, Veitsman et al. 2025, "Born a Transformer -- Always a Transformer?" (arXiv
// 2505.21785) and Huang et al. 2025 (arXiv 2410.02140); docs/references.md.
//
// Everything here is plain C++ and independent of the C-RASP language: these are the references
// that C-RASP programs are tested against. Nothing in this header prints, exits or throws.
#pragma once

#include <cstddef>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace crasp::tasks {

/// How a task's answer is read off a program.
enum class task_mode {
  acceptor,   ///< the input is a string; the answer is "True" or "False"
  generator,  ///< the input is a prompt; the answer is the continuation generated token by token
  /// the input is a string; the answer is one label per input token (answer_format::labels):
  /// the set of legal next symbols (the `_next` tasks) or whether the prefix so far is a member
  /// (the `_prefix` tasks)
  labels,
};

// clang-format off
/// Every task of the catalogue (one value per entry, in catalogue order). Everything else about a
/// task is its record in src/tasks (docs/tasks.md, "Adding a catalogue task").
enum class task_id {
  // Born retrieval
  ur, ul, nr_first, nl_first, nr_last, nl_last,
  // Born copy (unique, then with repeats)
  uf, ub, nf, nb,
  // Huang et al.
  bin_majority, majority, bin_majority_interleave, sort, unique_copy, repeat_copy, parity,
  addition,
  // formal languages (acceptors)
  dyck1, anbn, anbncn, aa_star, contains_ab, copy_every_1, copy_every_2, copy_every_3,
  // Huang et al.'s formal-language suite (regular; their reference is a minimal DFA)
  tomita1, tomita2, tomita3, tomita4, tomita5, tomita6, tomita7, dyck_2, dyck_3, dyck_4, dyck_12,
  aaaa_star, abab_star, abcde_runs, ab_d_bc, ends_02, even_ones,
  // the same suite posed as Bhattamishra et al. (2020) and Huang et al. pose it: the legal next
  // symbols at every position of a member, or prefix membership at every position of any word
  tomita1_next, tomita2_next, tomita3_next, tomita4_next, tomita7_next, dyck_2_next, dyck_3_next,
  dyck_4_next, dyck_12_next, ab_d_bc_next,
  tomita5_prefix, tomita6_prefix, aa_star_prefix, aaaa_star_prefix, abab_star_prefix,
  abcde_runs_prefix, ends_02_prefix, even_ones_prefix,
};
// clang-format on

/// Token conventions shared by every task.
inline constexpr std::string_view bos_token = "<bos>";
inline constexpr std::string_view sep_token = "<sep>";
inline constexpr std::string_view eos_token = "<eos>";
inline constexpr std::string_view true_token = "True";
inline constexpr std::string_view false_token = "False";

/// How a task's answers are written and judged (crasp check; docs/tasks.md):
///  - accept: the verdict at the last position (the program's last statement, a Boolean);
///  - continuation: what greedy generation produces after the input, then stops;
///  - labels: the program's last statement (or its one true `next` token) at every position;
///  - count: the program's last statement, a count, at the last position.
/// Catalogue acceptors are `accept`, catalogue generators `continuation`, the catalogue's
/// `labels` tasks `labels`.
enum class answer_format { accept, continuation, labels, count };

/// Whether a task can be written in a language class (C-RASP for NoPE, C-RASP[pos] for APE).
enum class expressible { yes, no, unknown };

/// "yes", "no" or "unknown".
std::string_view expressible_name(expressible e);

/// What a verdict rests on. Reports render it; decisions read it, never the reason's words.
enum class evidence {
  none,           ///< nothing decides it (an unknown)
  literature,     ///< a published result, cited in the reason
  witness,        ///< a program crasp checked against the task (tested, and exhaustively short)
  communication,  ///< the communication argument computed from the task's answers
  reduction,      ///< a checked map from a task with a published no
  renaming,       ///< the task is a catalogue task with its symbols renamed
  /// Yang et al.'s characterization of the regular languages of C-RASP, through a right
  /// quotient (crasp/regular.hpp, docs/regular.md)
  characterization,
};

/// "none", "literature", "witness", "communication", "reduction", "renaming" or
/// "characterization".
std::string_view evidence_name(evidence e);

/// A verdict with its evidence: the bundled program that witnesses it ("witness: programs/ur.crasp")
/// or the published result that rules it out ("Lemma 6: reduction to (a|b|e)*ae*").
struct verdict {
  expressible value = expressible::unknown;
  std::string reason;
  /// The catalogue's verdicts are the literature's; crasp check sets the kind of what decided
  /// each of its final verdicts.
  evidence by = evidence::literature;
};

/// One task of the catalogue.
struct task_spec {
  std::string name;         ///< exact name, e.g. "UR", "bin_majority", "dyck1"
  task_id id;               ///< the same task as an enumerator
  task_mode mode;           ///< acceptor, generator or labels
  std::string description;  ///< one paragraph: format, precondition, answer, what `length` counts
  /// Control tokens that appear in prompts or answers ("<bos>", "<sep>", "<eos>"); empty for
  /// acceptors and labels tasks, whose input is the bare string.
  std::vector<std::string> control_tokens;
  /// Token that ends a generated answer ("<sep>" for UF/UB, "<eos>" for the Huang tasks); empty
  /// when the answer is a single token with no end marker (retrieval) and for acceptors.
  std::string end_token;
  bool variable_vocab;        ///< whether the vocabulary size k can be chosen
  std::size_t default_vocab;  ///< k used when the caller passes k == 0 (fixed size otherwise)
  std::size_t min_vocab;      ///< smallest k for which the task has instances
  std::size_t max_vocab;      ///< largest allowed k (26 for majority; SIZE_MAX if unbounded)
  std::size_t min_length;     ///< smallest `length` (content symbols) with an instance
  std::string source;         ///< paper the task comes from

  // --- expressibility (from the task's record, src/tasks/*_records.cpp) ------------------------
  /// "Born retrieval", "Born copy", "Huang et al. algorithmic" or "formal language".
  std::string category = {};
  /// File in programs/ that solves the task ("ur.crasp"), empty when none can exist or none is
  /// bundled.
  std::string program = {};
  /// Name of the alphabet in `program` that carries the task's variable vocabulary ("Sym",
  /// "Letter"), empty for a fixed vocabulary.
  std::string program_alphabet = {};
  /// A natural but wrong program in programs/ that crasp check must refute with a
  /// counterexample (e.g. ur.crasp for NRLast), empty when none is shipped.
  std::string candidate = {};
  std::string candidate_alphabet = {};
  /// The verdicts as the literature states them, with their reasons: NoPE (C-RASP) and APE
  /// (C-RASP[pos]). crasp check confirms them against the bundled programs.
  verdict nope = {};
  verdict ape = {};
  /// The verdict printed in the reference table of the paper (for the side-by-side column);
  /// nullopt when that paper gives none (the Born paper states only C-RASP[pos]).
  std::optional<bool> paper_nope = {};
  std::optional<bool> paper_ape = {};

  // --- how the papers ran it (from the task's record) --------------------------------------------
  /// Vocabulary size of the papers' experiments, which crasp check uses by default; 0 when they
  /// used default_vocab (the Born unique-copy tasks UF and UB: 150 distinct symbols).
  std::size_t experiment_vocab = 0;
  /// Whether the task is a decision problem: exactly one answer per input, from a fixed set of
  /// two (an acceptor's True/False, parity's e/o). Only such a task can be the source of a
  /// reduction (crasp/reduction.hpp).
  bool decision = false;
};

/// A vocabulary size request as a named value (size == 0 means the task's default). The functions
/// below take the size directly as `k`, e.g. `generate(t, n, rng, vocab_options{150}.size)`.
struct vocab_options {
  std::size_t size = 0;
};

/// One generated instance.
struct instance {
  /// Generators: the prompt. Acceptors and labels tasks: the string (no control tokens).
  std::vector<std::string> input;
  /// Generators: the continuation a correct solver generates, including the end token if the
  /// task has one. Acceptors: {"True"} or {"False"}. Labels tasks: one label per input token.
  std::vector<std::string> expected;
};

/// All tasks, in the order of task_id.
const std::vector<task_spec>& catalogue();

/// The task named `name` (exact, case-sensitive), or nullptr.
const task_spec* find(std::string_view name);

/// The task with id `id` (never null).
const task_spec& spec(task_id id);

/// How the task's answers are written and judged: accept for acceptors, continuation for
/// generators, labels for labels tasks.
answer_format format_of(const task_spec& task);

/// The vocabulary size actually used for a request of `k`: the default when k == 0, otherwise k
/// clamped to [min_vocab, max_vocab]. Fixed-alphabet tasks always return their alphabet size.
std::size_t effective_vocab(const task_spec& task, std::size_t k);

/// The content symbols (no control tokens) of the task for vocabulary size k (k as for
/// effective_vocab):
///  - UR UL NRFirst NLFirst NRLast NLLast UF UB NF NB sort unique_copy: "t0" .. "t{k-1}"
///    (default k: 5 for retrieval and copy, 150 for sort and unique_copy);
///  - bin_majority, bin_majority_interleave, parity: "0" "1"; addition: "0" "1" "+";
///  - repeat_copy: "a" "b";
///  - majority: "a" .. the k-th letter (k <= 26, default 26);
///  - dyck1: "(" ")"; anbn, copy_every_1, copy_every_2, copy_every_3: "a" "b";
///    anbncn, contains_ab: "a" "b" "c"; aa_star: "a";
///  - tomita1 .. tomita7, even_ones: "0" "1"; D2, D3, D4, D12, abab_star: "a" "b"; aaaa_star:
///    "a"; abcde_runs: "a" .. "e"; ab_d_bc: "a" .. "d"; ends_02: "0" "1" "2";
///  - the `_next` and `_prefix` tasks: the symbols of the language they label.
std::vector<std::string> symbols(const task_spec& task, std::size_t k);

/// Every token that can appear in a correct answer: for generators the symbols plus the end
/// token (if any); for acceptors and the `_prefix` tasks {"True", "False"}; for the `_next`
/// tasks the label words of the language's live states ("{a,b}", "{a,<eos>}", ...).
std::vector<std::string> output_tokens(const task_spec& task, std::size_t k);

/// The number of content symbols that generate() actually produces for a request of `length`
/// with vocabulary size k: the smallest feasible length >= `length`, or when none exists (the
/// distinct-token tasks, where length <= k) the largest feasible one. For acceptors and labels
/// tasks this is max(length, 1); the member / non-member adjustment is described at generate().
std::size_t effective_length(const task_spec& task, std::size_t length, std::size_t k);

/// Whether `input` satisfies the task's preconditions (well-formed prompt over the task's symbols
/// plus the task's own condition, e.g. the query of UR occurring exactly once).
///
/// Symbols are checked by shape, not against a k: for the "t" tasks any "t<index>" with a
/// canonical decimal index is a symbol; majority accepts "a".."z". Acceptor inputs must be
/// non-empty (a program reads its answer at the last position). The `_next` tasks are defined on
/// members only (the papers' next-symbol sets), the `_prefix` tasks on every non-empty word.
bool precondition(const task_spec& task, const std::vector<std::string>& input);

/// The reference answer for `input`, or std::nullopt if precondition(task, input) is false.
std::optional<std::vector<std::string>> solve(const task_spec& task,
                                              const std::vector<std::string>& input);

/// A random instance with effective_length(task, length, k) content symbols, over
/// symbols(task, k); it always satisfies precondition() and solve(input) == expected.
///
/// `length` counts the non-control tokens of `input`:
///  - retrieval: the context plus the query (N in `<bos> x_1 .. x_{N-1} <sep> x_N`);
///  - copy, sort, unique_copy, majority, parity, repeat_copy: the tokens between `<bos>` and
///    `<sep>`; addition: |x| + 1 + |y| (the "+" counts);
///  - acceptors and labels tasks: the string length.
///
/// Acceptors choose member or non-member with probability 1/2 each; non-members are mostly near
/// misses (one token flipped, one extra token, counts off by one, the right counts in the wrong
/// order) and sometimes uniformly random. When the chosen class has no string of length `length`
/// (e.g. an odd-length Dyck word, an even-length non-member of (aa)*) the nearest length that has
/// one is used, preferring the shorter. The `_prefix` tasks draw their words exactly as the
/// acceptor of their language does (the same seed gives the same word) and label every prefix.
/// The `_next` tasks draw members only: with probability 1/2 uniform among the members of that
/// length (by counting the accepted paths of the minimal DFA), otherwise a member that passes
/// through a state next to a dead transition (the deepest words a Dyck depth bound allows,
/// which uniform members of a long length almost never are), the nearest length with a member
/// as above.
///
/// Deterministic: only rng's raw output is used (no std distributions), so a given seed gives the
/// same instance on every platform.
instance generate(const task_spec& task, std::size_t length, std::mt19937_64& rng,
                  std::size_t k = 0);

/// All valid inputs with 1..max_len content symbols (counted as in generate()), shortest first
/// and in lexicographic symbol order within a length:
///  - acceptors and `_prefix` tasks: every non-empty string over the alphabet of length <=
///    max_len, members or not; `_next` tasks: every member of length <= max_len;
///  - generators: every prompt over symbols(task, k) satisfying the precondition.
/// The result grows exponentially in max_len; callers keep max_len small.
std::vector<std::vector<std::string>> enumerate(const task_spec& task, std::size_t max_len,
                                                std::size_t k = 0);

}  // namespace crasp::tasks
