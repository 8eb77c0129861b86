// Parsing and validating a task spec (toml++; the only translation unit that includes it, since
// the header is heavy). Every error is located at the key or value it is about, clang-style, so
// that a user reads "ur2.toml:4:13: error: ..." with the line and a caret.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"
#include "crasp/word_map.hpp"
#include "crasp/task_spec.hpp"

namespace crasp {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> known_keys = {
    "name",       "description", "format",     "generator",  "oracle", "data",
    "program",    "candidates",  "alphabets",  "vocabulary", "regex",      "dfa",
    "labels",     "min_length",  "max_length", "expect",     "trained", "reduces_from",
    "reduction_map"};

// Byte offset of toml++'s 1-based line/column in `text` (columns count bytes for ASCII, which is
// what every key and every error position in a spec is).
std::uint32_t offset_of(std::string_view text, std::size_t line, std::size_t column) {
  std::size_t off = 0;
  for (std::size_t l = 1; l < line && off < text.size(); ++l) {
    const auto nl = text.find('\n', off);
    if (nl == std::string_view::npos) return static_cast<std::uint32_t>(text.size());
    off = nl + 1;
  }
  off += column > 0 ? column - 1 : 0;
  return static_cast<std::uint32_t>(std::min(off, text.size()));
}

// The span of a value in the spec: from its start to the end of its first line (toml++ gives
// the whole region, which for an array or table may cover several lines).
span span_of(std::string_view text, const toml::source_region& r) {
  const auto b = offset_of(text, r.begin.line, r.begin.column);
  auto e = r.end.line == r.begin.line ? offset_of(text, r.end.line, r.end.column) : b;
  if (e <= b) {
    const auto nl = text.find('\n', b);
    e = static_cast<std::uint32_t>(nl == std::string_view::npos ? text.size() : nl);
  }
  return {b, std::max(e, b)};
}

class spec_reader {
 public:
  spec_reader(source_ptr src, diagnostics& diags) : src_(std::move(src)), diags_(diags) {}

  span where(const toml::node& n) const { return span_of(src_->text, n.source()); }
  span where(const toml::key& k) const { return span_of(src_->text, k.source()); }

  diagnostic& error(span at, std::string message) {
    ok_ = false;
    return diags_.error(src_, at, std::move(message));
  }

  std::optional<std::string> string(const toml::node& n, std::string_view key) {
    if (const auto v = n.value<std::string>(); v && n.is_string()) return *v;
    error(where(n), fmt::format("'{}' must be a string", key));
    return std::nullopt;
  }

  std::optional<std::vector<std::string>> strings(const toml::node& n, std::string_view key,
                                                  std::string_view example) {
    const auto* a = n.as_array();
    if (a == nullptr) {
      auto& d = error(where(n), fmt::format("'{}' must be an array of strings", key));
      d.notes.push_back({severity::note, fmt::format("for example: {} = {}", key, example),
                         nullptr, {}, "", {}, ""});
      return std::nullopt;
    }
    std::vector<std::string> out;
    for (const auto& item : *a) {
      const auto s = string(item, key);
      if (!s) return std::nullopt;
      out.push_back(*s);
    }
    return out;
  }

  std::optional<std::size_t> length(const toml::node& n, std::string_view key) {
    const auto v = n.value<std::int64_t>();
    if (!n.is_integer() || !v || *v < 1) {
      error(where(n), fmt::format("'{}' must be a positive integer", key));
      return std::nullopt;
    }
    return static_cast<std::size_t>(*v);
  }

  [[nodiscard]] bool ok() const { return ok_; }
  [[nodiscard]] const source_ptr& source() const { return src_; }

