// Running a compiled model with the interpreter's interface: encoding (internal BOS, the open
// vocabulary's other token), decoding output scores by the label conventions, acceptor runs and
// greedy generation. Decisions come from the scores alone; nothing here consults a program.
#include "crasp/transformer.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <string_view>
#include <unordered_map>

#include "crasp/compile.hpp"
#include "crasp/decoder.hpp"

namespace crasp {
namespace {

constexpr std::string_view next_prefix = "next:";

bool is_next_label(const std::string& label) {
  return label.size() > next_prefix.size() && label.starts_with(next_prefix);
}

// The model's id for `text` as an input token: the reserved internal tokens are never input
// tokens (an input literally spelling "<crasp:bos>" must not become the BOS), so they are looked
// up like any unknown token.
template <class T>
std::unordered_map<std::string_view, int> input_index(const model::basic_model<T>& m) {
  std::unordered_map<std::string_view, int> index;
  index.reserve(m.vocab.size());
  for (int id = 0; id < static_cast<int>(m.vocab.size()); ++id) {
    const std::string& tok = m.vocab[static_cast<std::size_t>(id)];
    if (id == m.bos || tok == model_bos_token || tok == model_other_token) continue;
    index.emplace(tok, id);
  }
  return index;
}

// Everything a run needs before the forward pass: a well-formed model whose labels follow a
// convention. A malformed model would make the forward pass index out of range, so it is
// refused here rather than trusted.
template <class T>
std::optional<output_kind> checked_kind(const model::basic_model<T>& m, const std::string& origin,
                                        diagnostics& diags) {
  const diagnostics problems = model::validate(m);
  if (problems.has_errors()) {
    diags.error(origin, fmt::format("the model is malformed ({} problems; first: {}: {})",
                                    problems.error_count(), problems.items().front().origin,
                                    problems.items().front().message));
    return std::nullopt;
  }
  return model_output_kind(m, origin, diags);
}

// APE models have no table column past max_len; the forward pass would refuse with a message
// about the table, so the length is checked first and explained in program tokens.
template <class T>
bool fits(const model::basic_model<T>& m, std::size_t positions, const std::string& what,
          const std::string& origin, diagnostics& diags) {
  if (m.pe != model::positional::ape || positions <= static_cast<std::size_t>(m.max_len))
    return true;
  diags.error(origin,
              fmt::format("{} of {} tokens is longer than the model's designed maximum of {}", what,
                          positions - 1, m.max_len - 1));
  return false;
}

// Scores at the last column of a forward pass over `ids` (BOS included).
template <class T>
std::optional<model_decision> decide_ids(const model::prepared_model<T>& pm, output_kind kind,
                                         const std::vector<int>& ids, const std::string& what,
                                         const std::string& origin, diagnostics& diags) {
  const model::basic_model<T>& m = pm.model();
  if (!fits(m, ids.size(), what, origin, diags)) return std::nullopt;
  auto result = model::forward(pm, std::span<const int>(ids), diags);
  if (!result) return std::nullopt;
  const Eigen::Index last = static_cast<Eigen::Index>(ids.size()) - 1;
  const model::vector<T> column = result->scores.col(last);
  return read_decision(m, kind, column, ids.size() - 2);
}

// The same decision from the key/value cache: runs only the positions of `ids` it has not run
// yet (the whole sequence at first, then one token per step).
template <class T>
std::optional<model_decision> decide_cached(model::decoder<T>& dec, output_kind kind,
                                            const std::vector<int>& ids, const std::string& what,
                                            const std::string& origin, diagnostics& diags) {
  const model::basic_model<T>& m = dec.prepared().model();
  if (!fits(m, ids.size(), what, origin, diags)) return std::nullopt;
  const model::vector<T>* scores = dec.append(std::span<const int>(ids).subspan(dec.size()), diags);
  if (scores == nullptr) return std::nullopt;
  return read_decision(m, kind, *scores, ids.size() - 2);
}

// Acceptor-mode decision on program tokens, for a model already checked.
template <class T>
std::optional<model_decision> decide_tokens(const model::basic_model<T>& m, output_kind kind,
                                            const std::vector<std::string>& tokens,
                                            const std::string& origin, diagnostics& diags) {
  if (tokens.empty()) {
    diags.error(origin, "empty input");
    return std::nullopt;
  }
  const auto ids = encode_for_model(m, tokens, origin, diags);
  if (!ids) return std::nullopt;
  auto d = decide_ids(model::prepared_model<T>(m), kind, *ids, "input", origin, diags);
  if (d) warn_untrusted(m, tokens.size(), "input", origin, diags);
  return d;
}

std::string quoted_list(const std::vector<std::string>& toks) {
  std::string out;
  for (std::size_t k = 0; k < toks.size(); ++k) {
    if (k > 0) out += k + 1 == toks.size() ? " and " : ", ";
    out += fmt::format("'{}'", toks[k]);
  }
  return out;
}

}  // namespace

template <class T>
std::optional<output_kind> model_output_kind(const model::basic_model<T>& m,
                                             const std::string& origin, diagnostics& diags) {
  const auto& labels = m.output_labels;
  if (labels.size() == 2 && m.output_index("accept") && m.output_index("reject"))
    return output_kind::boolean;
  if (labels.size() == 1 && labels.front() == "count") return output_kind::count;
  if (!labels.empty() && std::all_of(labels.begin(), labels.end(), is_next_label))
    return output_kind::next;
  diags.error(origin, fmt::format("the model's outputs [{}] follow no convention (expected accept "
                                  "and reject, count, or next:TOKEN labels)",
                                  fmt::join(labels, ", ")));
  return std::nullopt;
}

template <class T>
std::optional<std::vector<int>> encode_for_model(const model::basic_model<T>& m,
                                                 const std::vector<std::string>& tokens,
                                                 const std::string& origin, diagnostics& diags) {
  const auto index = input_index(m);
  const std::optional<int> other = m.token_id(model_other_token);
  // Report up to ten bad tokens, as crasp::encode does: a user fixing an input sees them all.
  constexpr std::size_t max_reported = 10;
  std::vector<int> out;
  out.reserve(tokens.size() + 1);
  out.push_back(m.bos);
  std::size_t bad = 0;
  for (std::size_t pos = 0; pos < tokens.size(); ++pos) {
    if (auto it = index.find(tokens[pos]); it != index.end()) {
      out.push_back(it->second);
    } else if (other) {
      out.push_back(*other);
    } else if (++bad <= max_reported) {
      diags.error(origin, fmt::format("token '{}' (position {}) is not in the model's vocabulary",
                                      tokens[pos], pos + 1));
    }
  }
  if (bad > max_reported)
    diags.error(origin, fmt::format("{} more tokens are not in the model's vocabulary",
                                    bad - max_reported));
  if (bad > 0) return std::nullopt;
  return out;
}

template <class T>
model_decision read_decision(const model::basic_model<T>& m, output_kind kind,
                             const model::vector<T>& scores, std::size_t pos) {
  model_decision d;
  d.kind = kind;
  const auto score = [&](std::size_t k) {
    return static_cast<double>(scores(static_cast<Eigen::Index>(k)));
  };
  switch (kind) {
    case output_kind::boolean: {
      const double accept = score(static_cast<std::size_t>(m.output_index("accept").value_or(0)));
      const double reject = score(static_cast<std::size_t>(m.output_index("reject").value_or(1)));
      d.value = accept > reject ? 1 : 0;
      d.margin = std::isfinite(accept - reject) ? std::abs(accept - reject) : 0;
      break;
    }
    case output_kind::count: {
      // score = count/(p+2): undo the scale, round, and measure the distance to the rounding
      // boundary (1/2 away is margin -1, exact is 1).
      const double x = score(0) * static_cast<double>(pos + 2);
      if (!std::isfinite(x) || std::abs(x) > 9e18) {
        d.value = 0, d.margin = 0;
        break;
      }
      d.value = std::llround(x);
      d.margin = 1 - 4 * std::abs(x - static_cast<double>(d.value));
      break;
    }
    case output_kind::next: {
      // Predicted tokens in model-vocabulary order, which is the program's vocabulary order for
      // compiled models, so ambiguities list tokens as the interpreter does.
      std::vector<std::pair<int, std::string>> hits;
      for (std::size_t k = 0; k < m.output_labels.size(); ++k) {
        const double s = score(k);
        const double dist = std::isfinite(s) ? 2 * std::abs(s - 0.5) : 0;
        d.margin = std::min(d.margin, dist);
        if (s > 0.5) {
          std::string tok = m.output_labels[k].substr(next_prefix.size());
          hits.emplace_back(m.token_id(tok).value_or(static_cast<int>(m.vocab.size() + k)),
                            std::move(tok));
        }
      }
      std::sort(hits.begin(), hits.end());
      for (auto& h : hits) d.next.push_back(std::move(h.second));
      break;
    }
  }
  return d;
}

template <class T>
std::optional<model_decision> decide(const model::basic_model<T>& m,
                                     const std::vector<std::string>& tokens,
                                     const std::string& origin, diagnostics& diags) {
  const auto kind = checked_kind(m, origin, diags);
  if (!kind) return std::nullopt;
  return decide_tokens(m, *kind, tokens, origin, diags);
}

template <class T>
std::optional<run_output> run_transformer(const model::basic_model<T>& m,
                                          const std::vector<std::string>& tokens,
                                          const std::string& origin, diagnostics& diags) {
  const auto kind = checked_kind(m, origin, diags);
  if (!kind) return std::nullopt;
  if (*kind == output_kind::next) {
    diags.error(origin, "model is a next-token program; use generate");
    return std::nullopt;
  }
  const auto d = decide_tokens(m, *kind, tokens, origin, diags);
  if (!d) return std::nullopt;
  return run_output{*kind == output_kind::boolean ? ir::type::boolean : ir::type::count, d->value};
}

template <class T>
std::optional<generate_output> generate_transformer(const model::basic_model<T>& m,
                                                    const std::vector<std::string>& prefix,
                                                    std::size_t max_new, const std::string& origin,
                                                    diagnostics& diags,
                                                    const transformer_generate_options& opts) {
  // Same order of checks as crasp::generate: an empty prefix is an input error.
  if (prefix.empty()) {
    diags.error(origin, "empty input");
    return std::nullopt;
  }
  const auto kind = checked_kind(m, origin, diags);
  if (!kind) return std::nullopt;
  if (*kind != output_kind::next) {
    diags.error(origin, "model is an acceptor (it has no next-token outputs); use run");
    return std::nullopt;
  }
  auto ids = encode_for_model(m, prefix, origin, diags);
  if (!ids) return std::nullopt;
  generate_output out;
  const model::prepared_model<T> prepared(m);  // once for every generated token
  std::optional<model::decoder<T>> cache;
  if (opts.kv_cache) cache.emplace(prepared);
  while (true) {
    if (out.continuation.size() >= max_new) {
      out.reason = stop_reason::max_new;
      break;
    }
    // An APE model has no position past its table: stop with what was generated (a warning, so
    // the continuation is not lost), as the interpreter stops at --max-new.
    if (!out.continuation.empty() && m.pe == model::positional::ape &&
        ids->size() > static_cast<std::size_t>(m.max_len)) {
      out.reason = stop_reason::max_len;
      diagnostic w;
      w.level = severity::warning;
      w.origin = origin;
      w.message = fmt::format(
          "stopped after {} generated tokens: the next prediction would run the model past its "
          "designed maximum of {} tokens; the continuation may be cut",
          out.continuation.size(), m.max_len - 1);
      diags.add(std::move(w));
      break;
    }
    const char* what = out.continuation.empty() ? "input" : "prefix with its continuation";
    const auto d = cache ? decide_cached(*cache, *kind, *ids, what, origin, diags)
                         : decide_ids(prepared, *kind, *ids, what, origin, diags);
    if (!d) return std::nullopt;
    if (d->next.empty()) {
      out.reason = stop_reason::no_next;
      break;
    }
    const std::size_t length = ids->size() - 1;  // program tokens so far
    if (d->next.size() > 1) {
      out.reason = stop_reason::ambiguous;
      out.ambiguous_position = length;
      out.ambiguous_tokens = d->next;
      diags.error(origin, fmt::format("ambiguous next token at position {}: {} {} hold", length,
                                      quoted_list(d->next), d->next.size() == 2 ? "both" : "all"));
      break;
    }
    const std::optional<int> id = m.token_id(d->next.front());
    if (!id) {
      diags.error(origin, fmt::format("the model predicts '{}', which is not in its vocabulary",
                                      d->next.front()));
      return std::nullopt;
    }
    out.continuation.push_back(d->next.front());
    ids->push_back(*id);
  }
  // The longest sequence a decision was made on is the least trusted: the whole sequence, less
  // the last token when the loop stopped before predicting after it (max_new, max_len).
  std::size_t decided = ids->size() - 1;
  if ((out.reason == stop_reason::max_new || out.reason == stop_reason::max_len) &&
      !out.continuation.empty())
    --decided;
  warn_untrusted(m, decided, "prefix with its continuation", origin, diags);
  return out;
}

#define CRASP_INSTANTIATE(T)                                                                   \
  template std::optional<output_kind> model_output_kind(const model::basic_model<T>&,          \
                                                        const std::string&, diagnostics&);     \
  template std::optional<std::vector<int>> encode_for_model(const model::basic_model<T>&,      \
                                                            const std::vector<std::string>&,   \
                                                            const std::string&, diagnostics&); \
  template model_decision read_decision(const model::basic_model<T>&, output_kind,             \
                                        const model::vector<T>&, std::size_t);                 \
  template std::optional<model_decision> decide(const model::basic_model<T>&,                  \
                                                const std::vector<std::string>&,               \
                                                const std::string&, diagnostics&);             \
  template std::optional<run_output> run_transformer(const model::basic_model<T>&,             \
                                                     const std::vector<std::string>&,          \
                                                     const std::string&, diagnostics&);        \
  template std::optional<generate_output> generate_transformer(                                \
      const model::basic_model<T>&, const std::vector<std::string>&, std::size_t,              \
      const std::string&, diagnostics&, const transformer_generate_options&);

CRASP_INSTANTIATE(double)
CRASP_INSTANTIATE(float)
#undef CRASP_INSTANTIATE

}  // namespace crasp
