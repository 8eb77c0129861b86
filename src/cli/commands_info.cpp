// `crasp info PROGRAM` (what a program is: class, mode, alphabets, statements, depth, size) and
// `crasp expand PROGRAM` (families expanded to plain statements).
#include <algorithm>
#include <ostream>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "engine_options.hpp"
#include "crasp/frontend.hpp"
#include "input.hpp"
#include "load.hpp"
#include "output.hpp"
#include "command.hpp"
#include "flags.hpp"
#include "option_checks.hpp"

namespace crasp::cli {
namespace {

struct alphabet_info {
  std::string name;
  std::vector<std::string> items;
};

/// Declared alphabets in declaration order, with `--alphabet` replacements applied.
std::vector<alphabet_info> alphabets_of(const loaded_program& loaded, const check_options& opts) {
  std::vector<alphabet_info> out;
  if (!loaded.syntax) return out;
  for (const ast::statement& st : loaded.syntax->statements) {
    const auto* decl = std::get_if<ast::alphabet_decl>(&st.node);
    if (!decl) continue;
    alphabet_info info{decl->name, {}};
    if (auto it = opts.alphabet_overrides.find(decl->name); it != opts.alphabet_overrides.end()) {
      info.items = it->second;
    } else {
      for (const ast::alphabet_item& item : decl->items) {
        std::optional<std::vector<std::string>> range;
        if (item.last) range = expand_range(item.first, *item.last);
        if (range) {
          info.items.insert(info.items.end(), range->begin(), range->end());
        } else {
          info.items.push_back(item.first);
          if (item.last) info.items.push_back(*item.last);
        }
      }
    }
    out.push_back(std::move(info));
  }
  return out;
}

std::vector<std::string> next_tokens_of(const ir::program& program) {
  std::vector<std::string> out;
  for (const ir::next_rule& rule : program.next) out.push_back(program.vocabulary.at(rule.token));
  return out;
}

json info_json(const std::string& path, const loaded_program& loaded,
                         const std::vector<alphabet_info>& alphabets) {
  const ir::program& p = loaded.program;
  json j;
  j["program"] = path;
  j["class"] = class_name(p.klass);
  j["mode"] = mode_name(p);
  j["depth"] = p.depth;
  j["size"] = p.nodes.size();
  j["alphabets"] = json::array();
  for (const alphabet_info& a : alphabets) {
    j["alphabets"].push_back({{"name", a.name}, {"items", a.items}});
  }
  j["vocabulary"] = p.vocabulary;
  j["closed_vocabulary"] = p.closed_vocabulary;
  j["statements"] = json::array();
  for (const ir::statement& st : p.statements) {
    j["statements"].push_back(
        {{"name", st.name}, {"type", type_name(st.result)}, {"depth", p.nodes.at(st.value).depth}});
  }
  j["next"] = next_tokens_of(p);
  return j;
}

std::string info_text(const std::string& path, const loaded_program& loaded,
                      const std::vector<alphabet_info>& alphabets) {
  const ir::program& p = loaded.program;
  std::string out;
  auto field = [&out](std::string_view key, const std::string& value) {
    out += fmt::format("{:<12}{}\n", key, value);
  };
  field("program", path);
  field("class", class_name(p.klass));
  field("mode", mode_name(p));
  field("depth", std::to_string(p.depth));
  field("size", std::to_string(p.nodes.size()));
  for (const alphabet_info& a : alphabets) {
    field("alphabet", fmt::format("{} = {} ({})", a.name, join_tokens(a.items), a.items.size()));
  }
  field("vocabulary", fmt::format("{} ({}, {})", join_tokens(p.vocabulary), p.vocabulary.size(),
                                  p.closed_vocabulary ? "closed" : "open: any other token allowed"));
  if (p.is_generator()) field("next", join_tokens(next_tokens_of(p)));
  field("statements", std::to_string(p.statements.size()));
  std::size_t width = 0;
  for (const ir::statement& st : p.statements) width = std::max(width, st.name.size());
  for (const ir::statement& st : p.statements) {
    out += fmt::format("  {:<{}}  {:<5}  depth {}\n", st.name, width, type_name(st.result),
                       p.nodes.at(st.value).depth);
  }
  return out;
}

}  // namespace

exit_code info_command(const info_options& opts, io& io) {
  if (is_saved_model_path(opts.common.program)) return info_model_command(opts, io);
  auto options = parse_alphabet_flags(opts.common.alphabets, io);
  if (!options) return exit_code::usage;
  auto loaded = load_program(opts.common.program, *options, io);
  if (!loaded) return exit_code::failure;
  const auto alphabets = alphabets_of(*loaded, *options);
  if (opts.common.json) {
    io.out << dump_json(info_json(opts.common.program, *loaded, alphabets));
  } else {
    io.out << info_text(opts.common.program, *loaded, alphabets);
  }
  return exit_code::ok;
}

exit_code expand_command(const info_options& opts, io& io) {
  auto options = parse_alphabet_flags(opts.common.alphabets, io);
  if (!options) return exit_code::usage;
  auto loaded = load_program(opts.common.program, *options, io);
  if (!loaded) return exit_code::failure;
  io.out << print_expanded(loaded->program);
  return exit_code::ok;
}

CLI::App* declare_info(CLI::App& app, info_options& o) {
  CLI::App* sub = subcommand(app, "info",
                             "describe a program: class, mode, alphabets, statements, depth, size");
  add_program(sub, o.common);
  add_alphabet(sub, o.common);
  add_json(sub, o.common.json);
  return sub;
}

CLI::App* declare_expand(CLI::App& app, info_options& o) {
  CLI::App* sub =
      subcommand(app, "expand", "print the program with families and quantifiers expanded");
  add_program(sub, o.common);
  add_alphabet(sub, o.common);
  return sub;
}

}  // namespace crasp::cli
