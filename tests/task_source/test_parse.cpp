// Parsing and validating task specs: a spec with every key round-trips into task_file, and every
// kind of mistake is an error located at the key or value concerned.
#include <filesystem>

#include "spec_fixture.hpp"

using namespace spec_test;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

std::string normal(const std::string& p) {
  return std::filesystem::path(p).lexically_normal().string();
}

}  // namespace

TEST_CASE("parse: a spec with every key round-trips into task_file", "[spec][parse]") {
  const std::string path = specs_dir() + "/full.toml";
  crasp::diagnostics diags;
  const auto spec = crasp::load_task_file(path, diags);
  INFO(crasp::render(diags));
  REQUIRE(spec.has_value());
  CHECK(diags.empty());

  CHECK(spec->path == path);
  CHECK(spec->dir == specs_dir());
  REQUIRE(spec->source != nullptr);
  CHECK(spec->source->name == path);
  CHECK(spec->name == "full");
  CHECK(spec->description == "every key of a task spec");
  CHECK(spec->format == crasp::tasks::answer_format::labels);

  CHECK(spec->generator.argv == std::vector<std::string>{"sh", "tasks.sh", "gt"});
  CHECK(spec->oracle.argv == std::vector<std::string>{"sh", "proto.sh", "answer:all"});
  CHECK(spec->generator.given());
  CHECK(text_at(*spec, spec->generator.where) == R"(["sh", "tasks.sh", "gt"])");
  CHECK(crasp::locate(spec->source->text, spec->generator.where.begin).line == 6);
  CHECK(crasp::locate(spec->source->text, spec->oracle.where.begin).line == 7);

  // Paths: as written, resolved against the spec's folder (normalized), located.
  REQUIRE(spec->data.size() == 2);
  CHECK(spec->data[0].written == "has_a.jsonl");
  CHECK(spec->data[0].resolved == normal(specs_dir() + "/has_a.jsonl"));
  CHECK(text_at(*spec, spec->data[0].where) == "\"has_a.jsonl\"");
  CHECK(spec->data[1].written == "./count_a.jsonl");
  CHECK(spec->data[1].resolved == normal(specs_dir() + "/count_a.jsonl"));
  CHECK(text_at(*spec, spec->data[1].where) == "\"./count_a.jsonl\"");
  REQUIRE(spec->program.has_value());
  CHECK(spec->program->written == "gt.crasp");
  CHECK(spec->program->resolved == normal(specs_dir() + "/gt.crasp"));
  CHECK(text_at(*spec, spec->program->where) == "\"gt.crasp\"");
  CHECK(crasp::locate(spec->source->text, spec->program->where.begin).line == 9);
  REQUIRE(spec->candidates.size() == 2);
  CHECK(spec->candidates[0].resolved == normal(specs_dir() + "/last_a.crasp"));
  CHECK(spec->candidates[1].written == "../specs/has_a.crasp");
  CHECK(spec->candidates[1].resolved == normal(specs_dir() + "/has_a.crasp"));
  CHECK(text_at(*spec, spec->candidates[1].where) == "\"../specs/has_a.crasp\"");

  CHECK(spec->alphabets.size() == 2);
  CHECK(spec->alphabets.at("Sym") == std::vector<std::string>{"a", "b"});
  CHECK(spec->alphabets.at("Ctl") == std::vector<std::string>{"x0", "x1", "x2"});
  CHECK(spec->min_length == 2);
  CHECK(spec->max_length == std::optional<std::size_t>(50));
  CHECK(spec->expect == std::optional(crasp::tasks::expressible::unknown));

  REQUIRE(spec->trained.size() == 2);
  CHECK(spec->trained[0].source == "spec");
  CHECK(spec->trained[0].pe == "APE, 2 layers");
  REQUIRE(spec->trained[0].points.size() == 2);
  CHECK(spec->trained[0].points[0].lo == 1);
  CHECK(spec->trained[0].points[0].hi == 50);
  CHECK(spec->trained[0].points[0].accuracy == 1.0);
  CHECK(spec->trained[0].points[1].lo == 51);
  CHECK(spec->trained[0].points[1].hi == 100);
  CHECK(spec->trained[0].points[1].accuracy == 0.5);
  CHECK(spec->trained[1].pe == "RoPE");
  REQUIRE(spec->trained[1].points.size() == 1);
  CHECK(spec->trained[1].points[0].accuracy == 1.0);  // an integer accuracy is accepted

  // Every top-level key has its value's span.
  for (const char* key : {"name", "description", "format", "generator", "oracle", "data",
                          "program", "candidates", "alphabets", "min_length", "max_length",
                          "expect", "trained"}) {
    INFO(key);
    REQUIRE(spec->where.count(key) == 1);
    CHECK(spec->where.at(key).end >= spec->where.at(key).begin);
  }
  CHECK(text_at(*spec, spec->where.at("name")) == "\"full\"");
  CHECK(text_at(*spec, spec->where.at("min_length")) == "2");
  CHECK(text_at(*spec, spec->where.at("expect")) == "\"unknown\"");
}

