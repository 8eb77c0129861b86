// Damaged model files: each way a file can break the container (docs/model-format.md, Validation
// on read) is refused with a diagnostic naming the problem, never a crash and never a model that
// silently answers differently.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "compiled_sample.hpp"
#include "safetensors_edit.hpp"

using namespace crasp::model;
using json = nlohmann::json;

namespace {

// Every error of loading `bytes`, in order; the bytes must be refused, each error under the origin.
std::vector<std::string> errors_of(const std::string& bytes) {
  const load_result r = from_bytes(bytes, "m.safetensors");
  INFO(crasp::render(r.diags));
  CHECK_FALSE(r.ok());
  REQUIRE(r.diags.has_errors());
  std::vector<std::string> out;
  for (const crasp::diagnostic& d : r.diags.items()) {
    CHECK(d.origin == "m.safetensors");
    out.push_back(d.message);
  }
  return out;
}

std::string first_error(const std::string& bytes) { return errors_of(bytes).at(0); }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const std::string& rope_bytes() {
  static const std::string bytes = sample::bytes_of(sample::contains_ab(positional::rope));
  return bytes;
}

// The bytes of entry `name`'s first element.
std::size_t data_position(const std::string& bytes, const std::string& name) {
  auto [h, data] = edit::split(bytes);
  return 8 + edit::length_field(bytes) + h[name]["data_offsets"][0].get<std::size_t>();
}

}  // namespace

TEST_CASE("the undamaged compiled model loads and answers", "[damage]") {
  const load_result r = from_bytes(rope_bytes(), "m.safetensors");
  INFO(crasp::render(r.diags));
  REQUIRE(r.ok());
  CHECK(sample::answer(*r.value, {"c", "a", "b"}) == 1);
  CHECK(sample::answer(*r.value, {"b", "a", "c"}) == 0);
}

TEST_CASE("the header length must be exact", "[damage]") {
  const std::string& good = rope_bytes();
  const std::uint64_t n = edit::length_field(good);
  // One short: the header loses a padding space and the data section gains a byte (or, without
  // padding, the header loses its closing brace).
  if (good[8 + n - 1] == ' ') {
    CHECK(first_error(edit::with_length_field(good, n - 1)) ==
          fmt::format("1 byte after the last tensor: the tensors end at byte {} of a data section of {} bytes",
                      good.size() - 8 - n, good.size() - 8 - n + 1));
  } else {
    CHECK(first_error(edit::with_length_field(good, n - 1)).starts_with("bad header: not valid JSON"));
  }
  // One long: the header swallows the first data byte.
  CHECK(first_error(edit::with_length_field(good, n + 1)).starts_with("bad header: not valid JSON"));
  // Without padding, one short cuts the closing brace.
  auto [h, data] = edit::split(good);
  const std::string text = h.dump();
  std::string tight = edit::with_length_field(std::string(8, '\0'), text.size()) + text + data;
  REQUIRE(from_bytes(tight, "m").ok());
  CHECK(first_error(edit::with_length_field(tight, text.size() - 1)).starts_with("bad header: not valid JSON"));
  CHECK(first_error(edit::with_length_field(good, std::uint64_t{1} << 62)) ==
        fmt::format("bad header: length {} is implausibly large", std::uint64_t{1} << 62));
  CHECK(first_error(edit::with_length_field(good, good.size())) ==
        fmt::format("truncated file: header of {} bytes but only {} follow", good.size(), good.size() - 8));
  CHECK(first_error(edit::with_length_field(good, 0)) == "bad header: the header length is 0");
}

TEST_CASE("the header is one JSON object padded with spaces", "[damage]") {
  auto [h, data] = edit::split(rope_bytes());
  const std::string text = h.dump();
  CHECK(first_error(edit::join_text(" " + text, data)) == "bad header: does not start with '{'");
  CHECK(first_error(edit::join_text(text + "\n", data)) ==
        "bad header: the JSON object is followed by something other than space padding");
  CHECK(first_error(edit::join_text(text + "{}", data)).starts_with("bad header: not valid JSON"));
  CHECK(first_error(edit::join_text("[1, 2]", data)) == "bad header: not a JSON object");
  // A NUL byte ends the input for some JSON parsers; here it is simply not JSON.
  CHECK(first_error(edit::join_text(text + std::string(1, '\0') + "x}", data)) ==
        fmt::format("bad header: not valid JSON (a NUL byte at byte {})", text.size()));
  CHECK(first_error(edit::join_text("{\"a\" 1}", "")) == "bad header: not valid JSON (at byte 5)");
  // A repeated key would mean different tensors to different readers.
  const std::string embed = "\"embed\":" + h["embed"].dump();
  CHECK(first_error(edit::join_text("{" + embed + "," + text.substr(1), data)) == "bad header: duplicate key 'embed'");
  CHECK(first_error(edit::join_text("{\"__metadata__\": {\"a\": \"1\", \"a\": \"2\"}}", ""))
            == "bad header: duplicate key 'a'");
}

