// Running, pruning and minimizing DFAs (see dfa.hpp). Minimization is Hopcroft's partition
// refinement, so the 100,000-state automata a DFA text may describe stay cheap; the canonical
// breadth-first numbering afterwards is what turns language equality into table equality.
#include "regular/dfa.hpp"

#include <algorithm>
#include <unordered_map>

namespace crasp::regular {
namespace {

constexpr std::uint32_t none = UINT32_MAX;

// Hopcroft's refinement over states 0..m-1 with transitions tr[q * k + c]; returns the block of
// every state. Blocks are contiguous ranges of `elems`; the marked part of a block is its front.
std::vector<std::uint32_t> coarsest_partition(const std::vector<std::uint32_t>& tr,
                                              const std::vector<bool>& acc, std::size_t k) {
  const std::size_t m = acc.size();
  std::vector<std::uint32_t> elems, pos(m), block_of(m), first, end, marked;
  for (int pass = 0; pass < 2; ++pass) {
    const auto begin = static_cast<std::uint32_t>(elems.size());
    for (std::uint32_t q = 0; q < m; ++q)
      if (acc[q] == (pass == 1)) {
        pos[q] = static_cast<std::uint32_t>(elems.size());
        block_of[q] = static_cast<std::uint32_t>(first.size());
        elems.push_back(q);
      }
    if (elems.size() == begin) continue;
    first.push_back(begin);
    end.push_back(static_cast<std::uint32_t>(elems.size()));
    marked.push_back(begin);
  }
  if (first.size() < 2) return block_of;  // one acceptance value: all states are equivalent

  // Predecessors per symbol, as offsets into one array: preds of t on c are
  // pred[off[c * (m + 1) + t] .. off[c * (m + 1) + t + 1]).
  std::vector<std::uint32_t> off(k * (m + 1) + 1, 0), pred(m * k);
  for (std::size_t q = 0; q < m; ++q)
    for (std::size_t c = 0; c < k; ++c) ++off[c * (m + 1) + tr[q * k + c] + 1];
  for (std::size_t i = 1; i < off.size(); ++i) off[i] += off[i - 1];
  {
    std::vector<std::uint32_t> fill(off.begin(), off.end() - 1);
    for (std::size_t q = 0; q < m; ++q)
      for (std::size_t c = 0; c < k; ++c)
        pred[fill[c * (m + 1) + tr[q * k + c]]++] = static_cast<std::uint32_t>(q);
  }

  // The smaller initial block suffices as the first splitter; afterwards every split pushes its
  // smaller half, which is what bounds the work by O(k m log m).
  std::vector<std::uint32_t> work{end[0] - first[0] <= end[1] - first[1] ? 0u : 1u};
  std::vector<std::uint32_t> splitter, touched;
  while (!work.empty()) {
    const std::uint32_t a = work.back();
    work.pop_back();
    splitter.assign(elems.begin() + first[a], elems.begin() + end[a]);
    for (std::size_t c = 0; c < k; ++c) {
      touched.clear();
      for (const std::uint32_t t : splitter)
        for (std::uint32_t i = off[c * (m + 1) + t]; i < off[c * (m + 1) + t + 1]; ++i) {
          const std::uint32_t p = pred[i], b = block_of[p];
          if (pos[p] < marked[b]) continue;
          const std::uint32_t other = elems[marked[b]];
          std::swap(elems[pos[p]], elems[marked[b]]);
          pos[other] = pos[p];
          pos[p] = marked[b]++;
          if (marked[b] - first[b] == 1) touched.push_back(b);
        }
      for (const std::uint32_t b : touched) {
        if (marked[b] == end[b]) {
          marked[b] = first[b];
          continue;
        }
        const auto nb = static_cast<std::uint32_t>(first.size());
        if (marked[b] - first[b] <= end[b] - marked[b]) {
          first.push_back(first[b]);
          end.push_back(marked[b]);
          first[b] = marked[b];
        } else {
          first.push_back(marked[b]);
          end.push_back(end[b]);
          end[b] = marked[b];
        }
        marked[b] = first[b];
        marked.push_back(first[nb]);
        for (std::uint32_t i = first[nb]; i < end[nb]; ++i) block_of[elems[i]] = nb;
        // nb is the smaller half: whether or not b still waits to split, adding nb is enough.
        work.push_back(nb);
      }
    }
  }
  return block_of;
}

}  // namespace

bool dfa::valid() const {
  if (delta.empty() || accepting.size() != delta.size() || start >= delta.size()) return false;
  for (const auto& row : delta) {
    if (row.size() != alphabet.size()) return false;
    for (const std::uint32_t t : row)
      if (t >= delta.size()) return false;
  }
  std::vector<std::string_view> names(alphabet.begin(), alphabet.end());
  std::sort(names.begin(), names.end());
  return std::adjacent_find(names.begin(), names.end()) == names.end();
}

std::optional<std::uint32_t> dfa::symbol(std::string_view name) const {
  for (std::size_t i = 0; i < alphabet.size(); ++i)
    if (alphabet[i] == name) return static_cast<std::uint32_t>(i);
  return std::nullopt;
}

std::optional<std::uint32_t> dfa::run(const std::vector<std::string>& word) const {
  // A linear symbol lookup per token is fine for small alphabets; large ones get a table.
  std::unordered_map<std::string_view, std::uint32_t> index;
  if (alphabet.size() > 16)
    for (std::size_t i = 0; i < alphabet.size(); ++i)
      index.emplace(alphabet[i], static_cast<std::uint32_t>(i));
  std::uint32_t q = start;
  for (const auto& token : word) {
    std::optional<std::uint32_t> s;
    if (index.empty()) {
      s = symbol(token);
    } else if (const auto it = index.find(token); it != index.end()) {
      s = it->second;
    }
    if (!s) return std::nullopt;
    q = delta[q][*s];
  }
  return q;
}

bool dfa::accepts(const std::vector<std::string>& word) const {
  const auto q = run(word);
  return q && accepting[*q];
}

std::vector<bool> dfa::live() const {
  const std::size_t n = states();
  std::vector<std::vector<std::uint32_t>> preds(n);
  for (std::size_t q = 0; q < n; ++q)
    for (const std::uint32_t t : delta[q]) preds[t].push_back(static_cast<std::uint32_t>(q));
  std::vector<bool> live(n, false);
  std::vector<std::uint32_t> stack;
  for (std::uint32_t q = 0; q < n; ++q)
    if (accepting[q]) {
      live[q] = true;
      stack.push_back(q);
    }
  while (!stack.empty()) {
    const std::uint32_t t = stack.back();
    stack.pop_back();
    for (const std::uint32_t p : preds[t])
      if (!live[p]) {
        live[p] = true;
        stack.push_back(p);
      }
  }
  return live;
}

dfa minimize(const dfa& d) {
  const std::size_t k = d.alphabet.size();
  if (d.states() == 0) return {d.alphabet, {std::vector<std::uint32_t>(k, 0)}, {false}, 0};

  // Reachable states, densely renumbered in breadth-first order from the start.
  std::vector<std::uint32_t> id(d.states(), none), order{d.start};
  id[d.start] = 0;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (const std::uint32_t t : d.delta[order[i]])
      if (id[t] == none) {
        id[t] = static_cast<std::uint32_t>(order.size());
        order.push_back(t);
      }
  const std::size_t m = order.size();
  std::vector<std::uint32_t> tr(m * k);
  std::vector<bool> acc(m);
  for (std::size_t i = 0; i < m; ++i) {
    acc[i] = d.accepting[order[i]];
    for (std::size_t c = 0; c < k; ++c) tr[i * k + c] = id[d.delta[order[i]][c]];
  }

  const auto block_of = coarsest_partition(tr, acc, k);

  // Quotient, numbered by a breadth-first walk over blocks from the start's block.
  std::vector<std::uint32_t> rep;  // rep[new number] = a dense state of that block
  std::vector<std::uint32_t> number(m, none);
  number[block_of[0]] = 0;
  rep.push_back(0);
  dfa out;
  out.alphabet = d.alphabet;
  for (std::size_t i = 0; i < rep.size(); ++i) {
    std::vector<std::uint32_t> row(k);
    for (std::size_t c = 0; c < k; ++c) {
      const std::uint32_t b = block_of[tr[rep[i] * k + c]];
      if (number[b] == none) {
        number[b] = static_cast<std::uint32_t>(rep.size());
        rep.push_back(tr[rep[i] * k + c]);
      }
      row[c] = number[b];
    }
    out.delta.push_back(std::move(row));
    out.accepting.push_back(acc[rep[i]]);
  }
  return out;
}

dfa complement(const dfa& d) {
  dfa out = d;
  out.accepting.flip();
  return out;
}

}  // namespace crasp::regular