TEST_CASE("parse: a minimal spec gets the defaults", "[spec][parse]") {
  const auto spec = spec_with("format = \"count\"\ndata = [\"count_a.jsonl\"]\n");
  CHECK(spec.name == "t");
  CHECK(spec.description.empty());
  CHECK(spec.format == crasp::tasks::answer_format::count);
  CHECK_FALSE(spec.generator.given());
  CHECK_FALSE(spec.oracle.given());
  CHECK_FALSE(spec.program.has_value());
  CHECK(spec.candidates.empty());
  CHECK(spec.alphabets.empty());
  CHECK(spec.min_length == 1);
  CHECK_FALSE(spec.max_length.has_value());
  CHECK_FALSE(spec.expect.has_value());
  CHECK(spec.trained.empty());
  // A script found on PATH (no '/') is not checked for existence; neither are plain words.
  const auto cmd = spec_with("format = \"accept\"\ngenerator = [\"sh\", \"-c\", \"exit 0\"]\n");
  CHECK(cmd.generator.argv.size() == 3);
}

TEST_CASE("parse: names, formats and the spec file helpers", "[spec][parse]") {
  CHECK(crasp::is_task_file_name("ur2.toml"));
  CHECK(crasp::is_task_file_name("examples/tasks/ur2.toml"));
  CHECK(crasp::is_task_file_name("UR2.TOML"));
  CHECK_FALSE(crasp::is_task_file_name(".toml"));
  CHECK_FALSE(crasp::is_task_file_name("UR"));
  CHECK_FALSE(crasp::is_task_file_name("ur2.crasp"));
  CHECK(crasp::answer_format_name(crasp::tasks::answer_format::accept) == "accept");
  CHECK(crasp::answer_format_name(crasp::tasks::answer_format::continuation) == "continuation");
  CHECK(crasp::answer_format_name(crasp::tasks::answer_format::labels) == "labels");
  CHECK(crasp::answer_format_name(crasp::tasks::answer_format::count) == "count");
  for (const char* f : {"accept", "continuation", "labels", "count"}) {
    const auto spec = spec_with(std::string("format = \"") + f + "\"\ndata = [\"has_a.jsonl\"]\n");
    CHECK(crasp::answer_format_name(spec.format) == f);
  }
}

TEST_CASE("parse: a TOML syntax error is located", "[spec][parse][errors]") {
  const auto e = errors_of("name = \"t\"\nformat = \"accept\ndata = [\"has_a.jsonl\"]\n");
  CHECK_THAT(e, StartsWith(specs_dir() + "/inline.toml:2:"));
  CHECK_THAT(e, Contains(": error: "));
  CHECK_THAT(e, Contains(" 2 | format = \"accept"));
  // A duplicate key is a syntax error too.
  CHECK_THAT(errors_of("name = \"t\"\nname = \"u\"\nformat = \"accept\"\ndata = [\"has_a.jsonl\"]\n"),
             StartsWith(specs_dir() + "/inline.toml:2:"));
}