TEST_CASE("tensors must tile the data section exactly", "[damage]") {
  const std::string& good = rope_bytes();
  // Trailing bytes, whether one or a whole (finite) weight.
  CHECK(contains(first_error(good + "x"), "1 byte after the last tensor"));
  CHECK(contains(first_error(good + std::string(8, '\0')), "8 bytes after the last tensor"));
  auto [h, data] = edit::split(good);
  // Overlap without any gap or trailing byte: wk of the first rotary head is dropped and made to
  // share wq's bytes (same shape), so the file has the right size and every byte is used.
  const std::string wq = "layers.0.heads.0.wq";
  const std::string wk = "layers.0.heads.0.wk";
  REQUIRE(h[wq]["shape"] == h[wk]["shape"]);
  json e = h;
  e.erase(wk);
  auto [laid, laid_data] = edit::split(edit::relayout(e, data));
  laid[wk] = laid[wq];
  const std::vector<std::string> overlap = errors_of(edit::join(laid, laid_data));
  REQUIRE(overlap.size() == 1);
  CHECK(contains(overlap[0], "overlap tensor"));
  CHECK((contains(overlap[0], "'" + wq + "'") && contains(overlap[0], "'" + wk + "'")));
  // A gap: the data of embed moved one weight later, the first 8 bytes in no tensor.
  e = h;
  const auto begin = e["embed"]["data_offsets"][0].get<std::uint64_t>();
  REQUIRE(begin == 0);
  std::string shifted = data;
  shifted.insert(0, 8, '\0');
  for (auto& [name, entry] : e.items())
    if (name != "__metadata__")
      entry["data_offsets"] = {entry["data_offsets"][0].get<std::uint64_t>() + 8,
                               entry["data_offsets"][1].get<std::uint64_t>() + 8};
  CHECK(contains(first_error(edit::join(e, shifted)), "leaving bytes [0, 8) of the data section in no tensor"));
  // Offsets past the data section.
  e = h;
  const auto end = data.size();
  e["unembed"]["data_offsets"] = {end, end + e["unembed"]["data_offsets"][1].get<std::uint64_t>() -
                                           e["unembed"]["data_offsets"][0].get<std::uint64_t>()};
  CHECK(contains(first_error(edit::join(e, data)), "tensor 'unembed': truncated file: data_offsets end at"));
}

TEST_CASE("every entry's dtype, shape and offsets agree", "[damage]") {
  // Not a structured binding: clang-14 (the asan preset) cannot capture one in a lambda.
  const auto parts = edit::split(rope_bytes());
  const auto& h = parts.first;
  const auto& data = parts.second;
  const auto damaged = [&](auto f) {
    json e = h;
    f(e["embed"]);
    return first_error(edit::join(e, data));
  };
  CHECK(damaged([](json& x) { x["dtype"] = "F16"; }) == "tensor 'embed': unsupported dtype 'F16' (expected F64 or F32)");
  CHECK(damaged([](json& x) { x["dtype"] = 8; }) == "tensor 'embed': dtype is not a string");
  CHECK(damaged([](json& x) { x["extra"] = 1; }) ==
        "tensor 'embed': unexpected key 'extra' (an entry has dtype, shape and data_offsets)");
  CHECK(damaged([](json& x) { x = json::array(); }) == "tensor 'embed': entry is not an object");
  CHECK(damaged([](json& x) { x["shape"] = "[2, 3]"; }) == "tensor 'embed': shape is not an array");
  CHECK(damaged([](json& x) { x["shape"] = {2.5, 4}; }) == "tensor 'embed': shape must be an array of non-negative integers");
  CHECK(damaged([](json& x) { x["data_offsets"] = {0}; }) == "tensor 'embed': data_offsets must be two non-negative integers");
  CHECK(damaged([](json& x) { x["data_offsets"] = {0, -8}; }) == "tensor 'embed': data_offsets must be two non-negative integers");
  CHECK(contains(damaged([](json& x) { x["data_offsets"] = {x["data_offsets"][1], x["data_offsets"][0]}; }),
                 "do not hold shape"));
  // Shapes whose element count overflows 64 bits, or is merely absurd, are refused before any
  // size is computed from them.
  const std::string too_many = fmt::format("tensor 'embed': shape has more than {} elements", std::uint64_t{1} << 40);
  CHECK(damaged([](json& x) { x["shape"] = {std::uint64_t{1} << 32, std::uint64_t{1} << 32}; }) == too_many);
  CHECK(damaged([](json& x) { x["shape"] = {std::uint64_t{1} << 63, 0}; }) == too_many);
  CHECK(damaged([](json& x) { x["shape"] = {std::uint64_t{1} << 20, std::uint64_t{1} << 20, std::uint64_t{1} << 20}; }) ==
        too_many);
  // A shape the bytes hold but the model does not need (embed transposed).
  CHECK(contains(damaged([](json& x) { x["shape"] = {x["shape"][1], x["shape"][0]}; }), "the metadata implies"));
}

TEST_CASE("non-finite weights are refused", "[damage]") {
  for (double bad : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
    std::string bytes = rope_bytes();
    std::memcpy(bytes.data() + data_position(bytes, "unembed"), &bad, 8);
    CHECK(first_error(bytes) == "invalid model: unembed: contains a non-finite value");
  }
}
