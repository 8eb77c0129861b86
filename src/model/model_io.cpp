// Model <-> safetensors bytes: the metadata JSON under "crasp" describes the architecture
// (metadata.cpp); every weight is a tensor named after its place (embed, layers.0.heads.1.wq, ...).
// Reading builds the model's skeleton from the metadata, then fills each tensor, so shapes are
// checked against the metadata; the container itself is checked by safetensors_header.cpp.
#include "crasp/model_io.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <map>
#include <set>

#include "model/metadata.hpp"
#include "model/model_decode.hpp"
#include "model/safetensors.hpp"
#include "model/strict_json.hpp"

namespace crasp::model {

namespace {

// Calls f(name, tensor) for every stored tensor of m (Eigen::MatrixXd or Eigen::VectorXd), in
// file order. Optional tensors are visited only when present.
template <class M, class F> void visit_tensors(M& m, F&& f) {
  f(std::string("embed"), m.embed);
  if (m.pos_embed) f(std::string("pos_embed"), *m.pos_embed);
  for (std::size_t l = 0; l < m.layers.size(); ++l) {
    auto& ly = m.layers[l];
    const std::string lp = fmt::format("layers.{}", l);
    for (std::size_t h = 0; h < ly.heads.size(); ++h) {
      const std::string hp = fmt::format("{}.heads.{}", lp, h);
      f(hp + ".wq", ly.heads[h].wq), f(hp + ".wk", ly.heads[h].wk);
      f(hp + ".wv", ly.heads[h].wv), f(hp + ".wo", ly.heads[h].wo);
    }
    if (ly.ln_attn.gain) f(lp + ".ln_attn.gain", *ly.ln_attn.gain);
    if (ly.ln_attn.bias) f(lp + ".ln_attn.bias", *ly.ln_attn.bias);
    f(lp + ".ffn.w1", ly.ffn.w1);
    if (ly.ffn.b1) f(lp + ".ffn.b1", *ly.ffn.b1);
    f(lp + ".ffn.w2", ly.ffn.w2);
    if (ly.ffn.b2) f(lp + ".ffn.b2", *ly.ffn.b2);
    if (ly.ln_ffn.gain) f(lp + ".ln_ffn.gain", *ly.ln_ffn.gain);
    if (ly.ln_ffn.bias) f(lp + ".ln_ffn.bias", *ly.ln_ffn.bias);
  }
  f(std::string("unembed"), m.unembed);
}

template <class E> std::vector<std::int64_t> shape_of(const E& t) {
  if constexpr (E::ColsAtCompileTime == 1) return {t.rows()};
  else return {t.rows(), t.cols()};
}

// One stored element widened to double (the file is little-endian). read_header() guarantees the
// entry's bytes lie in `data`. Inline and without a byte loop: it runs once per weight.
double element(const safetensors::entry& e, std::string_view data, std::uint64_t i) {
  const char* p = data.data() + e.begin + i * static_cast<std::uint64_t>(e.width);
  if (e.width == 8) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, p, 8);
    if constexpr (std::endian::native == std::endian::big) bits = __builtin_bswap64(bits);
    return std::bit_cast<double>(bits);
  }
  std::uint32_t bits = 0;
  std::memcpy(&bits, p, 4);
  if constexpr (std::endian::native == std::endian::big) bits = __builtin_bswap32(bits);
  return static_cast<double>(std::bit_cast<float>(bits));
}

// Fills t (an Eigen column-major matrix or vector) from the entry's row-major elements, straight
// from the file's bytes: no intermediate array of the model's size. Matrices are copied in
// strips of 32 columns so that reads stay sequential and writes stay within a few cache lines
// per column (a row-by-row copy wrote with a stride of the whole column).
template <class E> void fill(E& t, const safetensors::entry& e, std::string_view data) {
  const Eigen::Index rows = t.rows();
  const Eigen::Index cols = t.cols();
  constexpr Eigen::Index strip = 32;
  for (Eigen::Index c0 = 0; c0 < cols; c0 += strip) {
    const Eigen::Index c1 = std::min(cols, c0 + strip);
    for (Eigen::Index r = 0; r < rows; ++r) {
      const auto row = static_cast<std::uint64_t>(r) * static_cast<std::uint64_t>(cols);
      for (Eigen::Index c = c0; c < c1; ++c) t(r, c) = element(e, data, row + static_cast<std::uint64_t>(c));
    }
  }
}

}  // namespace

