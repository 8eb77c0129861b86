// pull_back: a program for the target of a letter-to-word map becomes one for its source
// (reduction.hpp; docs/communication.md, "Reductions").
//
// Input w of length n maps to T = before + h(w_1) .. h(w_n) + after, |before| = p, |after| = s,
// every h(w_i) of length m. Position i of w (0-based) stands for target positions
// p + i*m + k, k = 0 .. m-1, and the last position also for the s frame positions after it
// (k = m .. m+s-1, "as if the input ended here"; causality makes that the true value at the
// end). Every node v of the target becomes the node [v, k] of P' with
//   value of [v, k] at i  ==  value of v at target position p + i*m + k.
// Positions before p hold fixed tokens, so the target's values there are constants, computed
// once by running the target on `before` alone.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"
#include "crasp/reduction.hpp"

namespace crasp {
namespace {

using ir::node_id;

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

class pullback {
 public:
  pullback(const ir::program& target, const word_map& h)
      : t_(target), h_(h), m_(h.width()), p_(h.before.size()), s_(h.after.size()),
        memo_(target.nodes.size(), std::vector<std::optional<node_id>>(m_ + s_)) {
    out_.vocabulary = h.symbols;
    out_.closed_vocabulary = true;
  }

  bool run(diagnostics& diags) {
    if (!frame_values(diags)) return false;
    const std::size_t last = m_ + s_ - 1;
    std::vector<std::pair<std::string, node_id>> outputs;
    for (std::size_t k = 0; k < t_.next.size(); ++k)
      outputs.emplace_back(fmt::format("out_next_{}", k), tr(t_.next[k].value, last));
    for (const ir::statement& st : t_.statements)
      outputs.emplace_back("out_" + identifier(st.name), tr(st.value, last));
    for (auto& [name, value] : outputs)
      out_.statements.push_back({name, value, out_.nodes[value].result, {}});
    return true;
  }

  ir::program& result() { return out_; }

 private:
  const ir::program& t_;
  const word_map& h_;
  std::size_t m_, p_, s_;
  ir::program out_;
  std::vector<std::vector<std::int64_t>> frame_;                // [node][q], q < p
  std::vector<std::vector<std::optional<node_id>>> memo_;       // [node][k]
  std::optional<node_id> position_, zero_, one_;

  // Letters, digits and underscores only, so that every name is an identifier.
  static std::string identifier(const std::string& name) {
    std::string out;
    for (char c : name) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return out;
  }

  // The target's value of every node at the `before` positions.
  bool frame_values(diagnostics& diags) {
    if (p_ == 0) return true;
    diagnostics d;
    const auto ids = encode(t_, h_.before, "the frame before h(w)", d);
    evaluator ev(t_, "the frame before h(w)");
    if (!ids || !ev.append(*ids, d)) {
      diags.append(d);
      diags.error("reduction", "the target program cannot read the frame tokens before h(w)");
      return false;
    }
    frame_.assign(t_.nodes.size(), std::vector<std::int64_t>(p_));
    for (node_id v = 0; v < t_.nodes.size(); ++v)
      for (std::size_t q = 0; q < p_; ++q) frame_[v][q] = ev.value(v, q);
    return true;
  }

  node_id emit(ir::op op, ir::type ty) {
    out_.nodes.push_back({std::move(op), ty, 0});
    const auto id = static_cast<node_id>(out_.nodes.size() - 1);
    // Every composite node is a statement, so the printed program stays linear in size.
    if (!std::holds_alternative<ir::token_test>(out_.nodes.back().operation) &&
        !std::holds_alternative<ir::bool_const>(out_.nodes.back().operation) &&
        !std::holds_alternative<ir::int_const>(out_.nodes.back().operation))
      out_.statements.push_back({fmt::format("h{}", id), id, ty, {}});
    return id;
  }
  node_id constant(std::int64_t v) { return emit(ir::int_const{v}, ir::type::count); }
  node_id one() { return one_ ? *one_ : *(one_ = constant(1)); }
  node_id zero() { return zero_ ? *zero_ : *(zero_ = constant(0)); }
  // #[j <= i] true: the 1-based position in w.
  node_id position() {
    if (!position_) {
      const node_id t = emit(ir::bool_const{true}, ir::type::boolean);
      position_ = emit(ir::count{t, false, {}}, ir::type::count);
    }
    return *position_;
  }
  node_id plus(node_id a, node_id b) { return emit(ir::add{a, b}, ir::type::count); }
  // A Boolean's value at the current position as a count (plain C-RASP: no position needed).
  node_id current(node_id b) { return emit(ir::select{b, one(), zero()}, ir::type::count); }

