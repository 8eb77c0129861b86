// See enumerate.hpp. Sizes: a token test, `true` and a count's `#` count 1; `i % m == r` 2; a
// local read, `!`, `&&`, `||`, a comparison, `+` and `-` add 1 to their operands; a comparison
// with a constant adds 2.
#include "synth/enumerate.hpp"

#include <fmt/format.h>

namespace crasp::synth {

enumerator::enumerator(const layout& l, grammar g) : l_(l), g_(g) {
  bools_by_size_.resize(1);
  counts_by_size_.resize(1);
  stats_.kept_per_size.resize(1);
}

const bits& enumerator::boolean_value(std::int32_t id) const {
  return bools_[static_cast<std::size_t>(slot_[static_cast<std::size_t>(id)])];
}

const ints& enumerator::count_value(std::int32_t id) const {
  return counts_[static_cast<std::size_t>(slot_[static_cast<std::size_t>(id)])];
}

// Keeps `t` unless an earlier term has the same values (the earlier one is no larger).
void enumerator::add_boolean(term t, bits v) {
  if (full()) return;
  ++stats_.evaluated;
  const std::uint64_t h = hash_of(std::span<const word>(v)) * 2;
  auto& bucket = seen_[h];
  for (const std::int32_t other : bucket)
    if (!terms_[static_cast<std::size_t>(other)].is_count && boolean_value(other) == v) return;
  const auto id = static_cast<std::int32_t>(terms_.size());
  bucket.push_back(id);
  t.is_count = false;
  terms_.push_back(t);
  slot_.push_back(static_cast<std::int32_t>(bools_.size()));
  bools_.push_back(std::move(v));
  bools_by_size_[t.size].push_back(id);
  ++stats_.kept_per_size[t.size];
}

void enumerator::add_count(term t, ints v) {
  if (full()) return;
  ++stats_.evaluated;
  const std::uint64_t h = hash_of(std::span<const std::int32_t>(v)) * 2 + 1;
  auto& bucket = seen_[h];
  for (const std::int32_t other : bucket)
    if (terms_[static_cast<std::size_t>(other)].is_count && count_value(other) == v) return;
  const auto id = static_cast<std::int32_t>(terms_.size());
  bucket.push_back(id);
  t.is_count = true;
  terms_.push_back(t);
  slot_.push_back(static_cast<std::int32_t>(counts_.size()));
  counts_.push_back(std::move(v));
  counts_by_size_[t.size].push_back(id);
  ++stats_.kept_per_size[t.size];
}

bool enumerator::grow() {
  if (stats_.capped) return false;
  const auto s = static_cast<std::uint16_t>(++size_);
  bools_by_size_.resize(s + 1U);
  counts_by_size_.resize(s + 1U);
  stats_.kept_per_size.resize(s + 1U, 0);
  // Counts of size s read Booleans of size s - 1 only, and Booleans of size s read counts of
  // smaller sizes only, so either order works; counts first keeps the table in size order.
  grow_counts(s);
  grow_booleans(s);
  stats_.capped = full();
  return !stats_.capped;
}

void enumerator::grow_counts(std::uint16_t s) {
  if (s >= 2) {
    for (const std::int32_t b : bools_by_size_[s - 1U]) {
      if (full()) return;
      add_count(term{op::count, true, s, b}, l_.count(boolean_value(b)));
    }
  }
  // c1 + c2 (c1 no larger than c2, each pair once) and c1 - c2 (both orders).
  for (std::uint16_t sa = 1; sa + 1U < s; ++sa) {
    const auto sb = static_cast<std::uint16_t>(s - 1U - sa);
    for (const std::int32_t a : counts_by_size_[sa]) {
      for (const std::int32_t b : counts_by_size_[sb]) {
        if (full()) return;
        const ints& x = count_value(a);
        const ints& y = count_value(b);
        if (sa < sb || (sa == sb && a < b)) {
          ints v(x.size());
          for (std::size_t p = 0; p < v.size(); ++p) v[p] = x[p] + y[p];
          add_count(term{op::add, true, s, a, b}, std::move(v));
        }
        if (a != b) {
          ints v(x.size());
          for (std::size_t p = 0; p < v.size(); ++p) v[p] = x[p] - y[p];
          add_count(term{op::sub, true, s, a, b}, std::move(v));
        }
      }
    }
  }
}

void enumerator::grow_booleans(std::uint16_t s) {
  if (s == 1) {
    add_boolean(term{op::truth, false, 1, -1, -1, 1}, l_.constant(true));
    for (std::uint32_t t = 0; t < g_.symbols; ++t)
      add_boolean(term{op::token, false, 1, -1, -1, static_cast<std::int32_t>(t)}, l_.token_test(t));
    return;
  }
  if (s == 2) {
    for (std::uint32_t m = 2; m <= g_.max_modulus; ++m)
      for (std::uint32_t r = 0; r < m; ++r)
        add_boolean(term{op::periodic, false, 2, -1, -1, static_cast<std::int32_t>(m),
                         static_cast<std::int32_t>(r)},
                    l_.periodic(m, r));
  }
  for (const std::int32_t a : bools_by_size_[s - 1U]) {
    if (full()) return;
    add_boolean(term{op::not_, false, s, a}, l_.negate(boolean_value(a)));
    for (std::uint32_t c = 1; c <= g_.max_shift; ++c)
      add_boolean(term{op::shift, false, s, a, -1, static_cast<std::int32_t>(c)},
                  l_.shift(boolean_value(a), c));
  }
  const std::size_t n = l_.positions();
  if (s >= 3) {
    for (const std::int32_t a : counts_by_size_[s - 2U]) {
      if (full()) return;
      for (std::int32_t k = 0; k <= g_.max_constant; ++k) {
        const ints konst{k};
        add_boolean(term{op::less_const, false, s, a, -1, k}, compare(count_value(a), relation::lt, konst, n));
        add_boolean(term{op::less_eq_const, false, s, a, -1, k}, compare(count_value(a), relation::le, konst, n));
        add_boolean(term{op::equal_const, false, s, a, -1, k}, compare(count_value(a), relation::eq, konst, n));
        add_boolean(term{op::greater_eq_const, false, s, a, -1, k},
                    l_.negate(compare(count_value(a), relation::lt, konst, n)));
      }
    }
  }
  for (std::uint16_t sa = 1; sa + 1U < s; ++sa) {
    const auto sb = static_cast<std::uint16_t>(s - 1U - sa);
    // && and || of Booleans, each unordered pair once.
    if (sa <= sb) {
      for (const std::int32_t a : bools_by_size_[sa]) {
        for (const std::int32_t b : bools_by_size_[sb]) {
          if (sa == sb && b <= a) continue;
          if (full()) return;
          add_boolean(term{op::and_, false, s, a, b}, both(boolean_value(a), boolean_value(b)));
          add_boolean(term{op::or_, false, s, a, b}, either(boolean_value(a), boolean_value(b)));
        }
      }
    }
    // Comparisons of two counts: < and <= in both orders, == once per pair.
    for (const std::int32_t a : counts_by_size_[sa]) {
      for (const std::int32_t b : counts_by_size_[sb]) {
        if (a == b) continue;
        if (full()) return;
        add_boolean(term{op::less, false, s, a, b}, compare(count_value(a), relation::lt, count_value(b), n));
        add_boolean(term{op::less_eq, false, s, a, b}, compare(count_value(a), relation::le, count_value(b), n));
        if (sa < sb || (sa == sb && a < b))
          add_boolean(term{op::equal, false, s, a, b}, compare(count_value(a), relation::eq, count_value(b), n));
      }
    }
  }
}

std::optional<std::int32_t> enumerator::find(const bits& want, const bits& mask) const {
  for (std::size_t id = 0; id < terms_.size(); ++id) {
    if (terms_[id].is_count) continue;
    const bits& v = boolean_value(static_cast<std::int32_t>(id));
    bool ok = true;
    for (std::size_t w = 0; w < v.size() && ok; ++w) ok = ((v[w] ^ want[w]) & mask[w]) == 0;
    if (ok) return static_cast<std::int32_t>(id);
  }
  return std::nullopt;
}

std::string enumerator::print(std::int32_t id, const std::vector<std::string>& vocabulary) const {
  const term& t = terms_[static_cast<std::size_t>(id)];
  const auto sub = [&](std::int32_t x) { return "(" + print(x, vocabulary) + ")"; };
  switch (t.o) {
    case op::token: return fmt::format("\"{}\"", vocabulary[static_cast<std::size_t>(t.k)]);
    case op::truth: return "true";
    case op::periodic: return fmt::format("i % {} == {}", t.k, t.r);
    case op::shift: return fmt::format("exists[j <= i, j == i - {}] {}", t.k, sub(t.a));
    case op::not_: return "!" + sub(t.a);
    case op::and_: return sub(t.a) + " && " + sub(t.b);
    case op::or_: return sub(t.a) + " || " + sub(t.b);
    case op::less: return sub(t.a) + " < " + sub(t.b);
    case op::less_eq: return sub(t.a) + " <= " + sub(t.b);
    case op::equal: return sub(t.a) + " == " + sub(t.b);
    case op::less_const: return fmt::format("{} < {}", sub(t.a), t.k);
    case op::less_eq_const: return fmt::format("{} <= {}", sub(t.a), t.k);
    case op::equal_const: return fmt::format("{} == {}", sub(t.a), t.k);
    case op::greater_eq_const: return fmt::format("{} >= {}", sub(t.a), t.k);
    case op::count: return "#" + sub(t.a);
    case op::add: return sub(t.a) + " + " + sub(t.b);
    case op::sub: return sub(t.a) + " - " + sub(t.b);
  }
  return "?";
}

}  // namespace crasp::synth
