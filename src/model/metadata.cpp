// Writing and strictly reading the crasp metadata document. nlohmann's own accessors convert too
// freely for an untrusted file (true reads as 1, 2.7 as 2, -1 as 4294967295, 1e30 as undefined
// behaviour), so every value is checked for its exact JSON type and range here, and every object
// for unknown keys, with the value's path in the message.
#include "model/metadata.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <initializer_list>
#include <vector>

#include "crasp/model_io.hpp"
#include "model/strict_json.hpp"

namespace crasp::model::detail {

namespace {

using json = nlohmann::json;

json ln_json(const layer_norm& ln) {
  return {{"enabled", ln.enabled}, {"eps", ln.eps}, {"gain", ln.gain.has_value()},
          {"bias", ln.bias.has_value()}};
}

// A problem in the document; thrown inside this file only and turned into a diagnostic.
struct bad_metadata {
  std::string message;
};

// One JSON object of the document with its path ("layers[0].ffn") for messages.
class object {
 public:
  object(const json& j, std::string path, std::initializer_list<std::string_view> keys)
      : j_(j), path_(std::move(path)) {
    if (!j.is_object()) throw bad_metadata{fmt::format("{}: expected an object", name())};
    for (const auto& [key, value] : j.items())
      if (std::find(keys.begin(), keys.end(), key) == keys.end())
        throw bad_metadata{fmt::format("{}: unknown key '{}'", name(), printable(key))};
  }
  [[nodiscard]] bool has(std::string_view key) const { return j_.contains(key); }
  [[nodiscard]] std::string where(std::string_view key) const {
    return path_.empty() ? std::string(key) : fmt::format("{}.{}", path_, key);
  }
  [[nodiscard]] const json& at(std::string_view key) const {
    const auto it = j_.find(key);
    if (it == j_.end()) throw bad_metadata{fmt::format("{}: missing", where(key))};
    return *it;
  }
  [[nodiscard]] bool boolean(std::string_view key) const {
    const json& v = at(key);
    if (!v.is_boolean()) throw bad_metadata{fmt::format("{}: expected true or false", where(key))};
    return v.get<bool>();
  }
  [[nodiscard]] long long integer(std::string_view key, long long lo, long long hi) const {
    const json& v = at(key);
    const bool in_range = v.is_number_unsigned()  ? v.get<std::uint64_t>() <= static_cast<std::uint64_t>(hi)
                          : v.is_number_integer() ? v.get<std::int64_t>() >= lo && v.get<std::int64_t>() <= hi
                                                  : false;
    if (!in_range) throw bad_metadata{fmt::format("{}: expected an integer in [{}, {}]", where(key), lo, hi)};
    return v.get<long long>();
  }
  [[nodiscard]] double number(std::string_view key) const {
    const json& v = at(key);
    if (!v.is_number()) throw bad_metadata{fmt::format("{}: expected a number", where(key))};
    return v.get<double>();
  }
  [[nodiscard]] std::string string(std::string_view key) const {
    const json& v = at(key);
    if (!v.is_string()) throw bad_metadata{fmt::format("{}: expected a string", where(key))};
    return v.get<std::string>();
  }
  [[nodiscard]] const json& array(std::string_view key) const {
    const json& v = at(key);
    if (!v.is_array()) throw bad_metadata{fmt::format("{}: expected an array", where(key))};
    return v;
  }
  [[nodiscard]] std::vector<std::string> strings(std::string_view key) const {
    std::vector<std::string> out;
    for (const json& s : array(key)) {
      if (!s.is_string()) throw bad_metadata{fmt::format("{}: expected an array of strings", where(key))};
      out.push_back(s.get<std::string>());
    }
    return out;
  }
  [[nodiscard]] std::vector<double> numbers(std::string_view key) const {
    std::vector<double> out;
    for (const json& x : array(key)) {
      if (!x.is_number()) throw bad_metadata{fmt::format("{}: expected an array of numbers", where(key))};
      out.push_back(x.get<double>());
    }
    return out;
  }

