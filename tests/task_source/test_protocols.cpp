// The three instance sources of a spec: the generator (run_generator), the oracle
// (oracle_session) and data files (read_data). Misbehaving scripts are tests/data/specs/proto.sh
// steps; every failure must be an error located at the spec key that names the source, and none
// may hang.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "spec_fixture.hpp"
#include "task_source/protocols.hpp"

using namespace spec_test;
using crasp::spec_detail::oracle_session;
using crasp::spec_detail::protocol_limits;
using crasp::spec_detail::run_generator;
using crasp::spec_detail::task_instance;
using crasp::spec_detail::tokens;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using Catch::Matchers::EndsWith;

namespace {

// A TOML array running proto.sh with these steps (TOML literal strings: no escapes needed).
std::string proto(const std::vector<std::string>& steps) {
  std::string out = "[\"sh\", \"proto.sh\"";
  for (const auto& s : steps) out += ", '" + s + "'";
  return out + "]";
}

crasp::task_file generator_spec(const std::string& format, const std::vector<std::string>& steps) {
  return spec_with("format = \"" + format + "\"\ngenerator = " + proto(steps) + "\n");
}

crasp::task_file oracle_spec(const std::string& format, const std::vector<std::string>& steps) {
  return spec_with("format = \"" + format + "\"\noracle = " + proto(steps) + "\n");
}

protocol_limits limits(double timeout = 10) {
  protocol_limits l;
  l.timeout = std::chrono::duration<double>(timeout);
  return l;
}

// Runs the generator; on failure returns the one error's message (the rest in `rendered`).
struct generated {
  std::optional<std::vector<task_instance>> instances;
  crasp::diagnostics diags;
  std::string rendered;
  double seconds = 0;
};

generated generate(const crasp::task_file& spec, std::size_t length = 3, std::size_t count = 2,
                   std::uint64_t seed = 1, double timeout = 10) {
  generated g;
  const auto t0 = std::chrono::steady_clock::now();
  g.instances = run_generator(spec, length, count, seed, limits(timeout), g.diags);
  g.seconds = since(t0);
  g.rendered = crasp::render(g.diags);
  return g;
}

// The error of a generator run that must fail: exactly one error, located at `generator`.
const crasp::diagnostic& generator_error(const generated& g, const crasp::task_file& spec) {
  INFO(g.rendered);
  REQUIRE_FALSE(g.instances.has_value());
  REQUIRE(g.diags.error_count() == 1);
  const auto& d = g.diags.items().front();
  CHECK(d.source == spec.source);
  CHECK(d.where.begin == spec.generator.where.begin);
  CHECK(d.where.end == spec.generator.where.end);
  return d;
}

// The message for a generator that wrote `line` first, for length 3, count 2, seed 1.
std::string bad_line_error(const std::string& format, const std::string& line) {
  const auto spec = generator_spec(format, {"line:" + line});
  const auto g = generate(spec);
  const auto& d = generator_error(g, spec);
  const std::string prefix = "the generator (--length 3 --count 2 --seed 1) wrote a bad line 1: ";
  CHECK_THAT(d.message, StartsWith(prefix));
  REQUIRE(d.notes.size() == 1);
  CHECK(d.notes[0].message == "the line: " + line);
  return d.message.substr(std::min(d.message.size(), prefix.size()));
}

// The instance a generator line decodes to (length 3).
task_instance good_line(const std::string& format, const std::string& line) {
  const auto spec = generator_spec(format, {"line:" + line});
  const auto g = generate(spec, 3, 1);
  INFO(line << "\n" << g.rendered);
  REQUIRE(g.instances.has_value());
  REQUIRE(g.instances->size() == 1);
  return g.instances->front();
}

}  // namespace

// ---- generator ---------------------------------------------------------------------------------

