#include "trace_file.hpp"

#include <filesystem>
#include <fstream>
#include <utility>

#include <nlohmann/json.hpp>

#include "load.hpp"
#include "output.hpp"

namespace crasp::cli {

std::optional<trace_format> trace_format_for_path(const std::string& path) {
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".txt") return trace_format::text;
  if (ext == ".html" || ext == ".htm") return trace_format::html;
  if (ext == ".json") return trace_format::json;
  return std::nullopt;
}

trace_file::trace_file(std::string path, trace_format format, std::string program)
    : path_(std::move(path)), format_(format), program_(std::move(program)) {}

void trace_file::add(std::size_t k, const instance& inst, const trace_table& table) {
  const std::string input = join_tokens(inst.tokens);
  std::string rendered;
  switch (format_) {
    case trace_format::text: rendered = format_trace_text(table); break;
    case trace_format::html:
      entries_.clear();  // one page: the last instance
      rendered = format_trace_html(table, "crasp trace: " + program_ + ": " + input);
      break;
    case trace_format::json: rendered = format_trace_json(table); break;
  }
  entries_.push_back(entry{k, input, std::move(rendered)});
}

bool trace_file::write(io& io) const {
  if (entries_.empty()) return true;
  std::string content;
  if (entries_.size() == 1) {
    content = entries_.front().rendered;
  } else if (format_ == trace_format::text) {
    for (const entry& e : entries_) {
      if (!content.empty()) content += '\n';
      content += "instance " + std::to_string(e.k) + ": " + e.input + "\n" + e.rendered;
    }
  } else {  // json: an array of per-instance objects, tagged with the instance number and input
    json all = json::array();
    for (const entry& e : entries_) {
      json one = {{"instance", e.k}, {"input", e.input}};
      const json table = json::parse(e.rendered);
      for (const auto& [key, value] : table.items()) one[key] = value;
      all.push_back(std::move(one));
    }
    content = dump_json(all);
  }
  std::ofstream out(path_, std::ios::binary);
  out << content;
  out.close();
  if (!out) {
    print_error(io, path_, "cannot write trace file");
    return false;
  }
  return true;
}

}  // namespace crasp::cli
