// `--trace FILE`: the format comes from the extension; the traces of every instance are
// collected and written once at the end (text and JSON hold every instance, HTML the last).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "cli.hpp"
#include "crasp/trace.hpp"
#include "input.hpp"

namespace crasp::cli {

/// .txt -> text, .html / .htm -> html, .json -> json; std::nullopt for anything else.
std::optional<trace_format> trace_format_for_path(const std::string& path);

class trace_file {
 public:
  /// `program` names the program in the HTML title.
  trace_file(std::string path, trace_format format, std::string program);

  /// Records the trace of instance number `k`.
  void add(std::size_t k, const instance& inst, const trace_table& table);

  /// Writes the file. On failure prints an error and returns false. Writes nothing (and
  /// returns true) when no instance was traced.
  bool write(io& io) const;

 private:
  struct entry {
    std::size_t k;
    std::string input;
    std::string rendered;
  };
  std::string path_;
  trace_format format_;
  std::string program_;
  std::vector<entry> entries_;
};

}  // namespace crasp::cli
