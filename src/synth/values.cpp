// See values.hpp.
#include "synth/values.hpp"

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

bits layout::negate(const bits& a) const {
  bits out(a.size());
  for (std::size_t w = 0; w < a.size(); ++w) out[w] = ~a[w] & padding_mask_[w];
  return out;
}

bits layout::shift(const bits& a, std::uint32_t c) const {
  // Word-parallel: move every bit c places up, then clear the positions whose source would lie
  // in the previous instance (index < c).
  bits out(words(), 0);
  const std::size_t n = words();
  for (std::size_t w = 0; w < n; ++w) {
    word v = a[w] << c;
    if (w > 0 && c > 0) v |= a[w - 1] >> (64 - c);
    out[w] = v;
  }
  const bits& mask = shift_mask_[c];
  for (std::size_t w = 0; w < n; ++w) out[w] &= mask[w];
  return out;
}

bits layout::exists(const bits& a) const {
  bits out(words(), 0);
  bool seen = false;
  for (std::size_t p = 0; p < positions(); ++p) {
    if (index_[p] == 0) seen = false;
    seen = seen || test(a, p);
    if (seen) set(out, p);
  }
  return out;
}

ints layout::count(const bits& a) const {
  ints out(positions());
  std::int32_t acc = 0;
  for (std::size_t p = 0; p < positions(); ++p) {
    if (index_[p] == 0) acc = 0;
    acc += test(a, p) ? 1 : 0;
    out[p] = acc;
  }
  return out;
}

bits both(const bits& a, const bits& b) {
  bits out(a.size());
  for (std::size_t w = 0; w < a.size(); ++w) out[w] = a[w] & b[w];
  return out;
}

bits either(const bits& a, const bits& b) {
  bits out(a.size());
  for (std::size_t w = 0; w < a.size(); ++w) out[w] = a[w] | b[w];
  return out;
}

bits compare(const ints& a, relation r, const ints& b, std::size_t positions) {
  bits out((positions + 63) / 64, 0);
  const bool broadcast = b.size() == 1;
  for (std::size_t p = 0; p < positions; ++p) {
    const std::int32_t x = a[p];
    const std::int32_t y = broadcast ? b[0] : b[p];
    const bool v = r == relation::lt ? x < y : r == relation::le ? x <= y : x == y;
    if (v) set(out, p);
  }
  return out;
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

std::uint64_t hash_of(std::span<const word> v) {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ v.size();
  for (const word w : v) h = mix(h ^ w);
  return h;
}

std::uint64_t hash_of(std::span<const std::int32_t> v) {
  std::uint64_t h = 0x7f4a7c159e3779b9ULL ^ v.size();
  for (const std::int32_t x : v) h = mix(h ^ static_cast<std::uint32_t>(x));
  return h;
}

}  // namespace crasp::synth
