// Balanced labellings of one strongly connected component of a minimal DFA: the rounds of Yang
// et al.'s decomposition (2026, arXiv 2608.13433), computed as potentials rather than by
// enumerating cycles.
//
// A weighting of edge labels is balanced on a component when every cycle inside it sums to
// zero; exactly then the states carry a potential with weight(edge) = potential(target) -
// potential(source) on every edge inside the component. A C-RASP program can compute such a
// potential at every position as a linear combination of counts of labels (the component's
// entry fixes the constant). Round k labels every edge by its symbol and the potentials of
// rounds 1..k-1 at its target (for an edge leaving the component: the value it would carry,
// its source's potential plus its label's weight); round k's balanced weightings are over
// those labels, and the rounds stop when neither the labels nor the states' classes (their
// potentials so far) get finer.
//
// The potentials come from a spanning tree: along it a state's potential is the sum of the
// labels' weights on its tree path, and each edge off the tree gives one linear equation in
// the weights (nullspace.hpp), at most |edges| - |states| + 1 equations in |labels| unknowns per
// round, instead of one per simple cycle.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "regular/dfa.hpp"
#include "regular/nullspace.hpp"

namespace crasp::regular {

/// An edge out of a component's state: inside the component, or leaving it.
struct component_edge {
  std::uint32_t from = 0, symbol = 0, to = 0;
  bool inside = false;
};

/// One round of balanced labellings.
struct balance_round {
  /// label[e]: the label of edges[e] this round's weights are over (0-based ids; labels of
  /// edges inside the component come first, then those only edges leaving it carry).
  std::vector<std::uint32_t> label;
  std::size_t labels = 0;         ///< distinct labels
  std::size_t inside_labels = 0;  ///< of which some edge inside the component carries
  /// A basis of the balanced weightings: weight[b][l] for the inside labels (integers, coprime).
  std::vector<std::vector<integer>> weight;
  /// potential[b][i]: the potential of states[i] under weighting b (the first state at 0).
  std::vector<std::vector<integer>> potential;
  /// cls[i]: the class of states[i] after this round (equal potentials in every round so far).
  std::vector<std::uint32_t> cls;
  std::size_t classes = 0;
};

/// The rounds of one component, and what they leave apart.
struct component_balance {
  std::vector<std::uint32_t> states;  ///< ascending
  std::vector<component_edge> edges;  ///< every edge out of these states, by state then symbol
  std::vector<balance_round> rounds;  ///< at least one for a component with an inside edge
  /// The labels of the last round refined once more by its potentials: what a program knows
  /// about an edge it reads (the current token and every potential at the target).
  std::vector<std::uint32_t> final_label;
};

/// The first two edges that carry the same label and go to different targets, or nullopt when
/// every label names its target.
std::optional<std::pair<std::size_t, std::size_t>> label_clash(
    const std::vector<component_edge>& edges, const std::vector<std::uint32_t>& label);

/// Runs the rounds on the component whose states are `states` (ascending; `component[q]` is the
/// component of every state q of d, and these states' is `c`). A component without an inside
/// edge (one state, no loop) gets no rounds. The rounds stop at the fixpoint, or earlier once
/// every state has a class of its own and every label names its target: later rounds could only
/// add labels, and a witness program (witness.hpp) one statement per label.
component_balance balance_component(const dfa& d, const std::vector<std::uint32_t>& states,
                                    const std::vector<std::uint32_t>& component, std::uint32_t c);

}  // namespace crasp::regular