namespace detail {

load_result from_tensors(const safetensors::header& h, std::string_view data,
                         const std::string& origin) {
  load_result out;
  auto meta = h.metadata.find("crasp");
  if (meta == h.metadata.end()) {
    out.diags.error(origin, "not a crasp model: no \"crasp\" entry in __metadata__");
    return out;
  }
  std::uint64_t stored_elements = 0;
  for (const safetensors::entry& e : h.entries)
    stored_elements += (e.end - e.begin) / static_cast<std::uint64_t>(e.width);
  // Slack so that small shape disagreements are reported per tensor, by name, rather than as one
  // "more weights than the file holds".
  std::optional<model> skeleton =
      read_skeleton(meta->second, 2 * stored_elements + (1u << 20), origin, out.diags);
  if (!skeleton) return out;
  model& m = *skeleton;
  std::map<std::string, const safetensors::entry*> stored;
  for (const safetensors::entry& e : h.entries) stored[e.name] = &e;
  std::set<std::string> used;
  visit_tensors(m, [&](const std::string& name, auto& t) {
    auto it = stored.find(name);
    if (it == stored.end()) {
      out.diags.error(origin, fmt::format("missing tensor '{}'", name));
      return;
    }
    used.insert(name);
    const safetensors::entry& e = *it->second;
    if (e.shape != shape_of(t)) {
      out.diags.error(origin, fmt::format("tensor '{}' has shape {}, the metadata implies {}", name,
                                          safetensors::shape_text(e.shape),
                                          safetensors::shape_text(shape_of(t))));
      return;
    }
    fill(t, e, data);
  });
  for (const safetensors::entry& e : h.entries)
    if (!used.contains(e.name)) out.diags.error(origin, fmt::format("unexpected tensor '{}'", printable(e.name)));
  if (out.diags.has_errors()) return out;
  const diagnostics problems = validate(m);
  for (const diagnostic& d : problems.items())
    out.diags.error(origin, fmt::format("invalid model: {}: {}", d.origin, d.message));
  if (!out.diags.has_errors()) out.value = std::move(m);
  return out;
}

}  // namespace detail

std::optional<std::string> to_bytes(const model& m, diagnostics& diags, dtype type) {
  const diagnostics problems = validate(m);
  if (problems.has_errors()) {
    diags.append(problems);
    return std::nullopt;
  }
  safetensors::contents c;
  bool fits = true;
  visit_tensors(m, [&](const std::string& name, const auto& t) {
    if (type == dtype::f32 && t.size() > 0 &&
        t.cwiseAbs().maxCoeff() > static_cast<double>(std::numeric_limits<float>::max())) {
      diags.error(name, "a weight is too large for float32 (|w| > 3.4e38); write F64");
      fits = false;
    }
    safetensors::tensor st{shape_of(t), {}};
    // Row-major from column-major, in strips of 32 columns as fill() reads them: a plain
    // row-by-row copy read with a stride of a whole column (3 s for UR's 51 MB over 150 symbols).
    const Eigen::Index rows = t.rows(), cols = t.cols();
    st.data.resize(static_cast<std::size_t>(t.size()));
    constexpr Eigen::Index strip = 32;
    for (Eigen::Index c0 = 0; c0 < cols; c0 += strip) {
      const Eigen::Index c1 = std::min(cols, c0 + strip);
      for (Eigen::Index r = 0; r < rows; ++r)
        for (Eigen::Index col = c0; col < c1; ++col)
          st.data[static_cast<std::size_t>(r * cols + col)] = t(r, col);
    }
    c.tensors.emplace_back(name, std::move(st));
  });
  if (!fits) return std::nullopt;
  c.metadata["crasp"] = detail::metadata_json(m).dump();
  return safetensors::encode(c, type == dtype::f32);
}

load_result from_bytes(std::string_view bytes, const std::string& origin) {
  load_result out;
  const std::optional<safetensors::header> h =
      safetensors::read_header(bytes, bytes.size(), origin, out.diags);
  if (!h) return out;
  return detail::from_tensors(*h, bytes.substr(8 + h->header_bytes), origin);
}

}  // namespace crasp::model
