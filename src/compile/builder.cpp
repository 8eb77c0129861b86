// Assembly of the collected pieces into dense Eigen matrices (see builder.hpp).
#include "compile/builder.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace crasp::lower {

builder::builder(int max_len, model::positional pe) : max_len_(max_len), pe_(pe) {}

int builder::dim(const std::string& name, double bos_value) {
  std::string unique = name;
  int& seen = name_count_[name];
  ++seen;
  if (seen > 1) unique = name + "#" + std::to_string(seen);
  // A generated suffix could collide with a name given literally; keep counting until it does not.
  while (std::find(names_.begin(), names_.end(), unique) != names_.end() && unique != name) {
    unique = name + "#" + std::to_string(++seen);
  }
  names_.push_back(unique);
  bos_value_.push_back(bos_value);
  return static_cast<int>(names_.size()) - 1;
}

int builder::token(const std::string& text) {
  vocab_.push_back(text);
  return static_cast<int>(vocab_.size()) - 1;
}

void builder::embed(int dim, int token, double value) { embed_.emplace_back(dim, token, value); }

int builder::position_dim(const std::string& name, const std::function<double(int)>& f) {
  std::vector<double> column(static_cast<std::size_t>(max_len_));
  for (int t = 0; t < max_len_; ++t) column[static_cast<std::size_t>(t)] = f(t);
  const int d = dim(name, column.empty() ? 0.0 : column[0]);
  table_.emplace_back(d, std::move(column));
  return d;
}

double builder::at_bos(const affine& form) const {
  double s = 0;
  for (auto [d, c] : form.terms) s += c * bos_value_[static_cast<std::size_t>(d)];
  return s;
}

builder::layer_spec& builder::layer(int l) {
  if (static_cast<int>(layers_.size()) <= l) layers_.resize(static_cast<std::size_t>(l) + 1);
  layers_used_ = std::max(layers_used_, l + 1);
  return layers_[static_cast<std::size_t>(l)];
}

namespace {
// The BOS dimension is dimension 1 by the lowering's convention (see lowering.cpp); masking
// subtracts the value's exact BOS-column value times that indicator.
constexpr int bos_dim = 1;
}  // namespace

void builder::uniform_read(int l, const affine& value, int out, bool mask) {
  auto& spec = layer(l);
  if (!spec.uniform) spec.uniform = head_spec{fmt::format("L{}.count", l), {}, {}, 0, {}};
  affine v = value;
  if (mask) v.add(bos_dim, -at_bos(value));
  spec.uniform->rows.push_back({v, out});
}

void builder::guard_read(int l, std::uint32_t offset, const std::vector<int>& qdims,
                         const std::vector<int>& kdims, double beta, const affine& value,
                         int out) {
  auto& spec = layer(l);
  auto [it, fresh] = spec.guards.try_emplace(offset);
  if (fresh) {
    it->second = head_spec{fmt::format("L{}.read[i-{}]", l, offset),
                           qdims, kdims, beta, {}};
  }
  affine v = value;
  v.add(bos_dim, -at_bos(value));
  it->second.rows.push_back({v, out});
}

void builder::read(int l, const std::string& key, const head_shape& shape, const affine& value,
                   int out, bool mask) {
  auto& spec = layer(l);
  auto [it, fresh] = spec.shaped.try_emplace(key);
  if (fresh) {
    it->second.name = fmt::format("L{}.{}", l, shape.name);
    it->second.shape = shape;
  }
  affine v = value;
  if (mask) v.add(bos_dim, -at_bos(value));
  it->second.rows.push_back({v, out});
}

void builder::ffn_unit(int l, affine in, const std::vector<std::pair<int, double>>& out) {
  // At BOS every entry is known exactly; push the pre-activation below zero there so every
  // materialized dimension is exactly 0 at BOS (the masking above relies on it).
  const double at = at_bos(in);
  in.add(bos_dim, -(std::max(at, 0.0) + 1.0));
  layer(l).units.push_back({std::move(in), out});
}

void builder::output(const std::string& label, const affine& form) {
  outputs_.emplace_back(label, form);
}

