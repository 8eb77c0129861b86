// check_reduction: does the declared map preserve answers on the source's instances?
// (reduction.hpp; docs/communication.md, "Reductions"). Both tasks answer through the
// communication analysis's sources (catalogue solver, spec oracle or regular language), so the
// inputs are built from content tokens and each task's own frame.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "communication/source.hpp"
#include "crasp/reduction.hpp"
#include "reduction/words.hpp"
#include "tasks/common.hpp"

namespace crasp {
namespace {

using comm_detail::answer_source;
using comm_detail::tokens;

std::string joined(const tokens& t) { return fmt::format("{}", fmt::join(t, " ")); }

// The frame tokens of a shape as the ones before and after the content; nullopt when a frame
// token sits inside (retrieval's query after <sep>): a word map cannot place it.
std::optional<std::pair<tokens, tokens>> ends_of(const sources::input_shape& shape) {
  std::map<std::size_t, std::string> head, tail;
  for (const auto& a : shape.frame) (a.from_end ? tail : head)[a.offset] = a.token;
  tokens before, after;
  for (std::size_t k = 0; k < head.size(); ++k) {
    if (!head.count(k)) return std::nullopt;
    before.push_back(head[k]);
  }
  for (std::size_t k = 0; k < tail.size(); ++k) {
    if (!tail.count(k)) return std::nullopt;
    after.insert(after.begin(), tail[k]);
  }
  return std::make_pair(before, after);
}

}  // namespace

void all_words(const tokens& symbols, std::size_t upto, std::vector<tokens>& out) {
  for (std::size_t len = 1; len <= upto; ++len)
    tasks::detail::for_each_word(symbols.size(), len, [&](const std::vector<std::size_t>& w) {
      tokens word;
      word.reserve(len);
      for (std::size_t d : w) word.push_back(symbols[d]);
      out.push_back(std::move(word));
    });
}

std::size_t longest_within(std::size_t symbols, std::size_t budget, std::size_t cap) {
  std::size_t L = 0;
  for (std::size_t total = 0, layer = 1; L < cap; ++L) {
    layer *= symbols;
    if (total + layer > budget) break;
    total += layer;
  }
  return L;
}

std::optional<reduction_report> check_reduction(const reduction_options& options,
                                                diagnostics& diags) {
  const auto sources = reduction_sources();
  const tasks::task_spec* task = tasks::find(options.source);
  if (task == nullptr || std::find(sources.begin(), sources.end(), options.source) == sources.end()) {
    diags.error(options.target, fmt::format("cannot reduce from '{}': a source is one of {}",
                                            options.source, fmt::join(sources, ", ")));
    return std::nullopt;
  }
  if (!validate(options.map, options.target, diags)) return std::nullopt;

  communication_options so;
  so.task = options.source;
  so.seed = options.seed;
  auto source = comm_detail::open_source(so, diags);
  communication_options to = so;
  to.task = options.target;
  to.oracle_timeout = options.oracle_timeout;
  auto target = source ? comm_detail::open_source(to, diags) : std::nullopt;
  if (!source || !target) return std::nullopt;
  if (target->format != tasks::answer_format::accept) {
    diags.error(options.target, "a reduction's target answers True/False (format accept): the "
                                "source's answer is read from it");
    return std::nullopt;
  }

  reduction_report r;
  r.source = options.source;
  r.target = options.target;
  r.map = options.map;
  const std::set<std::string> want(source->content.begin(), source->content.end());
  const std::set<std::string> have(r.map.symbols.begin(), r.map.symbols.end());
  if (want != have) {
    diags.error(options.target, fmt::format("the map must send each of {}'s symbols ({}) to a "
                                            "word, and only those (it maps {})",
                                            options.source, fmt::join(want, " "),
                                            fmt::join(have, " ")));
    return std::nullopt;
  }
  const auto frame = ends_of(target->shape);
  if (!frame) {
    diags.error(options.target, fmt::format("the target's frame tokens are not all at its ends "
                                            "({}): a word map cannot place them",
                                            target->shape.describe()));
    return std::nullopt;
  }
  r.map.before = frame->first;
  r.map.after = frame->second;

  // The source inputs: all words up to the exhaustive length that the budget allows, then long
  // ones, half from the source's own generator, half uniform.
  std::vector<tokens> words;
  const std::size_t L = longest_within(source->content.size(), options.budget, options.exhaustive_length);
  all_words(source->content, L, words);
  r.exhaustive_length = L;
  r.exhaustive_inputs = words.size();
  std::mt19937_64 rng(options.seed);
  for (std::size_t k = 0; k < options.long_instances; ++k) {
    const std::size_t lo = L + 1, hi = std::max(options.long_length, lo);
    const std::size_t n =
        options.long_instances == 1 ? hi : lo + (hi - lo) * k / (options.long_instances - 1);
    tokens w;
    std::vector<comm_detail::task_instance> drawn;
    if (k % 2 == 0 && source->sample && source->sample(n, 1, rng, drawn, diags) && !drawn.empty())
      w = comm_detail::content_of(source->shape, drawn.front().input);
    if (w.empty()) {
      std::uniform_int_distribution<std::size_t> pick(0, source->content.size() - 1);
      for (std::size_t i = 0; i < n; ++i) w.push_back(source->content[pick(rng)]);
    }
    r.longest = std::max(r.longest, w.size());
    words.push_back(std::move(w));
  }
  r.long_inputs = words.size() - r.exhaustive_inputs;
  if (r.exhaustive_inputs > 0) r.longest = std::max(r.longest, L);

  std::vector<tokens> source_inputs, target_inputs;
  for (const auto& w : words) {
    auto si = comm_detail::frame_input(source->shape, w);
    source_inputs.push_back(si ? *si : tokens{});
    target_inputs.push_back(*r.map.apply(w));
  }
  std::vector<std::optional<comm_detail::task_instance>> sa, ta;
  if (!source->answer(source_inputs, sa, diags) || !target->answer(target_inputs, ta, diags))
    return std::nullopt;

  // The target's answer must decide the source's: a function from True/False to source answers.
  std::map<std::string, std::pair<std::string, std::size_t>> decide;  // target -> (source, input)
  std::set<std::string> source_answers;
  for (std::size_t k = 0; k < words.size() && r.holds(); ++k) {
    if (!sa[k]) continue;  // not an input of the source
    const std::string s = joined(sa[k]->expected);
    if (!ta[k]) {
      r.failure = fmt::format("{} is an input of {} but its image {} is not one of the target's",
                              joined(words[k]), r.source, joined(target_inputs[k]));
      break;
    }
    const std::string t = joined(ta[k]->expected);
    source_answers.insert(s);
    auto [it, fresh] = decide.emplace(t, std::make_pair(s, k));
    if (!fresh && it->second.first != s)
      r.failure = fmt::format("the target answers {} on both {} and {}, but {} answers {} and {} "
                              "on {} and {}",
                              t, joined(target_inputs[it->second.second]), joined(target_inputs[k]),
                              r.source, it->second.first, s, joined(words[it->second.second]),
                              joined(words[k]));
  }
  if (r.holds() && source_answers.size() < 2)
    r.failure = fmt::format("{} gave one answer on every input checked: nothing to tell apart",
                            r.source);
  for (const auto& [t, s] : decide) r.answers.emplace_back(s.first, t);
  std::sort(r.answers.begin(), r.answers.end());
  if (!r.holds()) return r;

  const std::string evidence = fmt::format(
      "by reduction from {}; map checked exhaustively to length {} and on {} long instances up "
      "to {} symbols",
      r.source, r.exhaustive_length, r.long_inputs, r.longest);
  r.verdict = "no (" + evidence + ")";
  if (task->ape.value == tasks::expressible::no) r.ape = {tasks::expressible::no, r.verdict};
  if (task->nope.value == tasks::expressible::no) r.nope = {tasks::expressible::no, r.verdict};
  return r;
}

}  // namespace crasp
