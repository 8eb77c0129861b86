// Model <-> safetensors: the metadata JSON under "crasp" describes the architecture; every weight
// is a tensor named after its place (embed, layers.0.heads.1.wq, ...). Reading builds the model's
// skeleton from the metadata, then fills each tensor, so shapes are checked against the metadata.
#include "crasp/model_io.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iterator>
#include <set>

#include "model/safetensors.hpp"

namespace crasp::model {

namespace {

using json = nlohmann::json;

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

json ln_json(const layer_norm& ln) {
  return {{"enabled", ln.enabled}, {"eps", ln.eps}, {"gain", ln.gain.has_value()},
          {"bias", ln.bias.has_value()}};
}

json metadata(const model& m) {
  json layers = json::array();
  for (const layer& l : m.layers) {
    json heads = json::array();
    for (const head& h : l.heads)
      heads.push_back({{"name", h.name}, {"d_head", h.wq.rows()}, {"d_value", h.wv.rows()},
                       {"rotary", h.rotary}});
    layers.push_back({{"name", l.name}, {"heads", heads}, {"ln_attn", ln_json(l.ln_attn)},
                      {"ffn", {{"name", l.ffn.name}, {"d_ff", l.ffn.w1.rows()},
                               {"b1", l.ffn.b1.has_value()}, {"b2", l.ffn.b2.has_value()}}},
                      {"ln_ffn", ln_json(l.ln_ffn)}});
  }
  return {{"format", "crasp-model"}, {"format_version", format_version}, {"vocab", m.vocab},
          {"bos", m.bos}, {"max_len", m.max_len}, {"positional", to_string(m.pe)},
          {"residual_names", m.residual_names}, {"output_labels", m.output_labels},
          {"layers", layers}, {"info", m.info}};
}

// Allocates zero tensors while the metadata's shapes stay within the elements the file holds, so
// corrupt dimensions are refused before a huge allocation.
class allocator {
 public:
  explicit allocator(std::uint64_t budget) : budget_(budget) {}
  Eigen::MatrixXd matrix(std::uint64_t rows, std::uint64_t cols) {
    take(rows, cols);
    return Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
  }
  Eigen::VectorXd vector(std::uint64_t rows) {
    take(rows, 1);
    return Eigen::VectorXd::Zero(static_cast<Eigen::Index>(rows));
  }