TEST_CASE("parse: a spec file that cannot be read", "[spec][parse][errors]") {
  crasp::diagnostics diags;
  CHECK_FALSE(crasp::load_task_file(specs_dir() + "/no_such_spec.toml", diags).has_value());
  CHECK_THAT(crasp::render(diags), Contains("no_such_spec.toml: error: cannot read the task spec"));
  crasp::diagnostics dir_diags;
  CHECK_FALSE(crasp::load_task_file(specs_dir(), dir_diags).has_value());
  CHECK_THAT(crasp::render(dir_diags), Contains("is a directory, not a task spec"));
}

TEST_CASE("parse: an unknown key is located and the note lists the keys", "[spec][parse][errors]") {
  const auto e = errors_of(
      "name = \"t\"\nformat = \"accept\"\ndata = [\"has_a.jsonl\"]\nprogramme = \"gt.crasp\"\n");
  CHECK_THAT(e, StartsWith(at(4, 1) + "unknown key 'programme'"));
  CHECK_THAT(e, Contains("note: a task spec has the keys name, description, format, generator, "
                         "oracle, data, program, candidates, alphabets, vocabulary, regex, dfa, "
                         "labels, min_length, max_length, expect, trained"));
  // A table that is not [[trained]] is an unknown key as well, and so is a key inside [[trained]].
  CHECK_THAT(errors_of("name = \"t\"\nformat = \"accept\"\ndata = [\"has_a.jsonl\"]\n[extra]\nx = 1\n"),
             Contains("unknown key 'extra'"));
  CHECK_THAT(errors_of("name = \"t\"\nformat = \"accept\"\ndata = [\"has_a.jsonl\"]\n"
                       "[[trained]]\nlabel = \"APE\"\nbins = []\nlayers = 2\n"),
             Contains(at(7, 1) + "unknown key 'layers' in [[trained]] (expected label, bins)"));
}

TEST_CASE("parse: values of the wrong type", "[spec][parse][errors]") {
  const std::string base = "format = \"accept\"\ndata = [\"has_a.jsonl\"]\n";
  CHECK_THAT(errors_of("name = 3\n" + base), Contains(at(1, 8) + "'name' must be a string"));
  CHECK_THAT(errors_of("name = \"two words\"\n" + base),
             Contains(at(1, 8) + "'name' must be a non-empty word"));
  CHECK_THAT(errors_of("name = \"\"\n" + base), Contains("'name' must be a non-empty word"));
  CHECK_THAT(errors_of("name = \"t\"\nformat = true\ndata = [\"has_a.jsonl\"]\n"),
             Contains(at(2, 10) + "'format' must be a string"));
  CHECK_THAT(errors_of("name = \"t\"\ndescription = [\"x\"]\n" + base),
             Contains(at(2, 15) + "'description' must be a string"));
  {
    const auto e = errors_of("name = \"t\"\nformat = \"accept\"\ngenerator = \"python3 tasks.py\"\n");
    CHECK_THAT(e, Contains(at(3, 13) + "'generator' must be an array of strings"));
    CHECK_THAT(e, Contains("note: for example: generator = [\"python3\", \"gen.py\"]"));
  }
  CHECK_THAT(errors_of("name = \"t\"\nformat = \"accept\"\noracle = [\"python3\", 3]\n"),
             Contains("'oracle' must be a string"));
  CHECK_THAT(errors_of("name = \"t\"\nformat = \"accept\"\ngenerator = []\n"),
             Contains(at(3, 13) + "'generator' must name a program to run"));
  CHECK_THAT(errors_of("name = \"t\"\nformat = \"accept\"\ndata = \"has_a.jsonl\"\n"),
             Contains(at(3, 8) + "'data' must be an array of file names"));
  CHECK_THAT(errors_of("name = \"t\"\ncandidates = \"last_a.crasp\"\n" + base),
             Contains("'candidates' must be an array of file names"));
  CHECK_THAT(errors_of("name = \"t\"\nprogram = [\"gt.crasp\"]\n" + base),
             Contains(at(2, 11) + "'program' must be a string"));
  CHECK_THAT(errors_of("name = \"t\"\nalphabets = \"a b\"\n" + base),
             Contains(at(2, 13) + "'alphabets' must be a table"));
  CHECK_THAT(errors_of("name = \"t\"\nalphabets = { Sym = 3 }\n" + base),
             Contains("'alphabets.Sym' must be a string"));
  CHECK_THAT(errors_of("name = \"t\"\nexpect = true\n" + base), Contains("'expect' must be a string"));
  CHECK_THAT(errors_of("name = \"t\"\ntrained = 3\n" + base),
             Contains(at(2, 11) + "'trained' must be an array of tables"));
  CHECK_THAT(errors_of("name = \"t\"\ntrained = [3]\n" + base),
             Contains("each [[trained]] entry must be a table with label and bins"));
}

