// The batch evaluator: append() evaluates many positions node by node (node-major) in chunks of
// 2048 positions, so that Booleans are computed 64 positions per machine word, unguarded counts
// from popcounts, guarded counts over runs of consecutive offsets as sliding differences (O(1)
// per position and run, not per offset), and comparisons of a count with a constant a word at a
// time from the count's checkpoint. It writes exactly the history push() writes, so value(),
// last() and later push() calls cannot tell the two apart; on overflow it rewinds the chunk and
// replays it with push(), which reports the first overflow exactly as an incremental run does.
#include <algorithm>
#include <bit>
#include <functional>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "crasp/interpret.hpp"
#include "interpret/eval_state.hpp"

namespace crasp {

using detail::instr;
using detail::opcode;
using detail::storage;

namespace {

constexpr std::size_t chunk_words = 32;
constexpr std::size_t chunk_positions = chunk_words * 64;

// One chunk of positions [p0, p0 + len), p0 a multiple of 64.
class chunk {
 public:
  chunk(detail::eval_state& s, std::vector<std::int64_t>& scratch, std::size_t stride,
        std::vector<std::uint64_t>& token_words, std::vector<std::vector<std::uint32_t>>& keys,
        std::size_t p0, std::size_t len)
      : s_(s), scratch_(scratch), stride_(stride), token_words_(token_words), keys_(keys),
        p0_(p0), len_(len),
        w0_(p0 / 64), words_((len + 63) / 64) {
    last_mask_ = detail::upto(static_cast<unsigned>((len - 1) & 63));
  }

  // Evaluates every node; false if integer arithmetic overflowed somewhere in the chunk.
  bool run(const std::uint32_t* tokens) {
    fill_tokens(tokens);
    tokens_ = tokens;
    for (auto& k : keys_) k.clear();
    for (const std::uint32_t id : s_.active) {
      const instr& in = s_.code[id];
      if (in.store == storage::bits || in.code == opcode::prefix_count) {
        if (!boolean_or_prefix(id, in)) return false;
        if (in.key) list_keys(id, in);
      } else if (!count(id, in)) {
        return false;
      }
    }
    return true;
  }

 private:
  std::uint64_t& word(const instr& in, std::size_t w) { return s_.bits[(w0_ + w) * s_.n_bits + in.slot]; }
  // Word `w` of the chunk for a Boolean operand, constants included.
  std::uint64_t operand_word(std::uint32_t id, std::size_t w) {
    const instr& in = s_.code[id];
    if (in.store == storage::constant) return in.k != 0 ? ~std::uint64_t{0} : 0;
    return s_.bits[(w0_ + w) * s_.n_bits + in.slot];
  }
  // Absolute word `aw` of a Boolean operand's whole history (0 before the first position).
  std::uint64_t history_word(std::uint32_t id, std::int64_t aw) {
    if (aw < 0) return 0;
    const instr& in = s_.code[id];
    if (in.store == storage::constant) return in.k != 0 ? ~std::uint64_t{0} : 0;
    return s_.bits[static_cast<std::size_t>(aw) * s_.n_bits + in.slot];
  }
  // The body's bits at positions p - d for the 64 positions p of chunk word `w` (0 where p < d).
  std::uint64_t shifted_word(std::uint32_t body, std::size_t w, std::uint32_t d) {
    const std::int64_t aw = static_cast<std::int64_t>(w0_ + w) - d / 64;
    const unsigned r = d % 64;
    std::uint64_t out = history_word(body, aw) << r;
    if (r != 0) out |= history_word(body, aw - 1) >> (64 - r);
    return out;
  }
  std::uint64_t mask(std::size_t w) const { return w + 1 == words_ ? last_mask_ : ~std::uint64_t{0}; }
  std::int64_t* column(std::uint32_t id) {
    return scratch_.data() + static_cast<std::size_t>(s_.column[id]) * stride_;
  }