 private:
  void take(std::uint64_t rows, std::uint64_t cols) {
    if (cols != 0 && rows > budget_ / cols)
      throw std::length_error("the metadata implies more weights than the file holds");
    budget_ -= rows * cols;
  }
  std::uint64_t budget_;
};

// nlohmann's checked accessors throw on a wrong type; skeleton() runs inside one try block.
layer_norm ln_skeleton(const json& j, Eigen::Index d, allocator& alloc) {
  layer_norm ln;
  ln.enabled = j.at("enabled").get<bool>();
  ln.eps = j.at("eps").get<double>();
  if (j.at("gain").get<bool>()) ln.gain = alloc.vector(d);
  if (j.at("bias").get<bool>()) ln.bias = alloc.vector(d);
  return ln;
}

// The model with every tensor allocated at the shape the metadata implies (zeros).
model skeleton(const json& j, allocator& alloc) {
  model m;
  m.vocab = j.at("vocab").get<std::vector<std::string>>();
  m.bos = j.at("bos").get<int>();
  m.max_len = j.at("max_len").get<int>();
  const std::string pe = j.at("positional").get<std::string>();
  if (!parse_positional(pe)) throw std::invalid_argument(fmt::format("unknown positional kind '{}'", pe));
  m.pe = *parse_positional(pe);
  m.residual_names = j.at("residual_names").get<std::vector<std::string>>();
  m.output_labels = j.at("output_labels").get<std::vector<std::string>>();
  if (j.contains("info")) m.info = j.at("info").get<std::map<std::string, std::string>>();
  const Eigen::Index d = m.d_model();
  m.embed = alloc.matrix(d, m.vocab.size());
  if (m.pe == positional::ape) m.pos_embed = alloc.matrix(d, std::max(0, m.max_len));
  for (const json& jl : j.at("layers")) {
    layer l;
    l.name = jl.at("name").get<std::string>();
    for (const json& jh : jl.at("heads")) {
      const Eigen::Index dh = jh.at("d_head").get<std::uint32_t>();
      const Eigen::Index dv = jh.at("d_value").get<std::uint32_t>();
      l.heads.push_back({jh.at("name").get<std::string>(), alloc.matrix(dh, d), alloc.matrix(dh, d),
                         alloc.matrix(dv, d), alloc.matrix(d, dv),
                         jh.at("rotary").get<std::vector<double>>()});
    }
    l.ln_attn = ln_skeleton(jl.at("ln_attn"), d, alloc);
    const json& jf = jl.at("ffn");
    const Eigen::Index dff = jf.at("d_ff").get<std::uint32_t>();
    l.ffn.name = jf.at("name").get<std::string>();
    l.ffn.w1 = alloc.matrix(dff, d);
    l.ffn.w2 = alloc.matrix(d, dff);
    if (jf.at("b1").get<bool>()) l.ffn.b1 = alloc.vector(dff);
    if (jf.at("b2").get<bool>()) l.ffn.b2 = alloc.vector(d);
    l.ln_ffn = ln_skeleton(jl.at("ln_ffn"), d, alloc);
    m.layers.push_back(std::move(l));
  }
  m.unembed = alloc.matrix(m.output_labels.size(), d);
  return m;
}

}  // namespace

std::optional<std::string> to_bytes(const model& m, diagnostics& diags) {
  const diagnostics problems = validate(m);
  if (problems.has_errors()) {
    diags.append(problems);
    return std::nullopt;
  }
  safetensors::contents c;
  visit_tensors(m, [&](const std::string& name, const auto& t) {
    safetensors::tensor st{shape_of(t), {}};
    st.data.reserve(static_cast<std::size_t>(t.size()));
    for (Eigen::Index r = 0; r < t.rows(); ++r)  // row-major
      for (Eigen::Index col = 0; col < t.cols(); ++col) st.data.push_back(t(r, col));
    c.tensors.emplace_back(name, std::move(st));
  });
  c.metadata["crasp"] = metadata(m).dump();
  return safetensors::encode(c);
}

load_result from_bytes(std::string_view bytes, const std::string& origin) {
  load_result out;
  std::optional<safetensors::contents> c = safetensors::decode(bytes, origin, out.diags);
  if (!c) return out;
  auto meta = c->metadata.find("crasp");
  if (meta == c->metadata.end()) {
    out.diags.error(origin, "not a crasp model: no \"crasp\" entry in __metadata__");
    return out;
  }
  const json j = json::parse(meta->second, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    out.diags.error(origin, "bad crasp metadata: not a JSON object");
    return out;
  }
  if (!j.contains("format_version") || j["format_version"] != format_version) {
    out.diags.error(origin, fmt::format("unsupported crasp model format_version {} (expected {})",
                                        j.value("format_version", json()).dump(), format_version));
    return out;
  }
  std::uint64_t stored_elements = 0;
  for (const auto& [name, t] : c->tensors) stored_elements += t.data.size();
  // Slack so that small shape disagreements are reported per tensor, by name.
  allocator alloc(2 * stored_elements + (1u << 20));
  model m;
  try {
    m = skeleton(j, alloc);
  } catch (const std::exception& e) {
    out.diags.error(origin, fmt::format("bad crasp metadata: {}", e.what()));
    return out;
  }
  std::map<std::string, const safetensors::tensor*> stored;
  for (const auto& [name, t] : c->tensors) stored[name] = &t;
  std::set<std::string> used;
  visit_tensors(m, [&](const std::string& name, auto& t) {
    auto it = stored.find(name);
    if (it == stored.end()) {
      out.diags.error(origin, fmt::format("missing tensor '{}'", name));
      return;
    }
    used.insert(name);
    const safetensors::tensor& st = *it->second;
    if (st.shape != shape_of(t)) {
      out.diags.error(origin, fmt::format("tensor '{}' has shape {}, the metadata implies {}", name,
                                          safetensors::shape_text(st.shape),
                                          safetensors::shape_text(shape_of(t))));
      return;
    }
    std::size_t i = 0;
    for (Eigen::Index r = 0; r < t.rows(); ++r)
      for (Eigen::Index col = 0; col < t.cols(); ++col) t(r, col) = st.data[i++];
  });
  for (const auto& [name, t] : c->tensors)
    if (!used.contains(name)) out.diags.error(origin, fmt::format("unexpected tensor '{}'", name));
  if (out.diags.has_errors()) return out;
  const diagnostics problems = validate(m);
  for (const diagnostic& d : problems.items())
    out.diags.error(origin, fmt::format("invalid model: {}: {}", d.origin, d.message));
  if (!out.diags.has_errors()) out.value = std::move(m);
  return out;
}

diagnostics save(const model& m, const std::string& path) {
  diagnostics diags;
  const std::optional<std::string> bytes = to_bytes(m, diags);
  if (!bytes) return diags;
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (f) f.write(bytes->data(), static_cast<std::streamsize>(bytes->size()));
  if (!f) diags.error(path, "cannot write the model file");
  return diags;
}

load_result load(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    load_result out;
    out.diags.error(path, "cannot open the model file");
    return out;
  }
  const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  return from_bytes(bytes, path);
}

}  // namespace crasp::model