 private:
  source_ptr src_;
  diagnostics& diags_;
  bool ok_ = true;
};

std::string join_path(const std::string& dir, const std::string& p) {
  if (fs::path(p).is_absolute() || dir == ".") return p;
  return (fs::path(dir) / p).lexically_normal().string();
}

// A path value: must name an existing regular file.
std::optional<spec_path> file_value(spec_reader& r, const toml::node& n, std::string_view key,
                                    const std::string& dir) {
  const auto s = r.string(n, key);
  if (!s) return std::nullopt;
  spec_path p{*s, join_path(dir, *s), r.where(n)};
  std::error_code ec;
  if (s->empty() || !fs::is_regular_file(p.resolved, ec)) {
    r.error(p.where, fmt::format("{} '{}' does not exist{}", key == "data" ? "data file" : "file",
                                 *s, dir == "." ? "" : " (relative to the spec's folder)"));
    return std::nullopt;
  }
  return p;
}

// A script argument: arguments after the first that look like file names (with a script-like
// extension or a '/') must exist, relative to the spec's folder. argv[0] with a '/' must too;
// without one it is looked up on PATH when the command starts.
void check_command_files(spec_reader& r, const spec_command& c, std::string_view key,
                         const std::string& dir) {
  static const std::vector<std::string> exts = {".py", ".sh", ".pl", ".rb", ".js", ".jl", ".R",
                                                ".lua", ".bash"};
  for (std::size_t k = 0; k < c.argv.size(); ++k) {
    const std::string& a = c.argv[k];
    if (a.empty() || a.front() == '-') continue;
    const fs::path p(a);
    const bool looks_like_file =
        (k == 0 && a.find('/') != std::string::npos) ||
        (k > 0 && (std::find(exts.begin(), exts.end(), p.extension().string()) != exts.end() ||
                   a.find('/') != std::string::npos));
    if (!looks_like_file) continue;
    std::error_code ec;
    if (!fs::exists(join_path(dir, a), ec))
      r.error(c.where, fmt::format("the {} names '{}', which does not exist{}", key, a,
                                   dir == "." ? "" : " (relative to the spec's folder)"));
  }
}

std::optional<spec_command> command_value(spec_reader& r, const toml::node& n,
                                          std::string_view key, const std::string& dir,
                                          std::string_view example) {
  auto argv = r.strings(n, key, example);
  if (!argv) return std::nullopt;
  if (argv->empty() || argv->front().empty()) {
    r.error(r.where(n), fmt::format("'{}' must name a program to run", key));
    return std::nullopt;
  }
  spec_command c{std::move(*argv), r.where(n)};
  check_command_files(r, c, key, dir);
  return c;
}

std::optional<tasks::answer_format> format_value(spec_reader& r, const toml::node& n) {
  const auto s = r.string(n, "format");
  if (!s) return std::nullopt;
  for (const auto f : {tasks::answer_format::accept, tasks::answer_format::continuation,
                       tasks::answer_format::labels, tasks::answer_format::count})
    if (*s == answer_format_name(f)) return f;
  r.error(r.where(n), fmt::format("unknown format '{}' (expected accept, continuation, labels "
                                  "or count)",
                                  *s));
  return std::nullopt;
}

std::optional<tasks::expressible> expect_value(spec_reader& r, const toml::node& n) {
  const auto s = r.string(n, "expect");
  if (!s) return std::nullopt;
  if (*s == "yes") return tasks::expressible::yes;
  if (*s == "no") return tasks::expressible::no;
  if (*s == "unknown") return tasks::expressible::unknown;
  r.error(r.where(n), fmt::format("'expect' must be yes, no or unknown, not '{}'", *s));
  return std::nullopt;
}

// A string in the alphabet syntax ("a b", "t0..t4"), expanded; errors say `label: why`.
std::optional<std::vector<std::string>> alphabet_value(spec_reader& r, const toml::node& n,
                                                       const std::string& key,
                                                       const std::string& label,
                                                       const char* empty_why) {
  const auto s = r.string(n, key);
  if (!s) return std::nullopt;
  diagnostics inner;
  auto items = expand_alphabet_spec(*s, inner);
  if (!items || inner.has_errors() || items->empty()) {
    std::string why = empty_why;
    for (const auto& d : inner.items())
      if (d.level == severity::error) why = d.message;
    r.error(r.where(n), fmt::format("{}: {}", label, why));
    return std::nullopt;
  }
  return items;
}

void read_alphabets(spec_reader& r, const toml::node& n, task_file& spec) {
  const auto* t = n.as_table();
  if (t == nullptr) {
    r.error(r.where(n), "'alphabets' must be a table of NAME = \"SPEC\" (e.g. { Sym = \"t0..t4\" })");
    return;
  }
  for (const auto& [k, v] : *t) {
    auto items = alphabet_value(r, v, "alphabets." + std::string(k.str()),
                                fmt::format("alphabet {}", k.str()), "the alphabet is empty");
    if (items) spec.alphabets[std::string(k.str())] = std::move(*items);
  }
}

// `vocabulary = "a b"`: the input tokens, written as an alphabet is.
void read_vocabulary(spec_reader& r, const toml::node& n, task_file& spec) {
  spec.vocabulary = alphabet_value(r, n, "vocabulary", "vocabulary", "it is empty");
}

void read_trained(spec_reader& r, const toml::node& n, task_file& spec) {
  const auto* a = n.as_array();
  if (a == nullptr) {
    r.error(r.where(n), "'trained' must be an array of tables ([[trained]] with label and bins)");
    return;
  }
  for (const auto& item : *a) {
    const auto* t = item.as_table();
    if (t == nullptr) {
      r.error(r.where(item), "each [[trained]] entry must be a table with label and bins");
      continue;
    }
    published_series s;
    s.source = "spec";
    for (const auto& [k, v] : *t) {
      if (k.str() == "label") {
        if (auto l = r.string(v, "label")) s.pe = *l;
      } else if (k.str() == "bins") {
        const auto* bins = v.as_array();
        if (bins == nullptr) {
          r.error(r.where(v), "'bins' must be an array of { lo = A, hi = B, accuracy = X }");
          continue;
        }
        for (const auto& b : *bins) {
          const auto* bt = b.as_table();
          const auto lo = bt ? (*bt)["lo"].value<std::int64_t>() : std::nullopt;
          const auto hi = bt ? (*bt)["hi"].value<std::int64_t>() : std::nullopt;
          const auto acc = bt ? (*bt)["accuracy"].value<double>() : std::nullopt;
          if (!bt || bt->size() != 3 || !lo || !hi || !acc || *lo < 1 || *hi < *lo ||
              !(*acc >= 0 && *acc <= 1)) {
            r.error(r.where(b), "a trained bin is { lo = A, hi = B, accuracy = X } with "
                                "1 <= A <= B and 0 <= X <= 1");
            continue;
          }
          s.points.push_back({static_cast<std::size_t>(*lo), static_cast<std::size_t>(*hi), *acc});
        }
      } else {
        r.error(r.where(k), fmt::format("unknown key '{}' in [[trained]] (expected label, bins)",
                                        k.str()));
      }
    }
    if (s.pe.empty()) r.error(r.where(item), "[[trained]] needs a label");
    spec.trained.push_back(std::move(s));
  }
}

// `reduction_map = { "0" = "a a", "1" = "a b" }`: each source symbol to a word of target tokens
// (a string of space-separated tokens, or an array of them).
void read_reduction_map(spec_reader& r, const toml::node& n, task_file& spec) {
  const auto* t = n.as_table();
  if (t == nullptr) {
    r.error(r.where(n), "'reduction_map' must be a table of SYMBOL = \"WORD\" "
                        "(e.g. { \"0\" = \"a a\", \"1\" = \"a b\" })");
    return;
  }
  word_map h;
  for (const auto& [k, v] : *t) {
    std::vector<std::string> word;
    if (v.is_string()) {
      word = split_tokens(*v.value<std::string>());
    } else if (auto a = r.strings(v, "reduction_map." + std::string(k.str()), "\"a b\"")) {
      word = *a;
    } else {
      continue;
    }
    if (word.empty()) r.error(r.where(v), fmt::format("the word for '{}' is empty", k.str()));
    if (!h.words.empty() && word.size() != h.width())
      r.error(r.where(v), fmt::format("the map is not uniform: '{}' goes to {} tokens, '{}' to {} "
                                      "(every symbol goes to a word of the same length)",
                                      h.symbols.front(), h.width(), k.str(), word.size()));
    h.symbols.emplace_back(k.str());
    h.words.push_back(std::move(word));
  }
  if (h.symbols.empty()) r.error(r.where(n), "'reduction_map' is empty");
  spec.reduction_map = std::move(h);
}

void read_key(spec_reader& r, const toml::key& k, const toml::node& v, task_file& spec) {
  const std::string key(k.str());
  const std::string& dir = spec.dir;
  spec.where[key] = r.where(v);
  if (key == "name") {
    if (auto s = r.string(v, key)) {
      if (s->empty() || s->find_first_of(" \t\n") != std::string::npos)
        r.error(r.where(v), "'name' must be a non-empty word (it names the task in reports)");
      spec.name = *s;
    }
  } else if (key == "description") {
    if (auto s = r.string(v, key)) spec.description = *s;
  } else if (key == "format") {
    if (auto f = format_value(r, v)) spec.format = *f;
  } else if (key == "generator") {
    if (auto c = command_value(r, v, key, dir, "[\"python3\", \"gen.py\"]")) spec.generator = *c;
  } else if (key == "oracle") {
    if (auto c = command_value(r, v, key, dir, "[\"python3\", \"gen.py\", \"--oracle\"]"))
      spec.oracle = *c;
  } else if (key == "data" || key == "candidates") {
    const auto* a = v.as_array();
    if (a == nullptr) {
      r.error(r.where(v), fmt::format("'{}' must be an array of file names", key));
      return;
    }
    for (const auto& item : *a)
      if (auto p = file_value(r, item, key, dir))
        (key == "data" ? spec.data : spec.candidates).push_back(*p);
  } else if (key == "program") {
    spec.program = file_value(r, v, key, dir);
  } else if (key == "alphabets") {
    read_alphabets(r, v, spec);
  } else if (key == "regex") {
    if (auto t = r.string(v, key)) {
      if (t->empty()) r.error(r.where(v), "'regex' is empty");
      spec.regex = *t;
    }
  } else if (key == "dfa") {
    spec.dfa = file_value(r, v, key, dir);
  } else if (key == "labels") {
    if (auto t = r.string(v, key)) {
      if (*t != "next" && *t != "member" && *t != "state")
        r.error(r.where(v), fmt::format("'labels' must be next (the set of legal next symbols), "
                                        "member (whether each prefix is a member) or state (the "
                                        "minimal DFA's state after each prefix), not '{}'",
                                        *t));
      spec.language_labels = *t;
    }
  } else if (key == "vocabulary") {
    read_vocabulary(r, v, spec);
  } else if (key == "min_length") {
    if (auto n = r.length(v, key)) spec.min_length = *n;
  } else if (key == "max_length") {
    if (auto n = r.length(v, key)) spec.max_length = *n;
  } else if (key == "expect") {
    spec.expect = expect_value(r, v);
  } else if (key == "trained") {
    read_trained(r, v, spec);
  } else if (key == "reduces_from") {
    if (auto t = r.string(v, key)) {
      const auto sources = reduction_sources();
      if (std::find(sources.begin(), sources.end(), *t) == sources.end()) {
        auto& d = r.error(r.where(v), fmt::format("'{}' cannot be reduced from: a source needs a "
                                                  "published no and one answer per input", *t));
        d.notes.push_back({severity::note,
                           fmt::format("reduction sources: {}", fmt::join(sources, ", ")),
                           nullptr, {}, "", {}, ""});
      }
      spec.reduces_from = *t;
    }
  } else if (key == "reduction_map") {
    read_reduction_map(r, v, spec);
  } else {
    auto& d = r.error(r.where(k), fmt::format("unknown key '{}'", key));
    d.notes.push_back({severity::note,
                       fmt::format("a task spec has the keys {}", fmt::join(known_keys, ", ")),
                       nullptr, {}, "", {}, ""});
  }
}

}  // namespace

