// load_file / load_text: read, parse, check, with every stage's diagnostics merged in order.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "crasp/frontend.hpp"

namespace crasp {

load_result load_text(std::string name, std::string text, const check_options& options) {
  load_result r;
  ast::dialect lang = dialect_for(name);
  auto src = std::make_shared<const source_file>(source_file{std::move(name), std::move(text)});
  parse_result parsed = parse(src, lang);
  r.diags.append(parsed.diags);
  if (!parsed.ok()) return r;  // checking a partial AST would only repeat the syntax errors
  check_result checked = check_program(parsed.program, options);
  r.diags.append(checked.diags);
  r.program = std::move(checked.program);
  r.syntax = std::move(parsed.program);
  return r;
}

load_result load_file(const std::string& path, const check_options& options) {
  errno = 0;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  std::string text;
  bool ok = f != nullptr;
  if (ok) {
    char buf[65536];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, f.get())) > 0) text.append(buf, n);
    ok = !std::ferror(f.get());
  }
  if (!ok) {
    load_result r;
    int err = errno != 0 ? errno : EIO;
    r.diags.error(path, std::string("cannot read file: ") + std::strerror(err));
    return r;
  }
  return load_text(path, std::move(text), options);
}

}  // namespace crasp
