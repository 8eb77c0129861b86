// The candidates of one size (enumerate.hpp), as families of numbered candidates: candidate i of
// a family is an operation on operands that are already kept. A family is evaluated in blocks:
// the threads evaluate contiguous parts of a block, each dropping what the behaviour table
// already knows (read-only while they run), then the survivors are inserted in candidate order,
// checked again against what the block itself added. The kept expressions are therefore the
// same, in the same order, for any number of threads.
#include <algorithm>
#include <array>

#include "support/parallel.hpp"
#include "synth/enumerate.hpp"

namespace crasp::synth {

namespace {

// Candidates per thread and block: large enough that starting threads costs little next to the
// work, small enough that the caps and the stop callback are polled often.
constexpr std::size_t block_per_thread = 8192;
// Lookups in flight per thread (evaluate_part).
constexpr std::size_t batch = 16;

}  // namespace

bool enumerator::evaluate(const family& f, std::size_t i, term& t, scratch& s,
                          std::uint64_t& h) const {
  if (!f.make(i, t, s)) return false;
  if (f.counts) {
    pack(s.c, s.pc);
    h = behaviour_hash(s.pc);
  } else {
    h = behaviour_hash(s.b);
  }
  return true;
}

void enumerator::run_family(const family& f) {
  const std::size_t threads = std::max<std::size_t>(1, g_.threads);
  term t;
  // A survivor is a candidate whose behaviour the table did not know when the block started:
  // its number and hash only. Its value is computed again when it is inserted, which costs
  // less than holding the values of a block.
  struct survivor {
    std::size_t i;
    std::uint64_t hash;
  };
  // Each thread writes only its own part; parts sit on separate cache lines so the threads do
  // not invalidate each other's (false sharing).
  struct alignas(64) part {
    std::vector<survivor> kept;
    std::size_t made = 0;
    std::vector<scratch> s = std::vector<scratch>(batch);
  };
  std::vector<part> parts(threads);
  const auto value = [&](const scratch& s) -> std::span<const word> {
    return f.counts ? std::span<const word>(s.pc.data) : std::span<const word>(s.b);
  };
  // Candidates are looked up `batch` at a time: their table entries are prefetched when they
  // are hashed and read once all are, so the cache misses on the table (most of a lookup's
  // time) overlap instead of following one another.
  const auto evaluate_part = [&](part& p, std::size_t begin, std::size_t end) {
    p.kept.clear();
    std::size_t made = 0, n = 0;
    term u;
    std::array<survivor, batch> pending{};
    const auto flush = [&] {
      for (std::size_t j = 0; j < n; ++j)
        if (!known(pending[j].hash, value(p.s[j]))) p.kept.push_back(pending[j]);
      n = 0;
    };
    for (std::size_t i = begin; i < end; ++i) {
      std::uint64_t h = 0;
      if (!evaluate(f, i, u, p.s[n], h)) continue;
      ++made;
      prefetch(h);
      pending[n++] = {i, h};
      if (n == batch) flush();
    }
    flush();
    p.made = made;
  };
  const std::size_t block = block_per_thread * threads;
  for (std::size_t start = 0; start < f.size; start += block) {
    if (full()) return;
    const std::size_t end = std::min(f.size, start + block);
    support::run_parts(threads, [&](std::size_t k) {
      const auto [from, to] = support::part_range(k, threads, start, end);
      evaluate_part(parts[k], from, to);
    });
    for (auto& p : parts) {
      stats_.evaluated += p.made;
      for (const auto& s : p.kept) {
        if (at_cap()) return;
        std::uint64_t h = 0;
        (void)evaluate(f, s.i, t, scratch_, h);  // true: it was made before
        insert(t, s.hash, value(scratch_), f.counts ? &scratch_.pc : nullptr);
      }
    }
  }
}

void enumerator::grow_counts(std::uint16_t s) {
  if (s >= 2) {
    // #B for every Boolean of size s - 1.
    const auto& from = bools_by_size_[s - 1U];
    run_family({true, from.size(), [&](std::size_t i, term& t, scratch& sc) {
                  const std::int32_t b = from[i];
                  t = term{op::count, true, 0, 0, s, b};
                  t.depth = static_cast<std::uint8_t>(terms_[static_cast<std::size_t>(b)].depth + 1);
                  l_.count(boolean_value(b), sc.c);
                  return true;
                }});
  }
  // c1 + c2 (c1 no larger than c2, each pair once) and c1 - c2 (both orders).
  for (std::uint16_t sa = 1; sa + 1U < s; ++sa) {
    const auto sb = static_cast<std::uint16_t>(s - 1U - sa);
    const auto& as = counts_by_size_[sa];
    const auto& bs = counts_by_size_[sb];
    run_family({true, as.size() * bs.size() * 2, [&, sa, sb](std::size_t i, term& t, scratch& sc) {
                  const std::int32_t a = as[i / 2 / bs.size()], b = bs[i / 2 % bs.size()];
                  if (i % 2 == 0) {
                    if (!(sa < sb || (sa == sb && a < b))) return false;
                    t = term{op::add, true, 0, 0, s, a, b};
                  } else {
                    if (a == b) return false;
                    t = term{op::sub, true, 0, 0, s, a, b};
                  }
                  count_value(a, sc.x);
                  count_value(b, sc.y);
                  if (i % 2 == 0) add(sc.x, sc.y, sc.c);
                  else subtract(sc.x, sc.y, sc.c);
                  return true;
                }});
  }
}

void enumerator::grow_booleans(std::uint16_t s) {
  const auto boolean = [s](op o, std::int32_t a = -1, std::int32_t b = -1, std::int32_t k = 0,
                           std::int32_t r = 0) { return term{o, false, 0, 0, s, a, b, k, r}; };
  if (s == 1) {
    add_boolean(boolean(op::truth, -1, -1, 1), l_.constant(true));
    for (const std::uint32_t t : g_.tokens)
      add_boolean(boolean(op::token, -1, -1, static_cast<std::int32_t>(t)), l_.token_test(t));
    if (g_.variable_a) {
      term t = boolean(op::variable, -1, -1, 0);
      t.uses = uses_a;
      add_boolean(t, l_.variable_test(0));
    }
    if (g_.variable_s) {
      term t = boolean(op::variable, -1, -1, 1);
      t.uses = uses_s;
      add_boolean(t, l_.variable_test(1));
    }
    return;
  }
  if (s == 2) {
    for (std::uint32_t m = 2; m <= g_.max_modulus; ++m)
      for (std::uint32_t r = 0; r < m; ++r)
        add_boolean(boolean(op::periodic, -1, -1, static_cast<std::int32_t>(m),
                            static_cast<std::int32_t>(r)),
                    l_.periodic(m, r));
  }
  // !B, exists[j <= i] B and the local reads of B, for every Boolean of size s - 1.
  const auto& unary = bools_by_size_[s - 1U];
  const std::size_t per_unary = 2 + g_.max_shift;
  run_family({false, unary.size() * per_unary, [&](std::size_t i, term& t, scratch& sc) {
                const std::int32_t a = unary[i / per_unary];
                const std::size_t k = i % per_unary;
                const auto x = boolean_value(a);
                bits& out = sc.b;
                if (k == 0) {
                  t = boolean(op::not_, a);
                  l_.negate(x, out);
                } else if (k == 1) {
                  t = boolean(op::exists, a);  // `exists[j <= i] x` is `#x >= 1`: a count level
                  t.depth = static_cast<std::uint8_t>(terms_[static_cast<std::size_t>(a)].depth + 1);
                  l_.exists(x, out);
                } else {
                  const auto c = static_cast<std::uint32_t>(k - 1);
                  t = boolean(op::shift, a, -1, static_cast<std::int32_t>(c));
                  l_.shift(x, c, out);
                }
                return true;
              }});
  const std::size_t n = l_.positions();
  if (s >= 3) {
    // C < k, C >= k, C <= k, C == k for every count of size s - 2.
    const auto& counts = counts_by_size_[s - 2U];
    const std::size_t per_count = 4 * static_cast<std::size_t>(g_.max_constant + 1);
    run_family({false, counts.size() * per_count, [&](std::size_t i, term& t, scratch& sc) {
                  const std::int32_t a = counts[i / per_count];
                  const auto k = static_cast<std::int32_t>(i % per_count / 4);
                  const ints konst{k};
                  bits& out = sc.b;
                  count_value(a, sc.x);
                  const ints& x = sc.x;
                  switch (i % 4) {
                    case 0:
                      t = boolean(op::less_const, a, -1, k);
                      compare(x, relation::lt, konst, n, out);
                      break;
                    case 1:
                      t = boolean(op::greater_eq_const, a, -1, k);
                      compare(x, relation::lt, konst, n, out);
                      l_.negate(out, out);
                      break;
                    case 2:
                      t = boolean(op::less_eq_const, a, -1, k);
                      compare(x, relation::le, konst, n, out);
                      break;
                    default:
                      t = boolean(op::equal_const, a, -1, k);
                      compare(x, relation::eq, konst, n, out);
                      break;
                  }
                  return true;
                }});
  }
  for (std::uint16_t sa = 1; sa + 1U < s; ++sa) {
    const auto sb = static_cast<std::uint16_t>(s - 1U - sa);
    // && and || of Booleans, each unordered pair once.
    if (sa <= sb) {
      const auto& as = bools_by_size_[sa];
      const auto& bs = bools_by_size_[sb];
      run_family({false, as.size() * bs.size() * 2, [&, sa, sb](std::size_t i, term& t, scratch& sc) {
                    const std::int32_t a = as[i / 2 / bs.size()], b = bs[i / 2 % bs.size()];
                    if (sa == sb && b <= a) return false;
                    bits& out = sc.b;
                    if (i % 2 == 0) {
                      t = boolean(op::and_, a, b);
                      both(boolean_value(a), boolean_value(b), out);
                    } else {
                      t = boolean(op::or_, a, b);
                      either(boolean_value(a), boolean_value(b), out);
                    }
                    return true;
                  }});
    }
    // Comparisons of two counts: < and <= in both orders, == once per pair.
    const auto& as = counts_by_size_[sa];
    const auto& bs = counts_by_size_[sb];
    run_family({false, as.size() * bs.size() * 3, [&, sa, sb](std::size_t i, term& t, scratch& sc) {
                  const std::int32_t a = as[i / 3 / bs.size()], b = bs[i / 3 % bs.size()];
                  if (a == b) return false;
                  if (i % 3 == 2 && !(sa < sb || (sa == sb && a < b))) return false;
                  bits& out = sc.b;
                  count_value(a, sc.x);
                  count_value(b, sc.y);
                  const ints& x = sc.x;
                  const ints& y = sc.y;
                  switch (i % 3) {
                    case 0:
                      t = boolean(op::less, a, b);
                      compare(x, relation::lt, y, n, out);
                      break;
                    case 1:
                      t = boolean(op::less_eq, a, b);
                      compare(x, relation::le, y, n, out);
                      break;
                    default:
                      if (!(sa < sb || (sa == sb && a < b))) return false;
                      t = boolean(op::equal, a, b);
                      compare(x, relation::eq, y, n, out);
                      break;
                  }
                  return true;
                }});
  }
}

}  // namespace crasp::synth