  // Fills the words of every token test. With few tests, the chunk's tokens are first mapped to
  // one byte each (the test's rank) and each test's words are built 16 positions per SSE2
  // comparison; with many, each position sets its bit through a buffer with one discarded row
  // for tokens no test names. Both avoid a branch per position.
  void fill_tokens(const std::uint32_t* tokens) {
    const auto past = static_cast<std::uint32_t>(s_.token_rank.size() - 1);
    const auto none = static_cast<std::uint32_t>(s_.rank_slot.size());
    const std::uint32_t* rank_table = s_.token_rank.data();
    const auto rank_of = [&](std::uint32_t t) { return rank_table[std::min(t, past)]; };
#if defined(__SSE2__)
    if (none <= 16) {
      alignas(16) std::uint8_t rank[chunk_positions];
      for (std::size_t q = 0; q < len_; ++q) rank[q] = static_cast<std::uint8_t>(rank_of(tokens[q]));
      std::fill(rank + len_, rank + 64 * words_, static_cast<std::uint8_t>(none));
      for (std::uint32_t r = 0; r < none; ++r) {
        const __m128i want = _mm_set1_epi8(static_cast<char>(r));
        for (std::size_t w = 0; w < words_; ++w) {
          std::uint64_t bits = 0;
          for (unsigned k = 0; k < 4; ++k) {
            const __m128i v = _mm_load_si128(reinterpret_cast<const __m128i*>(rank + 64 * w + 16 * k));
            const auto m = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, want)));
            bits |= static_cast<std::uint64_t>(m) << (16 * k);
          }
          s_.bits[(w0_ + w) * s_.n_bits + s_.rank_slot[r]] = bits;
        }
      }
      return;
    }
#endif
    token_words_.assign((none + 1) * chunk_words, 0);
    const auto set = [&](std::size_t w, std::size_t j) {
      token_words_[rank_of(tokens[64 * w + j]) * chunk_words + w] |= std::uint64_t{1} << j;
    };
    // Bit j of every full word before bit j + 1: consecutive updates go to different words, so
    // they do not wait on each other's stores (position order chains them through memory).
    const std::size_t full = len_ / 64;
    for (std::size_t j = 0; j < 64; ++j) {
      for (std::size_t w = 0; w < full; ++w) set(w, j);
    }
    for (std::size_t j = 0; j < len_ % 64; ++j) set(full, j);
    for (std::uint32_t r = 0; r < none; ++r) {
      for (std::size_t w = 0; w < words_; ++w) {
        s_.bits[(w0_ + w) * s_.n_bits + s_.rank_slot[r]] = token_words_[r * chunk_words + w];
      }
    }
  }

  // Records, per position of the chunk, the flagged key conjuncts that hold there.
  void list_keys(std::uint32_t id, const instr& in) {
    for (std::size_t w = 0; w < words_; ++w) {
      for (std::uint64_t b = word(in, w); b != 0; b &= b - 1) {
        keys_[64 * w + static_cast<std::size_t>(std::countr_zero(b))].push_back(id);
      }
    }
  }

  // A matching family's root, position by position: its counters carry over between chunks.
  void family(const instr& in) {
    const detail::family_plan& f = s_.families[in.aux];
    for (std::size_t w = 0; w < words_; ++w) {
      std::uint64_t out = 0;
      const std::size_t end = std::min<std::size_t>(64, len_ - 64 * w);
      for (std::size_t j = 0; j < end; ++j) {
        const std::size_t q = 64 * w + j;
        const auto& k = keys_[q];
        out |= static_cast<std::uint64_t>(
                   detail::family_step(s_, f, p0_ + q, tokens_[q], k.data(), k.size()))
               << j;
      }
      word(in, w) = out;
    }
  }

  bool boolean_or_prefix(std::uint32_t id, const instr& in) {
    switch (in.code) {
      case opcode::token: {
        // fill_tokens() filled one test per token; a repeated test (IR need not be
        // hash-consed) copies it.
        const std::uint32_t filled = s_.rank_slot[s_.token_rank[static_cast<std::size_t>(in.k)]];
        if (filled == in.slot) return true;
        for (std::size_t w = 0; w < words_; ++w) word(in, w) = s_.bits[(w0_ + w) * s_.n_bits + filled];
        return true;
      }
      case opcode::constant: return true;
      case opcode::not_:
        for (std::size_t w = 0; w < words_; ++w) word(in, w) = ~operand_word(in.a, w) & mask(w);
        return true;
      case opcode::and_:
        for (std::size_t w = 0; w < words_; ++w) word(in, w) = operand_word(in.a, w) & operand_word(in.b, w) & mask(w);
        return true;
      case opcode::or_:
        for (std::size_t w = 0; w < words_; ++w) word(in, w) = (operand_word(in.a, w) | operand_word(in.b, w)) & mask(w);
        return true;
      case opcode::periodic: {
        const std::uint64_t* pattern = s_.patterns.data() + s_.pattern_at[id];
        for (std::size_t w = 0; w < words_; ++w) word(in, w) = pattern[(p0_ + 64 * w) % in.len] & mask(w);
        return true;
      }
      case opcode::prefix_count: prefix_count(id, in); return true;
      case opcode::family: family(in); return true;
      default: compare_words(id, in); return true;
    }
  }

  void prefix_count(std::uint32_t id, const instr& in) {
    if (in.store == storage::positions) {
      if (s_.column[id] < 0) return;
      std::int64_t* v = column(id);
      for (std::size_t q = 0; q < len_; ++q) v[q] = in.k * static_cast<std::int64_t>(p0_ + q + 1);
      return;
    }
    std::int64_t running = s_.running[in.slot];
    std::int64_t* v = s_.column[id] >= 0 ? column(id) : nullptr;
    for (std::size_t w = 0; w < words_; ++w) {
      s_.checkpoints[(w0_ + w) * s_.n_prefix + in.slot] = running;
      const std::uint64_t body = operand_word(in.a, w);
      if (v == nullptr) {
        running += std::popcount(body);
        continue;
      }
      const std::size_t end = std::min<std::size_t>(64, len_ - 64 * w);
      for (std::size_t j = 0; j < end; ++j) v[64 * w + j] = (running += (body >> j) & 1);
    }
    s_.running[in.slot] = running;
  }

  void compare_words(std::uint32_t id, const instr& in) {
    if (s_.fast[id] == detail::fast_prefix) return compare_prefix(in);
    if (s_.fast[id] == detail::fast_shifted) return compare_shifted(in);
    const std::int64_t* a = column(in.a);
    const std::int64_t* b = column(in.b);
    // One loop per operator, so the comparison is not re-dispatched at every position.
    const auto fill = [&](auto op) {
      for (std::size_t w = 0; w < words_; ++w) {
        const std::size_t end = std::min<std::size_t>(64, len_ - 64 * w);
        const std::int64_t* x = a + 64 * w;
        const std::int64_t* y = b + 64 * w;
        std::uint64_t out = 0;
        for (std::size_t j = 0; j < end; ++j) out |= static_cast<std::uint64_t>(op(x[j], y[j])) << j;
        word(in, w) = out;
      }
    };
    switch (in.code) {
      case opcode::lt: fill(std::less<>{}); break;
      case opcode::le: fill(std::less_equal<>{}); break;
      case opcode::eq: fill(std::equal_to<>{}); break;
      case opcode::ne: fill(std::not_equal_to<>{}); break;
      case opcode::ge: fill(std::greater_equal<>{}); break;
      default: fill(std::greater<>{}); break;
    }
  }

  // count op constant for an unguarded count: the count rises from its checkpoint by the
  // popcount of the body word, so most words are all-true or all-false.
  void compare_prefix(const instr& in) {
    const instr& cnt = s_.code[in.a];
    const std::int64_t c = s_.code[in.b].k;
    const bool monotone = in.code != opcode::eq && in.code != opcode::ne;
    for (std::size_t w = 0; w < words_; ++w) {
      const std::int64_t base = s_.checkpoints[(w0_ + w) * s_.n_prefix + cnt.slot];
      const std::uint64_t body = operand_word(cnt.a, w);
      const std::int64_t top = base + std::popcount(body);
      const bool lo = compare(in.code, base, c);
      const bool uniform = monotone ? lo == compare(in.code, top, c) : (c < base || c > top);
      if (uniform) {
        word(in, w) = lo ? mask(w) : 0;
        continue;
      }
      std::int64_t v = base;
      std::uint64_t out = 0;
      const std::size_t end = std::min<std::size_t>(64, len_ - 64 * w);
      for (std::size_t j = 0; j < end; ++j) {
        v += (body >> j) & 1;
        out |= static_cast<std::uint64_t>(compare(in.code, v, c)) << j;
      }
      word(in, w) = out;
    }
  }

  // count op constant for a one-offset guarded count, whose value is the body at i - d (0 or 1).
  void compare_shifted(const instr& in) {
    const instr& cnt = s_.code[in.a];
    const std::uint32_t d = s_.offsets[cnt.aux];
    const std::uint64_t when0 = compare(in.code, 0, s_.code[in.b].k) ? ~std::uint64_t{0} : 0;
    const std::uint64_t when1 = compare(in.code, 1, s_.code[in.b].k) ? ~std::uint64_t{0} : 0;
    for (std::size_t w = 0; w < words_; ++w) {
      const std::uint64_t shifted = shifted_word(cnt.a, w, d);
      word(in, w) = ((when1 & shifted) | (when0 & ~shifted)) & mask(w);
    }
  }

  // Body of a guarded count at absolute position x (0 before the first position).
  std::int64_t body_at(const instr& body, std::int64_t x) const {
    if (x < 0) return 0;
    if (body.store == storage::constant) return body.k;
    const auto p = static_cast<std::size_t>(x);
    return static_cast<std::int64_t>((s_.bits[(p >> 6) * s_.n_bits + body.slot] >> (p & 63)) & 1);
  }

  // Fills the column of a guarded count: per run [lo, hi] of consecutive offsets, the number of
  // true body positions in [i - hi, i - lo], slid one position at a time: position i gains the
  // body at i - lo and loses the body at i - hi - 1, read 64 at a time as shifted words.
  void window(std::uint32_t id, const instr& in, std::int64_t* v) {
    const bool single = s_.run_count[id] == 1;  // then write the sums instead of adding them
    if (!single) std::fill(v, v + len_, 0);
    const instr& body = s_.code[in.a];
    const auto first = static_cast<std::int64_t>(p0_);
    for (std::uint32_t r = 0; r < s_.run_count[id]; ++r) {
      const std::uint32_t lo = s_.runs[2 * (s_.run_at[id] + r)];
      const std::uint32_t hi = s_.runs[2 * (s_.run_at[id] + r) + 1];
      // The sum just before the chunk's first position, over [p0 - 1 - hi, p0 - 1 - lo].
      std::int64_t sum = 0;
      for (std::int64_t d = lo; d <= hi; ++d) sum += body_at(body, first - 1 - d);
      for (std::size_t w = 0; w < words_; ++w) {
        const std::uint64_t gain = shifted_word(in.a, w, lo);
        const std::uint64_t lose = shifted_word(in.a, w, hi + 1);
        const std::size_t end = std::min<std::size_t>(64, len_ - 64 * w);
        std::int64_t* out = v + 64 * w;
        for (std::size_t j = 0; j < end; ++j) {
          sum += static_cast<std::int64_t>((gain >> j) & 1) - static_cast<std::int64_t>((lose >> j) & 1);
          if (single) {
            out[j] = sum;
          } else {
            out[j] += sum;
          }
        }
      }
    }
  }

  bool count(std::uint32_t id, const instr& in) {
    if (s_.column[id] < 0) return true;  // read only through a word shortcut (or never)
    std::int64_t* v = column(id);
    const std::size_t n = len_;
    bool overflow = false;
    switch (in.code) {
      case opcode::constant: std::fill(v, v + n, in.k); break;
      case opcode::window_count: window(id, in, v); break;
      case opcode::add: {
        const std::int64_t *a = column(in.a), *b = column(in.b);
        for (std::size_t q = 0; q < n; ++q) overflow |= __builtin_add_overflow(a[q], b[q], &v[q]);
        break;
      }
      case opcode::sub: {
        const std::int64_t *a = column(in.a), *b = column(in.b);
        for (std::size_t q = 0; q < n; ++q) overflow |= __builtin_sub_overflow(a[q], b[q], &v[q]);
        break;
      }
      case opcode::scale: {
        // k * a overflows nowhere in the chunk if it fits at a's extremes; then the products
        // need no per-position check.
        const std::int64_t* a = column(in.a);
        const auto [lo, hi] = std::minmax_element(a, a + n);
        std::int64_t ignored = 0;
        if (!__builtin_mul_overflow(in.k, *lo, &ignored) && !__builtin_mul_overflow(in.k, *hi, &ignored)) {
          for (std::size_t q = 0; q < n; ++q) v[q] = in.k * a[q];
        } else {
          for (std::size_t q = 0; q < n; ++q) overflow |= __builtin_mul_overflow(in.k, a[q], &v[q]);
        }
        break;
      }
      case opcode::min_: {
        const std::int64_t *a = column(in.a), *b = column(in.b);
        for (std::size_t q = 0; q < n; ++q) v[q] = std::min(a[q], b[q]);
        break;
      }
      case opcode::max_: {
        const std::int64_t *a = column(in.a), *b = column(in.b);
        for (std::size_t q = 0; q < n; ++q) v[q] = std::max(a[q], b[q]);
        break;
      }
      case opcode::select: {
        const std::int64_t *a = column(in.b), *b = column(in.c);
        for (std::size_t q = 0; q < n; ++q) {
          v[q] = (operand_word(in.a, q / 64) >> (q & 63)) & 1 ? a[q] : b[q];
        }
        break;
      }
      default: break;
    }
    if (overflow) return false;
    if (in.store == storage::narrow) {
      std::uint8_t* out = s_.narrow.data() + p0_ * s_.n_narrow + in.slot;
      for (std::size_t q = 0; q < n; ++q) out[q * s_.n_narrow] = static_cast<std::uint8_t>(v[q]);
    } else if (in.store == storage::wide) {
      std::int64_t* out = s_.wide.data() + p0_ * s_.n_wide + in.slot;
      for (std::size_t q = 0; q < n; ++q) out[q * s_.n_wide] = v[q];
    }
    return true;
  }

  detail::eval_state& s_;
  std::vector<std::int64_t>& scratch_;
  std::size_t stride_;  // positions per column of scratch_
  std::vector<std::uint64_t>& token_words_;
  std::vector<std::vector<std::uint32_t>>& keys_;  // per chunk position: true key conjuncts
  const std::uint32_t* tokens_ = nullptr;
  std::size_t p0_, len_, w0_, words_;
  std::uint64_t last_mask_;
};

}  // namespace

