// See enumerate.hpp. Sizes: a token test, `tok(a)`, `true` and a count's `#` count 1;
// `i % m == r` 2; a local read, `exists[j <= i]`, `!`, `&&`, `||`, a comparison, `+` and `-` add 1
// to their operands; a comparison with a constant adds 2.
#include "synth/enumerate.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace crasp::synth {

enumerator::enumerator(const layout& l, grammar g, std::function<bool()> stop)
    : l_(l), g_(std::move(g)), values_(l.positions()), stop_(std::move(stop)) {
  g_.max_shift = std::min(g_.max_shift, layout::max_shift);
  bools_by_size_.resize(1);
  counts_by_size_.resize(1);
  stats_.kept_per_size.resize(1);
}

std::span<const word> enumerator::boolean_value(std::int32_t id) const {
  return values_.boolean(slot_[static_cast<std::size_t>(id)]);
}

void enumerator::count_value(std::int32_t id, ints& out) const {
  values_.count(slot_[static_cast<std::size_t>(id)], out);
}

std::span<const word> enumerator::stored(std::uint32_t tag, std::uint32_t value) const {
  return (tag & 1U) != 0 ? values_.count_data(value) : values_.boolean(value);
}

// What the process holds for the search, counted from the containers' capacities: close to the
// resident memory the enumeration adds (the solver's conditions come on top).
std::size_t enumerator::memory() const {
  std::size_t by_size = 0;
  for (const auto& v : bools_by_size_) by_size += v.size() * sizeof(std::int32_t);
  for (const auto& v : counts_by_size_) by_size += v.size() * sizeof(std::int32_t);
  return values_.bytes() + terms_.size() * sizeof(term) + slot_.size() * sizeof(std::uint32_t) +
         table_.size() * sizeof(slot) + by_size;
}

// The table doubles once half full, while the doubled table (held next to the old one while it
// is rebuilt) fits under the cap; past that it fills up to 7/8 (longer probes, the same
// answers) and only then must double.
bool enumerator::table_may_grow() const {
  return memory() + 2 * table_.size() * sizeof(slot) <= g_.max_bytes;
}

bool enumerator::table_must_grow() const {
  const std::size_t next = table_used_ + 1;
  if (8 * next > 7 * table_.size()) return true;
  return 2 * next > table_.size() && table_may_grow();
}

bool enumerator::at_cap() {
  if (stats_.stopped != stop_reason::none) return true;
  stats_.bytes = memory();
  if (terms_.size() >= g_.max_terms) stats_.stopped = stop_reason::terms;
  else if (stats_.bytes >= g_.max_bytes || (table_must_grow() && !table_may_grow()))
    stats_.stopped = stop_reason::memory;
  return stats_.stopped != stop_reason::none;
}

bool enumerator::full() {
  if (at_cap()) return true;
  if (stop_ && stop_()) stats_.stopped = stop_reason::interrupted;
  return stats_.stopped != stop_reason::none;
}

namespace {

std::uint8_t depth_of(const std::deque<term>& terms, std::int32_t a, std::int32_t b = -1) {
  std::uint8_t d = 0;
  if (a >= 0) d = terms[static_cast<std::size_t>(a)].depth;
  if (b >= 0) d = std::max(d, terms[static_cast<std::size_t>(b)].depth);
  return d;
}

std::uint8_t uses_of(const std::deque<term>& terms, std::int32_t a, std::int32_t b = -1) {
  std::uint8_t u = 0;
  if (a >= 0) u |= terms[static_cast<std::size_t>(a)].uses;
  if (b >= 0) u |= terms[static_cast<std::size_t>(b)].uses;
  return u;
}

}  // namespace

// The hash's low bits say the kind and a count's width, so a slot with an equal hash holds a
// value of the same kind and width: equal words mean an equal behaviour.
std::uint64_t enumerator::behaviour_hash(std::span<const word> b) { return hash_of(b) << 3; }

std::uint64_t enumerator::behaviour_hash(const packed& c) {
  const std::uint64_t w = c.width == 1 ? 0 : c.width == 2 ? 1 : 2;
  return hash_of(std::span<const word>(c.data)) << 3 | w << 1 | 1;
}

bool enumerator::known(std::uint64_t h, std::span<const word> v) const {
  const std::size_t mask = table_.size() - 1;
  const auto tag = static_cast<std::uint32_t>(h);
  for (std::size_t i = (h >> 3) & mask;; i = (i + 1) & mask) {
    const slot& s = table_[i];
    if (s.value == slot::empty) return false;
    if (s.tag != tag) continue;
    const auto have = stored(s.tag, s.value);
    if (std::equal(have.begin(), have.end(), v.begin(), v.end())) return true;
  }
}

