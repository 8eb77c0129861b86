// How far an answer of a compiled model is guaranteed: the certified length (worst-case rounding
// analysis, recorded in the model's info at compile time) and the designed length (max_len).
// Past either, the runtime still answers but says so, so that a possibly wrong answer is never
// passed off as a sound one.
#include <fmt/format.h>

#include <charconv>
#include <type_traits>

#include "crasp/transformer.hpp"

namespace crasp {
namespace {

template <class T>
const char* precision_name() {
  return std::is_same_v<T, float> ? "f32" : "f64";
}

template <class T>
std::size_t designed_length(const model::basic_model<T>& m) {
  return m.max_len > 0 ? static_cast<std::size_t>(m.max_len - 1) : SIZE_MAX;
}

}  // namespace

template <class T>
std::optional<int> certified_length(const model::basic_model<T>& m) {
  const auto it = m.info.find(fmt::format("certified.{}", precision_name<T>()));
  if (it == m.info.end()) return std::nullopt;
  int value = 0;
  const std::string& s = it->second;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  // A malformed entry certifies nothing rather than being guessed at.
  if (ec != std::errc() || ptr != s.data() + s.size() || value < 0) return 0;
  return value;
}

template <class T>
length_trust trust_at(const model::basic_model<T>& m, std::size_t length) {
  if (length > designed_length(m)) return length_trust::past_design;
  const std::optional<int> cert = certified_length(m);
  if (cert && length <= static_cast<std::size_t>(*cert)) return length_trust::certified;
  return length_trust::designed;
}

template <class T>
length_trust warn_untrusted(const model::basic_model<T>& m, std::size_t length,
                            const std::string& what, const std::string& origin,
                            diagnostics& diags) {
  const length_trust t = trust_at(m, length);
  const std::optional<int> cert = certified_length(m);
  std::string message;
  if (t == length_trust::past_design) {
    // Worded like the APE model's error for the same length, so the two read as one rule.
    message = fmt::format("{} of {} tokens is longer than the model's designed maximum of {}; "
                          "the answer may be wrong",
                          what, length, designed_length(m));
  } else if (t == length_trust::designed && cert) {
    // Without a recorded certificate (a model from elsewhere) there is nothing to compare with.
    message = fmt::format("{} of {} tokens is past the model's certified {} range of {} tokens "
                          "(worst-case rounding bound); the answer is not guaranteed exact",
                          what, length, precision_name<T>(), *cert);
  }
  if (!message.empty()) {
    diags.add(diagnostic{severity::warning, std::move(message), nullptr, {}, origin, {}, {}});
  }
  return t;
}

#define CRASP_INSTANTIATE(T)                                                                  \
  template std::optional<int> certified_length(const model::basic_model<T>&);                 \
  template length_trust trust_at(const model::basic_model<T>&, std::size_t);                  \
  template length_trust warn_untrusted(const model::basic_model<T>&, std::size_t,             \
                                       const std::string&, const std::string&, diagnostics&);

CRASP_INSTANTIATE(double)
CRASP_INSTANTIATE(float)
#undef CRASP_INSTANTIATE

}  // namespace crasp
