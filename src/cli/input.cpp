#include "input.hpp"

#include <istream>
#include <utility>

#include "crasp/interpret.hpp"

namespace crasp::cli {

std::string join_tokens(const std::vector<std::string>& tokens) {
  std::size_t size = tokens.size();
  for (const std::string& t : tokens) size += t.size();
  std::string out;
  out.reserve(size);
  for (const std::string& t : tokens) {
    if (!out.empty()) out += ' ';
    out += t;
  }
  return out;
}

instance instance_from_args(const std::vector<std::string>& args) {
  instance inst;
  inst.origin = "<command line>";
  for (const std::string& arg : args) {
    for (std::string& t : split_tokens(arg)) inst.tokens.push_back(std::move(t));
  }
  return inst;
}

bool is_skipped_line(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r\n\f\v");
  if (first == std::string::npos) return true;
  return line.compare(first, 2, "//") == 0;
}

line_source::line_source(std::istream& in, std::string name) : in_(&in), name_(std::move(name)) {}

std::optional<instance> line_source::next() {
  std::string line;
  while (std::getline(*in_, line)) {
    ++line_;
    if (is_skipped_line(line)) continue;
    instance inst;
    inst.tokens = split_tokens(line);
    inst.origin = name_ + ":" + std::to_string(line_);
    inst.line = line_;
    return inst;
  }
  return std::nullopt;
}

std::size_t for_each_instance(const std::vector<std::string>& args, std::istream& in,
                              const std::function<void(const instance&)>& handle) {
  if (!args.empty()) {
    handle(instance_from_args(args));
    return 1;
  }
  std::size_t n = 0;
  line_source lines(in, "<stdin>");
  while (auto inst = lines.next()) {
    handle(*inst);
    ++n;
  }
  return n;
}

}  // namespace crasp::cli
