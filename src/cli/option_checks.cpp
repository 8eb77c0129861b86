// See option_checks.hpp.
#include "option_checks.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

namespace crasp::cli {

CLI::Validator integer_in(std::uint64_t lo, std::uint64_t hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        const std::string bad = fmt::format("expected an integer from {} to {}, got '{}'", lo, hi, s);
        // from_chars alone would accept a prefix ("5x") and CLI11's own conversion saturates
        // on overflow; demand digits only and a value that fits.
        if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return bad;
        std::uint64_t v = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc{} || end != s.data() + s.size() || v < lo || v > hi) return bad;
        return {};
      },
      "", "");
}

CLI::Validator number_in(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        const std::string bad =
            fmt::format("expected a number from {:g} to {:g}, got '{}'", lo, hi, s);
        if (s.empty()) return bad;
        char* end = nullptr;
        const double v = std::strtod(s.c_str(), &end);
        // strtod reads "nan" and "inf"; neither is a duration or a size.
        if (end != s.c_str() + s.size() || !std::isfinite(v) || v < lo || v > hi) return bad;
        return {};
      },
      "", "");
}

CLI::Validator one_of(std::vector<std::string> names) {
  std::string list;
  for (std::size_t k = 0; k < names.size(); ++k) {
    if (k > 0) list += k + 1 == names.size() ? " or " : ", ";
    list += names[k];
  }
  return CLI::Validator(
      [names, list](std::string& s) -> std::string {
        for (const std::string& n : names) {
          if (s == n) return {};
        }
        return "expected " + list + ", got '" + s + "'";
      },
      "", list);
}

CLI::Validator file_name() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        return s.empty() ? "expected a file name, got an empty string" : std::string();
      },
      "", "");
}

}  // namespace crasp::cli
