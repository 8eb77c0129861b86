// The three kinds of task the analysis reads: catalogue, spec, program (source.hpp).
#include "communication/source.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"
#include "crasp/task_spec.hpp"
#include "task_source/answer.hpp"
#include "task_source/source.hpp"

namespace crasp::comm_detail {
namespace {

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Random instances of an instance_source, kept as the analysis wants them.
auto sampler(sources::instance_source* src) {
  return [src](std::size_t n, std::size_t count, std::mt19937_64& rng,
               std::vector<task_instance>& out, diagnostics& diags) {
    return src->random(n, count, rng, out, diags);
  };
}

std::optional<answer_source> catalogue(const tasks::task_spec& task,
                                       const communication_options& options) {
  answer_source s;
  s.kind = "catalogue";
  s.format = tasks::format_of(task);
  // A small fixed vocabulary unless one is asked for: the classes then grow with the length
  // only, and exhaustive enumeration reaches further.
  const std::size_t k = tasks::effective_vocab(
      task, options.vocab != 0 ? options.vocab
                               : (task.variable_vocab ? std::max<std::size_t>(task.min_vocab, 2) : 0));
  // The frame: the control tokens every instance has at a fixed offset (retrieval's <sep> sits
  // before the query, so second from the end), learned from instances as for a spec.
  std::vector<tokens> samples;
  std::mt19937_64 rng(options.seed);
  for (std::size_t i = 0; i < 24; ++i)
    samples.push_back(tasks::generate(task, 2 + i % 8, rng, k).input);
  std::vector<std::string> vocabulary = tasks::symbols(task, k);
  s.content = vocabulary;
  for (const auto& c : task.control_tokens)  // those that inputs hold (<eos> only ends answers)
    if (std::any_of(samples.begin(), samples.end(), [&](const tokens& in) {
          return std::find(in.begin(), in.end(), c) != in.end();
        }))
      vocabulary.push_back(c);
  s.shape = sources::learn_shape(samples, vocabulary);
  if (s.shape.empty()) s.shape = {};
  const tasks::task_spec* t = &task;
  s.answer = [t](const std::vector<tokens>& inputs, std::vector<std::optional<task_instance>>& out,
                 diagnostics&) {
    out.clear();
    for (const auto& in : inputs) {
      auto answer = tasks::solve(*t, in);
      if (!answer) {
        out.emplace_back();
      } else {
        out.push_back(task_instance{in, std::move(*answer), 0, "reference solver"});
      }
    }
    return true;
  };
  auto src = std::shared_ptr<sources::instance_source>(sources::catalogue_source(task, k));
  s.sample = sampler(src.get());
  s.keep = src;
  return s;
}

std::optional<answer_source> program_source(const communication_options& options,
                                            diagnostics& diags) {
  load_result loaded = load_file(options.task);
  diags.append(loaded.diags);
  if (!loaded.ok()) return std::nullopt;
  if (loaded.program->statements.empty() && !loaded.program->is_generator()) {
    diags.error(options.task, "the program has no statement: it answers nothing");
    return std::nullopt;
  }
  return program_as_task(std::make_shared<const ir::program>(std::move(*loaded.program)),
                         options.task);
}

std::optional<answer_source> spec_source(const communication_options& options,
                                         diagnostics& diags) {
  sources::source_options o;
  o.oracle_timeout = options.oracle_timeout;
  auto plan = sources::open_spec(options.task, o, diags);
  if (!plan) return std::nullopt;
  auto held = std::make_shared<sources::opened_task>(std::move(*plan));
  answer_source s;
  s.kind = "spec";
  s.format = held->format;
  sources::answering by;
  if (!held->source->answerer(by, diags)) return std::nullopt;
  if (!by.answer) {
    diags.error(options.task,
                "the spec cannot answer inputs it did not draw: give it an oracle, a regex or a "
                "dfa (the analysis asks about every prefix and suffix)");
    return std::nullopt;
  }
  s.answer = by.answer;
  s.content = by.content;
  s.shape = by.shape;
  s.sample = sampler(held->source.get());
  s.keep = held;
  return s;
}

}  // namespace

answer_source program_as_task(std::shared_ptr<const ir::program> program, const std::string& name) {
  answer_source s;
  s.kind = "program";
  s.program = std::move(program);
  const ir::program& p = *s.program;
  s.format = p.is_generator()                                  ? tasks::answer_format::continuation
             : p.statements.back().result == ir::type::boolean ? tasks::answer_format::accept
                                                               : tasks::answer_format::count;
  s.content = p.vocabulary;
  // An open vocabulary also reads tokens it does not name: one of them stands for all.
  if (!p.closed_vocabulary) {
    std::string other = "<other>";
    while (std::find(s.content.begin(), s.content.end(), other) != s.content.end()) other += "'";
    s.content.push_back(other);
  }
  // One evaluator for every input (reset between them); the source owns it.
  auto ev = std::make_shared<evaluator>(p, name);
  const tasks::answer_format format = s.format;
  s.answer = [ev, format](const std::vector<tokens>& inputs,
                          std::vector<std::optional<task_instance>>& out, diagnostics&) {
    out.clear();
    for (const auto& in : inputs) {
      tokens got = sources::interpreter_answer(*ev, format, in, in.size() + 2);
      // An input the program cannot run (overflow) leaves the pair open.
      if (!got.empty() && got.front() == "<error>") out.emplace_back();
      else out.push_back(task_instance{in, std::move(got), 0, "interpreter"});
    }
    return true;
  };
  s.keep = ev;
  return s;
}

std::optional<answer_source> open_source(const communication_options& options,
                                         diagnostics& diags) {
  if (const tasks::task_spec* t = tasks::find(options.task)) return catalogue(*t, options);
  if (is_task_file_name(options.task)) return spec_source(options, diags);
  if (ends_with(options.task, ".crasp") || ends_with(options.task, ".cr"))
    return program_source(options, diags);
  diags.error(options.task,
              "not a catalogue task (crasp tasks lists them), a task spec (.toml) or a program "
              "(.crasp, .cr)");
  return std::nullopt;
}

std::optional<std::vector<bool>> frame_mask(const sources::input_shape& shape,
                                            std::size_t total) {
  std::vector<bool> mask(total, false);
  if (shape.empty()) return mask;
  const auto placed = shape.place(total);
  if (!placed) return std::nullopt;
  for (std::size_t p : *placed) mask[p] = true;
  return mask;
}

std::optional<tokens> frame_input(const sources::input_shape& shape, const tokens& content) {
  const std::size_t total = content.size() + shape.frame.size();
  const auto mask = frame_mask(shape, total);
  if (!mask) return std::nullopt;
  tokens out(total);
  const auto placed = shape.empty() ? std::vector<std::size_t>{} : *shape.place(total);
  for (std::size_t f = 0; f < placed.size(); ++f) out[placed[f]] = shape.frame[f].token;
  std::size_t c = 0;
  for (std::size_t p = 0; p < total; ++p)
    if (!(*mask)[p]) out[p] = content[c++];
  return out;
}

tokens content_of(const sources::input_shape& shape, const tokens& input) {
  const auto mask = frame_mask(shape, input.size());
  if (!mask) return {};
  tokens out;
  for (std::size_t p = 0; p < input.size(); ++p)
    if (!(*mask)[p]) out.push_back(input[p]);
  return out;
}

std::size_t alice_positions(const sources::input_shape& shape, std::size_t n, std::size_t a) {
  const std::size_t total = n + shape.frame.size();
  const auto mask = frame_mask(shape, total);
  if (!mask) return a;
  std::size_t seen = 0;
  for (std::size_t p = 0; p < total; ++p) {
    if ((*mask)[p]) continue;
    if (seen == a) return p;
    ++seen;
  }
  return total;
}

tokens bob_part(tasks::answer_format format, const tokens& expected, std::size_t alice) {
  if (format != tasks::answer_format::labels) return expected;
  if (alice >= expected.size()) return {};
  return tokens(expected.begin() + static_cast<std::ptrdiff_t>(alice), expected.end());
}

}  // namespace crasp::comm_detail
