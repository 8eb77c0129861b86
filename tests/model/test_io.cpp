// safetensors round trips (bit-exact) and every malformed-file error path.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <bit>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "crasp/model_io.hpp"
#include "reference.hpp"
#include "safetensors_edit.hpp"

using namespace crasp::model;
using json = nlohmann::json;

namespace {

model sample(positional pe) {
  std::mt19937 rng(17);
  testing::random_options o;
  o.pe = pe, o.layer_norm = true, o.biases = true;
  model m = random_model(rng, o);
  m.layers[0].ln_ffn.eps = 0;
  m.layers[1].ln_attn.enabled = false;
  m.layers[0].heads[0].name = "count \"a\" ü";
  m.embed(0, 0) = 0.1;  // not representable: the round trip must keep every bit
  m.embed(1, 0) = -0.0;
  m.embed(2, 0) = 5e-324;
  return m;
}

std::string bytes_of(const model& m) {
  crasp::diagnostics d;
  std::optional<std::string> b = to_bytes(m, d);
  REQUIRE(b);
  return *b;
}

// Header JSON and data section of a safetensors file, and the reverse.
std::pair<json, std::string> split(const std::string& bytes) {
  std::uint64_t n = 0;
  for (int i = 0; i < 8; ++i) n |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[i])) << (8 * i);
  return {json::parse(bytes.substr(8, n)), bytes.substr(8 + n)};
}
std::string join(const json& header, const std::string& data) {
  const std::string text = header.dump();
  std::string out;
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((text.size() >> (8 * i)) & 0xff));
  return out + text + data;
}

// The first error message of loading `bytes`.
std::string error_of(const std::string& bytes) {
  const load_result r = from_bytes(bytes, "m.safetensors");
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.diags.has_errors());
  CHECK(r.diags.items()[0].origin == "m.safetensors");
  return r.diags.items()[0].message;
}

// Rewrites the crasp metadata with f.
template <class F> std::string with_meta(const std::string& bytes, F f) {
  auto [h, data] = split(bytes);
  json meta = json::parse(h["__metadata__"]["crasp"].get<std::string>());
  f(meta);
  h["__metadata__"]["crasp"] = meta.dump();
  return join(h, data);
}

}  // namespace

TEST_CASE("safetensors round trip is bit-exact", "[io]") {
  for (positional pe : {positional::nope, positional::ape, positional::rope}) {
    model m = sample(pe);
    m.info["check.f64"] = "0 mismatches";
    m.info["program"] = "p\u00fc.crasp";
    const std::string bytes = bytes_of(m);
    const load_result r = from_bytes(bytes, "mem");
    INFO(crasp::render(r.diags));
    REQUIRE(r.ok());
    CHECK(bytes_of(*r.value) == bytes);
    CHECK(r.value->info == m.info);
    CHECK(std::bit_cast<std::uint64_t>(r.value->embed(1, 0)) == std::bit_cast<std::uint64_t>(-0.0));
    CHECK(r.value->embed(2, 0) == 5e-324);
    CHECK(r.value->layers[0].heads[0].name == "count \"a\" ü");
    CHECK(r.value->layers[0].heads[1].rotary == m.layers[0].heads[1].rotary);
    CHECK(r.value->layers[1].ln_attn.enabled == false);
    CHECK(r.value->layers[0].ln_attn.eps == 1e-5);
    CHECK(r.value->pe == pe);
    CHECK(summarize(*r.value).parameters == summarize(m).parameters);
    crasp::diagnostics d;
    const auto a = forward(m, std::vector<int>{0, 1, 2, 3}, d);
    const auto b = forward(*r.value, std::vector<int>{0, 1, 2, 3}, d);
    CHECK(a->scores == b->scores);
  }
}

TEST_CASE("an APE table that lists its rows runs as the full table and round-trips", "[io]") {
  const model full = sample(positional::ape);
  model listed = full;
  listed.pos_rows = std::vector<int>{1, 3};
  listed.pos_embed = Eigen::MatrixXd(2, full.max_len);
  listed.pos_embed->row(0) = full.pos_embed->row(1);
  listed.pos_embed->row(1) = full.pos_embed->row(3);
  model zeroed = full;  // the same table with the other rows 0
  for (int r = 0; r < full.d_model(); ++r)
    if (r != 1 && r != 3) zeroed.pos_embed->row(r).setZero();
  CHECK(validate(listed).empty());
  crasp::diagnostics d;
  const std::vector<int> tokens{0, 1, 2, 3, 2, 1};
  const auto a = forward(zeroed, tokens, d);
  const auto b = forward(listed, tokens, d);
  REQUIRE(a);
  REQUIRE(b);
  CHECK(a->scores == b->scores);
  CHECK(summarize(listed).parameters == summarize(full).parameters - (full.d_model() - 2) * full.max_len);
  const std::string bytes = bytes_of(listed);
  const load_result r = from_bytes(bytes, "mem");
  INFO(crasp::render(r.diags));
  REQUIRE(r.ok());
  CHECK(r.value->pos_rows == listed.pos_rows);
  CHECK(bytes_of(*r.value) == bytes);
}