  // The count-valued value of Boolean `b` at target position p + i*m + kk (kk <= the slot
  // being built, possibly negative: an earlier source position, or a frame position).
  node_id value_at(node_id b, std::int64_t kk) {
    if (kk >= 0) return current(tr(b, static_cast<std::size_t>(kk)));
    const std::int64_t m = static_cast<std::int64_t>(m_);
    const std::int64_t q = floor_div(kk, m);
    const auto r = static_cast<std::size_t>(kk - q * m);
    const auto d = static_cast<std::uint32_t>(-q);
    node_id sum = emit(ir::count{tr(b, r), true, {d}}, ir::type::count);
    // Near the start, p + (i - d)*m + r falls in the frame before h(w) (or before the input).
    for (std::int64_t i0 = 0; i0 < d; ++i0) {
      const std::int64_t fpos = static_cast<std::int64_t>(p_) + (i0 - d) * m + static_cast<std::int64_t>(r);
      if (fpos < 0 || fpos >= static_cast<std::int64_t>(p_) || frame_[b][static_cast<std::size_t>(fpos)] == 0)
        continue;
      const node_id here = emit(ir::compare{ir::cmp::eq, position(), constant(i0 + 1)}, ir::type::boolean);
      sum = plus(sum, current(here));
    }
    return sum;
  }

  node_id tr(node_id v, std::size_t k) {
    if (auto& hit = memo_[v][k]) return *hit;
    const ir::node& n = t_.nodes[v];
    const node_id built = std::visit([&](const auto& op) { return on(op, n.result, k); }, n.operation);
    memo_[v][k] = built;
    return built;
  }