TEST_CASE("generator: a good script's instances", "[spec][generator]") {
  const auto spec = spec_with("format = \"labels\"\ngenerator = [\"sh\", \"tasks.sh\", \"gt\"]\n");
  const auto g = generate(spec, 5, 4, 9);
  INFO(g.rendered);
  REQUIRE(g.instances.has_value());
  CHECK(g.diags.empty());
  REQUIRE(g.instances->size() == 4);
  for (std::size_t k = 0; k < 4; ++k) {
    const auto& inst = (*g.instances)[k];
    CHECK(inst.input.size() == 5);
    CHECK(inst.expected.size() == 5);
    CHECK(inst.length == 5);
    CHECK(inst.origin == "generator --length 5 --count 4 --seed 9, line " + std::to_string(k + 1));
    // The reference: #a > #b at every prefix, as True/False.
    int a = 0, b = 0;
    for (std::size_t p = 0; p < 5; ++p) {
      (inst.input[p] == "a" ? a : b) += 1;
      CHECK(inst.expected[p] == (a > b ? "True" : "False"));
    }
  }
  // The same seed gives the same instances.
  const auto again = generate(spec, 5, 4, 9);
  REQUIRE(again.instances.has_value());
  for (std::size_t k = 0; k < 4; ++k) CHECK((*again.instances)[k].input == (*g.instances)[k].input);
}

TEST_CASE("generator: answers decode per format", "[spec][generator]") {
  CHECK(good_line("accept", R"({"input": "a b", "answer": true})").expected ==
        tokens{"True"});
  CHECK(good_line("accept", R"({"input": ["b", "b"], "answer": false})").expected ==
        tokens{"False"});
  CHECK(good_line("count", R"({"input": "a b a", "answer": 2})").expected == tokens{"2"});
  CHECK(good_line("count", R"({"input": "a", "answer": -1})").expected == tokens{"-1"});
  CHECK(good_line("count", R"({"input": "a", "answer": 18446744073709551615})").expected ==
        tokens{"18446744073709551615"});
  CHECK(good_line("continuation", R"({"input": "<bos> t1 <sep>", "answer": "t2 t3"})").expected ==
        tokens{"t2", "t3"});
  CHECK(good_line("continuation", R"({"input": "x", "answer": ["t2", "<eos>"]})").expected ==
        tokens{"t2", "<eos>"});
  CHECK(good_line("continuation", R"({"input": "x", "answer": ""})").expected.empty());
  CHECK(good_line("labels", R"({"input": "a b", "answer": [true, false]})").expected ==
        tokens{"True", "False"});
  CHECK(good_line("labels", R"({"input": "a b c", "answer": [0, 1, -2]})").expected ==
        tokens{"0", "1", "-2"});
  CHECK(good_line("labels", R"({"input": "a b", "answer": ["a", "<none>"]})").expected ==
        tokens{"a", "<none>"});
  CHECK(good_line("labels", R"({"input": "a b", "answer": "x  y"})").expected == tokens{"x", "y"});
  // Without "length" the instance's length is the --length argument; with it, its value.
  CHECK(good_line("accept", R"({"input": "a b", "answer": true})").length == 3);
  const auto with_length = good_line("accept", R"({"input": "a b", "answer": true, "length": 9})");
  CHECK(with_length.length == 9);
  CHECK(with_length.input == tokens{"a", "b"});
}

TEST_CASE("generator: fewer lines than the count are fine, blank lines skipped",
          "[spec][generator]") {
  const auto spec = generator_spec(
      "accept", {R"(line:{"input": "a", "answer": true})", "line:", "line:   ",
                 R"(line:{"input": "b", "answer": false})"});
  const auto g = generate(spec, 1, 5);
  INFO(g.rendered);
  REQUIRE(g.instances.has_value());
  REQUIRE(g.instances->size() == 2);
  CHECK(g.instances->at(1).input == tokens{"b"});
  CHECK(g.instances->at(1).origin == "generator --length 1 --count 5 --seed 1, line 4");
  // No line at all: no instance of that length.
  const auto none = generate(generator_spec("accept", {"exit:0"}), 4, 3);
  REQUIRE(none.instances.has_value());
  CHECK(none.instances->empty());
  CHECK(none.diags.empty());
}

TEST_CASE("generator: more lines than the count: only the count is read", "[spec][generator]") {
  // 50,000 extra lines fill the pipe: the generator can only exit if crasp keeps reading.
  const auto spec = generator_spec("accept", {R"(lines:count+50000:{"input": "a", "answer": true})"});
  const auto g = generate(spec, 1, 3);
  INFO(g.rendered);
  REQUIRE(g.instances.has_value());
  CHECK(g.instances->size() == 3);
  CHECK(g.seconds < 10);
}

