// Differential test: the incremental evaluator against an independent, deliberately naive
// reference (a quadratic loop over j <= i for every count, in 128-bit arithmetic) on random
// programs and inputs. Overflow must be reported exactly where the reference leaves int64.
#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>
#include <random>

#include "builder.hpp"
#include "crasp/interpret.hpp"

using crasp::ir::node_id;
using crasp::ir::type;

namespace {

__extension__ typedef __int128 wide;  // GCC/Clang extension; the reference never overflows it

// Straight from the definitions in docs/language.md; shares no code with the evaluator.
std::vector<std::vector<wide>> reference(const crasp::ir::program& p,
                                         const std::vector<std::uint32_t>& toks) {
  const std::size_t n = toks.size();
  std::vector<std::vector<wide>> val(p.nodes.size(), std::vector<wide>(n, 0));
  for (std::size_t id = 0; id < p.nodes.size(); ++id) {
    for (std::size_t i = 0; i < n; ++i) {
      const auto v = [&](node_id o) { return val[o][i]; };
      // Clamp to +-2^64: out of int64 either way, and keeps every later operation (|k| < 2^63)
      // inside __int128.
      const wide limit = wide{1} << 64;
      val[id][i] = std::clamp<wide>(std::visit(
          [&](const auto& op) -> wide {
            using T = std::decay_t<decltype(op)>;
            using namespace crasp::ir;
            if constexpr (std::is_same_v<T, token_test>) return toks[i] == op.token;
            if constexpr (std::is_same_v<T, bool_const>) return op.value;
            if constexpr (std::is_same_v<T, int_const>) return op.value;
            if constexpr (std::is_same_v<T, not_>) return v(op.a) == 0;
            if constexpr (std::is_same_v<T, and_>) return v(op.a) != 0 && v(op.b) != 0;
            if constexpr (std::is_same_v<T, or_>) return v(op.a) != 0 || v(op.b) != 0;
            if constexpr (std::is_same_v<T, periodic>) return op.residues[i % op.residues.size()];
            if constexpr (std::is_same_v<T, compare>) {
              switch (op.op) {
                case cmp::lt: return v(op.a) < v(op.b);
                case cmp::le: return v(op.a) <= v(op.b);
                case cmp::eq: return v(op.a) == v(op.b);
                case cmp::ne: return v(op.a) != v(op.b);
                case cmp::ge: return v(op.a) >= v(op.b);
                case cmp::gt: return v(op.a) > v(op.b);
              }
            }
            if constexpr (std::is_same_v<T, count>) {
              wide c = 0;
              for (std::size_t j = 0; j <= i; ++j) {
                const bool in_guard =
                    !op.local || std::find(op.offsets.begin(), op.offsets.end(), i - j) !=
                                     op.offsets.end();
                if (in_guard && val[op.body][j] != 0) ++c;
              }
              return c;
            }
            if constexpr (std::is_same_v<T, add>) return v(op.a) + v(op.b);
            if constexpr (std::is_same_v<T, sub>) return v(op.a) - v(op.b);
            if constexpr (std::is_same_v<T, scale>) return wide{op.k} * v(op.a);
            if constexpr (std::is_same_v<T, min_>) return std::min(v(op.a), v(op.b));
            if constexpr (std::is_same_v<T, max_>) return std::max(v(op.a), v(op.b));
            if constexpr (std::is_same_v<T, crasp::ir::select>) return v(op.cond) != 0 ? v(op.a) : v(op.b);
            return 0;
          },
          p.nodes[id].operation), -limit, limit);
    }
  }
  return val;
}

struct random_program {
  std::mt19937_64& rng;
  crasp::test::builder b{{"a", "b", "c"}};
  std::vector<node_id> bools, counts;

