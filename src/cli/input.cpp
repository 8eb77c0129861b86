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

line_status read_line(std::istream& in, std::string& line, std::size_t max) {
  line.clear();
  // istream::getline into a chunk: it stops at '\n' (taken, not stored), at the end of the input
  // (eofbit), or with the chunk full (failbit, the line goes on).
  constexpr std::streamsize chunk = 64 * 1024;
  char buf[chunk];
  bool read_any = false;
  for (;;) {
    in.getline(buf, chunk);
    const std::streamsize got = in.gcount();
    const bool full = in.fail() && !in.eof() && got == chunk - 1;
    const bool newline = !in.fail() && !in.eof();
    // got counts the '\n' when one was taken.
    const auto stored = static_cast<std::size_t>(newline ? got - 1 : got);
    if (stored > max - line.size()) return line_status::too_long;  // before growing `line`
    line.append(buf, stored);
    read_any = read_any || got > 0;
    if (newline) return line_status::ok;
    if (full) {
      in.clear(in.rdstate() & ~std::ios::failbit);
      continue;
    }
    // The end of the input: a last line without '\n' is still a line.
    return read_any ? line_status::ok : line_status::end;
  }
}

std::string too_long_line_message(const std::string& what) {
  return "line longer than " + std::to_string(max_input_line) +
         " bytes (the limit of an input line); the rest of the " + what + " is not read";
}

line_source::line_source(std::istream& in, std::string name) : in_(&in), name_(std::move(name)) {}

std::optional<instance> line_source::next() {
  if (too_long_) return std::nullopt;
  std::string line;
  for (;;) {
    const line_status st = read_line(*in_, line);
    if (st == line_status::end) return std::nullopt;
    ++line_;
    if (st == line_status::too_long) {
      too_long_ = name_ + ":" + std::to_string(line_);
      return std::nullopt;
    }
    if (is_skipped_line(line)) continue;
    instance inst;
    inst.tokens = split_tokens(line);
    inst.origin = name_ + ":" + std::to_string(line_);
    inst.line = line_;
    return inst;
  }
}

instances_read for_each_instance(const std::vector<std::string>& args, std::istream& in,
                                 const std::function<void(const instance&)>& handle) {
  instances_read r;
  if (!args.empty()) {
    handle(instance_from_args(args));
    r.count = 1;
    return r;
  }
  line_source lines(in, "<stdin>");
  while (auto inst = lines.next()) {
    handle(*inst);
    ++r.count;
  }
  r.too_long = lines.too_long();
  return r;
}

}  // namespace crasp::cli
