// The crasp metadata document of a model file is read strictly: its format and version, every
// key (no unknown, none missing) and the exact type and range of every value, with the value's
// path in the diagnostic.
#include <catch2/catch.hpp>

#include <string>

#include "compiled_sample.hpp"
#include "safetensors_edit.hpp"

using namespace crasp::model;
using json = nlohmann::json;

namespace {

const std::string& ape_bytes() {
  static const std::string bytes = sample::bytes_of(sample::contains_ab(positional::ape));
  return bytes;
}

// The first error of loading the model with its metadata rewritten by f.
template <class F> std::string meta_error(F f) {
  const load_result r = from_bytes(edit::with_meta(ape_bytes(), f), "m.safetensors");
  INFO(crasp::render(r.diags));
  CHECK_FALSE(r.ok());
  REQUIRE(r.diags.has_errors());
  CHECK(r.diags.items()[0].origin == "m.safetensors");
  return r.diags.items()[0].message;
}

}  // namespace

TEST_CASE("the metadata format must be crasp-model", "[damage][metadata]") {
  CHECK(from_bytes(ape_bytes(), "m").ok());
  CHECK(meta_error([](json& m) { m["format"] = "other-model"; }) ==
        "not a crasp model: metadata format 'other-model' (expected 'crasp-model')");
  CHECK(meta_error([](json& m) { m.erase("format"); }) == "not a crasp model: the metadata has no format");
  CHECK(meta_error([](json& m) { m["format"] = 1; }) == "not a crasp model: the metadata format is not a string");
}

TEST_CASE("the format_version must be 1 or 2", "[damage][metadata]") {
  CHECK(meta_error([](json& m) { m["format_version"] = 3; }) == "unsupported crasp model format_version 3 (expected 1 or 2)");
  CHECK(meta_error([](json& m) { m["format_version"] = 1.0; }) ==
        "unsupported crasp model format_version not an integer (expected 1 or 2)");
  CHECK(meta_error([](json& m) { m["format_version"] = "1"; }) ==
        "unsupported crasp model format_version not an integer (expected 1 or 2)");
  CHECK(meta_error([](json& m) { m.erase("format_version"); }) ==
        "unsupported crasp model format_version missing (expected 1 or 2)");
}

TEST_CASE("metadata values have exact types and ranges", "[damage][metadata]") {
  // nlohmann would read each of these as some number; the loader must not.
  CHECK(meta_error([](json& m) { m["bos"] = true; }) == "bad crasp metadata: bos: expected an integer in [-2147483648, 2147483647]");
  CHECK(meta_error([](json& m) { m["bos"] = 0.5; }) == "bad crasp metadata: bos: expected an integer in [-2147483648, 2147483647]");
  CHECK(meta_error([](json& m) { m["max_len"] = 1e30; }) ==
        "bad crasp metadata: max_len: expected an integer in [-2147483648, 2147483647]");
  CHECK(meta_error([](json& m) { m["layers"][0]["heads"][0]["d_head"] = -1; }) ==
        "bad crasp metadata: layers[0].heads[0].d_head: expected an integer in [0, 2147483647]");
  CHECK(meta_error([](json& m) { m["layers"][0]["ffn"]["b1"] = 1; }) ==
        "bad crasp metadata: layers[0].ffn.b1: expected true or false");
  CHECK(meta_error([](json& m) { m["layers"][0]["ln_attn"]["eps"] = "0"; }) ==
        "bad crasp metadata: layers[0].ln_attn.eps: expected a number");
  CHECK(meta_error([](json& m) { m["vocab"][1] = 7; }) == "bad crasp metadata: vocab: expected an array of strings");
  CHECK(meta_error([](json& m) { m["layers"][0]["heads"][0]["rotary"] = {"x"}; }) ==
        "bad crasp metadata: layers[0].heads[0].rotary: expected an array of numbers");
  CHECK(meta_error([](json& m) { m["layers"] = json::object(); }) == "bad crasp metadata: layers: expected an array");
  CHECK(meta_error([](json& m) { m["layers"][0] = 3; }) == "bad crasp metadata: layers[0]: expected an object");
  CHECK(meta_error([](json& m) { m["info"] = {{"program", 3}}; }) == "bad crasp metadata: info.program: expected a string");
  CHECK(meta_error([](json& m) { m["positional"] = "alibi"; }) == "bad crasp metadata: unknown positional kind 'alibi'");
}

TEST_CASE("metadata keys are exactly the documented ones", "[damage][metadata]") {
  CHECK(meta_error([](json& m) { m["extra"] = 1; }) == "bad crasp metadata: the document: unknown key 'extra'");
  CHECK(meta_error([](json& m) { m["layers"][0]["ffn"]["b3"] = false; }) ==
        "bad crasp metadata: layers[0].ffn: unknown key 'b3'");
  CHECK(meta_error([](json& m) { m.erase("vocab"); }) == "bad crasp metadata: vocab: missing");
  CHECK(meta_error([](json& m) { m["layers"][0]["heads"][0].erase("rotary"); }) ==
        "bad crasp metadata: layers[0].heads[0].rotary: missing");
}

