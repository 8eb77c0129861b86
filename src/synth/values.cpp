// See values.hpp.
#include "synth/values.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace crasp::synth {

layout::layout(const std::vector<std::vector<std::uint32_t>>& instances,
               std::vector<assignment> copies)
    : copies_(std::move(copies)) {
  for (std::size_t c = 0; c < copies_.size(); ++c)
    for (const auto& inst : instances) {
      starts_.push_back(tokens_.size());
      for (std::size_t i = 0; i < inst.size(); ++i) {
        tokens_.push_back(inst[i]);
        index_.push_back(static_cast<std::uint32_t>(i));
        copy_.push_back(static_cast<std::uint32_t>(c));
      }
    }
  per_copy_ = copies_.empty() ? 0 : tokens_.size() / copies_.size();
  padding_mask_.assign(words(), 0);
  for (std::size_t p = 0; p < positions(); ++p) set(padding_mask_, p);
  shift_mask_.assign(max_shift + 1, bits(words(), 0));
  for (std::uint32_t c = 0; c <= max_shift; ++c)
    for (std::size_t p = 0; p < positions(); ++p)
      if (index_[p] >= c) set(shift_mask_[c], p);
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

void layout::negate(const bits& a, bits& out) const {
  out.resize(a.size());
  for (std::size_t w = 0; w < a.size(); ++w) out[w] = ~a[w] & padding_mask_[w];
}

void layout::shift(const bits& a, std::uint32_t c, bits& out) const {
  // Word-parallel: move every bit c places up, then clear the positions whose source would lie
  // in the previous instance (index < c).
  const std::size_t n = words();
  out.resize(n);
  const bits& mask = shift_mask_[c];
  for (std::size_t w = 0; w < n; ++w) {
    word v = c == 0 ? a[w] : a[w] << c;
    if (w > 0 && c > 0) v |= a[w - 1] >> (64 - c);
    out[w] = v & mask[w];
  }
}

void layout::exists(const bits& a, bits& out) const {
  out.assign(words(), 0);
  bool seen = false;
  for (std::size_t p = 0; p < positions(); ++p) {
    if (index_[p] == 0) seen = false;
    seen = seen || test(a, p);
    if (seen) set(out, p);
  }
}

void layout::count(const bits& a, ints& out) const {
  out.resize(positions());
  std::int32_t acc = 0;
  for (std::size_t p = 0; p < positions(); ++p) {
    if (index_[p] == 0) acc = 0;
    acc += test(a, p) ? 1 : 0;
    out[p] = acc;
  }
}

void both(const bits& a, const bits& b, bits& out) {
  out.resize(a.size());
  for (std::size_t w = 0; w < a.size(); ++w) out[w] = a[w] & b[w];
}

void either(const bits& a, const bits& b, bits& out) {
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
// collisions, not cryptographic quality, and hashing every candidate is on the hot path.
std::uint64_t hash_of(std::span<const word> v) {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ v.size();
  for (const word w : v) h = std::rotl(h ^ w, 29) * 0xff51afd7ed558ccdULL;
  return mix(h);
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