  node_id on(const ir::token_test& o, ir::type, std::size_t k) {
    const std::string& tok = t_.vocabulary.at(o.token);
    if (k >= m_) return emit(ir::bool_const{h_.after[k - m_] == tok}, ir::type::boolean);
    std::optional<node_id> any;
    for (std::size_t s = 0; s < h_.symbols.size(); ++s) {
      if (h_.words[s][k] != tok) continue;
      const node_id test = emit(ir::token_test{static_cast<std::uint32_t>(s)}, ir::type::boolean);
      any = any ? emit(ir::or_{*any, test}, ir::type::boolean) : test;
    }
    return any ? *any : emit(ir::bool_const{false}, ir::type::boolean);
  }
  node_id on(const ir::bool_const& o, ir::type t, std::size_t) { return emit(o, t); }
  node_id on(const ir::int_const& o, ir::type t, std::size_t) { return emit(o, t); }
  // Token tests that no word has at a place become constants; folding them keeps the printed
  // program readable (`x && false` would otherwise survive as a statement).
  std::optional<bool> constant_of(node_id b) const {
    if (const auto* c = std::get_if<ir::bool_const>(&out_.nodes[b].operation)) return c->value;
    return std::nullopt;
  }
  node_id on(const ir::not_& o, ir::type t, std::size_t k) {
    const node_id a = tr(o.a, k);
    if (const auto c = constant_of(a)) return emit(ir::bool_const{!*c}, t);
    return emit(ir::not_{a}, t);
  }
  node_id on(const ir::and_& o, ir::type t, std::size_t k) {
    const node_id a = tr(o.a, k), b = tr(o.b, k);
    if (const auto c = constant_of(a)) return *c ? b : a;
    if (const auto c = constant_of(b)) return *c ? a : b;
    return emit(ir::and_{a, b}, t);
  }
  node_id on(const ir::or_& o, ir::type t, std::size_t k) {
    const node_id a = tr(o.a, k), b = tr(o.b, k);
    if (const auto c = constant_of(a)) return *c ? a : b;
    if (const auto c = constant_of(b)) return *c ? b : a;
    return emit(ir::or_{a, b}, t);
  }
  node_id on(const ir::compare& o, ir::type t, std::size_t k) {
    return emit(ir::compare{o.op, tr(o.a, k), tr(o.b, k)}, t);
  }
  node_id on(const ir::add& o, ir::type t, std::size_t k) { return emit(ir::add{tr(o.a, k), tr(o.b, k)}, t); }
  node_id on(const ir::sub& o, ir::type t, std::size_t k) { return emit(ir::sub{tr(o.a, k), tr(o.b, k)}, t); }
  node_id on(const ir::scale& o, ir::type t, std::size_t k) { return emit(ir::scale{o.k, tr(o.a, k)}, t); }
  node_id on(const ir::min_& o, ir::type t, std::size_t k) { return emit(ir::min_{tr(o.a, k), tr(o.b, k)}, t); }
  node_id on(const ir::max_& o, ir::type t, std::size_t k) { return emit(ir::max_{tr(o.a, k), tr(o.b, k)}, t); }
  node_id on(const ir::select& o, ir::type t, std::size_t k) {
    return emit(ir::select{tr(o.cond, k), tr(o.a, k), tr(o.b, k)}, t);
  }
  // Target position p + i*m + k is in residue class (p + k + (i mod M)*m) mod M.
  node_id on(const ir::periodic& o, ir::type t, std::size_t k) {
    const std::size_t period = o.residues.size();
    std::vector<bool> residues(period);
    for (std::size_t x = 0; x < period; ++x) residues[x] = o.residues[(p_ + k + x * m_) % period];
    return emit(ir::periodic{std::move(residues)}, t);
  }
  node_id on(const ir::count& o, ir::type t, std::size_t k) {
    if (o.local) {
      std::optional<node_id> sum;
      for (std::uint32_t c : o.offsets) {
        const node_id term = value_at(o.body, static_cast<std::int64_t>(k) - static_cast<std::int64_t>(c));
        sum = sum ? plus(*sum, term) : term;
      }
      return sum ? *sum : zero();
    }
    // Frame positions, then all m copies through position i, less the copies after k at i,
    // plus the `after` copies up to k when k is one of them.
    std::int64_t frame = 0;
    for (std::size_t q = 0; q < p_; ++q) frame += frame_[o.body][q];
    std::optional<node_id> total = frame == 0 ? std::nullopt : std::optional(constant(frame));
    for (std::size_t r = 0; r < m_; ++r) {
      const node_id copy = emit(ir::count{tr(o.body, r), false, {}}, t);
      total = total ? plus(*total, copy) : copy;
    }
    node_id sum = *total;
    for (std::size_t r = k + 1; r < m_; ++r)
      sum = emit(ir::sub{sum, current(tr(o.body, r))}, t);
    for (std::size_t r = m_; r <= k; ++r) sum = plus(sum, current(tr(o.body, r)));
    return sum;
  }
};

}  // namespace

std::string pull_back_text(const ir::program& target, const word_map& h, diagnostics& diags) {
  if (!validate(h, "reduction", diags)) return {};
  pullback pb(target, h);
  if (!pb.run(diags)) return {};
  return print_expanded(pb.result());
}

std::optional<ir::program> pull_back(const ir::program& target, const word_map& h,
                                     diagnostics& diags) {
  const std::string text = pull_back_text(target, h, diags);
  if (text.empty()) return std::nullopt;
  load_result loaded = load_text("pulled_back.crasp", text);
  if (!loaded.ok()) {
    // The construction only writes what the checker accepts; reaching this is a bug.
    diags.append(loaded.diags);
    diags.error("reduction", "internal error: the pulled-back program does not check");
    return std::nullopt;
  }
  return std::move(*loaded.program);
}

}  // namespace crasp