TEST_CASE("parse: an unknown format", "[spec][parse][errors]") {
  CHECK_THAT(errors_of("name = \"t\"\nformat = \"acceptor\"\ndata = [\"has_a.jsonl\"]\n"),
             StartsWith(at(2, 10) + "unknown format 'acceptor' (expected accept, continuation, "
                                    "labels or count)"));
}

TEST_CASE("parse: a missing name or format", "[spec][parse][errors]") {
  const auto no_name = errors_of("format = \"accept\"\ndata = [\"has_a.jsonl\"]\n");
  CHECK_THAT(no_name, StartsWith(at(1, 1) + "the task spec has no 'name'"));
  const auto no_format = errors_of("name = \"t\"\ndata = [\"has_a.jsonl\"]\n");
  CHECK_THAT(no_format, StartsWith(at(1, 1) + "the task spec has no 'format' (accept, "
                                              "continuation, labels or count)"));
  // Both at once, and an empty file: every missing key is reported.
  const auto empty = errors_of("");
  CHECK_THAT(empty, Contains("has no 'name'"));
  CHECK_THAT(empty, Contains("has no 'format'"));
  CHECK_THAT(empty, Contains("names no instance source"));
}

TEST_CASE("parse: a spec without an instance source", "[spec][parse][errors]") {
  const auto e = errors_of("name = \"t\"\nformat = \"accept\"\nprogram = \"has_a.crasp\"\n");
  CHECK_THAT(e, StartsWith(at(1, 1) + "the task spec names no instance source: give a "
                                      "generator, an oracle, data, or a regex or dfa"));
}

TEST_CASE("parse: files that do not exist", "[spec][parse][errors]") {
  const std::string base = "name = \"t\"\nformat = \"accept\"\n";
  CHECK_THAT(errors_of(base + "data = [\"has_a.jsonl\"]\nprogram = \"nope.crasp\"\n"),
             StartsWith(at(4, 11) + "file 'nope.crasp' does not exist (relative to the spec's "
                                    "folder)"));
  CHECK_THAT(errors_of(base + "data = [\"has_a.jsonl\"]\ncandidates = [\"last_a.crasp\", "
                              "\"nope.crasp\"]\n"),
             StartsWith(at(4, 31) + "file 'nope.crasp' does not exist"));
  CHECK_THAT(errors_of(base + "data = [\"has_a.jsonl\", \"nope.jsonl\"]\n"),
             StartsWith(at(3, 24) + "data file 'nope.jsonl' does not exist"));
  // A folder is not a file.
  CHECK_THAT(errors_of(base + "data = [\"has_a.jsonl\"]\nprogram = \".\"\n"),
             Contains("file '.' does not exist"));
  CHECK_THAT(errors_of(base + "data = [\"has_a.jsonl\"]\nprogram = \"\"\n"),
             Contains("file '' does not exist"));
}

TEST_CASE("parse: a script argument naming a missing file", "[spec][parse][errors]") {
  const std::string base = "name = \"t\"\nformat = \"accept\"\n";
  CHECK_THAT(errors_of(base + "generator = [\"python3\", \"nope.py\"]\n"),
             StartsWith(at(3, 13) + "the generator names 'nope.py', which does not exist "
                                    "(relative to the spec's folder)"));
  CHECK_THAT(errors_of(base + "oracle = [\"sh\", \"proto.sh\", \"answer:all\", "
                              "\"lib/helper.sh\"]\n"),
             StartsWith(at(3, 10) + "the oracle names 'lib/helper.sh', which does not exist"));
  // The program itself, when it has a '/', is relative to the spec's folder.
  CHECK_THAT(errors_of(base + "generator = [\"./gen.sh\"]\n"),
             Contains("the generator names './gen.sh', which does not exist"));
  // Existing scripts pass, as do options and words without an extension.
  const auto ok = spec_with("format = \"accept\"\ngenerator = [\"sh\", \"proto.sh\", \"--x\", "
                            "\"line:a\"]\noracle = [\"./proto.sh\", \"answer:all\"]\n");
  CHECK(ok.oracle.argv.at(0) == "./proto.sh");
}

