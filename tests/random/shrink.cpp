// See shrink.hpp. Candidates are generated from scratch after every accepted step (programs are
// small: a few hundred candidates), in an order that tries the biggest cuts first.
#include "shrink.hpp"

#include <functional>

namespace rnd {
namespace {

bool is_bool(const program& p, const expr& e) {
  switch (e.k) {
    case ek::int_lit: case ek::count: case ek::add: case ek::sub: case ek::scale: case ek::neg:
    case ek::min: case ek::max: case ek::cond: case ek::sum: return false;
    case ek::ref: return p.stmts[e.target].type == ty::boolean;
    default: return true;
  }
}

expr literal(bool boolean, std::int64_t v) {
  expr e;
  e.k = boolean ? ek::bool_lit : ek::int_lit;
  e.value = v;
  return e;
}

// Pre-order walk; `f` may replace the node it is given.
void walk(expr& e, const std::function<void(expr&)>& f) {
  f(e);
  for (auto& k : e.kids) walk(k, f);
}

// Drops statement k: references to it become the constant v, later indices move down.
program without(const program& p, int k, std::int64_t v) {
  program q = p;
  const auto& gone = p.stmts[k];
  q.stmts.erase(q.stmts.begin() + k);
  for (auto& s : q.stmts)
    walk(s.value, [&](expr& e) {
      if (e.k == ek::pred_ref && e.target == k) e = literal(true, 1);
      if (e.k == ek::ref && e.target == k) e = literal(gone.type == ty::boolean, v);
      if ((e.k == ek::ref || e.k == ek::pred_ref) && e.target > k) --e.target;
      if (e.g.pred == k) e.g = guard{};
      if (e.g.pred > k) --e.g.pred;
    });
  return q;
}

// Replacements for every node of statement s, addressed by pre-order number.
void node_candidates(const program& p, std::size_t s, std::vector<program>& out) {
  program scratch = p;  // walk() edits in place; counting must not touch p
  std::size_t count = 0;
  walk(scratch.stmts[s].value, [&](expr&) { ++count; });
  for (std::size_t t = 0; t < count; ++t) {
    const auto edit = [&](const std::function<bool(expr&)>& f) {
      program q = p;
      std::size_t n = 0;
      bool changed = false;
      walk(q.stmts[s].value, [&](expr& e) {
        if (n++ == t) changed = f(e);
      });
      if (changed) out.push_back(std::move(q));
    };
    for (std::size_t kid = 0; kid < 3; ++kid)  // hoist an operand of the same type
      edit([&](expr& e) {
        if (kid >= e.kids.size() || is_bool(p, e.kids[kid]) != is_bool(p, e)) return false;
        expr k = e.kids[kid];
        e = std::move(k);
        return true;
      });
    for (std::int64_t v : {0, 1})
      edit([&](expr& e) {
        if (e.k == ek::bool_lit || e.k == ek::int_lit) return false;
        e = literal(is_bool(p, e), v);
        return true;
      });
    edit([&](expr& e) {  // a plain statement's name replaced by its definition
      if (e.k != ek::ref || !e.args.empty() || p.stmts[e.target].form != statement::assign) return false;
      e = p.stmts[e.target].value;
      return true;
    });
    edit([](expr& e) {
      if ((e.k != ek::count && e.k != ek::exists) || e.g.form == guard::none) return false;
      e.g = guard{};
      return true;
    });
    edit([](expr& e) {
      if (e.where_var.empty()) return false;
      e.where_var.clear();
      return true;
    });
    for (std::size_t kid = 0; kid < 2; ++kid)  // a guard's connective replaced by one side
      edit([&](expr& e) {
        if ((e.g.form != guard::inline_le && e.g.form != guard::inline_bare) ||
            e.g.psi.k == pos::cmp || kid >= e.g.psi.kids.size())
          return false;
        pos k = e.g.psi.kids[kid];
        e.g.psi = std::move(k);
        return true;
      });
  }
}

}  // namespace

std::vector<program> simplifications(const program& p) {
  std::vector<program> out;
  const int last = static_cast<int>(p.stmts.size()) - 1;
  int nexts = 0;
  for (const auto& s : p.stmts) nexts += s.form == statement::next_tok || s.form == statement::next_family;
  for (int k = 0; k <= last; ++k) {
    const bool next = p.stmts[k].form == statement::next_tok || p.stmts[k].form == statement::next_family;
    if (k < last ? (!next || nexts > 1) : (next && nexts > 1))
      for (std::int64_t v : {0, 1}) out.push_back(without(p, k, v));
  }
  if (p.alphabets.size() > 1) {
    program q = p;
    q.alphabets.pop_back();  // valid only when nothing uses it: the checker decides
    out.push_back(std::move(q));
  }
  for (std::size_t s = 0; s < p.stmts.size(); ++s) node_candidates(p, s, out);
  return out;
}

shrunk shrink(const program& p, const std::vector<std::string>& input, const still_fails& fails,
              std::size_t max_attempts) {
  shrunk best{p, input, 0};
  const auto attempt = [&](const program& q, const std::vector<std::string>& w) {
    ++best.attempts;
    return fails(q, w);
  };
  for (bool progress = true; progress && best.attempts < max_attempts;) {
    progress = false;
    // Input first: shorter inputs make every later attempt cheaper.
    for (std::size_t i = 0; i < best.input.size() && best.input.size() > 1; ++i) {
      auto w = best.input;
      w.erase(w.begin() + static_cast<std::ptrdiff_t>(i));
      if (attempt(best.prog, w)) best.input = w, progress = true, --i;
    }
    const auto alphabet = input_alphabet(best.prog);
    for (std::size_t i = 0; i < best.input.size(); ++i) {
      if (best.input[i] == alphabet.front()) continue;
      auto w = best.input;
      w[i] = alphabet.front();
      if (attempt(best.prog, w)) best.input = w, progress = true;
    }
    // After an accepted step the list is rebuilt and the scan resumes at the same index: the
    // earlier candidates were just tried, and most of them are still there.
    auto cands = simplifications(best.prog);
    for (std::size_t c = 0; c < cands.size() && best.attempts < max_attempts;) {
      if (size(cands[c]) < size(best.prog) && attempt(cands[c], best.input)) {
        best.prog = cands[c];
        cands = simplifications(best.prog);
        progress = true;
      } else {
        ++c;
      }
    }
  }
  return best;
}

}  // namespace rnd
