// Instances at a program's comparison boundaries (src/task_check/program_boundary.cpp): every
// instance found really puts a comparison of the program at d = a - b in {-1, 0, 1} (checked
// here by running the program), stays in the task's shape, and a wrong program's boundary holds
// its counterexample where sampled inputs do not.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"
#include "task_check/program_boundary.hpp"

namespace {

using crasp::check_detail::add_program_boundary;
using crasp::sources::answering;
using crasp::sources::instance_mix;
using crasp::spec_detail::task_instance;
using tokens = std::vector<std::string>;

// Dyck-1 of depth at most `depth` over a b, exactly.
bool dyck(const tokens& w, long depth) {
  long d = 0;
  for (const auto& t : w) {
    d += t == "a" ? 1 : -1;
    if (d < 0 || d > depth) return false;
  }
  return d == 0;
}

answering dyck_answers(long depth) {
  answering by;
  by.content = {"a", "b"};
  by.answer = [depth](const std::vector<tokens>& inputs,
                      std::vector<std::optional<task_instance>>& out, crasp::diagnostics&) {
    out.clear();
    for (const auto& in : inputs)
      out.push_back(task_instance{in, {dyck(in, depth) ? "True" : "False"}, in.size(), "ref"});
    return true;
  };
  return by;
}

// Members of depth at most 3: balanced walks, as a generator would draw them.
std::vector<task_instance> members(std::mt19937_64& rng, std::size_t count, std::size_t len) {
  std::vector<task_instance> out;
  while (out.size() < count) {
    tokens w;
    long d = 0;
    for (std::size_t k = 0; k < len; ++k) {
      const bool open = d == 0 || (d < 3 && rng() % 2 == 0 && d < static_cast<long>(len - k));
      const bool must_close = d >= static_cast<long>(len - k);
      w.push_back(open && !must_close ? "a" : "b");
      d += w.back() == "a" ? 1 : -1;
    }
    if (dyck(w, 3)) out.push_back(task_instance{w, {"True"}, len, "sampled"});
  }
  return out;
}

// Depth at most 4: wrong for D_3 exactly on balanced words that reach depth 4.
const char* off_by_one = R"(
O = #"a"
C = #"b"
OUT = O < C || O > C + 4
ACCEPT = #OUT == 0 && O == C
)";

// D_3: the depth O - C stays within 0..3.
const char* bounded = R"(
O = #"a"
C = #"b"
OUT = O < C || O > C + 3
ACCEPT = #OUT == 0 && O == C
)";

}  // namespace

TEST_CASE("program boundary: every instance found puts a comparison at its boundary",
          "[check][adversarial]") {
  const auto loaded = crasp::load_text("d3.crasp", bounded);
  REQUIRE(loaded.ok());
  const auto& program = *loaded.program;
  std::mt19937_64 rng(5);
  const auto base = members(rng, 10, 20);
  std::vector<task_instance> out = base;
  instance_mix mix;
  crasp::diagnostics diags;
  REQUIRE(add_program_boundary(program, base, 12, dyck_answers(3), rng, out, mix, diags));
  const std::size_t found = mix["program boundary"];
  CHECK(found >= 8);  // the comparisons of this program are all reachable by one-token edits
  REQUIRE(out.size() == base.size() + found);
  std::set<tokens> inputs;
  for (const auto& inst : out) inputs.insert(inst.input);
  CHECK(inputs.size() == out.size());  // nothing twice
  for (std::size_t k = base.size(); k < out.size(); ++k) {
    const auto& inst = out[k];
    INFO(inst.origin);
    CHECK(inst.input.size() == 20);
    CHECK(inst.origin.rfind("adversarial, program boundary (", 0) == 0);
    CHECK(inst.expected == tokens{dyck(inst.input, 3) ? "True" : "False"});
    // Some comparison of the program has a - b in {-1, 0, 1} at the last position, or as its
    // maximum or minimum over the positions.
    crasp::evaluator ev(program);
    const auto ids = crasp::encode(program, inst.input, "t", diags);
    REQUIRE(ids);
    REQUIRE(ev.append(*ids, diags));
    bool at_boundary = false;
    for (crasp::ir::node_id id = 0; id < program.nodes.size() && !at_boundary; ++id) {
      const auto* c = std::get_if<crasp::ir::compare>(&program.nodes[id].operation);
      if (c == nullptr) continue;
      long hi = LONG_MIN, lo = LONG_MAX, last = 0;
      for (std::size_t p = 0; p < ev.length(); ++p) {
        last = ev.value(c->a, p) - ev.value(c->b, p);
        hi = std::max(hi, last), lo = std::min(lo, last);
      }
      for (const long d : {last, hi, lo}) at_boundary = at_boundary || (d >= -1 && d <= 1);
    }
    CHECK(at_boundary);
  }
}

TEST_CASE("program boundary: a program with an off-by-one bound meets its counterexample",
          "[check][adversarial]") {
  // Members of D_3 never go deeper than 3, so the depth-4 program is right on all of them; its
  // own bound (O - C - 4 at its highest, the program's answer kept) leads to balanced words of
  // depth 4, which it accepts and D_3 does not.
  const auto loaded = crasp::load_text("d4.crasp", off_by_one);
  REQUIRE(loaded.ok());
  std::mt19937_64 rng(9);
  const auto base = members(rng, 10, 20);
  std::vector<task_instance> out = base;
  instance_mix mix;
  crasp::diagnostics diags;
  REQUIRE(add_program_boundary(*loaded.program, base, 30, dyck_answers(3), rng, out, mix, diags));
  std::size_t refuting = 0;
  for (const auto& inst : out) {
    const auto got = crasp::run(*loaded.program, inst.input, "t", diags);
    REQUIRE(got);
    refuting += (got->value != 0) != (inst.expected.front() == "True");
  }
  CHECK(refuting > 0);
}

TEST_CASE("program boundary: nothing without an answerer, a count of 0 or no comparison",
          "[check][adversarial]") {
  const auto loaded = crasp::load_text("d3.crasp", bounded);
  REQUIRE(loaded.ok());
  std::mt19937_64 rng(1);
  const auto base = members(rng, 4, 10);
  std::vector<task_instance> out;
  instance_mix mix;
  crasp::diagnostics diags;
  CHECK(add_program_boundary(*loaded.program, base, 5, answering{}, rng, out, mix, diags));
  CHECK(add_program_boundary(*loaded.program, base, 0, dyck_answers(3), rng, out, mix, diags));
  const auto plain = crasp::load_text("a.crasp", "A = tok(\"a\")\n");
  REQUIRE(plain.ok());
  CHECK(add_program_boundary(*plain.program, base, 5, dyck_answers(3), rng, out, mix, diags));
  CHECK(out.empty());
  CHECK(mix["program boundary"] == 0);
}