bool evaluator::append(std::span<const std::uint32_t> tokens, diagnostics& diags) {
  auto& s = *state_;
  std::size_t k = 0;
  // Positions up to the next multiple of 64 (and any call on a failed evaluator, which push()
  // reports) go through push(), so that chunks start on a history word.
  for (; k < tokens.size() && (length_ % 64 != 0 || !s.internal_error.empty() || s.failed); ++k) {
    if (!push(tokens[k], diags)) return false;
  }
  if (k == tokens.size()) return true;
  if (!s.planned) detail::plan_batch(s);
  // Columns as long as the longest chunk of this call: a short input with thousands of
  // materialized counts (UF over 150 symbols) must not zero-fill 2048 positions for each.
  const std::size_t stride = std::min(chunk_positions, tokens.size() - k);
  std::vector<std::int64_t> scratch(s.n_columns * stride);
  std::vector<std::uint64_t> token_words;
  std::vector<std::vector<std::uint32_t>> keys(s.families.empty() ? 0 : stride);
  while (k < tokens.size()) {
    const std::size_t len = std::min(chunk_positions, tokens.size() - k);
    const std::size_t p0 = length_;
    const std::size_t words = (len + 63) / 64;
    const std::vector<std::int64_t> running = s.running;
    const std::vector<std::int64_t> family_counts = s.family_counts;
    // Not zero-filled: the chunk writes every word of every column it grows.
    s.bits.resize((p0 / 64 + words) * s.n_bits);
    s.checkpoints.resize((p0 / 64 + words) * s.n_prefix);
    s.narrow.resize((p0 + len) * s.n_narrow);
    s.wide.resize((p0 + len) * s.n_wide);
    if (!chunk(s, scratch, stride, token_words, keys, p0, len).run(tokens.data() + k)) {
      // Rewind to the chunk's start and replay it incrementally: push() names the statement and
      // the first position that overflows, as it would have without append().
      s.bits.resize(p0 / 64 * s.n_bits);
      s.checkpoints.resize(p0 / 64 * s.n_prefix);
      s.narrow.resize(p0 * s.n_narrow);
      s.wide.resize(p0 * s.n_wide);
      s.running = running;
      s.family_counts = family_counts;
      for (std::size_t q = 0; q < len; ++q) {
        if (!push(tokens[k + q], diags)) return false;
      }
      diags.error(s.origin, "internal error: batch evaluation overflowed where push() did not");
      s.failed = true;
      return false;
    }
    length_ = p0 + len;
    k += len;
  }
  // push() keeps every node's value at the last position in `cur`; last() and next_tokens() read it.
  for (const std::uint32_t id : s.active) s.cur[id] = detail::stored_value(s, id, length_ - 1);
  return true;
}

}  // namespace crasp
