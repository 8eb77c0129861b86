// Model value: lookups, precision conversion, summary and validation.
#include "crasp/model.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace crasp::model {

namespace {

std::optional<int> find_name(const std::vector<std::string>& names, std::string_view name) {
  auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) return std::nullopt;
  return static_cast<int>(it - names.begin());
}

template <class To, class From> std::optional<vector<To>> cast_opt(const std::optional<vector<From>>& v) {
  if (!v) return std::nullopt;
  return vector<To>(v->template cast<To>());
}

template <class To, class From> basic_layer_norm<To> cast_ln(const basic_layer_norm<From>& ln) {
  return {ln.enabled, static_cast<To>(ln.eps), cast_opt<To>(ln.gain), cast_opt<To>(ln.bias)};
}

// Collects shape and value errors with the tensor name as origin.
template <class T> class checker {
 public:
  explicit checker(diagnostics& d) : diags_(d) {}
  void shape(const std::string& what, const matrix<T>& m, Eigen::Index rows, Eigen::Index cols) {
    if (m.rows() != rows || m.cols() != cols) {
      diags_.error(what, fmt::format("shape is {}x{}, expected {}x{}", m.rows(), m.cols(), rows, cols));
    } else if (!m.allFinite()) {
      diags_.error(what, "contains a non-finite value");
    }
  }
  void shape(const std::string& what, const std::optional<vector<T>>& v, Eigen::Index rows) {
    if (!v) return;
    if (v->rows() != rows) {
      diags_.error(what, fmt::format("length is {}, expected {}", v->rows(), rows));
    } else if (!v->allFinite()) {
      diags_.error(what, "contains a non-finite value");
    }
  }
  void ln(const std::string& what, const basic_layer_norm<T>& n, Eigen::Index d) {
    if (!(n.eps >= 0) || !std::isfinite(static_cast<double>(n.eps)))
      diags_.error(what, "eps must be finite and >= 0");
    shape(what + ".gain", n.gain, d);
    shape(what + ".bias", n.bias, d);
  }
  void names(const std::string& what, const std::vector<std::string>& names) {
    std::set<std::string_view> seen;
    for (const std::string& n : names) {
      if (n.empty()) diags_.error(what, "empty name");
      else if (!seen.insert(n).second) diags_.error(what, fmt::format("duplicate name '{}'", n));
    }
  }
  diagnostics& diags_;
};

}  // namespace

template <class T> std::optional<int> basic_model<T>::residual_index(std::string_view name) const {
  return find_name(residual_names, name);
}
template <class T> std::optional<int> basic_model<T>::token_id(std::string_view text) const {
  return find_name(vocab, text);
}
template <class T> std::optional<int> basic_model<T>::output_index(std::string_view label) const {
  return find_name(output_labels, label);
}

template <class To, class From> basic_model<To> cast(const basic_model<From>& m) {
  basic_model<To> out;
  out.vocab = m.vocab;
  out.bos = m.bos;
  out.max_len = m.max_len;
  out.pe = m.pe;
  out.residual_names = m.residual_names;
  out.embed = m.embed.template cast<To>();
  if (m.pos_embed) out.pos_embed = matrix<To>(m.pos_embed->template cast<To>());
  out.pos_rows = m.pos_rows;
  for (const basic_layer<From>& l : m.layers) {
    basic_layer<To> nl;
    nl.name = l.name;
    for (const basic_head<From>& h : l.heads) {
      nl.heads.push_back({h.name, h.wq.template cast<To>(), h.wk.template cast<To>(),
                          h.wv.template cast<To>(), h.wo.template cast<To>(), h.rotary});
    }
    nl.ln_attn = cast_ln<To>(l.ln_attn);
    nl.ffn = {l.ffn.name, l.ffn.w1.template cast<To>(), cast_opt<To>(l.ffn.b1),
              l.ffn.w2.template cast<To>(), cast_opt<To>(l.ffn.b2)};
    nl.ln_ffn = cast_ln<To>(l.ln_ffn);
    out.layers.push_back(std::move(nl));
  }
  out.unembed = m.unembed.template cast<To>();
  out.output_labels = m.output_labels;
  out.info = m.info;
  return out;
}

template <class T> summary summarize(const basic_model<T>& m) {
  summary s;
  s.layers = static_cast<int>(m.layers.size());
  s.d_model = m.d_model();
  s.vocab = static_cast<int>(m.vocab.size());
  s.n_out = static_cast<int>(m.unembed.rows());
  s.max_len = m.max_len;
  auto count = [&](const auto& x) { s.parameters += static_cast<std::size_t>(x.size()); };
  auto count_opt = [&](const auto& x) { if (x) count(*x); };
  count(m.embed);
  count_opt(m.pos_embed);
  count(m.unembed);
  for (const basic_layer<T>& l : m.layers) {
    s.heads += static_cast<int>(l.heads.size());
    s.max_heads = std::max(s.max_heads, static_cast<int>(l.heads.size()));
    for (const basic_head<T>& h : l.heads) {
      s.max_d_head = std::max(s.max_d_head, static_cast<int>(h.wq.rows()));
      count(h.wq), count(h.wk), count(h.wv), count(h.wo);
    }
    s.max_d_ff = std::max(s.max_d_ff, static_cast<int>(l.ffn.w1.rows()));
    count(l.ffn.w1), count(l.ffn.w2), count_opt(l.ffn.b1), count_opt(l.ffn.b2);
    for (const basic_layer_norm<T>* ln : {&l.ln_attn, &l.ln_ffn}) count_opt(ln->gain), count_opt(ln->bias);
  }
  return s;
}

