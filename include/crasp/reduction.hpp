// Reductions: a task with a published "no" maps into a user's task by a uniform letter-to-word
// map, so the user's task has no program either.
//
// The map h sends each symbol of the source task to a word of m target symbols (the same m for
// every symbol) and puts fixed frame tokens around the result: an input w of the source becomes
// before + h(w_1) .. h(w_n) + after. If the target's answer on that input always determines the
// source's answer on w, then from any C-RASP[pos] program P for the target, pull_back() builds a
// program P' over the source's symbols with P'(w) = P(before h(w) after) (docs/communication.md,
// "Reductions"): position i of w stands for the m positions of h(w_i), each node of P becomes m
// nodes of P' (one per position in the word), a count becomes the sum of its m copies' counts
// less the copies after the current one, a periodic predicate and a local guard are rescaled to
// the longer input, and the frame tokens become constants (before) or extra copies at the last
// position (after). So a program for the target would give one for the source, which the
// literature rules out. P' is C-RASP whenever P is (no position enters unless P has one), so the
// argument carries over to NoPE too.
//
// check_reduction() tests the other half, that the map preserves answers, on the source's
// instances (every one up to a length, then sampled long ones). Nothing here prints, exits or
// throws for bad input: errors go to the diagnostics.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "crasp/diagnostic.hpp"
#include "crasp/ir.hpp"
#include "crasp/task_spec.hpp"  // reduction_sources()
#include "crasp/tasks.hpp"
#include "crasp/word_map.hpp"

namespace crasp {

/// The program P' over h.symbols (a declared alphabet) such that, for every non-empty input w
/// over them and every statement S of `target`, P'(w) at its last position has the value that
/// `target` gives S at the last position of h.before + h(w) + h.after. P' holds the translated
/// next rules (as Boolean statements `out_next_<k>`, in the order of target.next) and then the
/// translated statements (`out_<name>`, in the order of target.statements), last of all, so its
/// output (its last statement) is the target's. Returns nullopt with errors in `diags` when the
/// map is not uniform, or the target cannot read a frame token (a closed vocabulary without it).
std::optional<ir::program> pull_back(const ir::program& target, const word_map& h,
                                     diagnostics& diags);

/// The text of a pulled-back program, ready to save as .crasp (what `crasp reduce` prints).
std::string pull_back_text(const ir::program& target, const word_map& h, diagnostics& diags);

/// How a declared reduction is checked.
struct reduction_options {
  std::string source;  ///< the catalogue task reduced from ("parity")
  std::string target;  ///< the task reduced to: a task spec (FILE.toml) or a catalogue task
  word_map map;        ///< h, without frame tokens: they come from the target's input shape
  std::size_t exhaustive_length = 16;  ///< every source input up to this many symbols (budget)
  std::size_t long_instances = 50;     ///< then this many sampled ones
  std::size_t long_length = 200;       ///< of up to this many symbols
  std::size_t budget = 4096;           ///< inputs asked at most by the exhaustive part
  std::uint64_t seed = 1;
  double oracle_timeout = 10;
};

/// A checked reduction and what it shows.
struct reduction_report {
  std::string source, target;
  word_map map;                 ///< with the target's frame tokens filled in
  std::size_t exhaustive_length = 0;  ///< every source input up to this length was checked
  std::size_t exhaustive_inputs = 0;
  std::size_t long_inputs = 0;        ///< sampled inputs past it
  std::size_t longest = 0;            ///< longest source input checked (symbols)
  /// Source answer -> target answer ("e <eos>" -> "True"), one line each.
  std::vector<std::pair<std::string, std::string>> answers;
  /// Empty when the map preserved every answer; otherwise the first failure, spelled out.
  std::string failure;
  /// The source's published verdicts that transfer (only "no" transfers).
  tasks::verdict ape, nope;
  /// "no (by reduction from parity; map checked exhaustively to length 10 and on 50 long
  /// instances)", or "" when the map failed.
  std::string verdict;
  [[nodiscard]] bool holds() const { return failure.empty(); }
};


/// Checks a declared reduction. Returns nullopt (errors in diags) when it cannot be checked at
/// all: unknown source, a source without a published no, a target whose frame is not at its
/// ends, a map over the wrong symbols. A map that fails is a report with `failure` set.
std::optional<reduction_report> check_reduction(const reduction_options& options,
                                                diagnostics& diags);

/// A catalogue task that a spec is, up to renaming symbols: on the catalogue task's own
/// instances, renamed, the spec answers the renamed answer every time.
struct renaming_match {
  std::string task;  ///< the catalogue task
  /// Catalogue token -> spec token, content symbols first, then frame tokens that differ.
  std::vector<std::pair<std::string, std::string>> renaming;
  std::size_t instances = 0;  ///< the catalogue task's instances compared
  std::size_t longest = 0;    ///< the longest (content symbols)
  std::size_t exhaustive_length = 0;  ///< every instance up to this length was among them
  /// Its published verdicts (a renamed program solves one task as well as the other, so they
  /// carry over; crasp check uses only a no, and only where nothing else decided).
  tasks::verdict ape, nope;
  /// "NB with 1 -> a, 2 -> b: answers equal on 1046 of its instances (every one up to length 9,
  /// sampled ones to 40)".
  [[nodiscard]] std::string describe() const;
};

/// Looks for a catalogue task of the spec's format, symbol count and frame whose instances,
/// renamed, the spec answers exactly as the catalogue task does (every renaming of up to 5
/// symbols is tried). nullopt when none matches; errors (a spec that cannot answer) go to diags.
std::optional<renaming_match> find_renaming(const std::string& spec, std::uint64_t seed,
                                            double oracle_timeout, diagnostics& diags);

}  // namespace crasp