TEST_CASE("generator: a generator that never stops writing is killed", "[spec][generator]") {
  const auto spec = generator_spec("accept", {R"(forever:{"input": "a", "answer": true})"});
  const auto g = generate(spec, 1, 3, 1, 0.3);
  const auto& d = generator_error(g, spec);
  CHECK(d.message == "the generator (--length 1 --count 3 --seed 1) did not exit within 0.3 s "
                     "of its last line (--oracle-timeout)");
  CHECK(g.seconds < 5);
}

TEST_CASE("generator: a non-zero exit is located at `generator` with the stderr tail",
          "[spec][generator]") {
  const auto spec = generator_spec(
      "accept", {R"(line:{"input": "a", "answer": true})", "errlines:15", "err:boom: bad seed",
                 "exit:3"});
  const auto g = generate(spec, 3, 2, 1);
  const auto& d = generator_error(g, spec);
  CHECK(d.message == "the generator (--length 3 --count 2 --seed 1) exited with status 3");
  REQUIRE(d.notes.size() == 1);
  CHECK_THAT(d.notes[0].message, StartsWith("the generator's stderr:\n[4 earlier lines]\n"
                                            "stderr line 5\n"));
  CHECK_THAT(d.notes[0].message, EndsWith("stderr line 15\nboom: bad seed"));
  // Rendered, as the user sees it: the spec's file, line and column, and the generator's value.
  CHECK_THAT(g.rendered, StartsWith(at(3, 13) + "the generator (--length 3 --count 2 --seed 1) "
                                                "exited with status 3\n 3 | generator = "));
  CHECK_THAT(g.rendered, Contains("note: the generator's stderr:\n"));
  // Killed by a signal, without stderr: no note.
  const auto killed_spec = spec_with("format = \"accept\"\ngenerator = [\"sh\", \"-c\", "
                                     "\"kill -9 $$\", \"gen\"]\n");
  const auto killed = generate(killed_spec);
  const auto& k = generator_error(killed, killed_spec);
  CHECK_THAT(k.message, Contains("was killed by signal 9"));
  CHECK(k.notes.empty());
}

TEST_CASE("generator: one that cannot be started", "[spec][generator]") {
  const auto spec = spec_with("format = \"accept\"\ngenerator = [\"crasp-no-such-generator\"]\n");
  const auto g = generate(spec);
  const auto& d = generator_error(g, spec);
  CHECK_THAT(d.message, StartsWith("the generator (--length 3 --count 2 --seed 1) could not be "
                                   "started: cannot start 'crasp-no-such-generator': "));
}

TEST_CASE("generator: malformed lines", "[spec][generator]") {
  CHECK(bad_line_error("accept", R"({"input": "a b", "answer": tru)") == "malformed JSON");
  CHECK(bad_line_error("accept", "[1, 2]") == "expected a JSON object, not an array");
  CHECK(bad_line_error("accept", R"({"input": "a b", "anwser": true})") ==
        R"(unknown key "anwser" (expected "input", "answer" and optionally "length"))");
  CHECK(bad_line_error("accept", R"({"answer": true})") == R"(no "input")");
  CHECK(bad_line_error("accept", R"({"input": "a"})") == R"(no "answer")");
  CHECK_THAT(bad_line_error("accept", R"({"input": "  ", "answer": true})"),
             StartsWith(R"("input" is empty)"));
  CHECK(bad_line_error("accept", R"({"input": 3, "answer": true})") ==
        R"("input" must be a string of tokens or an array of strings, not a number)");
  CHECK(bad_line_error("accept", R"({"input": ["a", 1], "answer": true})") ==
        R"("input" must be a string of tokens or an array of strings, and has a number)");
  CHECK(bad_line_error("accept", R"({"input": ["a b"], "answer": true})") ==
        R"("input" has the token 'a b', which is empty or contains whitespace)");
  CHECK(bad_line_error("accept", R"({"input": "a", "answer": null})") ==
        "the answer is null (only an oracle may say that an input is outside the task)");
  CHECK(bad_line_error("accept", R"({"input": "a", "answer": true, "length": 0})") ==
        R"("length" must be a positive integer, not a number)");
  CHECK(bad_line_error("accept", R"({"input": "a", "answer": true, "length": -2})") ==
        R"("length" must be a positive integer, not a number)");
  CHECK(bad_line_error("accept", R"({"input": "a", "answer": true, "length": "2"})") ==
        R"("length" must be a positive integer, not a string)");
  // A long line is shortened in the note.
  const std::string long_line = "{\"input\": \"" + std::string(400, 'a') + "\"";
  const auto spec = generator_spec("accept", {"line:" + long_line});
  const auto g = generate(spec);
  const auto& d = generator_error(g, spec);
  REQUIRE(d.notes.size() == 1);
  CHECK(d.notes[0].message.size() < 220);
  CHECK_THAT(d.notes[0].message, Contains(" bytes) ... "));
}