namespace {

void fill_row(model::matrix<double>& m, int row, const affine& form) {
  for (auto [d, c] : form.terms) m(row, d) += c;
}

model::head make_head(const std::string& name, const std::vector<int>& qdims,
                      const std::vector<int>& kdims, double beta,
                      const std::vector<std::pair<affine, int>>& rows, int d) {
  model::head h;
  h.name = name;
  const int dh = std::max<int>(1, static_cast<int>(qdims.size()));
  h.wq = model::matrix<double>::Zero(dh, d);
  h.wk = model::matrix<double>::Zero(dh, d);
  for (std::size_t k = 0; k < qdims.size(); ++k) {
    h.wq(static_cast<int>(k), qdims[k]) = beta;
    h.wk(static_cast<int>(k), kdims[k]) = 1.0;
  }
  const int dv = static_cast<int>(rows.size());
  h.wv = model::matrix<double>::Zero(dv, d);
  h.wo = model::matrix<double>::Zero(d, dv);
  for (int r = 0; r < dv; ++r) {
    fill_row(h.wv, r, rows[static_cast<std::size_t>(r)].first);
    h.wo(rows[static_cast<std::size_t>(r)].second, r) = 1.0;
  }
  return h;
}

model::head make_shaped_head(const std::string& name, const builder::head_shape& shape,
                             const std::vector<std::pair<affine, int>>& rows, int d) {
  model::head h = make_head(name, {}, {}, 0, rows, d);
  const int dh = static_cast<int>(shape.q.size());
  h.wq = model::matrix<double>::Zero(dh, d);
  h.wk = model::matrix<double>::Zero(dh, d);
  for (int r = 0; r < dh; ++r) {
    fill_row(h.wq, r, shape.q[static_cast<std::size_t>(r)]);
    fill_row(h.wk, r, shape.k[static_cast<std::size_t>(r)]);
  }
  h.rotary = shape.rotary;
  return h;
}

}  // namespace

model::model builder::assemble(int n_layers, int bos_token) const {
  const int d = d_model();
  model::model m;
  m.vocab = vocab_;
  m.bos = bos_token;
  m.max_len = max_len_;
  m.pe = pe_;
  m.residual_names = names_;
  m.embed = model::matrix<double>::Zero(d, static_cast<int>(vocab_.size()));
  for (auto [dm, tok, v] : embed_) m.embed(dm, tok) += v;
  if (pe_ == model::positional::ape) {
    // Only the positional dimensions get table rows (model::pos_rows), in increasing order.
    std::vector<std::size_t> order(table_.size());
    for (std::size_t r = 0; r < order.size(); ++r) order[r] = r;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return table_[a].first < table_[b].first; });
    m.pos_embed = model::matrix<double>::Zero(static_cast<int>(table_.size()), max_len_);
    m.pos_rows.emplace();
    for (std::size_t r = 0; r < order.size(); ++r) {
      const auto& [dm, column] = table_[order[r]];
      m.pos_rows->push_back(dm);
      for (int t = 0; t < max_len_; ++t)
        (*m.pos_embed)(static_cast<int>(r), t) = column[static_cast<std::size_t>(t)];
    }
  }
  for (int l = 0; l < n_layers; ++l) {
    model::layer out;
    out.name = fmt::format("L{}", l);
    if (l < static_cast<int>(layers_.size())) {
      const auto& spec = layers_[static_cast<std::size_t>(l)];
      auto rows_of = [](const head_spec& h) {
        std::vector<std::pair<affine, int>> rows;
        for (const auto& r : h.rows) rows.emplace_back(r.value, r.out);
        return rows;
      };
      if (spec.uniform) {
        out.heads.push_back(make_head(spec.uniform->name, {}, {}, 0, rows_of(*spec.uniform), d));
      }
      for (const auto& [offset, h] : spec.guards) {
        out.heads.push_back(make_head(h.name, h.qdims, h.kdims, h.beta, rows_of(h), d));
      }
      for (const auto& [key, h] : spec.shaped) {
        out.heads.push_back(make_shaped_head(h.name, *h.shape, rows_of(h), d));
      }
      const int units = static_cast<int>(spec.units.size());
      out.ffn.name = out.name + ".ffn";
      out.ffn.w1 = model::matrix<double>::Zero(units, d);
      out.ffn.w2 = model::matrix<double>::Zero(d, units);
      for (int u = 0; u < units; ++u) {
        const auto& unit = spec.units[static_cast<std::size_t>(u)];
        fill_row(out.ffn.w1, u, unit.in);
        for (auto [dm, c] : unit.out) out.ffn.w2(dm, u) += c;
      }
    } else {
      out.ffn.w1 = model::matrix<double>::Zero(0, d);
      out.ffn.w2 = model::matrix<double>::Zero(d, 0);
    }
    m.layers.push_back(std::move(out));
  }
  m.unembed = model::matrix<double>::Zero(static_cast<int>(outputs_.size()), d);
  for (std::size_t o = 0; o < outputs_.size(); ++o) {
    fill_row(m.unembed, static_cast<int>(o), outputs_[o].second);
    m.output_labels.push_back(outputs_[o].first);
  }
  return m;
}

}  // namespace crasp::lower
