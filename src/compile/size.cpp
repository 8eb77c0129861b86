// The size of the dense model, known before assemble() allocates it, and the refusal of a model
// over the cap. A model can outgrow memory in two ways, and the error says which: wide (a family
// over a large alphabet gives one residual dimension per member, and every layer's matrices are
// d_model wide) or deep (a chain of dependent counts adds a layer per link, and every layer adds
// matrices of width d_model, so the weights grow with layers x d_model). check_size is the
// compiler pass that runs between choose_boolean_mode and assemble_model.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "compile/lowering.hpp"
#include "compile/plan.hpp"

namespace crasp::lower {

model_size builder::size(int n_layers) const {
  model_size s;
  const std::uint64_t d = names_.size();
  s.d_model = d;
  s.layers = static_cast<std::uint64_t>(std::max(0, n_layers));
  // As assemble() shapes them: query and key rows (at least one), value and output per row.
  auto head = [&](std::uint64_t d_head, std::uint64_t rows) { return 2 * d * (d_head + rows); };
  for (std::size_t l = 0; l < layers_.size() && l < s.layers; ++l) {
    const layer_spec& spec = layers_[l];
    if (spec.uniform) s.attention += head(1, spec.uniform->rows.size());
    for (const auto& [offset, h] : spec.guards)
      s.attention += head(std::max<std::uint64_t>(1, h.qdims.size()), h.rows.size());
    for (const auto& [key, h] : spec.shaped) s.attention += head(h.shape->q.size(), h.rows.size());
    const std::uint64_t units = spec.units.size();
    s.ffn += 2 * d * units;
    if (units > s.max_d_ff) {
      s.max_d_ff = units;
      s.widest_layer = l;
    }
  }
  if (pe_ == model::positional::ape) s.table = table_.size() * static_cast<std::uint64_t>(max_len_);
  s.parameters = d * vocab_.size() + s.table + s.attention + s.ffn + d * outputs_.size();
  s.bytes = 8 * s.parameters;
  return s;
}

namespace {

// From this many layers on, a model too large without one dominant layer is called deep.
constexpr std::uint64_t deep_layers = 64;

std::string gib(std::uint64_t bytes) {
  const double b = static_cast<double>(bytes);
  if (bytes < (std::uint64_t{1} << 30)) return fmt::format("{:.3g} MiB", b / (1 << 20));
  return fmt::format("{:.3g} GiB", b / (1 << 30));
}

// The statement (or family, "F[...]") a residual dimension belongs to: dimension names are
// "kind:NAME", "u*NAME" or plain ("one", "pos[i].bit3"), NAME a statement or "STATEMENT.nID",
// repeated names suffixed "#k" (docs/compiler.md, residual layout).
std::string owner_of(const std::string& dim) {
  std::string name;
  if (const auto colon = dim.find(':'); colon != std::string::npos) {
    name = dim.substr(colon + 1);
  } else if (dim.rfind("u*", 0) == 0) {
    name = dim.substr(2);
  } else {
    return {};
  }
  name = name.substr(0, name.find('#'));
  // "n123": an inner node used by no statement (see lowering's labels).
  if (name.size() > 1 && name[0] == 'n' &&
      name.find_first_not_of("0123456789", 1) == std::string::npos)
    return {};
  if (const auto bracket = name.find('['); bracket != std::string::npos)
    return name.substr(0, bracket) + "[...]";
  return name.substr(0, name.find(".n"));
}

}  // namespace

bool size_fits(const builder& b, const model_size& s, const compile_options& opts,
               const std::string& origin, diagnostics& diags) {
  if (opts.max_model_bytes == 0 || s.bytes <= opts.max_model_bytes) return true;
  diagnostic& e = diags.error(
      origin, fmt::format("the compiled model is too large: {} of float64 weights ({} parameters: "
                          "d_model {}, {} layers, widest FFN {} units), over the limit of {} "
                          "({})",
                          gib(s.bytes), s.parameters, s.d_model, s.layers, s.max_d_ff,
                          gib(opts.max_model_bytes),
                          // the flag that sets this cap: MiB when it is whole MiB
                          opts.max_model_bytes % (std::uint64_t{1} << 20) == 0
                              ? fmt::format("--max-model-mib {}", opts.max_model_bytes >> 20)
                              : fmt::format("--max-params {}", opts.max_model_bytes / 8)));
  const auto note = [&](std::string message) {
    diagnostic n;
    n.level = severity::note;
    n.message = std::move(message);
    n.origin = origin;
    e.notes.push_back(std::move(n));
  };
  // What dominates: the APE table, one wide FFN, or depth times width.
  std::string part;
  const std::uint64_t widest = 2 * s.d_model * s.max_d_ff;
  if (s.table >= s.attention + s.ffn) {
    part = fmt::format("the APE table ({} positional dimensions x {} positions, {}; --pe rope "
                       "needs no table)",
                       s.table / static_cast<std::uint64_t>(b.max_len()), b.max_len(),
                       gib(8 * s.table));
  } else if (2 * widest >= s.attention + s.ffn) {
    part = fmt::format("the FFN of layer {} ({} units x {} dimensions x 2, {})", s.widest_layer,
                       s.max_d_ff, s.d_model, gib(8 * widest));
  } else if (s.layers >= deep_layers) {
    part = fmt::format("{} layers, each with matrices {} dimensions wide ({} in all): the weights "
                       "grow with depth x width, and every link of a chain of dependent counts "
                       "adds a layer and residual dimensions",
                       s.layers, s.d_model, gib(8 * (s.attention + s.ffn)));
  } else {
    part = fmt::format("the width: every one of the {} layers has matrices {} dimensions wide "
                       "(the widest FFN, layer {}, has {} units; {} in all)",
                       s.layers, s.d_model, s.widest_layer, s.max_d_ff,
                       gib(8 * (s.attention + s.ffn)));
  }
  note("most of it is " + part);
  // Which statements the residual width comes from (families grouped).
  std::map<std::string, std::uint64_t> dims;
  for (const std::string& n : b.names())
    if (std::string o = owner_of(n); !o.empty()) ++dims[o];
  std::vector<std::pair<std::uint64_t, std::string>> top;
  for (const auto& [name, k] : dims) top.emplace_back(k, name);
  std::sort(top.begin(), top.end(), [](const auto& x, const auto& y) {
    return x.first != y.first ? x.first > y.first : x.second < y.second;
  });
  if (top.size() > 3) top.resize(3);
  // Only worth saying when some statement or family holds a real share of the width.
  if (top.empty() || 10 * top.front().first < s.d_model) return false;
  std::string list;
  for (const auto& [k, name] : top)
    list += fmt::format("{}{} ({})", list.empty() ? "" : ", ", name, k);
  note(fmt::format("residual dimensions by statement, largest first: {} of {} in "
                                   "{} statements and families",
                                   list, s.d_model, dims.size()));
  return false;
}

// The pass: the dense matrices are allocated only by assemble_model, so a model that would not
// fit is refused here first.
bool check_size(compile_plan& plan, diagnostics& diags) {
  const builder& b = plan.lowered->b;
  plan.size = b.size(b.layers_used());
  return size_fits(b, plan.size, plan.opts, plan.origin, diags);
}

}  // namespace crasp::lower