TEST_CASE("parse: a bad alphabet spec", "[spec][parse][errors]") {
  const std::string base = "format = \"accept\"\ndata = [\"has_a.jsonl\"]\n";
  const auto range = errors_of("name = \"t\"\nalphabets = { Sym = \"t9..t2\" }\n" + base);
  CHECK_THAT(range, StartsWith(at(2, 21) + "alphabet Sym: "));
  CHECK_THAT(range, Contains("t9..t2"));
  CHECK_THAT(errors_of("name = \"t\"\nalphabets = { Sym = \"\" }\n" + base),
             Contains(at(2, 21) + "alphabet Sym: "));
  // The alphabets' names are checked against the programs only when the spec is checked.
  const auto ok = spec_with("alphabets = { Nope = \"a b\" }\n" + base);
  CHECK(ok.alphabets.count("Nope") == 1);
}

TEST_CASE("parse: expect is yes, no or unknown", "[spec][parse][errors]") {
  const std::string base = "name = \"t\"\nformat = \"accept\"\ndata = [\"has_a.jsonl\"]\n";
  CHECK_THAT(errors_of(base + "expect = \"maybe\"\n"),
             StartsWith(at(4, 10) + "'expect' must be yes, no or unknown, not 'maybe'"));
  CHECK_THAT(errors_of(base + "expect = \"Yes\"\n"), Contains("not 'Yes'"));
  for (const auto& [word, value] :
       std::vector<std::pair<std::string, crasp::tasks::expressible>>{
           {"yes", crasp::tasks::expressible::yes},
           {"no", crasp::tasks::expressible::no},
           {"unknown", crasp::tasks::expressible::unknown}}) {
    const auto spec = spec_with("format = \"accept\"\ndata = [\"has_a.jsonl\"]\nexpect = \"" +
                                word + "\"\n");
    CHECK(spec.expect == std::optional(value));
  }
}

TEST_CASE("parse: min_length and max_length are positive and ordered", "[spec][parse][errors]") {
  const std::string base = "name = \"t\"\nformat = \"accept\"\ndata = [\"has_a.jsonl\"]\n";
  CHECK_THAT(errors_of(base + "min_length = 0\n"),
             StartsWith(at(4, 14) + "'min_length' must be a positive integer"));
  CHECK_THAT(errors_of(base + "max_length = -3\n"),
             StartsWith(at(4, 14) + "'max_length' must be a positive integer"));
  CHECK_THAT(errors_of(base + "min_length = 2.5\n"), Contains("'min_length' must be a positive integer"));
  CHECK_THAT(errors_of(base + "min_length = \"4\"\n"), Contains("'min_length' must be a positive integer"));
  CHECK_THAT(errors_of(base + "min_length = 10\nmax_length = 5\n"),
             StartsWith(at(5, 14) + "max_length 5 is below min_length 10"));
  const auto equal = spec_with("format = \"accept\"\ndata = [\"has_a.jsonl\"]\nmin_length = 5\n"
                               "max_length = 5\n");
  CHECK(equal.max_length == std::optional<std::size_t>(5));
}