bool is_task_file_name(std::string_view argument) {
  if (argument.size() <= 5) return false;
  // Case-insensitive: a spec saved as TASK.TOML is still a spec, not an unknown task name.
  std::string ext(argument.substr(argument.size() - 5));
  for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".toml";
}

std::string_view answer_format_name(tasks::answer_format f) {
  switch (f) {
    case tasks::answer_format::accept: return "accept";
    case tasks::answer_format::continuation: return "continuation";
    case tasks::answer_format::labels: return "labels";
    case tasks::answer_format::count: return "count";
  }
  return "?";
}

std::optional<task_file> load_task_file(const std::string& path, diagnostics& diags) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    diags.error(path, "is a directory, not a task spec");
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diags.error(path, "cannot read the task spec");
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse_task_file(path, text.str(), diags);
}

std::optional<task_file> parse_task_file(const std::string& path, std::string text,
                                         diagnostics& diags) {
  auto src = std::make_shared<source_file>(source_file{path, std::move(text)});
  task_file spec;
  spec.path = path;
  spec.dir = fs::path(path).parent_path().string();
  if (spec.dir.empty()) spec.dir = ".";
  spec.source = src;
  spec_reader r(src, diags);

  toml::table doc;
  try {
    doc = toml::parse(src->text, path);
  } catch (const toml::parse_error& e) {
    r.error(span_of(src->text, e.source()), std::string(e.description()));
    return std::nullopt;
  }
  // toml++ keeps a table's keys sorted by name; read them in the order they are written, so
  // that errors come out top to bottom.
  std::vector<std::pair<const toml::key*, const toml::node*>> keys;
  for (const auto& [k, v] : doc) keys.emplace_back(&k, &v);
  std::stable_sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) {
    const auto& x = a.first->source().begin;
    const auto& y = b.first->source().begin;
    return x.line != y.line ? x.line < y.line : x.column < y.column;
  });
  for (const auto& [k, v] : keys) read_key(r, *k, *v, spec);

  const span top{0, 0};
  if (!doc.contains("name")) r.error(top, "the task spec has no 'name'");
  if (!doc.contains("format"))
    r.error(top, "the task spec has no 'format' (accept, continuation, labels or count)");
  const bool language = doc.contains("regex") || doc.contains("dfa");
  if (!language && !doc.contains("generator") && !doc.contains("oracle") && !doc.contains("data"))
    r.error(top, "the task spec names no instance source: give a generator, an oracle, data, "
                 "or a regex or dfa");
  if (doc.contains("regex") && doc.contains("dfa"))
    r.error(spec.where["dfa"], "a spec gives its language once: 'regex' or 'dfa', not both");
  if (language) {
    // A regular language answers every input exactly: another source could only disagree.
    for (const char* k : {"generator", "oracle", "data"})
      if (doc.contains(k))
        r.error(spec.where[k], fmt::format("a spec with a {} is its own generator and oracle; "
                                           "drop '{}'",
                                           doc.contains("regex") ? "regex" : "dfa", k));
    if (spec.format != tasks::answer_format::accept &&
        spec.format != tasks::answer_format::labels && doc.contains("format"))
      r.error(spec.where["format"], "a regular language is posed as accept or labels");
  } else if (doc.contains("labels")) {
    r.error(spec.where["labels"], "'labels' applies to a spec with a regex or dfa");
  }
  if (language && doc.contains("labels") && spec.format != tasks::answer_format::labels)
    r.error(spec.where["labels"], "'labels' needs format = \"labels\"");
  if (doc.contains("reduces_from") != doc.contains("reduction_map"))
    r.error(spec.where[doc.contains("reduces_from") ? "reduces_from" : "reduction_map"],
            "a reduction needs both 'reduces_from' (the source task) and 'reduction_map' (each "
            "of its symbols to a word)");
  if (spec.reduces_from && spec.reduction_map) {
    const auto sources = reduction_sources();
    const tasks::task_spec* from = tasks::find(*spec.reduces_from);
    if (from && std::find(sources.begin(), sources.end(), from->name) != sources.end()) {
      auto want = tasks::symbols(*from, 0), have = spec.reduction_map->symbols;
      std::sort(want.begin(), want.end());
      std::sort(have.begin(), have.end());
      if (want != have)
        r.error(spec.where["reduction_map"],
                fmt::format("the map must send each of {}'s symbols ({}) to a word, and only "
                            "those (it maps {})",
                            *spec.reduces_from, fmt::join(want, " "), fmt::join(have, " ")));
    }
  }
  if (doc.contains("reduces_from") && doc.contains("format") &&
      spec.format != tasks::answer_format::accept)
    r.error(spec.where["reduces_from"],
            "a reduction needs format = \"accept\": the source's answer is read from the "
            "target's True/False");
  if (spec.max_length && *spec.max_length < spec.min_length)
    r.error(spec.where["max_length"],
            fmt::format("max_length {} is below min_length {}", *spec.max_length,
                        spec.min_length));
  if (!r.ok()) return std::nullopt;
  return spec;
}

}  // namespace crasp
