// find_renaming: is a user's spec a catalogue task with its symbols renamed? (reduction.hpp;
// docs/communication.md, Reductions). A renaming is a map of width 1, whose closure is the
// renaming of a program's tokens, so it works for every format, copying tasks included: the
// spec's answer on each renamed instance must be the renamed answer.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <numeric>

#include "communication/source.hpp"
#include "crasp/reduction.hpp"
#include "reduction/words.hpp"

namespace crasp {
namespace {

using comm_detail::answer_source;
using comm_detail::task_instance;
using comm_detail::tokens;

constexpr std::size_t max_symbols = 5;  // 120 renamings

// Frame tokens matched by where they sit (first, second from the end, ...); nullopt when the
// frames differ in shape.
std::optional<std::map<std::string, std::string>> frame_renaming(
    const sources::input_shape& from, const sources::input_shape& to) {
  if (from.frame.size() != to.frame.size()) return std::nullopt;
  std::map<std::string, std::string> out;
  for (const auto& a : from.frame) {
    const auto it = std::find_if(to.frame.begin(), to.frame.end(), [&](const auto& b) {
      return b.from_end == a.from_end && b.offset == a.offset;
    });
    if (it == to.frame.end()) return std::nullopt;
    out[a.token] = it->token;
  }
  return out;
}

tokens renamed(const tokens& t, const std::map<std::string, std::string>& pi) {
  tokens out;
  out.reserve(t.size());
  for (const auto& x : t) {
    const auto it = pi.find(x);
    out.push_back(it == pi.end() ? x : it->second);
  }
  return out;
}

// The catalogue task's instances: every input of up to 1,024 short ones that it answers (all
// words over its symbols in its frame), then sampled ones of lengths 10 .. 40.
std::vector<task_instance> instances_of(const answer_source& src, std::uint64_t seed,
                                        std::size_t& exhaustive, diagnostics& diags) {
  exhaustive = longest_within(src.content.size(), 1024, 16);
  std::vector<tokens> words, inputs;
  all_words(src.content, exhaustive, words);
  for (const auto& w : words)
    if (auto framed = comm_detail::frame_input(src.shape, w)) inputs.push_back(std::move(*framed));
  std::vector<std::optional<task_instance>> answered;
  std::vector<task_instance> out;
  if (!src.answer(inputs, answered, diags)) return out;
  for (auto& a : answered)
    if (a) out.push_back(std::move(*a));
  std::mt19937_64 rng(seed);
  for (std::size_t n = 10; n <= 40; n += 10) {
    diagnostics quiet;  // a length without instances (distinct tokens over few symbols)
    std::vector<task_instance> got;
    if (src.sample && src.sample(n, 6, rng, got, quiet)) out.insert(out.end(), got.begin(), got.end());
  }
  return out;
}

}  // namespace

std::string renaming_match::describe() const {
  std::string pairs;
  for (const auto& [from, to] : renaming)
    pairs += fmt::format("{}{} -> {}", pairs.empty() ? "" : ", ", from, to);
  return fmt::format("{} with {}: answers equal on {} of its instances (every one up to length "
                     "{}, sampled ones to {})",
                     task, pairs.empty() ? "its own symbols" : pairs, instances, exhaustive_length,
                     longest);
}

std::optional<renaming_match> find_renaming(const std::string& spec, std::uint64_t seed,
                                            double oracle_timeout, diagnostics& diags) {
  communication_options to;
  to.task = spec;
  to.seed = seed;
  to.oracle_timeout = oracle_timeout;
  auto target = comm_detail::open_source(to, diags);
  if (!target) return std::nullopt;
  const std::size_t k = target->content.size();
  if (k == 0 || k > max_symbols) return std::nullopt;
  for (const auto& task : tasks::catalogue()) {
    if (tasks::format_of(task) != target->format) continue;
    if (task.variable_vocab ? (k < task.min_vocab || k > task.max_vocab) : task.default_vocab != k)
      continue;
    communication_options so = to;
    so.task = task.name;
    so.vocab = task.variable_vocab ? k : 0;
    diagnostics quiet;
    auto source = comm_detail::open_source(so, quiet);
    if (!source || source->content.size() != k) continue;
    auto frames = frame_renaming(source->shape, target->shape);
    if (!frames) continue;
    std::size_t exhaustive = 0;
    const auto inst = instances_of(*source, seed, exhaustive, quiet);
    if (inst.empty()) continue;
    std::vector<std::size_t> perm(k);
    std::iota(perm.begin(), perm.end(), 0);
    do {
      std::map<std::string, std::string> pi = *frames;
      for (std::size_t s = 0; s < k; ++s) pi[source->content[s]] = target->content[perm[s]];
      // A short batch first: most renamings fail on the first instances.
      bool equal = true;
      for (std::size_t from = 0; from < inst.size() && equal;) {
        const std::size_t to_index = std::min(inst.size(), from == 0 ? std::size_t{16} : inst.size());
        std::vector<tokens> inputs;
        for (std::size_t q = from; q < to_index; ++q) inputs.push_back(renamed(inst[q].input, pi));
        std::vector<std::optional<task_instance>> got;
        if (!target->answer(inputs, got, diags)) return std::nullopt;
        for (std::size_t q = from; q < to_index && equal; ++q)
          equal = got[q - from] && got[q - from]->expected == renamed(inst[q].expected, pi);
        from = to_index;
      }
      if (!equal) continue;
      renaming_match m;
      m.task = task.name;
      for (const auto& [a, b] : pi)
        if (a != b) m.renaming.emplace_back(a, b);
      // Content symbols first, in the catalogue's order, then the frame tokens.
      std::stable_partition(m.renaming.begin(), m.renaming.end(), [&](const auto& p) {
        return std::find(source->content.begin(), source->content.end(), p.first) !=
               source->content.end();
      });
      m.instances = inst.size();
      m.exhaustive_length = exhaustive;
      for (const auto& i : inst)
        m.longest = std::max(m.longest, comm_detail::content_of(source->shape, i.input).size());
      m.ape = task.ape;
      m.nope = task.nope;
      return m;
    } while (std::next_permutation(perm.begin(), perm.end()));
  }
  return std::nullopt;
}

}  // namespace crasp