TEST_CASE("the metadata must agree with the tensors", "[damage][metadata]") {
  // A RoPE flag flipped in the metadata of an APE model: the table becomes an unexpected tensor.
  CHECK(meta_error([](json& m) { m["positional"] = "rope"; }) == "unexpected tensor 'pos_embed'");
  CHECK(meta_error([](json& m) { m["max_len"] = m["max_len"].get<int>() + 1; }).starts_with("tensor 'pos_embed' has shape"));
  // Sizes implying far more weights than the file holds are refused before allocating them.
  CHECK(meta_error([](json& m) { m["layers"][0]["ffn"]["d_ff"] = 2000000000; }) ==
        "bad crasp metadata: the metadata implies more weights than the file holds");
  CHECK(meta_error([](json& m) { m["max_len"] = 2000000000; }) ==
        "bad crasp metadata: the metadata implies more weights than the file holds");
}

TEST_CASE("a repeated key in the metadata document is refused", "[damage][metadata]") {
  auto [h, data] = edit::split(ape_bytes());
  std::string text = h["__metadata__"]["crasp"].get<std::string>();
  text.insert(1, "\"bos\":0,");
  h["__metadata__"]["crasp"] = text;
  const load_result r = from_bytes(edit::join(h, data), "m");
  REQUIRE(r.diags.has_errors());
  CHECK(r.diags.items()[0].message == "bad crasp metadata: duplicate key 'bos'");
}

TEST_CASE("the APE table lists the dimensions of its rows (format_version 2)", "[damage][metadata]") {
  CHECK(meta_error([](json& m) { m["pos_rows"] = "x"; }) == "bad crasp metadata: pos_rows: expected an array");
  CHECK(meta_error([](json& m) { m["pos_rows"][0] = -1; }) ==
        "bad crasp metadata: pos_rows: expected an array of residual dimension indices");
  CHECK(meta_error([](json& m) { m["pos_rows"][0] = 0.5; }) ==
        "bad crasp metadata: pos_rows: expected an array of residual dimension indices");
  CHECK(meta_error([](json& m) { m["format_version"] = 1; }) ==
        "bad crasp metadata: pos_rows: not a key of format_version 1");
  // One row fewer than the stored table: the tensor no longer fits.
  CHECK(meta_error([](json& m) { m["pos_rows"].erase(m["pos_rows"].size() - 1); })
            .starts_with("tensor 'pos_embed' has shape"));
  const std::string swapped = meta_error([](json& m) {
    auto& r = m["pos_rows"];
    std::swap(r[0], r[1]);
  });
  CHECK(swapped == "invalid model: pos_rows: dimensions must be strictly increasing (row 1: 4 after 5)");
  const std::string outside =
      meta_error([](json& m) { m["pos_rows"][0] = m["residual_names"].size(); });
  CHECK(outside.starts_with("invalid model: pos_rows: row 0 adds to dimension"));
}

// A frequency of 1e308 loaded and answered wrongly: the angle p * w overflows at position 2, and
// every score of the head became NaN without a word.
TEST_CASE("rotary frequencies are positive and their angle at max_len is meaningful", "[damage][metadata]") {
  static const std::string rope = sample::bytes_of(sample::contains_ab(positional::rope));
  REQUIRE(from_bytes(rope, "m").ok());
  // Where the first rotary frequency is, as "layers.L.heads.H.rotary[0]".
  std::string field;
  {
    const json meta = json::parse(edit::split(rope).first["__metadata__"]["crasp"].get<std::string>());
    REQUIRE(meta["max_len"] == 13);  // --max-len 12 and BOS
    for (std::size_t l = 0; l < meta["layers"].size() && field.empty(); ++l)
      for (std::size_t h = 0; h < meta["layers"][l]["heads"].size() && field.empty(); ++h)
        if (!meta["layers"][l]["heads"][h]["rotary"].empty())
          field = "layers." + std::to_string(l) + ".heads." + std::to_string(h) + ".rotary[0]";
  }
  REQUIRE_FALSE(field.empty());
  // The error of the model with that frequency set to w (empty: it loads).
  auto error_with = [&](double w) -> std::string {
    const std::string bytes = edit::with_meta(rope, [&](json& m) {
      for (auto& l : m["layers"])
        for (auto& h : l["heads"])
          if (!h["rotary"].empty()) {
            h["rotary"][0] = w;
            return;
          }
    });
    const load_result r = from_bytes(bytes, "m.safetensors");
    if (r.ok()) return "";
    REQUIRE(r.diags.has_errors());
    CHECK(r.diags.items()[0].origin == "m.safetensors");
    return r.diags.items()[0].message;
  };
  CHECK(error_with(1e308) == "invalid model: " + field +
                                 ": rotary frequency 1e+308 turns position max_len = 13 by inf rad, "
                                 "more than 2^32 rad (the angle loses its meaning in float64)");
  CHECK(error_with(1e12) == "invalid model: " + field +
                                ": rotary frequency 1e+12 turns position max_len = 13 by "
                                "1.3e+13 rad, more than 2^32 rad (the angle loses its meaning in float64)");
  CHECK(error_with(0) == "invalid model: " + field + ": rotary frequency 0 is not positive");
  CHECK(error_with(-0.5) == "invalid model: " + field + ": rotary frequency -0.5 is not positive");
  // Up to 2^32 rad at max_len a frequency loads; past it, not.
  CHECK(error_with(max_rotary_angle / 16).empty());
  CHECK_FALSE(error_with(max_rotary_angle / 8).empty());
  CHECK(error_with(3.0).empty());
}