TEST_CASE("format_version 1 files (a full table, no pos_rows) still load", "[io]") {
  const model m = sample(positional::ape);
  const std::string v1 = with_meta(bytes_of(m), [](json& meta) {
    meta["format_version"] = 1;
  });
  const load_result r = from_bytes(v1, "v1");
  INFO(crasp::render(r.diags));
  REQUIRE(r.ok());
  CHECK_FALSE(r.value->pos_rows);
  CHECK(bytes_of(*r.value) == bytes_of(m));
}

TEST_CASE("save and load through a file; the header is 8-byte aligned", "[io]") {
  const model m = sample(positional::ape);
  const std::string path = (std::filesystem::temp_directory_path() / "crasp_test_model.safetensors").string();
  CHECK(save(m, path).empty());
  const load_result r = load(path);
  REQUIRE(r.ok());
  CHECK(bytes_of(*r.value) == bytes_of(m));
  std::remove(path.c_str());
  const std::string bytes = bytes_of(m);
  CHECK((8 + split(bytes).first.dump().size()) <= bytes.size());
  std::uint64_t n = 0;
  for (int i = 0; i < 8; ++i) n |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[i])) << (8 * i);
  CHECK(n % 8 == 0);
  CHECK(load("/nonexistent/x.safetensors").diags.items()[0].message ==
        "cannot open the model file: No such file or directory");
  CHECK(save(m, "/nonexistent/x.safetensors").items()[0].message == "cannot write the model file");
}

TEST_CASE("F32 tensors are accepted on read", "[io]") {
  const model m = sample(positional::nope);
  auto [h, data] = split(bytes_of(m));
  std::string data32;
  std::uint64_t offset = 0;
  json h32 = json::object();
  for (auto& [name, e] : h.items()) {
    if (name == "__metadata__") { h32[name] = e; continue; }
  }
  // Rewrite every tensor as F32 in the original order of offsets.
  std::vector<std::pair<std::uint64_t, std::string>> order;
  for (auto& [name, e] : h.items()) if (name != "__metadata__") order.emplace_back(e["data_offsets"][0].get<std::uint64_t>(), name);
  std::sort(order.begin(), order.end());
  for (const auto& [begin, name] : order) {
    const json& e = h[name];
    const std::uint64_t end = e["data_offsets"][1].get<std::uint64_t>();
    for (std::uint64_t at = begin; at < end; at += 8) {
      double v;
      std::memcpy(&v, data.data() + at, 8);
      const std::uint32_t bits = std::bit_cast<std::uint32_t>(static_cast<float>(v));
      for (int i = 0; i < 4; ++i) data32.push_back(static_cast<char>((bits >> (8 * i)) & 0xff));
    }
    h32[name] = {{"dtype", "F32"}, {"shape", e["shape"]}, {"data_offsets", {offset, offset + (end - begin) / 2}}};
    offset += (end - begin) / 2;
  }
  const load_result r = from_bytes(join(h32, data32), "f32");
  INFO(crasp::render(r.diags));
  REQUIRE(r.ok());
  CHECK(r.value->unembed(1, 2) == static_cast<double>(static_cast<float>(m.unembed(1, 2))));
  CHECK(r.value->embed(0, 0) == static_cast<double>(0.1f));
}

TEST_CASE("dtype::f32 writes the float32 model: loaded back, it is cast<float> of the original", "[io]") {
  for (positional pe : {positional::nope, positional::ape, positional::rope}) {
    const model m = sample(pe);
    crasp::diagnostics d;
    const std::optional<std::string> bytes = to_bytes(m, d, dtype::f32);
    REQUIRE(bytes);
    CHECK(bytes->size() < bytes_of(m).size());
    const auto [h, data] = split(*bytes);
    CHECK(h["embed"]["dtype"] == "F32");
    const load_result r = from_bytes(*bytes, "f32");
    INFO(crasp::render(r.diags));
    REQUIRE(r.ok());
    const model_f32 want = cast<float>(m);
    const model_f32 got = cast<float>(*r.value);
    CHECK(got.embed == want.embed);
    CHECK(got.unembed == want.unembed);
    CHECK(got.layers[1].ffn.w1 == want.layers[1].ffn.w1);
    CHECK(got.layers[0].heads[0].wq == want.layers[0].heads[0].wq);
    CHECK(r.value->layers[0].heads[1].rotary == m.layers[0].heads[1].rotary);
    const auto a = forward(want, std::vector<int>{0, 1, 2, 3}, d);
    const auto b = forward(got, std::vector<int>{0, 1, 2, 3}, d);
    REQUIRE(a);
    REQUIRE(b);
    CHECK(a->scores == b->scores);
  }
  model big = sample(positional::nope);
  big.unembed(0, 0) = 1e300;
  crasp::diagnostics d;
  CHECK_FALSE(to_bytes(big, d, dtype::f32));
  REQUIRE(d.has_errors());
  CHECK(d.items()[0].origin == "unembed");
  CHECK(to_bytes(big, d, dtype::f64));
}