  std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); }
  node_id any_bool() { return bools[pick(bools.size())]; }
  node_id any_count() { return counts[pick(counts.size())]; }

  void node(bool allow_overflow) {
    static const crasp::ir::cmp ops[] = {crasp::ir::cmp::lt, crasp::ir::cmp::le, crasp::ir::cmp::eq,
                                         crasp::ir::cmp::ne, crasp::ir::cmp::ge, crasp::ir::cmp::gt};
    switch (pick(16)) {
      case 0: bools.push_back(b.tok(std::string(1, static_cast<char>('a' + pick(3))))); break;
      case 1: bools.push_back(b.not_(any_bool())); break;
      case 2: { const node_id x = any_bool(), y = any_bool(); bools.push_back(b.and_(x, y)); break; }
      case 3: { const node_id x = any_bool(), y = any_bool(); bools.push_back(b.or_(x, y)); break; }
      case 4: {
        std::vector<bool> r(1 + pick(4));
        for (std::size_t k = 0; k < r.size(); ++k) r[k] = pick(2) == 1;
        bools.push_back(b.periodic(r));
        break;
      }
      case 5: case 6: {
        const auto op = ops[pick(6)];
        const node_id x = any_count(), y = any_count();
        bools.push_back(b.cmp(op, x, y));
        break;
      }
      case 7: counts.push_back(b.count(any_bool())); break;
      case 8: case 9: {
        std::vector<std::uint32_t> offs;
        for (std::size_t k = pick(4); k > 0; --k) offs.push_back(static_cast<std::uint32_t>(pick(6)));
        std::sort(offs.begin(), offs.end());
        offs.erase(std::unique(offs.begin(), offs.end()), offs.end());
        counts.push_back(b.local(any_bool(), offs));
        break;
      }
      case 10: { const node_id x = any_count(), y = any_count(); counts.push_back(b.plus(x, y)); break; }
      case 11: { const node_id x = any_count(), y = any_count(); counts.push_back(b.minus(x, y)); break; }
      case 12: {
        std::int64_t k = static_cast<std::int64_t>(pick(7)) - 3;
        if (allow_overflow && pick(3) != 0) {
          const std::int64_t sign = pick(2) == 1 ? 1 : -1;
          k = sign * (std::int64_t{1} << (40 + pick(23)));
        }
        counts.push_back(b.scale(k, any_count()));
        break;
      }
      case 13: { const node_id x = any_count(), y = any_count(); counts.push_back(b.min(x, y)); break; }
      case 14: { const node_id x = any_count(), y = any_count(); counts.push_back(b.max(x, y)); break; }
      case 15: {
        const node_id c = any_bool();
        const node_id x = any_count(), y = any_count();
        counts.push_back(b.select(c, x, y));
        break;
      }
    }
  }

  crasp::ir::program make(std::size_t size, bool allow_overflow) {
    bools.push_back(b.tok("a"));
    bools.push_back(b.boolean(pick(2) == 1));
    counts.push_back(b.num(static_cast<std::int64_t>(pick(5)) - 2));
    counts.push_back(b.count(b.tok("b")));
    while (b.program().nodes.size() < size) node(allow_overflow);
    b.stmt("OUT", b.program().nodes.size() - 1);
    for (const char* t : {"a", "b", "c"}) b.next(t, any_bool());
    return b.program();
  }
};

// Returns true when the input overflowed (and the evaluator said so).
bool cross_check(std::uint64_t seed, bool allow_overflow) {
  std::mt19937_64 rng(seed);
  random_program gen{rng};
  const crasp::ir::program p = gen.make(4 + gen.pick(40), allow_overflow);
  const std::size_t n = 1 + gen.pick(gen.pick(4) == 0 ? 200 : 20);
  std::vector<std::uint32_t> toks(n);
  for (auto& t : toks) t = gen.pick(5) == 0 ? crasp::other_token : static_cast<std::uint32_t>(gen.pick(3));
  const auto want = reference(p, toks);

  // First position where some node leaves int64, if any.
  std::size_t overflow_at = n;
  for (std::size_t i = 0; i < n && overflow_at == n; ++i) {
    for (const auto& row : want) {
      if (row[i] > std::numeric_limits<std::int64_t>::max() ||
          row[i] < std::numeric_limits<std::int64_t>::min()) {
        overflow_at = i;
        break;
      }
    }
  }

  INFO("seed " << seed << ", " << p.nodes.size() << " nodes, " << n << " positions");
  crasp::diagnostics diags;
  crasp::evaluator ev(p);
  for (std::size_t i = 0; i < n; ++i) {
    const bool ok = ev.push(toks[i], diags);
    REQUIRE(ok == (i < overflow_at));
    if (!ok) {
      CHECK(diags.items().front().message.find(
                "at position " + std::to_string(i + 1)) != std::string::npos);
      break;
    }
    std::vector<std::uint32_t> next;
    for (const auto& rule : p.next) {
      if (want[rule.value][i] != 0) next.push_back(rule.token);
    }
    std::sort(next.begin(), next.end());
    next.erase(std::unique(next.begin(), next.end()), next.end());
    REQUIRE(ev.next_tokens() == next);
  }
  // value() reads the compact history back at every position.
  for (std::size_t id = 0; id < p.nodes.size(); ++id) {
    for (std::size_t i = 0; i < ev.length(); ++i) {
      INFO("node " << id << " position " << i);
      REQUIRE(wide{ev.value(static_cast<node_id>(id), i)} == want[id][i]);
    }
  }
  return overflow_at < n;
}

}  // namespace

TEST_CASE("evaluator agrees with a quadratic reference on random programs") {
  for (std::uint64_t seed = 1; seed <= 1500; ++seed) CHECK_FALSE(cross_check(seed, false));
}

TEST_CASE("overflow is detected exactly where the reference leaves int64") {
  int overflows = 0;
  for (std::uint64_t seed = 10001; seed <= 11500; ++seed) overflows += cross_check(seed, true);
  CHECK(overflows >= 50);  // the generator does reach the interesting case
}
