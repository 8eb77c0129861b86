// Trained-model accuracies reported beside a verdict: the papers' numbers for a catalogue task
// (docs/references.md), a task spec's own `[[trained]]` results, or a `crasp_model train` run.
// Plain data, shared by the task catalogue, task specs and crasp check.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace crasp {

/// A published trained-model accuracy over a range of lengths.
struct published_point {
  std::size_t lo = 0, hi = 0;
  double accuracy = 0;
};

/// One published series (a paper's accuracies for one positional encoding, docs/references.md),
/// or a user's own trained results from a task spec.
struct published_series {
  std::string source;  ///< "Born a Transformer (from scratch)", "Huang et al.", "spec"
  std::string pe;      ///< "APE" or "RoPE"; for a spec, the user's label ("APE, 2 layers")
  std::vector<published_point> points;
};

}  // namespace crasp
