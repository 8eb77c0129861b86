// Random positional expressions that are legal by construction: guards ψ(i, j) built only from
// atoms over d = i - j (translation invariant) with a bounding atom in every disjunct (local), and
// unary predicates φ(i) built only from `i % m` atoms (periodic). The spellings vary (`j == i - 2`,
// `j + 2 >= i`, `(j - i) % 3 == 1`) so that the checker's exact decision procedures, not a pattern
// match, have to find the offset sets and residues.
#include "positional.hpp"

namespace rnd {

pos P(pos::kind k, std::int64_t v) { return pos{k, v, cmp_op::eq, {}}; }
pos P(pos::kind k, pos a, pos b) { return pos{k, 0, cmp_op::eq, {std::move(a), std::move(b)}}; }
pos Pcmp(cmp_op op, pos a, pos b) { return pos{pos::cmp, 0, op, {std::move(a), std::move(b)}}; }
pos Pmul(std::int64_t k, pos a) { return pos{pos::mul, k, cmp_op::eq, {std::move(a)}}; }
pos Pmod(pos a, std::int64_t m) { return pos{pos::mod, m, cmp_op::eq, {std::move(a)}}; }
pos Pnot(pos a) { return pos{pos::not_, 0, cmp_op::eq, {std::move(a)}}; }

namespace {

pos I() { return P(pos::i, 0); }
pos J() { return P(pos::j, 0); }
pos L(std::int64_t v) { return P(pos::lit, v); }
pos d_term() { return P(pos::sub, I(), J()); }  // i - j

}  // namespace

pos bounded_atom(rng_t& rng) {
  const std::int64_t c = pick(rng, 5);  // offsets 0..4 keep guard heads few
  switch (pick(rng, 8)) {
    case 0: return Pcmp(cmp_op::eq, J(), P(pos::sub, I(), L(c)));         // j == i - c
    case 1: return Pcmp(cmp_op::lt, d_term(), L(c + 1));                   // i - j < c + 1
    case 2: return Pcmp(cmp_op::le, d_term(), L(c));                       // i - j <= c
    case 3: return Pcmp(cmp_op::ge, J(), P(pos::sub, I(), L(c)));         // j >= i - c
    case 4: return Pcmp(cmp_op::ge, P(pos::add, J(), L(c)), I());         // j + c >= i
    case 5: return Pcmp(cmp_op::eq, I(), P(pos::add, J(), L(c)));         // i == j + c
    case 6:  // 2 * i - 2 * j < 2c + 1, i.e. d <= c
      return Pcmp(cmp_op::lt, P(pos::sub, Pmul(2, I()), Pmul(2, J())), L(2 * c + 1));
    default: return Pcmp(cmp_op::le, I(), P(pos::add, J(), L(c)));        // i <= j + c
  }
}

namespace {

// Translation invariant but not necessarily local.
pos invariant_atom(rng_t& rng) {
  const std::int64_t c = pick(rng, 4);
  const std::int64_t m = 2 + pick(rng, 3);
  switch (pick(rng, 6)) {
    case 0: return Pcmp(cmp_op::gt, d_term(), L(c));
    case 1: return Pcmp(cmp_op::ne, d_term(), L(c));
    case 2: return Pcmp(cmp_op::eq, Pmod(d_term(), m), L(pick(rng, m)));
    // j - i <= 0 always: the checker must apply the non-negative remainder of docs/language.md.
    case 3: return Pcmp(static_cast<cmp_op>(pick(rng, 6)), Pmod(P(pos::sub, J(), I()), m),
                        L(pick(rng, m)));
    case 4: return Pcmp(cmp_op::le, J(), I());
    default: return bounded_atom(rng);
  }
}

pos invariant(rng_t& rng, int depth) {
  if (depth <= 0 || pick(rng, 3) == 0) return invariant_atom(rng);
  switch (pick(rng, 3)) {
    case 0: return Pnot(invariant(rng, depth - 1));
    case 1: return P(pos::and_, invariant(rng, depth - 1), invariant(rng, depth - 1));
    default: return P(pos::or_, invariant(rng, depth - 1), invariant(rng, depth - 1));
  }
}

pos periodic_atom(rng_t& rng) {
  const std::int64_t m = 2 + pick(rng, 3);
  const std::int64_t c = 1 + pick(rng, 3);
  const std::int64_t r = pick(rng, m);
  switch (pick(rng, 4)) {
    case 0: return Pcmp(static_cast<cmp_op>(pick(rng, 6)), Pmod(I(), m), L(r));
    case 1: return Pcmp(cmp_op::eq, Pmod(P(pos::add, I(), L(c)), m), L(r));
    case 2: return Pcmp(cmp_op::eq, Pmod(Pmul(2, I()), m), L(r));
    default: return Pcmp(cmp_op::ne, Pmod(P(pos::sub, I(), L(c)), m), L(r));  // negative at i < c
  }
}

}  // namespace

pos local_guard(rng_t& rng, int depth) {
  if (depth <= 0 || pick(rng, 2) == 0) return bounded_atom(rng);
  switch (pick(rng, 3)) {
    case 0: return P(pos::and_, local_guard(rng, depth - 1), invariant(rng, depth - 1));
    case 1: return P(pos::and_, invariant(rng, depth - 1), local_guard(rng, depth - 1));
    default: return P(pos::or_, local_guard(rng, depth - 1), local_guard(rng, depth - 1));
  }
}

pos periodic_pred(rng_t& rng, int depth) {
  if (depth <= 0 || pick(rng, 2) == 0) return periodic_atom(rng);
  switch (pick(rng, 3)) {
    case 0: return Pnot(periodic_pred(rng, depth - 1));
    case 1: return P(pos::and_, periodic_pred(rng, depth - 1), periodic_pred(rng, depth - 1));
    default: return P(pos::or_, periodic_pred(rng, depth - 1), periodic_pred(rng, depth - 1));
  }
}

}  // namespace rnd
