// The closure property of pull_back, checked by running both programs: for every statement S of
// the target P (and every next rule), P'(w) at its last position equals P at the last position of
// before + h(w) + after. Shared by the bundled-program and the random-program tests.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "crasp/interpret.hpp"
#include "crasp/reduction.hpp"

namespace pullback_check {

/// A random uniform map over `symbols` into tokens the target reads, with a random frame.
inline crasp::word_map random_map(const crasp::ir::program& p, std::size_t symbols, std::size_t m,
                                  std::size_t before, std::size_t after, std::mt19937_64& rng) {
  std::vector<std::string> pool = p.vocabulary;
  if (!p.closed_vocabulary) pool.push_back("unnamed_token");  // reads as "no token test holds"
  std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
  crasp::word_map h;
  for (std::size_t s = 0; s < symbols; ++s) {
    h.symbols.push_back("s" + std::to_string(s));
    h.words.emplace_back();
    for (std::size_t k = 0; k < m; ++k) h.words.back().push_back(pool[pick(rng)]);
  }
  for (std::size_t k = 0; k < before; ++k) h.before.push_back(pool[pick(rng)]);
  for (std::size_t k = 0; k < after; ++k) h.after.push_back(pool[pick(rng)]);
  return h;
}

/// Outcome of one comparison run.
struct result {
  std::size_t compared = 0;    ///< (word, statement) pairs compared
  std::string mismatch;        ///< the first disagreement, empty when none
};

/// Every word over h.symbols up to `exhaustive` symbols, then `random` words of `long_length`.
inline result compare(const crasp::ir::program& p, const crasp::ir::program& pulled,
                      const crasp::word_map& h, std::size_t exhaustive, std::size_t random,
                      std::size_t long_length, std::mt19937_64& rng) {
  std::vector<std::vector<std::string>> words, layer{{}};
  for (std::size_t len = 1; len <= exhaustive; ++len) {
    std::vector<std::vector<std::string>> next;
    for (const auto& w : layer)
      for (const auto& s : h.symbols) {
        next.push_back(w);
        next.back().push_back(s);
      }
    words.insert(words.end(), next.begin(), next.end());
    layer = std::move(next);
  }
  std::uniform_int_distribution<std::size_t> pick(0, h.symbols.size() - 1);
  for (std::size_t k = 0; k < random; ++k) {
    words.emplace_back();
    for (std::size_t i = 0; i < long_length; ++i) words.back().push_back(h.symbols[pick(rng)]);
  }
  result r;
  crasp::evaluator ev_p(p), ev_q(pulled);
  const std::size_t outs = p.next.size() + p.statements.size();
  const std::size_t first = pulled.statements.size() - outs;
  for (const auto& w : words) {
    crasp::diagnostics d;
    const auto image = h.apply(w);
    const auto ip = crasp::encode(p, *image, "image", d);
    const auto iq = crasp::encode(pulled, w, "word", d);
    ev_p.reset();
    ev_q.reset();
    if (!ip || !iq) {
      r.mismatch = "cannot encode: " + crasp::render(d);
      return r;
    }
    if (!ev_p.append(*ip, d) || !ev_q.append(*iq, d)) continue;  // overflow: nothing to compare
    for (std::size_t k = 0; k < outs; ++k) {
      const auto node = k < p.next.size() ? p.next[k].value : p.statements[k - p.next.size()].value;
      const auto want = ev_p.last(node);
      const auto got = ev_q.last(pulled.statements[first + k].value);
      ++r.compared;
      if (want != got) {
        std::string text;
        for (const auto& x : *image) text += x + " ";
        r.mismatch = "statement " + pulled.statements[first + k].name + " on h(w) = " + text +
                     ": target " + std::to_string(want) + ", pulled back " + std::to_string(got);
        return r;
      }
    }
  }
  return r;
}

}  // namespace pullback_check
