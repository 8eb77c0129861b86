#include "engine.hpp"

#include <fmt/format.h>

#include <utility>

#include "crasp/model_io.hpp"
#include "load.hpp"

namespace crasp::cli {
namespace {

// The interpreter's wording (src/interpret/run.cpp), so both engines fail alike.
std::string ambiguity_message(std::size_t position, const std::vector<std::string>& tokens) {
  std::string list;
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    if (k > 0) list += k + 1 == tokens.size() ? " and " : ", ";
    list += fmt::format("'{}'", tokens[k]);
  }
  return fmt::format("ambiguous next token at position {}: {} {} hold", position, list,
                     tokens.size() == 2 ? "both" : "all");
}

template <class T>
std::optional<answer> run_model(const model::basic_model<T>& m, output_kind kind,
                                const std::vector<std::string>& tokens, const std::string& origin,
                                diagnostics& diags) {
  if (kind == output_kind::next) {
    // One prediction, read the way generate_transformer reads each step.
    auto d = decide(m, tokens, origin, diags);
    if (!d || diags.has_errors()) return std::nullopt;
    if (d->next.empty()) return answer{"<none>", nullptr, "next"};
    if (d->next.size() > 1) {
      diags.error(origin, ambiguity_message(tokens.size(), d->next));
      return std::nullopt;
    }
    return answer{d->next.front(), d->next.front(), "next"};
  }
  auto out = run_transformer(m, tokens, origin, diags);
  if (!out || diags.has_errors()) return std::nullopt;
  return answer{format_value(*out), json_value(*out), type_name(out->kind)};
}

}  // namespace

bool engine::check_tokens(const std::vector<std::string>& tokens, const std::string& origin,
                          diagnostics& diags) const {
  if (!program_ || tokens.empty()) return true;
  return encode(*program_, tokens, origin, diags).has_value();
}

engine engine::interpreter(ir::program program) {
  engine e;
  e.program_ = std::move(program);
  return e;
}

std::optional<engine> engine::transformer(model::model m, precision prec,
                                          std::optional<ir::program> program,
                                          const std::string& origin, diagnostics& diags) {
  auto kind = model_output_kind(m, origin, diags);
  if (!kind) return std::nullopt;
  engine e;
  e.program_ = std::move(program);
  e.kind_ = *kind;
  if (prec == precision::f32) {
    e.model_ = model::cast<float>(m);
  } else {
    e.model_ = std::move(m);
  }
  return e;
}

bool engine::is_generator() const {
  if (is_transformer()) return kind_ == output_kind::next;
  return program_->is_generator();
}

namespace {

// Attention pairs of one forward pass of whichever model the engine holds (0 for none).
double engine_pairs(const std::variant<std::monostate, model::model, model::model_f32>& m,
                    std::size_t positions) {
  if (const auto* d = std::get_if<model::model>(&m)) return model::attention_pairs(*d, positions);
  if (const auto* f = std::get_if<model::model_f32>(&m)) return model::attention_pairs(*f, positions);
  return 0;
}

}  // namespace

bool engine::attention_fits(std::size_t length, const std::string& origin,
                            diagnostics& diags) const {
  const double pairs = engine_pairs(model_, length + 1);
  if (pairs <= max_attention_) return true;
  diags.error(origin, fmt::format("an input of {} tokens needs {:.3g} attention query-key pairs in "
                                  "this model, more than the limit of {:.3g} (--max-attention); "
                                  "the interpreter (--engine interpreter) answers in linear time",
                                  length, pairs, max_attention_));
  return false;
}

std::size_t engine::generation_steps(std::size_t length, std::size_t max_new) const {
  double total = 0;
  std::size_t steps = 0;
  // Step k runs the model on length + k tokens plus BOS; stop counting at max_new.
  if (engine_pairs(model_, length + max_new + 1) == 0) return max_new;  // no attention heads
  while (steps < max_new) {
    total += engine_pairs(model_, length + steps + 1);
    if (total > max_attention_) break;
    ++steps;
  }
  return steps;
}

std::optional<answer> engine::run(const std::vector<std::string>& tokens,
                                  const std::string& origin, diagnostics& diags) const {
  if (is_transformer() && !check_tokens(tokens, origin, diags)) return std::nullopt;
  if (is_transformer() && !attention_fits(tokens.size(), origin, diags)) return std::nullopt;
  if (const auto* m = std::get_if<model::model>(&model_)) {
    return run_model(*m, kind_, tokens, origin, diags);
  }
  if (const auto* m = std::get_if<model::model_f32>(&model_)) {
    return run_model(*m, kind_, tokens, origin, diags);
  }
  const ir::program& program = *program_;
  if (program.is_generator()) {
    auto gen = crasp::generate(program, tokens, 1, origin, diags);
    if (!gen || gen->reason == stop_reason::ambiguous || diags.has_errors()) return std::nullopt;
    if (gen->continuation.empty()) return answer{"<none>", nullptr, "next"};
    return answer{gen->continuation.front(), gen->continuation.front(), "next"};
  }
  auto out = crasp::run(program, tokens, origin, diags);
  if (!out || diags.has_errors()) return std::nullopt;
  return answer{format_value(*out), json_value(*out), type_name(out->kind)};
}

std::optional<length_trust> engine::trust(std::size_t length) const {
  if (const auto* m = std::get_if<model::model>(&model_)) return trust_at(*m, length);
  if (const auto* m = std::get_if<model::model_f32>(&model_)) return trust_at(*m, length);
  return std::nullopt;
}

