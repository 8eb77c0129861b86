// Task sources (src/task_source): the shape of a spec's inputs, learned from its generator, so that
// the exhaustive counterexample search enumerates inputs that can be instances. A prompt task such
// as `<bos> x_1 .. x_{N-1} <sep> q` has almost no instances among all token strings (the 7-token
// vocabulary of UR2 reaches only 6 tokens within 200,000 strings, and NRLast2's shortest instance
// has 7); fixing the frame tokens where every sample has them and enumerating the rest reaches 9.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace crasp::sources {

/// Frame tokens (each exactly once in every sample, at a fixed offset from the start or from the
/// end) and the content tokens that fill the other positions.
struct input_shape {
  struct anchor {
    std::string token;
    bool from_end = false;
    std::size_t offset = 0;  ///< 0 = first (or last, from the end)
  };
  std::vector<anchor> frame;
  std::vector<std::string> content;

  [[nodiscard]] bool empty() const { return frame.empty(); }
  /// Where the frame tokens go in an input of `length` tokens (parallel to `frame`), or nullopt
  /// when they do not fit (positions collide or fall outside).
  [[nodiscard]] std::optional<std::vector<std::size_t>> place(std::size_t length) const;
  /// Whether `input` has this shape: its frame tokens where place() puts them, content tokens
  /// everywhere else.
  [[nodiscard]] bool fits(const std::vector<std::string>& input) const;
  /// "<bos> first, <sep> second from the end, the rest over 5 tokens".
  [[nodiscard]] std::string describe() const;
};

/// The shape shared by every sample, over `vocabulary`; empty (no frame) when the samples share
/// none, or when there are no samples.
input_shape learn_shape(const std::vector<std::vector<std::string>>& samples,
                        const std::vector<std::string>& vocabulary);

}  // namespace crasp::sources
