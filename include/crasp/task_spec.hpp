// Task specs: a researcher's own task for `crasp check`, described by a small TOML file next to
// the scripts and programs it names (docs/tasks.md). The spec says how instances are made (a
// generator, an oracle, fixed data files), how answers are written (the format), which program
// witnesses the task and which wrong attempts to refute. This header parses and validates a
// spec; crasp::check (task_check.hpp) runs it. Nothing here prints, exits or throws for bad
// input: every problem is a diagnostic located in the spec.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crasp/diagnostic.hpp"
#include "crasp/published.hpp"
#include "crasp/tasks.hpp"
#include "crasp/word_map.hpp"

namespace crasp {

/// A path named in a spec: as written, resolved against the spec's folder, and where it is.
struct spec_path {
  std::string written;   ///< as in the spec ("ur2.crasp", "../../programs/ur.crasp")
  std::string resolved;  ///< relative to the current directory, or absolute
  span where;            ///< the string in the spec
};

/// A command named in a spec (generator or oracle): run with the spec's folder as the working
/// directory, so relative script names resolve there.
struct spec_command {
  std::vector<std::string> argv;
  span where;
  [[nodiscard]] bool given() const { return !argv.empty(); }
};

/// A parsed and validated task spec. Keys and meanings: docs/tasks.md.
struct task_file {
  std::string path;         ///< the spec file as given
  std::string dir;          ///< its folder ("." for a bare file name)
  source_ptr source;        ///< the spec's text, for diagnostics
  std::string name;         ///< `name`
  std::string description;  ///< `description` (may be empty)
  tasks::answer_format format = tasks::answer_format::accept;
  spec_command generator;   ///< `generator`: ARGV... --length N --count K --seed S
  spec_command oracle;      ///< `oracle`: one {"answer": ...} line per {"input": ...} line
  std::vector<spec_path> data;        ///< `data`: JSONL files of instances
  /// `regex`: the task is membership in this regular language (docs/tasks.md has the syntax);
  /// crasp is then its own generator and oracle.
  std::optional<std::string> regex;
  /// `dfa`: the same from a DFA text file.
  std::optional<spec_path> dfa;
  /// `labels`, for a language in the labels format: "next" (at every position the set of legal
  /// next symbols, members only: the papers' formulation), "member" (whether each prefix is a
  /// member) or "state" (the minimal DFA's state after each prefix, named by the shortest word
  /// that reaches it, "q(ab)": Yang et al.'s state tracking).
  std::string language_labels = "next";
  std::optional<spec_path> program;   ///< `program`: the witness
  std::vector<spec_path> candidates;  ///< `candidates`: wrong attempts to refute
  /// `alphabets`: replaces the items of these declared alphabets in every program.
  std::map<std::string, std::vector<std::string>> alphabets;
  /// `vocabulary`: the tokens inputs are made of (same syntax as an alphabet: "a b", "t0..t4").
  /// Without it crasp learns them from the generator's and the data's inputs.
  std::optional<std::vector<std::string>> vocabulary;
  std::size_t min_length = 1;                 ///< `min_length`
  std::optional<std::size_t> max_length;      ///< `max_length`
  std::optional<tasks::expressible> expect;   ///< `expect`
  /// `[[trained]]`: the user's own trained-model accuracies (source "spec", pe = label).
  std::vector<published_series> trained;
  /// `reduces_from`: a catalogue task with a published no (reduction_sources()) that maps into
  /// this task by `reduction_map`; crasp check tests the map and, when it holds, says no.
  std::optional<std::string> reduces_from;
  /// `reduction_map`: each source symbol to a word of this task's tokens, all of one length.
  std::optional<word_map> reduction_map;
  /// Where each top-level key's value is, for diagnostics about it ("generator" -> span).
  std::map<std::string, span> where;
};

/// Whether a `crasp check` argument names a spec file rather than a catalogue task: it ends in
/// ".toml" (in any case).
bool is_task_file_name(std::string_view argument);

/// Reads, parses and validates the spec at `path`: TOML syntax, known keys, value types, the
/// files it names (program, candidates, data, a script argument with a file extension), the
/// alphabets' syntax and that it names an instance source. Returns nullopt with errors in `diags`
/// (each located at the key or value concerned).
std::optional<task_file> load_task_file(const std::string& path, diagnostics& diags);

/// The same from text in memory (`path` names it in diagnostics and gives the folder).
std::optional<task_file> parse_task_file(const std::string& path, std::string text,
                                         diagnostics& diags);

/// The catalogue tasks a reduction may start from: a published "no" (either column) and one
/// answer per input (acceptors, and parity's single answer token).
std::vector<std::string> reduction_sources();

/// "accept", "continuation", "labels" or "count".
std::string_view answer_format_name(tasks::answer_format f);

}  // namespace crasp