TEST_CASE("generator: an answer of the wrong type, per format", "[spec][generator]") {
  CHECK(bad_line_error("accept", R"({"input": "a", "answer": 1})") ==
        "format accept needs the answer true or false, not a number");
  CHECK(bad_line_error("accept", R"({"input": "a", "answer": "true"})") ==
        "format accept needs the answer true or false, not a string");
  CHECK(bad_line_error("count", R"({"input": "a", "answer": "3"})") ==
        "format count needs an integer answer, not a string");
  CHECK(bad_line_error("count", R"({"input": "a", "answer": 2.5})") ==
        "format count needs an integer answer, not a fraction");
  CHECK(bad_line_error("count", R"({"input": "a", "answer": true})") ==
        "format count needs an integer answer, not true");
  CHECK(bad_line_error("continuation", R"({"input": "a", "answer": 3})") ==
        "a continuation answer must be a string of tokens or an array of strings, not a number");
  CHECK(bad_line_error("continuation", R"({"input": "a", "answer": false})") ==
        "a continuation answer must be a string of tokens or an array of strings, not false");
  CHECK(bad_line_error("continuation", R"({"input": "a", "answer": ["t1", 2]})") ==
        "a continuation answer must be a string of tokens or an array of strings, and has a "
        "number");
  CHECK(bad_line_error("continuation", R"({"input": "a", "answer": ["t1", ""]})") ==
        "a continuation answer has the token '', which is empty or contains whitespace");
  CHECK(bad_line_error("labels", R"({"input": "a", "answer": {"x": 1}})") ==
        "format labels needs one label per input token (a string or an array), not an object");
  CHECK(bad_line_error("labels", R"({"input": "a", "answer": true})") ==
        "format labels needs one label per input token (a string or an array), not true");
  CHECK(bad_line_error("labels", R"({"input": "a b", "answer": [true, null]})") ==
        "a label must be true, false, an integer or a token, not null");
  CHECK(bad_line_error("labels", R"({"input": "a b", "answer": [true, 0.5]})") ==
        "a label must be true, false, an integer or a token, not a fraction");
  CHECK(bad_line_error("labels", R"({"input": "a b", "answer": [true, ""]})") ==
        "a label must be true, false, an integer or a token, not a string");
}

TEST_CASE("generator: labels must match the input tokens in number", "[spec][generator]") {
  CHECK(bad_line_error("labels", R"({"input": "a b c", "answer": [true, false]})") ==
        "format labels needs one label per input token: 2 labels for 3 tokens");
  CHECK(bad_line_error("labels", R"({"input": "a b", "answer": "x"})") ==
        "format labels needs one label per input token: 1 label for 2 tokens");
  CHECK(bad_line_error("labels", R"({"input": "a", "answer": [1, 2]})") ==
        "format labels needs one label per input token: 2 labels for 1 token");
  CHECK(bad_line_error("labels", R"({"input": "a", "answer": []})") ==
        "format labels needs one label per input token: 0 labels for 1 token");
}

TEST_CASE("generator: one that never writes times out", "[spec][generator]") {
  const auto spec = generator_spec("accept", {"sleep:30"});
  const auto g = generate(spec, 3, 2, 1, 0.3);
  const auto& d = generator_error(g, spec);
  CHECK(d.message == "the generator (--length 3 --count 2 --seed 1) wrote no line 1 within 0.3 s "
                     "(--oracle-timeout)");
  CHECK(g.seconds < 5);
  // Its stderr so far is in the note.
  const auto noisy_spec = generator_spec("accept", {"err:thinking", "sleep:30"});
  const auto noisy = generate(noisy_spec, 3, 2, 1, 0.3);
  const auto& n = generator_error(noisy, noisy_spec);
  REQUIRE(n.notes.size() == 1);
  CHECK(n.notes[0].message == "the generator's stderr:\nthinking");
}