 private:
  [[nodiscard]] std::string name() const { return path_.empty() ? "the document" : path_; }
  const json& j_;
  std::string path_;
};

// Hands out tensors while the total stays within a budget of elements. Their elements are left
// uninitialized: from_tensors() overwrites every one from the file, or reports the tensor missing
// and discards the model (zero-filling first was a sixth of loading a large model).
class allocator {
 public:
  explicit allocator(std::uint64_t budget) : budget_(budget) {}
  Eigen::MatrixXd matrix(std::uint64_t rows, std::uint64_t cols) {
    take(rows, cols);
    return Eigen::MatrixXd(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
  }
  Eigen::VectorXd vector(std::uint64_t rows) {
    take(rows, 1);
    return Eigen::VectorXd(static_cast<Eigen::Index>(rows));
  }

 private:
  void take(std::uint64_t rows, std::uint64_t cols) {
    if (cols != 0 && rows > budget_ / cols)
      throw bad_metadata{"the metadata implies more weights than the file holds"};
    budget_ -= rows * cols;
  }
  std::uint64_t budget_;
};

constexpr long long max_dim = INT_MAX;  // d_head, d_value, d_ff (the allocator bounds the product)

layer_norm ln_skeleton(const object& parent, std::string_view key, Eigen::Index d, allocator& alloc) {
  const object o(parent.at(key), parent.where(key), {"enabled", "eps", "gain", "bias"});
  layer_norm ln;
  ln.enabled = o.boolean("enabled");
  ln.eps = o.number("eps");
  if (o.boolean("gain")) ln.gain = alloc.vector(d);
  if (o.boolean("bias")) ln.bias = alloc.vector(d);
  return ln;
}

layer layer_skeleton(const json& j, const std::string& path, Eigen::Index d, allocator& alloc) {
  const object o(j, path, {"name", "heads", "ln_attn", "ffn", "ln_ffn"});
  layer l;
  l.name = o.string("name");
  const json& heads = o.array("heads");
  for (std::size_t h = 0; h < heads.size(); ++h) {
    const object oh(heads[h], fmt::format("{}.heads[{}]", path, h), {"name", "d_head", "d_value", "rotary"});
    const auto dh = static_cast<std::uint64_t>(oh.integer("d_head", 0, max_dim));
    const auto dv = static_cast<std::uint64_t>(oh.integer("d_value", 0, max_dim));
    l.heads.push_back({oh.string("name"), alloc.matrix(dh, d), alloc.matrix(dh, d), alloc.matrix(dv, d),
                       alloc.matrix(d, dv), oh.numbers("rotary")});
  }
  l.ln_attn = ln_skeleton(o, "ln_attn", d, alloc);
  const object of(o.at("ffn"), o.where("ffn"), {"name", "d_ff", "b1", "b2"});
  const auto dff = static_cast<std::uint64_t>(of.integer("d_ff", 0, max_dim));
  l.ffn.name = of.string("name");
  l.ffn.w1 = alloc.matrix(dff, d);
  l.ffn.w2 = alloc.matrix(d, dff);
  if (of.boolean("b1")) l.ffn.b1 = alloc.vector(dff);
  if (of.boolean("b2")) l.ffn.b2 = alloc.vector(d);
  l.ln_ffn = ln_skeleton(o, "ln_ffn", d, alloc);
  return l;
}

model skeleton(const json& j, allocator& alloc, int version) {
  const object o(j, "", {"format", "format_version", "vocab", "bos", "max_len", "positional",
                         "residual_names", "pos_rows", "output_labels", "layers", "info"});
  model m;
  m.vocab = o.strings("vocab");
  m.bos = static_cast<int>(o.integer("bos", INT_MIN, INT_MAX));
  m.max_len = static_cast<int>(o.integer("max_len", INT_MIN, INT_MAX));
  const std::string pe = o.string("positional");
  const std::optional<positional> kind = parse_positional(pe);
  if (!kind) throw bad_metadata{fmt::format("unknown positional kind '{}'", printable(pe))};
  m.pe = *kind;
  m.residual_names = o.strings("residual_names");
  // Version 2 lists the table's rows (validate() checks them against the residual); version 1
  // has a full d_model x max_len table and no such key.
  if (version == 1 && o.has("pos_rows"))
    throw bad_metadata{"pos_rows: not a key of format_version 1"};
  if (o.has("pos_rows")) {
    m.pos_rows.emplace();
    for (const json& r : o.array("pos_rows")) {
      if (!r.is_number_integer() || r.get<std::int64_t>() < 0 || r.get<std::int64_t>() > INT_MAX)
        throw bad_metadata{"pos_rows: expected an array of residual dimension indices"};
      m.pos_rows->push_back(r.get<int>());
    }
  }
  m.output_labels = o.strings("output_labels");
  if (o.has("info")) {
    const json& info = o.at("info");
    if (!info.is_object()) throw bad_metadata{"info: expected an object of strings"};
    for (const auto& [key, value] : info.items()) {
      if (!value.is_string()) throw bad_metadata{fmt::format("info.{}: expected a string", printable(key))};
      m.info[key] = value.get<std::string>();
    }
  }
  const auto d = static_cast<std::uint64_t>(m.d_model());
  m.embed = alloc.matrix(d, m.vocab.size());
  const std::uint64_t table_rows = m.pos_rows ? m.pos_rows->size() : d;
  if (m.pe == positional::ape)
    m.pos_embed = alloc.matrix(table_rows, static_cast<std::uint64_t>(std::max(0, m.max_len)));
  const json& layers = o.array("layers");
  for (std::size_t l = 0; l < layers.size(); ++l)
    m.layers.push_back(layer_skeleton(layers[l], fmt::format("layers[{}]", l), m.d_model(), alloc));
  m.unembed = alloc.matrix(m.output_labels.size(), d);
  return m;
}

}  // namespace

json metadata_json(const model& m) {
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
  json out = {{"format", "crasp-model"}, {"format_version", format_version}, {"vocab", m.vocab},
          {"bos", m.bos}, {"max_len", m.max_len}, {"positional", to_string(m.pe)},
          {"residual_names", m.residual_names}, {"output_labels", m.output_labels},
          {"layers", layers}, {"info", m.info}};
  if (m.pos_rows) out["pos_rows"] = *m.pos_rows;  // absent: a full table
  return out;
}

std::optional<model> read_skeleton(std::string_view text, std::uint64_t max_elements,
                                   const std::string& origin, diagnostics& diags) {
  std::string why;
  const std::optional<json> j = parse_strict_json(text, why);
  if (!j || !j->is_object()) {
    diags.error(origin, "bad crasp metadata: " + (j ? std::string("not a JSON object") : why));
    return std::nullopt;
  }
  // format and format_version first: a newer file may have keys this reader does not know.
  const auto format = j->find("format");
  if (format == j->end() || !format->is_string() || format->get<std::string>() != "crasp-model") {
    diags.error(origin, format == j->end() ? "not a crasp model: the metadata has no format"
                        : format->is_string()
                            ? fmt::format("not a crasp model: metadata format '{}' (expected 'crasp-model')",
                                          printable(format->get<std::string>()))
                            : "not a crasp model: the metadata format is not a string");
    return std::nullopt;
  }
  const auto version = j->find("format_version");
  // Version 1 had no pos_rows (a full d_model x max_len table): still read.
  const bool known = version != j->end() && version->is_number_integer() &&
                     (*version == 1 || *version == format_version);
  if (!known) {
    const std::string shown = version == j->end()         ? "missing"
                              : version->is_number_integer() ? version->dump()
                                                             : std::string("not an integer");
    diags.error(origin, fmt::format("unsupported crasp model format_version {} (expected 1 or {})",
                                    shown, format_version));
    return std::nullopt;
  }
  allocator alloc(max_elements);
  try {
    return skeleton(*j, alloc, version->get<int>());
  } catch (const bad_metadata& e) {
    diags.error(origin, "bad crasp metadata: " + e.message);
  }
  return std::nullopt;
}

}  // namespace crasp::model::detail
