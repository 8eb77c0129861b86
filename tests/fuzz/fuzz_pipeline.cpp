// Bytes as a program (both dialects); a program that checks and is small is interpreted on a few
// short inputs over its vocabulary, compiled with every positional encoding that applies at a
// small max_len, and the models run on the same inputs: where a model is certified exact for the
// input length, its answer must equal the interpreter's (the compiler's central promise).
// Exceptions are deliberately not caught: the API promises none, so one escaping is a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "crasp/compile.hpp"
#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"
#include "crasp/transformer.hpp"
#include "finding.hpp"

namespace {

// Bounds keep one execution in the milliseconds: the compiled model grows with the nodes, the
// vocabulary and the guard offsets, and max_len 8 already exercises every gadget.
constexpr std::size_t max_nodes = 300;
constexpr std::size_t max_vocabulary = 12;
constexpr std::size_t max_offsets = 128;
constexpr std::size_t max_residues = 64;
constexpr int model_max_len = 8;
constexpr int inputs_per_program = 6;
// compile() refuses, with an error, a model past this size before allocating it.
constexpr std::uint64_t max_model_bytes = std::uint64_t{64} << 20;

bool small_enough(const crasp::ir::program& p) {
  if (p.nodes.size() > max_nodes || p.vocabulary.size() > max_vocabulary) return false;
  std::size_t offsets = 0;
  for (const auto& n : p.nodes) {
    if (const auto* c = std::get_if<crasp::ir::count>(&n.operation)) offsets += c->offsets.size();
    if (const auto* r = std::get_if<crasp::ir::periodic>(&n.operation)) {
      if (r->residues.size() > max_residues) return false;
    }
  }
  return offsets <= max_offsets;
}

std::string join(const std::vector<std::string>& tokens) {
  std::string out;
  for (const auto& t : tokens) out += (out.empty() ? "" : " ") + t;
  return out;
}

// Deterministic inputs derived from the program text (FNV-1a seeds a small LCG), so a saved
// input replays exactly.
std::vector<std::vector<std::string>> make_inputs(const crasp::ir::program& p, const std::string& text) {
  std::vector<std::string> alphabet = p.vocabulary;
  if (!p.closed_vocabulary || alphabet.empty()) alphabet.push_back("<unk>");
  std::uint64_t state = 1469598103934665603ULL;
  for (unsigned char c : text) state = (state ^ c) * 1099511628211ULL;
  auto next = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>(state >> 33);
  };
  std::vector<std::vector<std::string>> inputs;
  for (int k = 0; k < inputs_per_program; ++k) {
    const std::size_t len = 1 + next() % model_max_len;
    std::vector<std::string> tokens;
    for (std::size_t i = 0; i < len; ++i) tokens.push_back(alphabet[next() % alphabet.size()]);
    inputs.push_back(std::move(tokens));
  }
  return inputs;
}

// The interpreter's answer, printed comparably to the model's; empty when the interpreter
// rejects the input (overflow), which is not the model's business.
std::string interpreter_answer(const crasp::ir::program& p, const std::vector<std::string>& tokens) {
  crasp::diagnostics diags;
  if (p.is_generator()) {
    auto ids = crasp::encode(p, tokens, "<input>", diags);
    if (!ids) return {};
    crasp::evaluator ev(p);
    for (auto id : *ids) {
      if (!ev.push(id, diags)) return {};
    }
    std::vector<std::string> next;
    for (auto t : ev.next_tokens()) next.push_back(p.vocabulary[t]);
    return "next: " + join(next);
  }
  auto out = crasp::run(p, tokens, "<input>", diags);
  if (!out) return {};
  return (out->kind == crasp::ir::type::boolean ? "bool " : "count ") + std::to_string(out->value);
}

template <class T>
std::string model_answer(const crasp::model::basic_model<T>& m, bool generator,
                         const std::vector<std::string>& tokens, crasp::diagnostics& diags) {
  if (generator) {
    auto d = crasp::decide(m, tokens, "<input>", diags);
    if (!d) return "error";
    return "next: " + join(d->next);
  }
  auto out = crasp::run_transformer(m, tokens, "<input>", diags);
  if (!out) return "error";
  return (out->kind == crasp::ir::type::boolean ? "bool " : "count ") + std::to_string(out->value);
}

template <class T>
void compare(const crasp::model::basic_model<T>& m, const crasp::ir::program& p,
             const std::vector<std::vector<std::string>>& inputs, const char* what) {
  for (const auto& tokens : inputs) {
    if (crasp::trust_at(m, tokens.size()) != crasp::length_trust::certified) continue;
    const std::string expected = interpreter_answer(p, tokens);
    if (expected.empty()) continue;
    crasp::diagnostics diags;
    const std::string actual = model_answer(m, p.is_generator(), tokens, diags);
    if (actual != expected) {
      crasp::fuzz::finding(std::string("certified model disagrees with the interpreter (") + what + ")",
                           "input: " + join(tokens) + "\nexpected: " + expected + "\nactual: " + actual +
                               "\n" + crasp::render(diags));
    }
  }
}

void pipeline(const std::string& name, const std::string& text, bool exact_booleans) {
  crasp::load_result loaded = crasp::load_text(name, text);
  if (!loaded.ok() || !small_enough(*loaded.program)) return;
  const crasp::ir::program& p = *loaded.program;
  const auto inputs = make_inputs(p, text);
  for (const auto& tokens : inputs) (void)interpreter_answer(p, tokens);

  for (auto pe : {crasp::model::positional::ape, crasp::model::positional::rope,
                  crasp::model::positional::nope}) {
    crasp::compile_options opts;
    opts.pe = pe;
    opts.max_len = model_max_len;
    opts.boolean_mode = exact_booleans ? crasp::booleans::exact : crasp::booleans::plain;
    opts.max_model_bytes = max_model_bytes;
    crasp::diagnostics diags;
    auto compiled = crasp::compile(p, opts, diags);
    // A C-RASP[pos] program may still compile with NoPE: the compiler lowers only what the
    // outputs read, and a positional statement they do not read (next rules gated on a guard
    // that never holds, say) needs no positions. The agreement with the interpreter below is
    // the check; the refusal itself is tested in tests/compile.
    if (!compiled) {
      if (!diags.has_errors()) crasp::fuzz::finding("compile failed without an error", crasp::render(diags));
      continue;
    }
    const auto what = std::string(crasp::model::to_string(pe)) + (exact_booleans ? ", exact" : "");
    compare(compiled->model, p, inputs, (what + ", f64").c_str());
    compare(crasp::model::cast<float>(compiled->model), p, inputs, (what + ", f32").c_str());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // The length parity picks the comparison-cleaning variant, so both variants get fuzzed.
  const bool exact_booleans = (size % 2) == 1;
  pipeline("fuzz.crasp", text, exact_booleans);
  pipeline("fuzz.cr", text, exact_booleans);
  return 0;
}