TEST_CASE("generator: one that writes its lines then hangs is killed", "[spec][generator]") {
  const auto spec = generator_spec("accept", {R"(lines:count:{"input": "a", "answer": true})",
                                              "sleep:30"});
  const auto g = generate(spec, 1, 2, 1, 0.3);
  const auto& d = generator_error(g, spec);
  CHECK(d.message == "the generator (--length 1 --count 2 --seed 1) did not exit within 0.3 s "
                     "of its last line (--oracle-timeout)");
  CHECK(g.seconds < 5);
  // Stuck half way: the second line never comes.
  const auto half_spec = generator_spec("accept", {R"(line:{"input": "a", "answer": true})",
                                                   "sleep:30"});
  const auto half = generate(half_spec, 1, 2, 1, 0.3);
  CHECK(generator_error(half, half_spec).message ==
        "the generator (--length 1 --count 2 --seed 1) wrote no line 2 within 0.3 s "
        "(--oracle-timeout)");
}

TEST_CASE("generator: the spec's alphabets reach the script's environment", "[spec][generator]") {
  const auto spec = spec_with("format = \"accept\"\ngenerator = " +
                              proto({"envline:CRASP_ALPHABET_Sym"}) +
                              "\nalphabets = { Sym = \"t0..t2\", Ctl = \"<bos> <sep>\" }\n");
  const auto env = crasp::spec_detail::script_environment(spec);
  CHECK(env == std::vector<std::string>{"CRASP_ALPHABET_Ctl=<bos> <sep>",
                                        "CRASP_ALPHABET_Sym=t0 t1 t2"});
  const auto g = generate(spec, 1, 1);
  INFO(g.rendered);
  REQUIRE(g.instances.has_value());
  CHECK(g.instances->size() == 1);
  // Without alphabets the variable is not set (proto.sh exits 5).
  const auto bare = generator_spec("accept", {"envline:CRASP_ALPHABET_Sym"});
  CHECK(crasp::spec_detail::script_environment(bare).empty());
  const auto g2 = generate(bare, 1, 1);
  CHECK(generator_error(g2, bare).message ==
        "the generator (--length 1 --count 1 --seed 1) exited with status 5");
}

// ---- oracle ------------------------------------------------------------------------------------