TEST_CASE("malformed files are rejected with clear errors", "[io]") {
  const std::string good = bytes_of(sample(positional::ape));
  CHECK(error_of("abc") == "truncated file: fewer than 8 bytes, no header length");
  CHECK(error_of(good.substr(0, 20)).starts_with("truncated file: header of "));
  CHECK(error_of(join(json::array(), "")) == "bad header: not a JSON object");
  std::string broken = good;
  broken[8] = 'x';
  CHECK(error_of(broken).starts_with("bad header: not valid JSON (at byte "));
  std::string huge = good;
  huge[7] = '\x7f';
  CHECK(error_of(huge).starts_with("bad header: length "));
  CHECK(error_of(good.substr(0, good.size() - 8)).starts_with("tensor 'unembed': truncated file: data_offsets end at"));
  auto [h, data] = split(good);
  json e = h;
  e["embed"]["dtype"] = "I8";
  CHECK(error_of(join(e, data)) == "tensor 'embed': unsupported dtype 'I8' (expected F64 or F32)");
  e = h;
  e["embed"]["shape"] = {6, 5};
  CHECK(error_of(join(e, data)).starts_with("tensor 'embed': data_offsets [0, 192] do not hold shape [6, 5] of F64"));
  e = h;
  e["embed"]["shape"] = {4, 6};
  CHECK(error_of(join(e, data)) == "tensor 'embed' has shape [4, 6], the metadata implies [6, 4]");
  e = h;
  e["embed"].erase("dtype");
  CHECK(error_of(join(e, data)) == "tensor 'embed': entry needs dtype, shape and two data_offsets");
  e = h;
  e["embed"]["shape"] = {-6, -4};
  CHECK(error_of(join(e, data)) == "tensor 'embed': shape must be an array of non-negative integers");
  e = h;
  e["__metadata__"]["x"] = 3;
  CHECK(error_of(join(e, data)) == "bad header: __metadata__ value 'x' is not a string");
  e = h;
  e.erase("__metadata__");
  CHECK(error_of(join(e, data)) == "not a crasp model: no \"crasp\" entry in __metadata__");
  e = h;
  e["__metadata__"]["crasp"] = "{";
  CHECK(error_of(join(e, data)).starts_with("bad crasp metadata: not valid JSON"));
  e["__metadata__"]["crasp"] = "[]";
  CHECK(error_of(join(e, data)) == "bad crasp metadata: not a JSON object");
  e = h;
  e.erase("layers.0.ffn.w1");  // its bytes go too: only the tensor is missing, not the layout
  CHECK(error_of(edit::relayout(e, data)) == "missing tensor 'layers.0.ffn.w1'");
  e = h;
  e["extra"] = h["embed"];  // a copy of embed's bytes, after the others
  CHECK(error_of(edit::relayout(e, data)) == "unexpected tensor 'extra'");
  CHECK(error_of(with_meta(good, [](json& m) { m["format_version"] = 3; })) ==
        "unsupported crasp model format_version 3 (expected 1 or 2)");
  CHECK(error_of(with_meta(good, [](json& m) { m.erase("vocab"); })).starts_with("bad crasp metadata: "));
  CHECK(error_of(with_meta(good, [](json& m) { m["positional"] = "alibi"; })) ==
        "bad crasp metadata: unknown positional kind 'alibi'");
  CHECK(error_of(with_meta(good, [](json& m) { m["layers"][0]["heads"][0]["d_head"] = 5; })) ==
        "tensor 'layers.0.heads.0.wq' has shape [4, 6], the metadata implies [5, 6]");
  CHECK(error_of(with_meta(good, [](json& m) { m["layers"][1]["ffn"]["d_ff"] = 2000000000; })) ==
        "bad crasp metadata: the metadata implies more weights than the file holds");
  CHECK(error_of(with_meta(good, [](json& m) { m["bos"] = 9; })) ==
        "invalid model: bos: bos id 9 is not a token id");
}

TEST_CASE("an invalid model is not saved", "[io]") {
  model m = sample(positional::nope);
  m.unembed.resize(1, 1);
  crasp::diagnostics d;
  CHECK_FALSE(to_bytes(m, d));
  CHECK(d.items()[0].origin == "unembed");
}

TEST_CASE("every truncation and random byte corruption fails cleanly", "[io]") {
  const std::string good = bytes_of(sample(positional::rope));
  for (std::size_t cut = 0; cut < good.size(); cut += 7) {
    const load_result r = from_bytes(good.substr(0, cut), "cut");
    CHECK_FALSE(r.ok());
    CHECK(r.diags.has_errors());
  }
  std::mt19937 rng(99);
  std::uniform_int_distribution<std::size_t> pos(0, good.size() - 1);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int trial = 0; trial < 500; ++trial) {
    std::string bad = good;
    for (int k = 0; k < 3; ++k) bad[pos(rng)] = static_cast<char>(byte(rng));
    const load_result r = from_bytes(bad, "flip");  // must not crash; may load if only data changed
    CHECK(r.ok() != r.diags.has_errors());
  }
}
