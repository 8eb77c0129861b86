// Adversarial instances (src/task_source/adversarial.cpp), against a reference written here: the
// one-edit ones straddle the task's boundary (their answer differs from the sampled instance they
// come from, which is one edit away), frame tokens never move, run-length inputs are runs, and a
// source that fails stops the whole draw.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "task_source/adversarial.hpp"

namespace {

using crasp::sources::add_adversarial;
using crasp::sources::answer_batch;
using crasp::sources::input_shape;
using crasp::sources::instance_mix;
using crasp::spec_detail::task_instance;
using tokens = std::vector<std::string>;

// Accept: the content (between <bos> and <sep>) has more a than b. <bos> first, <sep> last.
std::optional<task_instance> more_a(const tokens& in) {
  if (in.size() < 3 || in.front() != "<bos>" || in.back() != "<sep>") return std::nullopt;
  long a = 0;
  for (std::size_t k = 1; k + 1 < in.size(); ++k) {
    if (in[k] == "<bos>" || in[k] == "<sep>") return std::nullopt;
    a += in[k] == "a" ? 1 : -1;
  }
  return task_instance{in, {a > 0 ? "True" : "False"}, in.size() - 2, "reference"};
}

answer_batch reference() {
  return [](const std::vector<tokens>& inputs, std::vector<std::optional<task_instance>>& out,
            crasp::diagnostics&) {
    out.clear();
    for (const auto& in : inputs) out.push_back(more_a(in));
    return true;
  };
}

input_shape framed() {
  input_shape s;
  s.frame = {{"<bos>", false, 0}, {"<sep>", true, 0}};
  s.content = {"a", "b"};
  return s;
}

std::vector<task_instance> sampled(std::mt19937_64& rng, std::size_t count, std::size_t len) {
  std::vector<task_instance> out;
  for (std::size_t s = 0; s < count; ++s) {
    tokens in = {"<bos>"};
    for (std::size_t k = 0; k < len; ++k) in.push_back(rng() % 2 ? "a" : "b");
    in.push_back("<sep>");
    auto inst = *more_a(in);
    inst.origin = "sampled " + std::to_string(s);
    out.push_back(inst);
  }
  return out;
}

}  // namespace

TEST_CASE("adversarial: one-edit instances straddle the boundary, runs are runs, the frame stays",
          "[check][adversarial]") {
  std::mt19937_64 rng(11);
  const auto base = sampled(rng, 12, 9);
  std::vector<task_instance> out;
  instance_mix mix;
  crasp::diagnostics diags;
  REQUIRE(add_adversarial(base, 12, {"a", "b"}, framed(), rng, reference(), out, mix, diags));
  CHECK(diags.empty());
  CHECK(out.size() == mix["one-edit"] + mix["run-length"]);
  CHECK(mix["one-edit"] > 0);
  CHECK(mix["run-length"] > 0);
  CHECK(out.size() <= 12);
  std::set<tokens> seen;
  for (const auto& inst : out) {
    INFO(inst.origin);
    CHECK(seen.insert(inst.input).second);  // no duplicates, none equal to a sampled input
    CHECK(std::none_of(base.begin(), base.end(),
                       [&](const task_instance& b) { return b.input == inst.input; }));
    REQUIRE(inst.input.size() == 11);
    CHECK(inst.input.front() == "<bos>");
    CHECK(inst.input.back() == "<sep>");
    CHECK(inst.expected == more_a(inst.input)->expected);  // the reference's answer
    if (inst.origin.rfind("adversarial, one edit", 0) == 0) {
      // One edit from some sampled instance whose answer differs.
      const bool near = std::any_of(base.begin(), base.end(), [&](const task_instance& b) {
        std::size_t diff = 0;
        for (std::size_t k = 0; k < b.input.size(); ++k) diff += b.input[k] != inst.input[k];
        return diff >= 1 && diff <= 2 && b.expected != inst.expected;
      });
      CHECK(near);
    } else {
      REQUIRE(inst.origin.rfind("adversarial, runs ", 0) == 0);
      // At most two runs of content tokens.
      std::size_t changes = 0;
      for (std::size_t k = 2; k + 1 < inst.input.size(); ++k)
        changes += inst.input[k] != inst.input[k - 1];
      CHECK(changes <= 1);
    }
  }
}

TEST_CASE("adversarial: nothing to add, and a failing source", "[check][adversarial]") {
  std::mt19937_64 rng(3);
  const auto base = sampled(rng, 4, 6);
  std::vector<task_instance> out;
  instance_mix mix;
  crasp::diagnostics diags;
  CHECK(add_adversarial(base, 0, {"a", "b"}, framed(), rng, reference(), out, mix, diags));
  CHECK(add_adversarial({}, 5, {"a", "b"}, framed(), rng, reference(), out, mix, diags));
  CHECK(out.empty());

  const answer_batch failing = [](const std::vector<tokens>&,
                                  std::vector<std::optional<task_instance>>&,
                                  crasp::diagnostics& d) {
    d.error("oracle", "stopped answering");
    return false;
  };
  CHECK_FALSE(add_adversarial(base, 5, {"a", "b"}, framed(), rng, failing, out, mix, diags));
  CHECK(diags.has_errors());

  // A source that calls every edit outside the task adds nothing, and says so in the mix.
  const answer_batch outside = [](const std::vector<tokens>& in,
                                  std::vector<std::optional<task_instance>>& o,
                                  crasp::diagnostics&) {
    o.assign(in.size(), std::nullopt);
    return true;
  };
  instance_mix none;
  CHECK(add_adversarial(base, 6, {"a", "b"}, framed(), rng, outside, out, none, diags));
  CHECK(out.empty());
  CHECK(none["one-edit"] == 0);
  CHECK(none["run-length"] == 0);
}

TEST_CASE("adversarial: balanced runs of both orders come first", "[check][adversarial]") {
  // A Dyck-like reference that a count-only program gets wrong on deep balanced words: accept
  // iff balanced with depth at most 2. a^4 b^4 is balanced and too deep: the instance to have.
  const answer_batch dyck2 = [](const std::vector<tokens>& inputs,
                                std::vector<std::optional<task_instance>>& out,
                                crasp::diagnostics&) {
    out.clear();
    for (const auto& in : inputs) {
      long d = 0, deepest = 0;
      bool ok = in.size() >= 2 && in.front() == "<bos>" && in.back() == "<sep>";
      for (std::size_t k = 1; ok && k + 1 < in.size(); ++k) {
        d += in[k] == "a" ? 1 : -1;
        deepest = std::max(deepest, d);
        ok = d >= 0;
      }
      const bool member = ok && d == 0 && deepest <= 2;
      out.push_back(task_instance{in, {member ? "True" : "False"}, in.size() - 2, "reference"});
    }
    return true;
  };
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    std::mt19937_64 rng(seed);
    const auto base = sampled(rng, 6, 8);
    std::vector<task_instance> out;
    instance_mix mix;
    crasp::diagnostics diags;
    REQUIRE(add_adversarial(base, 6, {"a", "b"}, framed(), rng, dyck2, out, mix, diags));
    std::set<std::string> runs;
    for (const auto& inst : out)
      if (inst.origin.rfind("adversarial, runs ", 0) == 0) runs.insert(inst.origin.substr(18));
    INFO("seed " << seed);
    CHECK(runs.count("a^4 b^4") == 1);
    CHECK(runs.count("b^4 a^4") == 1);
  }
}