namespace {

struct asked {
  bool ok = false;
  std::vector<std::optional<task_instance>> out;
  crasp::diagnostics diags;
  std::string rendered;
  double seconds = 0;
};

asked ask(oracle_session& session, const std::vector<tokens>& inputs) {
  asked a;
  const auto t0 = std::chrono::steady_clock::now();
  a.ok = session.ask(inputs, a.out, a.diags);
  a.seconds = since(t0);
  a.rendered = crasp::render(a.diags);
  return a;
}

const crasp::diagnostic& oracle_error(const asked& a, const crasp::task_file& spec) {
  INFO(a.rendered);
  REQUIRE_FALSE(a.ok);
  REQUIRE(a.diags.error_count() == 1);
  const auto& d = a.diags.items().front();
  CHECK(d.source == spec.source);
  CHECK(d.where.begin == spec.oracle.where.begin);
  CHECK(d.where.end == spec.oracle.where.end);
  return d;
}

std::vector<tokens> inputs_of(std::initializer_list<const char*> words) {
  std::vector<tokens> out;
  for (const char* w : words) {
    tokens t;
    std::string s = w, cur;
    for (const char c : s + " ") {
      if (c == ' ') {
        if (!cur.empty()) t.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
    out.push_back(t);
  }
  return out;
}

}  // namespace

TEST_CASE("oracle: answers in order, null for inputs outside the task", "[spec][oracle]") {
  const auto spec = oracle_spec("accept", {"answer:all"});
  oracle_session session(spec, limits());
  const auto a = ask(session, inputs_of({"a b", "b", "z a", "b b a"}));
  INFO(a.rendered);
  REQUIRE(a.ok);
  CHECK(a.diags.empty());
  REQUIRE(a.out.size() == 4);
  REQUIRE(a.out[0].has_value());
  CHECK(a.out[0]->input == tokens{"a", "b"});
  CHECK(a.out[0]->expected == tokens{"True"});
  CHECK(a.out[0]->length == 2);  // default: the number of input tokens
  CHECK(a.out[0]->origin == "oracle, input 1");
  REQUIRE(a.out[1].has_value());
  CHECK(a.out[1]->expected == tokens{"False"});
  CHECK_FALSE(a.out[2].has_value());
  REQUIRE(a.out[3].has_value());
  CHECK(a.out[3]->origin == "oracle, input 4");
  CHECK(session.asked() == 4);
  // The same oracle keeps answering; inputs are numbered across calls.
  const auto b = ask(session, inputs_of({"a"}));
  REQUIRE(b.ok);
  REQUIRE(b.out.size() == 1);
  CHECK(b.out[0]->origin == "oracle, input 5");
  CHECK(session.asked() == 5);
  // An empty batch is no work.
  const auto c = ask(session, {});
  CHECK(c.ok);
  CHECK(c.out.empty());
}

TEST_CASE("oracle: a line's length and an echoed input", "[spec][oracle]") {
  const auto spec = oracle_spec("count", {R"(reply:{"answer": 4, "length": 9})",
                                          R"(reply:{"input": "ignored", "answer": 1})", "sleep:30"});
  oracle_session session(spec, limits());
  const auto a = ask(session, inputs_of({"a a", "b a"}));
  INFO(a.rendered);
  REQUIRE(a.ok);
  REQUIRE(a.out.size() == 2);
  CHECK(a.out[0]->expected == tokens{"4"});
  CHECK(a.out[0]->length == 9);
  CHECK(a.out[1]->input == tokens{"b", "a"});  // what was asked, not what was echoed
  CHECK(a.out[1]->length == 2);
}

TEST_CASE("oracle: one that exits after three answers", "[spec][oracle]") {
  const auto spec = oracle_spec("accept", {"answer:3", "err:oracle: done early", "exit:0"});
  oracle_session session(spec, limits());
  const auto a = ask(session, inputs_of({"a", "b", "a b", "b b", "a a"}));
  const auto& d = oracle_error(a, spec);
  CHECK(d.message == "the oracle stopped answering at input 4 (exited with status 0)");
  REQUIRE(d.notes.size() == 2);
  CHECK(d.notes[0].message == "the line: {\"input\":\"b b\"}");
  CHECK(d.notes[1].message == "the oracle's stderr:\noracle: done early");
  CHECK(session.asked() == 3);
  CHECK(a.seconds < 5);
  // The session is unusable afterwards.
  std::vector<std::optional<task_instance>> out;
  crasp::diagnostics diags;
  CHECK_FALSE(session.ask(inputs_of({"a"}), out, diags));
}

TEST_CASE("oracle: one that stops answering times out", "[spec][oracle]") {
  const auto spec = oracle_spec("accept", {"answer:2", "sleep:30"});
  oracle_session session(spec, limits(0.3));
  const auto a = ask(session, inputs_of({"a", "b", "a b", "b b"}));
  const auto& d = oracle_error(a, spec);
  CHECK(d.message == "the oracle gave no answer to input 3 within 0.3 s (--oracle-timeout)");
  REQUIRE_FALSE(d.notes.empty());
  CHECK(d.notes[0].message == "the line: {\"input\":\"a b\"}");
  CHECK(a.seconds < 5);
}

TEST_CASE("oracle: a malformed or mistyped answer", "[spec][oracle]") {
  {
    const auto spec = oracle_spec("accept", {"answer:1", "reply:{oops", "sleep:30"});
    oracle_session session(spec, limits());
    const auto a = ask(session, inputs_of({"a", "b b"}));
    const auto& d = oracle_error(a, spec);
    CHECK(d.message == "the oracle wrote a bad answer to input 2 ({\"input\":\"b b\"}): malformed "
                       "JSON");
    REQUIRE_FALSE(d.notes.empty());
    CHECK(d.notes[0].message == "the line: {oops");
  }
  {
    const auto spec = oracle_spec("labels", {R"(reply:{"answer": [true]})", "sleep:30"});
    oracle_session session(spec, limits());
    const auto a = ask(session, inputs_of({"a b"}));
    CHECK(oracle_error(a, spec).message ==
          "the oracle wrote a bad answer to input 1 ({\"input\":\"a b\"}): format labels needs one "
          "label per input token: 1 label for 2 tokens");
  }
  {
    const auto spec = oracle_spec("accept", {R"(reply:{"answer": "yes"})", "sleep:30"});
    oracle_session session(spec, limits());
    CHECK_THAT(oracle_error(ask(session, inputs_of({"a"})), spec).message,
               Contains("format accept needs the answer true or false, not a string"));
  }
}

TEST_CASE("oracle: one that cannot be started", "[spec][oracle]") {
  const auto spec = spec_with("format = \"accept\"\noracle = [\"crasp-no-such-oracle\"]\n");
  oracle_session session(spec, limits());
  CHECK_THAT(oracle_error(ask(session, inputs_of({"a"})), spec).message,
             StartsWith("the oracle could not be started: cannot start 'crasp-no-such-oracle': "));
}

TEST_CASE("oracle: a batch of 5,000 inputs", "[spec][oracle]") {
  const auto spec = oracle_spec("accept", {"answer:all"});
  oracle_session session(spec, limits());
  std::vector<tokens> inputs;
  for (int k = 0; k < 5000; ++k) {
    tokens t;
    for (int p = 0; p < 1 + k % 7; ++p) t.push_back(k % 3 == 0 && p == k % 5 ? "a" : "b");
    if (k % 11 == 0) t.push_back("z");
    inputs.push_back(std::move(t));
  }
  const auto a = ask(session, inputs);
  INFO(a.rendered);
  REQUIRE(a.ok);
  REQUIRE(a.out.size() == 5000);
  for (int k = 0; k < 5000; ++k) {
    INFO(k);
    const bool outside = k % 11 == 0;
    REQUIRE(a.out[k].has_value() == !outside);
    if (outside) continue;
    const bool has_a = std::find(inputs[k].begin(), inputs[k].end(), "a") != inputs[k].end();
    CHECK(a.out[k]->expected == tokens{has_a ? "True" : "False"});
    CHECK(a.out[k]->input == inputs[k]);
  }
  CHECK(session.asked() == 5000);
  CHECK(a.seconds < 20);
}

TEST_CASE("oracle: one that stops reading its input", "[spec][oracle]") {
  const auto spec = oracle_spec("accept", {"closein", "sleep:30"});
  oracle_session session(spec, limits(5));
  const auto a = ask(session, std::vector<tokens>(20000, tokens(20, "a")));
  CHECK(oracle_error(a, spec).message == "the oracle stopped reading its input at input 1");
  CHECK(a.seconds < 5);
}

// An oracle that dies part-way through a batch crasp is still writing makes crasp's write fail;
// crasp keeps reading, so the report is the same as for one that dies after the whole batch was
// written: the input it stopped at and its exit status. Which of the two happens depends on
// timing, so the test tries five times and wants the right message every time.
TEST_CASE("oracle: one that crashes part-way through a large batch is reported with its exit "
          "status",
          "[spec][oracle]") {
  const auto spec = oracle_spec("accept", {"answer:3", "err:Traceback: boom", "exit:1"});
  for (int attempt = 1; attempt <= 5; ++attempt) {
    INFO("attempt " << attempt);
    oracle_session session(spec, limits(5));
    const auto a = ask(session, std::vector<tokens>(20000, tokens(20, "a")));
    const auto& d = oracle_error(a, spec);
    CHECK(d.message == "the oracle stopped answering at input 4 (exited with status 1)");
    CHECK(session.asked() == 3);
  }
}

// Answers the oracle writes after crasp's write failed still count, so the error names the input
// the oracle stopped at (4), not the first one crasp could not write.
TEST_CASE("oracle: answers an oracle wrote are counted when it stops reading", "[spec][oracle]") {
  const auto spec = oracle_spec(
      "accept", {"read:3", "closein", "sleep:0.2", R"(lines:3:{"answer": true})", "sleep:30"});
  oracle_session session(spec, limits(1));
  const auto a = ask(session, std::vector<tokens>(20000, tokens(20, "a")));
  const auto& d = oracle_error(a, spec);
  CHECK(d.message == "the oracle stopped reading its input at input 4");
  CHECK(session.asked() == 3);
}

// docs/tasks.md says the oracle "sees end of input when crasp is done": ending the session closes
// its input and gives it time to act on that (flush a cache, write statistics) before any kill.
TEST_CASE("oracle: the oracle sees end of input when the session ends", "[spec][oracle]") {
  const auto marker = std::filesystem::temp_directory_path() /
                      ("crasp-test-oracle-eof-" + std::to_string(::getpid()));
  std::filesystem::remove(marker);
  ::setenv("CRASP_TEST_MARKER", marker.c_str(), 1);
  {
    const auto spec = oracle_spec("accept", {"answer:all", "touchenv:CRASP_TEST_MARKER"});
    oracle_session session(spec, limits());
    const auto a = ask(session, inputs_of({"a b"}));
    INFO(a.rendered);
    REQUIRE(a.ok);
  }
  bool touched = false;
  for (int k = 0; k < 100 && !touched; ++k) {
    touched = std::filesystem::exists(marker);
    if (!touched) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK(touched);
  std::filesystem::remove(marker);
  ::unsetenv("CRASP_TEST_MARKER");
}

// ---- data --------------------------------------------------------------------------------------

TEST_CASE("data: a good file's instances", "[spec][data]") {
  const auto spec = spec_with("format = \"accept\"\ndata = [\"has_a.jsonl\"]\n");
  crasp::diagnostics diags;
  const auto data = crasp::spec_detail::read_data(spec, diags);
  INFO(crasp::render(diags));
  REQUIRE(data.has_value());
  REQUIRE(data->size() == 3);
  CHECK(data->at(0).input == tokens{"a"});
  CHECK(data->at(0).expected == tokens{"True"});
  CHECK(data->at(0).length == 1);
  CHECK(data->at(0).origin == "has_a.jsonl:1");
  CHECK(data->at(1).input == tokens{"b", "b"});
  CHECK(data->at(1).expected == tokens{"False"});
  CHECK(data->at(1).length == 2);  // default: the number of input tokens
  CHECK(data->at(2).input == tokens{"b", "a", "b"});
  CHECK(data->at(2).length == 7);  // "length" given
  CHECK(data->at(2).origin == "has_a.jsonl:3");

  // Comments and blank lines are skipped but keep the line numbers.
  const auto counts = spec_with("format = \"count\"\ndata = [\"count_a.jsonl\"]\n");
  const auto c = crasp::spec_detail::read_data(counts, diags);
  REQUIRE(c.has_value());
  REQUIRE(c->size() == 4);
  CHECK(c->at(0).origin == "count_a.jsonl:3");
  CHECK(c->at(1).expected == tokens{"2"});
  CHECK(c->at(3).origin == "count_a.jsonl:6");
  CHECK(c->at(3).length == 14);
}

TEST_CASE("data: a bad line names the file and line, at the spec's data entry", "[spec][data]") {
  const auto spec = spec_with("format = \"accept\"\ndata = [\"has_a.jsonl\", \"bad_line.jsonl\"]\n");
  crasp::diagnostics diags;
  CHECK_FALSE(crasp::spec_detail::read_data(spec, diags).has_value());
  REQUIRE(diags.error_count() == 1);
  const auto& d = diags.items().front();
  CHECK(d.message == "bad_line.jsonl line 4: format accept needs the answer true or false, not a "
                     "number");
  CHECK(d.source == spec.source);
  CHECK(text_at(spec, d.where) == "\"bad_line.jsonl\"");
  REQUIRE(d.notes.size() == 1);
  CHECK(d.notes[0].message == "the line: {\"input\": \"b b\", \"answer\": 3}");
  CHECK_THAT(crasp::render(diags), StartsWith(at(3, 24) + "bad_line.jsonl line 4: "));
  // The same file read in another format.
  const auto wrong_format = spec_with("format = \"count\"\ndata = [\"has_a.jsonl\"]\n");
  crasp::diagnostics d2;
  CHECK_FALSE(crasp::spec_detail::read_data(wrong_format, d2).has_value());
  CHECK_THAT(crasp::render(d2), Contains("has_a.jsonl line 1: format count needs an integer "
                                         "answer, not true"));
}