TEST_CASE("parse: a bad [[trained]] bin or entry", "[spec][parse][errors]") {
  const std::string base = "name = \"t\"\nformat = \"accept\"\ndata = [\"has_a.jsonl\"]\n";
  const std::string want = "a trained bin is { lo = A, hi = B, accuracy = X } with 1 <= A <= B "
                           "and 0 <= X <= 1";
  for (const std::string bin : {"{ lo = 5, hi = 2, accuracy = 0.5 }",
                                "{ lo = 0, hi = 2, accuracy = 0.5 }",
                                "{ lo = 1, hi = 2, accuracy = 1.5 }",
                                "{ lo = 1, hi = 2, accuracy = -0.1 }",
                                "{ lo = 1, hi = 2 }",
                                "{ lo = 1, hi = 2, accuracy = 0.5, n = 3 }",
                                "{ lo = \"1\", hi = 2, accuracy = 0.5 }",
                                "[1, 2, 0.5]"}) {
    INFO(bin);
    const auto e = errors_of(base + "[[trained]]\nlabel = \"APE\"\nbins = [" + bin + "]\n");
    CHECK_THAT(e, StartsWith(at(6, 9) + want));
  }
  CHECK_THAT(errors_of(base + "[[trained]]\nlabel = \"APE\"\nbins = 3\n"),
             StartsWith(at(6, 8) + "'bins' must be an array"));
  CHECK_THAT(errors_of(base + "[[trained]]\nbins = []\n"), Contains("[[trained]] needs a label"));
  CHECK_THAT(errors_of(base + "[[trained]]\nlabel = 2\nbins = []\n"),
             Contains("'label' must be a string"));
}

TEST_CASE("parse: every error of a spec is reported, not just the first", "[spec][parse][errors]") {
  crasp::diagnostics diags;
  const auto spec = parse("name = 3\nformat = \"x\"\nprogram = \"nope.crasp\"\nexpect = \"maybe\"\n"
                          "min_length = 0\nbogus = 1\n",
                          diags);
  CHECK_FALSE(spec.has_value());
  // name, format, program, expect, min_length, bogus, and no instance source.
  CHECK(diags.error_count() == 7);
}

TEST_CASE("parse: vocabulary is an alphabet of input tokens", "[spec][parse]") {
  const std::string base = "format = \"accept\"\ndata = [\"has_a.jsonl\"]\n";
  const auto spec = spec_with("vocabulary = \"<bos> <sep> t0..t2\"\n" + base);
  REQUIRE(spec.vocabulary.has_value());
  CHECK(*spec.vocabulary == std::vector<std::string>{"<bos>", "<sep>", "t0", "t1", "t2"});
  CHECK_FALSE(spec_with(base).vocabulary.has_value());
  CHECK_THAT(errors_of("name = \"t\"\nvocabulary = \"\"\n" + base),
             StartsWith(at(2, 14) + "vocabulary: "));
  CHECK_THAT(errors_of("name = \"t\"\nvocabulary = [\"a\"]\n" + base),
             StartsWith(at(2, 14) + "'vocabulary' must be a string"));
}

TEST_CASE("parse: a regular language is its own instance source", "[spec][parse]") {
  const auto regex = spec_with("format = \"labels\"\nregex = \"(a(ab)*b)*\"\nlabels = \"member\"\n");
  CHECK(regex.regex == std::optional<std::string>("(a(ab)*b)*"));
  CHECK(regex.language_labels == "member");
  CHECK_FALSE(regex.dfa.has_value());
  // The default posing of labels is the papers' set of legal next symbols.
  CHECK(spec_with("format = \"labels\"\nregex = \"ab\"\n").language_labels == "next");
  CHECK_THAT(errors_of("name = \"t\"\nformat = \"accept\"\nregex = \"\"\n"),
             StartsWith(at(3, 9) + "'regex' is empty"));
  CHECK_THAT(errors_of("name = \"t\"\nformat = \"accept\"\ndfa = \"nowhere.dfa\"\n"),
             Contains("file 'nowhere.dfa' does not exist"));
  CHECK_THAT(errors_of("name = \"t\"\nformat = \"accept\"\nregex = \"a\"\ngenerator = [\"sh\"]\n"),
             StartsWith(at(4, 13) + "a spec with a regex is its own generator and oracle; drop "
                                    "'generator'"));
  CHECK_THAT(errors_of("name = \"t\"\nformat = \"continuation\"\nregex = \"a\"\n"),
             StartsWith(at(2, 10) + "a regular language is posed as accept or labels"));
  CHECK_THAT(errors_of("name = \"t\"\nformat = \"accept\"\nregex = \"a\"\nlabels = \"next\"\n"),
             StartsWith(at(4, 10) + "'labels' needs format = \"labels\""));
}
