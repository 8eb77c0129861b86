// See values.hpp.
#include "synth/values.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <unordered_map>

namespace crasp::synth {

layout::layout(const std::vector<std::vector<std::uint32_t>>& instances,
               std::vector<assignment> copies)
    : copies_(std::move(copies)) {
  // The prefix tree of copy 0: child (parent + 1, token) -> position; parent 0 is the root.
  std::unordered_map<std::uint64_t, std::uint32_t> child;
  std::vector<std::uint32_t> parent;  // of each position, + 1 (0: none)
  for (const auto& inst : instances) {
    starts_.push_back(at_.size());
    lengths_.push_back(inst.size());
    std::uint64_t up = 0;
    for (std::size_t i = 0; i < inst.size(); ++i) {
      const auto [it, added] =
          child.try_emplace(up << 32 | inst[i], static_cast<std::uint32_t>(tokens_.size()));
      if (added) {
        tokens_.push_back(inst[i]);
        index_.push_back(static_cast<std::uint32_t>(i));
        parent.push_back(static_cast<std::uint32_t>(up));
      }
      at_.push_back(it->second);
      up = it->second + 1ULL;
    }
  }
  per_copy_ = tokens_.size();
  // The other copies repeat copy 0's positions.
  tokens_.reserve(per_copy_ * copies_.size());
  for (std::size_t c = 0; c < copies_.size(); ++c)
    for (std::size_t p = 0; p < per_copy_; ++p) {
      if (c > 0) {
        tokens_.push_back(tokens_[p]);
        index_.push_back(index_[p]);
      }
      copy_.push_back(static_cast<std::uint32_t>(c));
    }
  ancestor_.assign(max_shift, std::vector<std::uint32_t>(positions(), 0));
  for (std::size_t p = 0; p < positions(); ++p) {
    const std::size_t base = p / per_copy_ * per_copy_;
    std::size_t q = p % per_copy_;
    for (std::uint32_t c = 1; c <= max_shift && c <= index_[p]; ++c) {
      q = parent[q] - 1U;
      ancestor_[c - 1][p] = static_cast<std::uint32_t>(base + q);
    }
  }
  padding_mask_.assign(words(), 0);
  for (std::size_t p = 0; p < positions(); ++p) set(padding_mask_, p);
  shift_mask_.assign(max_shift + 1, bits(words(), 0));
  linear_.assign(max_shift + 1, std::vector<bool>(words(), true));
  for (std::uint32_t c = 0; c <= max_shift; ++c)
    for (std::size_t p = 0; p < positions(); ++p)
      if (index_[p] >= c) {
        set(shift_mask_[c], p);
        if (c > 0 && ancestor_[c - 1][p] + c != p) linear_[c][p / 64] = false;
      }
}

bits layout::variable_test(int variable) const {
  bits out(words(), 0);
  for (std::size_t p = 0; p < positions(); ++p) {
    const assignment& a = copies_[copy_[p]];
    if (tokens_[p] == (variable == 0 ? a.a : a.s)) set(out, p);
  }
  return out;
}

bits layout::token_test(std::uint32_t token) const {
  bits out(words(), 0);
  for (std::size_t p = 0; p < positions(); ++p)
    if (tokens_[p] == token) set(out, p);
  return out;
}

bits layout::constant(bool value) const { return value ? padding_mask_ : bits(words(), 0); }

bits layout::periodic(std::uint32_t modulus, std::uint32_t residue) const {
  bits out(words(), 0);
  for (std::size_t p = 0; p < positions(); ++p)
    if (index_[p] % modulus == residue) set(out, p);
  return out;
}

void layout::negate(std::span<const word> a, bits& out) const {
  out.resize(a.size());
  for (std::size_t w = 0; w < a.size(); ++w) out[w] = ~a[w] & padding_mask_[w];
}

void layout::shift(std::span<const word> a, std::uint32_t c, bits& out) const {
  // Word-parallel: move every bit c places up, then clear the positions whose source would lie
  // in the previous instance (index < c).
  // A word whose positions do not all read the position c before them (the first tokens after
  // a shared prefix) gathers bit by bit from their ancestors instead.
  const std::size_t n = words();
  out.resize(n);
  const bits& mask = shift_mask_[c];
  for (std::size_t w = 0; w < n; ++w) {
    if (c > 0 && !linear_[c][w]) {
      word v = 0;
      const std::size_t end = std::min(positions(), w * 64 + 64);
      const auto& from = ancestor_[c - 1];
      for (std::size_t p = w * 64; p < end; ++p)
        if (index_[p] >= c) v |= static_cast<word>(test(a, from[p])) << (p - w * 64);
      out[w] = v;
      continue;
    }
    word v = c == 0 ? a[w] : a[w] << c;
    if (w > 0 && c > 0) v |= a[w - 1] >> (64 - c);
    out[w] = v & mask[w];
  }
}

// A prefix's parent comes before it, so one pass in order extends each parent's value.
void layout::exists(std::span<const word> a, bits& out) const {
  out.assign(words(), 0);
  const auto& up = ancestor_[0];
  for (std::size_t p = 0; p < positions(); ++p)
    if (test(a, p) || (index_[p] > 0 && test(out, up[p]))) set(out, p);
}

void layout::count(std::span<const word> a, ints& out) const {
  out.resize(positions());
  const auto& up = ancestor_[0];
  for (std::size_t p = 0; p < positions(); ++p)
    out[p] = (index_[p] > 0 ? out[up[p]] : 0) + (test(a, p) ? 1 : 0);
}

void both(std::span<const word> a, std::span<const word> b, bits& out) {
  out.resize(a.size());
  for (std::size_t w = 0; w < a.size(); ++w) out[w] = a[w] & b[w];
}

void either(std::span<const word> a, std::span<const word> b, bits& out) {
  out.resize(a.size());
  for (std::size_t w = 0; w < a.size(); ++w) out[w] = a[w] | b[w];
}

void add(const ints& a, const ints& b, ints& out) {
  out.resize(a.size());
  for (std::size_t p = 0; p < a.size(); ++p) out[p] = a[p] + b[p];
}

void subtract(const ints& a, const ints& b, ints& out) {
  out.resize(a.size());
  for (std::size_t p = 0; p < a.size(); ++p) out[p] = a[p] - b[p];
}

void compare(const ints& a, relation r, const ints& b, std::size_t positions, bits& out) {
  // 64 positions per output word, the comparison branch-free inside.
  out.assign((positions + 63) / 64, 0);
  const bool broadcast = b.size() == 1;
  for (std::size_t w = 0; w * 64 < positions; ++w) {
    const std::size_t end = std::min(positions, w * 64 + 64);
    word acc = 0;
    for (std::size_t p = w * 64; p < end; ++p) {
      const std::int32_t x = a[p];
      const std::int32_t y = broadcast ? b[0] : b[p];
      const bool v = r == relation::lt ? x < y : r == relation::le ? x <= y : x == y;
      acc |= static_cast<word>(v) << (p - w * 64);
    }
    out[w] = acc;
  }
}

namespace {

// splitmix64's finalizer: a cheap mix with good avalanche, enough for a hash table key.
std::uint64_t mix(std::uint64_t h) {
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebULL;
  return h ^ (h >> 31);
}

}  // namespace

// One multiply per word while streaming, the full mix once at the end: the table needs few
// collisions, not cryptographic quality, and hashing every candidate is on the hot path. Four
// independent lanes, so that the multiplies of a long value (a packed count) overlap instead of
// waiting on one another.
std::uint64_t hash_of(std::span<const word> v) {
  constexpr std::uint64_t k = 0xff51afd7ed558ccdULL;
  std::uint64_t h0 = 0x9e3779b97f4a7c15ULL ^ v.size(), h1 = 0x7f4a7c159e3779b9ULL,
                h2 = 0xc2b2ae3d27d4eb4fULL, h3 = 0x165667b19e3779f9ULL;
  std::size_t w = 0;
  for (; w + 4 <= v.size(); w += 4) {
    h0 = std::rotl(h0 ^ v[w], 29) * k;
    h1 = std::rotl(h1 ^ v[w + 1], 29) * k;
    h2 = std::rotl(h2 ^ v[w + 2], 29) * k;
    h3 = std::rotl(h3 ^ v[w + 3], 29) * k;
  }
  for (; w < v.size(); ++w) h0 = std::rotl(h0 ^ v[w], 29) * k;
  return mix(h0 ^ std::rotl(h1, 17) ^ std::rotl(h2, 31) ^ std::rotl(h3, 47));
}

std::uint64_t hash_of(std::span<const std::int32_t> v) {
  std::uint64_t h = 0x7f4a7c159e3779b9ULL ^ v.size();
  std::size_t p = 0;
  for (; p + 1 < v.size(); p += 2)
    h = std::rotl(h ^ (static_cast<std::uint64_t>(static_cast<std::uint32_t>(v[p])) << 32 |
                       static_cast<std::uint32_t>(v[p + 1])),
                  29) *
        0xff51afd7ed558ccdULL;
  if (p < v.size()) h = std::rotl(h ^ static_cast<std::uint32_t>(v[p]), 29) * 0xff51afd7ed558ccdULL;
  return mix(h);
}

}  // namespace crasp::synth
