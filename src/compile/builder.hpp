// Collects the pieces of a transformer while the lowering runs (named residual dimensions,
// embedding entries, the APE table, attention heads and FFN units per layer, output rows) and
// assembles them into dense matrices at the end. The lowering never touches a matrix directly.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "compile/affine.hpp"
#include "crasp/compile.hpp"
#include "crasp/model.hpp"

namespace crasp::lower {

class builder {
 public:
  /// `max_len` counts model positions (the internal BOS included).
  builder(int max_len, model::positional pe);

  /// A new residual dimension. Names are made unique by appending "#2", "#3", ...
  /// `bos_value` is the exact value the dimension holds at the BOS column.
  int dim(const std::string& name, double bos_value = 0);
  /// Appends a token to the vocabulary; returns its id.
  int token(const std::string& text);
  /// embed(dim, token) = value.
  void embed(int dim, int token, double value);
  /// A dimension filled by the APE table: value f(t) at model column t (t = 0 is BOS).
  int position_dim(const std::string& name, const std::function<double(int)>& f);

  /// The exact value of a form at the BOS column.
  [[nodiscard]] double at_bos(const affine& form) const;
  /// Model positions the model is built for (BOS included).
  [[nodiscard]] int max_len() const { return max_len_; }

  /// Layer `layer`'s uniform head (zero query and key: weight 1/(t+1) on every column <= t)
  /// gets a value row reading `value` and writing it into `out`. With `mask`, the value is
  /// corrected to be exactly 0 at the BOS column (so BOS is never counted).
  void uniform_read(int layer, const affine& value, int out, bool mask);
  /// Layer `layer`'s head for offset `offset` (query beta * qdims, key kdims; created on first
  /// use) gets a value row reading `value`, masked to 0 at BOS, into `out`.
  void guard_read(int layer, std::uint32_t offset, const std::vector<int>& qdims,
                  const std::vector<int>& kdims, double beta, const affine& value, int out);

  /// The query and key of a head given row by row (each row a form over the residual), and the
  /// rotary frequencies of its first pairs of rows (RoPE).
  struct head_shape {
    std::string name;
    std::vector<affine> q, k;
    std::vector<double> rotary;
    double beta = 0;     ///< sharpness, for the error analysis (certify.cpp)
    bool phase = false;  ///< a phase head on BOS (RoPE periodic predicate), not a guard
    /// A matching head: many columns share the top score (an average over them, not one read),
    /// so score errors reweigh them against each other (certify.cpp).
    bool matching = false;
    /// When > 0: at most this many query rows are non-zero at any position (a one-hot query),
    /// which bounds the score's rounding by those rows instead of all of them (certify.cpp).
    int active_rows = 0;
  };
  /// Layer `layer`'s head called `key` (created from `shape` on first use) gets a value row
  /// reading `value` into `out`; with `mask`, corrected to 0 at the BOS column.
  void read(int layer, const std::string& key, const head_shape& shape, const affine& value,
            int out, bool mask);
  /// One FFN hidden unit in layer `layer`: h = ReLU(in), residual[d] += c * h for (d, c) in out.
  /// A term -K * BOS is added so that h is 0 at the BOS column.
  void ffn_unit(int layer, affine in, const std::vector<std::pair<int, double>>& out);
  /// An unembedding row.
  void output(const std::string& label, const affine& form);

  /// A comparison clamp reading x (in the unit or u scale) with the given slope, for the error
  /// analysis: its output dimension is flat (input errors within tolerance do not reach it).
  struct clamp_check {
    affine x;
    bool u_scale = false;
    double slope = 1;
    int out = -1;
    bool phase = false;  ///< x = w - 2u of a phase head: tolerance u/2 instead of u/2 - 1/M
    /// A cleaning clamp (unit scale, x = b - 1 for a near-0/1 b): when |error of b| < 1/4 its
    /// two pre-activations and their difference are computed exactly, so its output is exact.
    bool exact = false;
  };
  void add_clamp(clamp_check c) { clamps_.push_back(std::move(c)); }

  /// Largest number of model positions n (BOS included, at most max_len) for which the error
  /// bounds of certify.cpp keep every decision of the model exact, with unit roundoff `eps`
  /// (2^-53 for float64, 2^-24 for float32); 0 when not even n = 2 is certified.
  [[nodiscard]] int certified_length(double eps, double slope) const;

  [[nodiscard]] int d_model() const { return static_cast<int>(names_.size()); }
  [[nodiscard]] int layers_used() const { return layers_used_; }
  [[nodiscard]] const std::vector<std::string>& names() const { return names_; }

  /// The shapes assemble(n_layers) would allocate, counted from the sparse pieces (size.cpp).
  [[nodiscard]] model_size size(int n_layers) const;

  /// Dense model with `n_layers` layers (>= layers_used()).
  [[nodiscard]] model::model assemble(int n_layers, int bos_token) const;

 private:
  struct value_row {
    affine value;
    int out;
  };
  struct head_spec {
    std::string name;
    std::vector<int> qdims, kdims;  ///< empty for the uniform head
    double beta = 0;
    std::vector<value_row> rows;
    std::optional<head_shape> shape;  ///< set for heads made by read(): overrides qdims/kdims
  };
  struct unit_spec {
    affine in;
    std::vector<std::pair<int, double>> out;
  };
  struct layer_spec {
    std::optional<head_spec> uniform;
    std::map<std::uint32_t, head_spec> guards;  ///< by offset
    std::map<std::string, head_spec> shaped;     ///< heads made by read(), by key
    std::vector<unit_spec> units;
  };
  layer_spec& layer(int l);

  int max_len_;
  model::positional pe_;
  std::vector<std::string> names_;
  std::map<std::string, int> name_count_;
  std::vector<double> bos_value_;
  std::vector<std::string> vocab_;
  std::vector<std::tuple<int, int, double>> embed_;
  std::vector<std::pair<int, std::vector<double>>> table_;  ///< (dim, value per column)
  std::vector<layer_spec> layers_;
  int layers_used_ = 0;
  std::vector<std::pair<std::string, affine>> outputs_;
  std::vector<clamp_check> clamps_;
  /// Whether the error bounds hold for sequences of n positions.
  [[nodiscard]] bool certifies(int n, double eps, double slope) const;
};

}  // namespace crasp::lower
