// A progress line on stderr for long checks ("verify: bucket k/n", "compile: checking f32 k/n").
#pragma once

#include <algorithm>
#include <ostream>
#include <string>

#include <fmt/format.h>

#include "cli.hpp"

namespace crasp::cli {

/// A terminal gets one line rewritten in place (erased at the end); anything else (--progress
/// into a file or pipe) gets one line per update, so logs stay readable.
class progress_line {
 public:
  progress_line(io& io, std::string label) : io_(&io), label_(std::move(label)) {}
  progress_line(const progress_line&) = delete;
  progress_line& operator=(const progress_line&) = delete;
  ~progress_line() { finish(); }

  void update(std::size_t done, std::size_t total) {
    show(fmt::format("{}: bucket {}/{}", label_, done, total));
  }

  /// "label: done/total what" (crasp check names the unit of work just finished).
  void update(std::size_t done, std::size_t total, const std::string& what) {
    show(fmt::format("{}: {}/{} {}", label_, done, total, what));
  }

  void show(const std::string& text) {
    if (io_->err_is_terminal) {
      // Padded to the previous text, so a shorter update leaves no stale characters behind.
      io_->err << '\r' << fmt::format("{:<{}}", text, shown_) << std::flush;
      shown_ = std::max(shown_, text.size());
    } else {
      io_->err << text << '\n';
    }
  }

  /// Erases the live line, so what follows starts at column 0 of a clean line.
  void finish() {
    if (shown_ == 0) return;
    io_->err << '\r' << std::string(shown_, ' ') << '\r' << std::flush;
    shown_ = 0;
  }

 private:
  io* io_;
  std::string label_;
  std::size_t shown_ = 0;
};

}  // namespace crasp::cli
