// Bytes as a saved model (safetensors + crasp metadata) through model::from_bytes, the in-memory
// loader. A model that loads must be valid, must run on short inputs over its vocabulary in both
// precisions, and must survive to_bytes -> from_bytes unchanged (the re-encoding is a fixed point).
// Exceptions are deliberately not caught: the API promises none, so one escaping is a finding.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "crasp/model.hpp"
#include "crasp/model_io.hpp"
#include "crasp/transformer.hpp"
#include "finding.hpp"

namespace {

// Every forward pass is O(n^2 d_model): a handful of short inputs is enough to reach the
// decoding paths without letting a large loaded model dominate the run.
constexpr std::size_t max_input = 6;

template <class T>
void exercise(const crasp::model::basic_model<T>& m) {
  (void)crasp::model::summarize(m);
  crasp::diagnostics diags;
  const auto kind = crasp::model_output_kind(m, "fuzz.safetensors", diags);
  (void)crasp::certified_length(m);
  std::vector<std::string> tokens;
  for (std::size_t id = 0; id < m.vocab.size() && tokens.size() < max_input; ++id) {
    if (static_cast<int>(id) != m.bos) tokens.push_back(m.vocab[id]);
  }
  tokens.push_back("<not-a-token>");  // the open-vocabulary path, or an encoding error
  for (std::size_t len = 1; len <= tokens.size(); ++len) {
    const std::vector<std::string> prefix(tokens.begin(), tokens.begin() + static_cast<long>(len));
    crasp::diagnostics run_diags;
    (void)crasp::trust_at(m, prefix.size());
    if (kind && *kind == crasp::output_kind::next) {
      (void)crasp::decide(m, prefix, "<input>", run_diags);
    } else {
      (void)crasp::run_transformer(m, prefix, "<input>", run_diags);
    }
    (void)crasp::render(run_diags);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  crasp::model::load_result loaded = crasp::model::from_bytes(bytes, "fuzz.safetensors");
  (void)crasp::render(loaded.diags);
  if (!loaded.ok()) return 0;
  const crasp::model::model& m = *loaded.value;
  if (!crasp::model::validate(m).empty()) {
    crasp::fuzz::finding("from_bytes returned a model that fails validate()",
                         crasp::render(crasp::model::validate(m)));
  }
  exercise(m);
  exercise(crasp::model::cast<float>(m));

  crasp::diagnostics diags;
  const auto encoded = crasp::model::to_bytes(m, diags);
  if (!encoded) crasp::fuzz::finding("a loaded model does not encode", crasp::render(diags));
  crasp::model::load_result again = crasp::model::from_bytes(*encoded, "again.safetensors");
  if (!again.ok()) crasp::fuzz::finding("a re-encoded model does not load", crasp::render(again.diags));
  crasp::diagnostics diags2;
  const auto encoded2 = crasp::model::to_bytes(*again.value, diags2);
  if (!encoded2 || *encoded2 != *encoded) crasp::fuzz::finding("re-encoding is not a fixed point");
  return 0;
}