template <class T> diagnostics validate(const basic_model<T>& m) {
  diagnostics diags;
  checker<T> c(diags);
  const Eigen::Index d = m.d_model();
  const Eigen::Index v = static_cast<Eigen::Index>(m.vocab.size());
  if (d == 0) diags.error("residual_names", "model has no residual dimensions");
  c.names("residual_names", m.residual_names);
  if (v == 0) diags.error("vocab", "empty vocabulary");
  c.names("vocab", m.vocab);
  if (m.bos < 0 || m.bos >= v) diags.error("bos", fmt::format("bos id {} is not a token id", m.bos));
  if (m.max_len < 1) diags.error("max_len", "max_len must be at least 1");
  c.shape("embed", m.embed, d, v);
  if (m.pe == positional::ape && !m.pos_embed)
    diags.error("pos_embed", "an APE model needs a positional embedding table");
  if (m.pe != positional::ape && m.pos_embed)
    diags.error("pos_embed", fmt::format("a {} model has no positional embedding table", to_string(m.pe)));
  if (m.pos_rows) {
    const std::vector<int>& rows = *m.pos_rows;
    if (m.pe != positional::ape)
      diags.error("pos_rows", fmt::format("a {} model has no positional embedding rows", to_string(m.pe)));
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const int dim = rows[r];
      if (dim < 0 || dim >= d) {
        diags.error("pos_rows", fmt::format("row {} adds to dimension {}, not a residual dimension", r, dim));
        break;
      }
      if (r > 0 && dim <= rows[r - 1]) {
        diags.error("pos_rows", fmt::format("dimensions must be strictly increasing (row {}: {} after {})", r,
                                            dim, rows[r - 1]));
        break;
      }
    }
  }
  const Eigen::Index table_rows = m.pos_rows ? static_cast<Eigen::Index>(m.pos_rows->size()) : d;
  if (m.pos_embed) c.shape("pos_embed", *m.pos_embed, table_rows, m.max_len);
  for (std::size_t li = 0; li < m.layers.size(); ++li) {
    const basic_layer<T>& l = m.layers[li];
    const std::string lp = fmt::format("layers.{}", li);
    for (std::size_t hi = 0; hi < l.heads.size(); ++hi) {
      const basic_head<T>& h = l.heads[hi];
      const std::string hp = fmt::format("{}.heads.{}", lp, hi);
      const Eigen::Index dh = h.wq.rows();
      const Eigen::Index dv = h.wv.rows();
      c.shape(hp + ".wq", h.wq, dh, d);
      c.shape(hp + ".wk", h.wk, dh, d);
      c.shape(hp + ".wv", h.wv, dv, d);
      c.shape(hp + ".wo", h.wo, d, dv);
      if (static_cast<Eigen::Index>(h.rotary.size()) > dh / 2)
        diags.error(hp + ".rotary", fmt::format("{} rotary frequencies for d_head {} (at most {})",
                                                h.rotary.size(), dh, dh / 2));
      if (!h.rotary.empty() && m.pe != positional::rope)
        diags.error(hp + ".rotary", fmt::format("rotary frequencies in a {} model", to_string(m.pe)));
      // The angle p * w at every position up to max_len must be finite and meaningful
      // (max_rotary_angle says why); a frequency of 1e308 would overflow at position 2 and turn
      // every score into NaN.
      for (std::size_t k = 0; k < h.rotary.size(); ++k) {
        const double w = h.rotary[k];
        const std::string at = fmt::format("{}.rotary[{}]", hp, k);
        if (!std::isfinite(w)) {
          diags.error(at, "non-finite rotary frequency");
        } else if (w <= 0) {
          diags.error(at, fmt::format("rotary frequency {:g} is not positive", w));
        } else if (const double angle = w * std::max(m.max_len, 1); !(angle <= max_rotary_angle)) {
          diags.error(at, fmt::format("rotary frequency {:g} turns position max_len = {} by {:g} rad, "
                                      "more than 2^32 rad (the angle loses its meaning in float64)",
                                      w, m.max_len, angle));
        }
      }
    }
    c.ln(lp + ".ln_attn", l.ln_attn, d);
    const Eigen::Index dff = l.ffn.w1.rows();
    c.shape(lp + ".ffn.w1", l.ffn.w1, dff, d);
    c.shape(lp + ".ffn.b1", l.ffn.b1, dff);
    c.shape(lp + ".ffn.w2", l.ffn.w2, d, dff);
    c.shape(lp + ".ffn.b2", l.ffn.b2, d);
    c.ln(lp + ".ln_ffn", l.ln_ffn, d);
  }
  const Eigen::Index n_out = static_cast<Eigen::Index>(m.output_labels.size());
  c.shape("unembed", m.unembed, n_out, d);
  c.names("output_labels", m.output_labels);
  return diags;
}

std::string_view to_string(positional pe) {
  switch (pe) {
    case positional::nope: return "nope";
    case positional::ape: return "ape";
    case positional::rope: return "rope";
  }
  return "nope";
}

std::optional<positional> parse_positional(std::string_view text) {
  if (text == "nope") return positional::nope;
  if (text == "ape") return positional::ape;
  if (text == "rope") return positional::rope;
  return std::nullopt;
}

template struct basic_model<double>;
template struct basic_model<float>;
template basic_model<float> cast<float, double>(const basic_model<double>&);
template basic_model<double> cast<double, float>(const basic_model<float>&);
template basic_model<double> cast<double, double>(const basic_model<double>&);
template summary summarize(const basic_model<double>&);
template summary summarize(const basic_model<float>&);
template diagnostics validate(const basic_model<double>&);
template diagnostics validate(const basic_model<float>&);

}  // namespace crasp::model
