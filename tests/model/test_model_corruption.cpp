// Blind damage: every truncation of a compiled model and random byte flips (fixed seed). Each
// load must end in errors or in a model that is well-formed (validates, saves, loads back the
// same and runs); nothing may crash, throw or allocate what the damaged sizes claim.
#include <catch2/catch.hpp>

#include <random>

#include "compiled_sample.hpp"
#include "safetensors_edit.hpp"

using namespace crasp::model;

namespace {

const std::string& rope_bytes() {
  static const std::string bytes = sample::bytes_of(sample::contains_ab(positional::rope));
  return bytes;
}

// Checks one load of damaged bytes; returns whether it was accepted.
bool check_outcome(const std::string& bytes) {
  const load_result r = from_bytes(bytes, "damaged");
  if (!r.ok()) {
    REQUIRE(r.diags.has_errors());
    for (const crasp::diagnostic& d : r.diags.items()) {
      CHECK(d.origin == "damaged");
      CHECK_FALSE(d.message.empty());
    }
    return false;
  }
  INFO(crasp::render(r.diags));
  CHECK_FALSE(r.diags.has_errors());
  CHECK(validate(*r.value).empty());
  // Well-formed: it saves, and what it saves loads back to the same bytes.
  crasp::diagnostics diags;
  const auto again = to_bytes(*r.value, diags);
  REQUIRE(again);
  const load_result back = from_bytes(*again, "again");
  REQUIRE(back.ok());
  CHECK(sample::bytes_of(*back.value) == *again);
  // And it runs (an answer or a diagnostic, e.g. when a flipped label changes the output kind).
  crasp::diagnostics run_diags;
  const auto out = crasp::run_transformer(*r.value, {"a", "b"}, "in", run_diags);
  CHECK((out.has_value() || run_diags.has_errors()));
  return true;
}

}  // namespace

TEST_CASE("every truncation of a model is refused as truncated", "[damage][corruption]") {
  const std::string& good = rope_bytes();
  REQUIRE(from_bytes(good, "good").ok());
  for (std::size_t cut = 0; cut < good.size(); ++cut) {
    const load_result r = from_bytes(std::string_view(good).substr(0, cut), "cut");
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.diags.has_errors());
    // The first error says what happened, whichever part the cut falls in.
    INFO("cut at " << cut << ": " << r.diags.items()[0].message);
    CHECK(r.diags.items()[0].message.find("truncated file") != std::string::npos);
  }
}

TEST_CASE("random byte flips never crash and never yield a malformed model", "[damage][corruption]") {
  const std::string& good = rope_bytes();
  const std::size_t header_end = 8 + edit::length_field(good);
  std::mt19937 rng(20240611);
  std::uniform_int_distribution<int> byte(0, 255);
  std::uniform_int_distribution<int> how_many(1, 3);
  std::uniform_int_distribution<std::size_t> anywhere(0, good.size() - 1);
  std::uniform_int_distribution<std::size_t> in_header(0, header_end - 1);
  int accepted = 0;
  int refused = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::string bad = good;
    // Two thirds of the flips hit the header, where most of the structure is.
    const bool header = trial % 3 != 0;
    for (int k = how_many(rng); k > 0; --k) bad[header ? in_header(rng) : anywhere(rng)] = static_cast<char>(byte(rng));
    if (bad == good) continue;
    (check_outcome(bad) ? accepted : refused)++;
  }
  // Both outcomes occur: a flipped weight still loads, a flipped structure does not.
  CHECK(accepted > 0);
  CHECK(refused > 0);
}

TEST_CASE("flipping each header byte in turn never crashes", "[damage][corruption]") {
  const std::string& good = rope_bytes();
  const std::size_t header_end = 8 + edit::length_field(good);
  for (std::size_t at = 0; at < header_end; ++at) {
    for (unsigned char to : {0x00, 0x22, 0x39, 0x7d}) {
      std::string bad = good;
      if (static_cast<unsigned char>(bad[at]) == to) continue;
      bad[at] = static_cast<char>(to);
      check_outcome(bad);
    }
  }
}