std::optional<generate_output> engine::generate(const std::vector<std::string>& prefix,
                                                std::size_t max_new, const std::string& origin,
                                                diagnostics& diags) const {
  if (!is_transformer()) return crasp::generate(*program_, prefix, max_new, origin, diags);
  if (!check_tokens(prefix, origin, diags) || !attention_fits(prefix.size(), origin, diags))
    return std::nullopt;
  // The limit counts each generated token as a forward pass over the whole sequence (generation
  // before the key/value cache; an upper bound on the cached work, and the limit keeps meaning
  // what docs/cli.md says): stop where the sum of those passes would pass the limit, and say so
  // if generation had not ended by itself there.
  const std::size_t steps = generation_steps(prefix.size(), max_new);
  // generate_transformer warns itself when the sequence runs past the certified range.
  auto on_model = [&](const auto& m) { return generate_transformer(m, prefix, steps, origin, diags); };
  std::optional<generate_output> out;
  if (const auto* m = std::get_if<model::model>(&model_)) out = on_model(*m);
  if (const auto* m = std::get_if<model::model_f32>(&model_)) out = on_model(*m);
  if (out && steps < max_new && out->reason == stop_reason::max_new) {
    diags.error(origin, fmt::format("generation stopped after {} tokens: one more would take the "
                                    "model's forward passes past {:.3g} attention query-key pairs "
                                    "(--max-attention)",
                                    steps, max_attention_));
    return std::nullopt;
  }
  return out;
}

std::optional<compiled_program> compile_for_cli(const ir::program& program,
                                                const engine_options& opts, io& io) {
  io.stage = "compiling the program to a transformer";
  diagnostics diags;
  auto compiled = compile(program, compile_options_for(opts), diags);
  print_diagnostics(diags, io);
  if (!compiled || diags.has_errors()) return std::nullopt;
  return compiled;
}

std::optional<engine> engine_for_program(ir::program program, const engine_options& opts,
                                         io& io) {
  if (opts.engine == engine_kind::interpreter) return engine::interpreter(std::move(program));
  auto compiled = compile_for_cli(program, opts, io);
  if (!compiled) return std::nullopt;
  diagnostics diags;
  // A float32 model whose certificate covers nothing is refused unless asked for: its answers
  // would be guarantees of nothing, while float64 is certified (docs/precision.md).
  if (opts.prec == precision::f32 && compiled->stats.certified_f32 == 0 && !opts.allow_uncertified) {
    const std::string origin = program.source ? program.source->name : std::string("<program>");
    diags.error(origin,
                fmt::format("float32 is not certified for this program: its compiled model ({}) is "
                            "certified in float32 for no input (worst-case rounding bound), in "
                            "float64 to {} tokens; use --precision f64, or --allow-uncertified to "
                            "run float32 anyway",
                            describe_model_flags(opts.pe, opts.prec, opts.max_len),
                            compiled->stats.certified_f64));
    print_diagnostics(diags, io);
    return std::nullopt;
  }
  auto e = engine::transformer(std::move(compiled->model), opts.prec, std::move(program), "<compiled model>",
                               diags);
  if (e) e->limit_attention(opts.max_attention);
  print_diagnostics(diags, io);
  return e;
}

std::string engine_flags_error(const engine_options& opts, const std::string& path,
                               bool has_alphabets) {
  const bool saved = is_saved_model_path(path);
  if (opts.engine == engine_kind::interpreter) {
    if (saved) return "a saved model (" + path + ") needs --engine transformer";
    if (opts.pe_given) return "--pe needs --engine transformer";
    if (opts.prec_given) return "--precision needs --engine transformer";
    if (opts.max_len_given) return "--max-len needs --engine transformer";
    if (opts.max_attention_given) return "--max-attention needs --engine transformer";
    if (opts.lowering_given)
      return "--exact-booleans, --plain-booleans and --no-matching-heads need --engine transformer";
    if (opts.allow_uncertified) return "--allow-uncertified needs --engine transformer";
  }
  if (saved && has_alphabets) {
    return "--alphabet cannot change a saved model; compile the program with --alphabet instead";
  }
  return {};
}

opened_engine open_engine(const program_options& prog, const engine_options& opts, io& io) {
  if (std::string why = engine_flags_error(opts, prog.program, !prog.alphabets.empty());
      !why.empty()) {
    return {std::nullopt, usage_error(io, why)};
  }
  if (is_saved_model_path(prog.program)) {
    io.stage = "loading the model";
    model::load_result loaded = model::load(prog.program);
    print_diagnostics(loaded.diags, io);
    if (!loaded.ok()) return {std::nullopt, exit_code::failure};
    const model::model& m = *loaded.value;
    // The model was built for one encoding and length; the flags cannot change that.
    if (opts.pe_given || opts.max_len_given) {
      print_warning(io, prog.program,
                    fmt::format("{} ignored: a saved model keeps the settings it was compiled "
                                "with (pe={}, max-len {})",
                                opts.pe_given && opts.max_len_given ? "--pe and --max-len are"
                                : opts.pe_given                      ? "--pe is"
                                                                     : "--max-len is",
                                model::to_string(m.pe), m.max_len - 1));
    }
    diagnostics diags;
    auto e = engine::transformer(std::move(*loaded.value), opts.prec, std::nullopt, prog.program, diags);
    if (e) e->limit_attention(opts.max_attention);
    print_diagnostics(diags, io);
    if (!e) return {std::nullopt, exit_code::failure};
    return {std::move(e), exit_code::ok};
  }
  auto options = parse_alphabet_flags(prog.alphabets, io);
  if (!options) return {std::nullopt, exit_code::usage};
  io.stage = "loading the program";
  auto loaded = load_program(prog.program, *options, io);
  if (!loaded) return {std::nullopt, exit_code::failure};
  auto e = engine_for_program(std::move(loaded->program), opts, io);
  if (!e) return {std::nullopt, exit_code::failure};
  return {std::move(e), exit_code::ok};
}

}  // namespace crasp::cli