void enumerator::remember(std::uint64_t h, std::uint32_t value) {
  if (table_must_grow()) {
    // An entry keeps 32 bits of its hash, which hold its probe start up to 2^29 entries;
    // past that the rest comes from hashing the value again.
    std::vector<slot> old(table_.size() * 2);
    old.swap(table_);
    const std::size_t mask = table_.size() - 1;
    const bool tag_holds_start = table_.size() <= (std::size_t{1} << 29);
    for (const slot& s : old) {
      if (s.value == slot::empty) continue;
      const std::uint64_t full =
          tag_holds_start ? s.tag : hash_of(stored(s.tag, s.value)) << 3 | (s.tag & 7U);
      std::size_t i = (full >> 3) & mask;
      while (table_[i].value != slot::empty) i = (i + 1) & mask;
      table_[i] = s;
    }
  }
  const std::size_t mask = table_.size() - 1;
  std::size_t i = (h >> 3) & mask;
  while (table_[i].value != slot::empty) i = (i + 1) & mask;
  table_[i] = slot{static_cast<std::uint32_t>(h), value};
  ++table_used_;
}

void enumerator::add_boolean(term t, const bits& v) {
  ++stats_.evaluated;
  insert(t, behaviour_hash(v), v, nullptr);
}

void enumerator::add_count(term t, const ints& v) {
  ++stats_.evaluated;
  pack(v, scratch_.pc);
  insert(t, behaviour_hash(scratch_.pc), scratch_.pc.data, &scratch_.pc);
}

// Keeps `t` unless an earlier term has the same values (the earlier one is no larger).
void enumerator::insert(term t, std::uint64_t h, std::span<const word> v, const packed* count) {
  if (known(h, v)) return;
  const auto id = static_cast<std::int32_t>(terms_.size());
  t.is_count = count != nullptr;
  if (t.a >= 0 || t.b >= 0) {
    t.uses |= uses_of(terms_, t.a, t.b);
    t.depth = std::max(t.depth, depth_of(terms_, t.a, t.b));
  }
  terms_.push_back(t);
  slot_.push_back(count != nullptr ? values_.add_count(*count) : values_.add_boolean(v));
  remember(h, slot_.back());
  (count != nullptr ? counts_by_size_ : bools_by_size_)[t.size].push_back(id);
  ++stats_.kept_per_size[t.size];
}

bool enumerator::grow() {
  if (stats_.stopped != stop_reason::none) return false;
  const auto s = static_cast<std::uint16_t>(++size_);
  bools_by_size_.resize(s + 1U);
  counts_by_size_.resize(s + 1U);
  stats_.kept_per_size.resize(s + 1U, 0);
  // Counts of size s read Booleans of size s - 1 only, and Booleans of size s read counts of
  // smaller sizes only, so either order works; counts first keeps the table in size order.
  grow_counts(s);
  grow_booleans(s);
  return !full();
}

std::optional<std::int32_t> enumerator::find(const bits& want, const bits& mask) const {
  for (std::size_t id = 0; id < terms_.size(); ++id) {
    if (terms_[id].is_count) continue;
    const auto v = boolean_value(static_cast<std::int32_t>(id));
    bool ok = true;
    for (std::size_t w = 0; w < v.size() && ok; ++w) ok = ((v[w] ^ want[w]) & mask[w]) == 0;
    if (ok) return static_cast<std::int32_t>(id);
  }
  return std::nullopt;
}

std::string enumerator::print(std::int32_t id, const std::vector<std::string>& vocabulary,
                              const std::string& a_name, const std::string& s_name) const {
  const term& t = terms_[static_cast<std::size_t>(id)];
  const auto atom = [&](std::int32_t x) {
    const op o = terms_[static_cast<std::size_t>(x)].o;
    return o == op::token || o == op::variable || o == op::truth;
  };
  const auto sub = [&](std::int32_t x) {
    const std::string text = print(x, vocabulary, a_name, s_name);
    return atom(x) ? text : fmt::format("({})", text);
  };
  switch (t.o) {
    case op::token: return fmt::format("\"{}\"", vocabulary[static_cast<std::size_t>(t.k)]);
    case op::variable: return fmt::format("tok({})", t.k == 0 ? a_name : s_name);
    case op::truth: return "true";
    case op::periodic: return fmt::format("i % {} == {}", t.k, t.r);
    case op::shift: return fmt::format("exists[j <= i, j == i - {}] {}", t.k, sub(t.a));
    case op::exists: return fmt::format("exists[j <= i] {}", sub(t.a));
    case op::not_: return fmt::format("!{}", sub(t.a));
    case op::and_: return fmt::format("{} && {}", sub(t.a), sub(t.b));
    case op::or_: return fmt::format("{} || {}", sub(t.a), sub(t.b));
    case op::less: return fmt::format("{} < {}", sub(t.a), sub(t.b));
    case op::less_eq: return fmt::format("{} <= {}", sub(t.a), sub(t.b));
    case op::equal: return fmt::format("{} == {}", sub(t.a), sub(t.b));
    case op::less_const: return fmt::format("{} < {}", sub(t.a), t.k);
    case op::less_eq_const: return fmt::format("{} <= {}", sub(t.a), t.k);
    case op::equal_const: return fmt::format("{} == {}", sub(t.a), t.k);
    case op::greater_eq_const: return fmt::format("{} >= {}", sub(t.a), t.k);
    case op::count: return fmt::format("#{}", sub(t.a));
    case op::add: return fmt::format("{} + {}", sub(t.a), sub(t.b));
    case op::sub: return fmt::format("{} - {}", sub(t.a), sub(t.b));
  }
  return "?";
}

}  // namespace crasp::synth
