// The communication report as an SVG plot: log2 of the prefix classes against the split size a,
// beside the envelopes S * log2(alice + 1) of programs with S = 1..4 unguarded counts. A point
// above a program's envelope rules that program out at its length (docs/communication.md).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "crasp/communication.hpp"
#include "support/xml_escape.hpp"

namespace crasp {
namespace {

constexpr double width = 640, height = 400, left = 60, right = 150, top = 40, bottom = 50;

std::string num(double v) { return fmt::format("{:.1f}", v); }

}  // namespace

std::string communication_plot_svg(const communication_report& r) {
  // One point per measurement; the axes cover them and the envelopes' first values.
  std::size_t max_a = 1;
  double max_bits = 1;
  for (const auto& m : r.splits)
    if (m.skipped.empty()) {
      max_a = std::max(max_a, m.a);
      max_bits = std::max(max_bits, std::log2(static_cast<double>(std::max<std::size_t>(m.classes, 1))));
    }
  // Room for every envelope up to S = 4 (their labels would collide if clipped).
  std::size_t frame = 0;
  for (const auto& m : r.splits)
    if (m.skipped.empty()) frame = m.alice - m.a;
  max_bits = std::ceil(std::max(max_bits + 1, 4 * std::log2(static_cast<double>(max_a + frame) + 1)));
  const double pw = width - left - right, ph = height - top - bottom;
  const auto x = [&](double a) { return left + pw * a / static_cast<double>(max_a); };
  const auto y = [&](double bits) { return top + ph * (1 - std::min(bits, max_bits) / max_bits); };

  std::string s = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" "
      "fill=\"white\"/>\n",
      width, height);
  s += fmt::format("<text x=\"{}\" y=\"16\" font-size=\"14\">{}: prefix classes ({})</text>\n",
                   left, support::xml_escape(r.task),
                   support::xml_escape(r.growth == class_growth::exponential   ? "exponential"
                                       : r.growth == class_growth::polynomial ? "polynomial"
                                                                              : "inconclusive"));
  // Axes with ticks.
  s += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"black\"/>\n"
                   "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{3}\" stroke=\"black\"/>\n",
                   num(left), num(top + ph), num(left + pw), num(top));
  for (std::size_t a = 0; a <= max_a; ++a)
    s += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", num(x(a)),
                     num(top + ph + 16), a);
  for (int b = 0; b <= static_cast<int>(max_bits); b += std::max(1, static_cast<int>(max_bits) / 8))
    s += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", num(left - 6),
                     num(y(b) + 4), b);
  s += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">a: content tokens Alice holds"
                   "</text>\n", num(left + pw / 2), num(height - 12));
  s += fmt::format("<text transform=\"translate(16,{}) rotate(-90)\" text-anchor=\"middle\">"
                   "log2 prefix classes</text>\n", num(top + ph / 2));

  // Envelopes of programs with S counts: S * log2(alice + 1), alice taken as a plus the frame
  // before the content (read off the measurements above).
  for (int S = 1; S <= 4; ++S) {
    std::string pts;
    for (std::size_t a = 0; a <= max_a; ++a)
      pts += fmt::format("{},{} ", num(x(a)),
                         num(y(S * std::log2(static_cast<double>(a + frame) + 1))));
    s += fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"#9a9a9a\" "
                     "stroke-dasharray=\"5 3\"/>\n<text x=\"{}\" y=\"{}\" fill=\"#6a6a6a\">"
                     "S = {} count{}</text>\n",
                     pts, num(x(max_a) + 6),
                     num(y(S * std::log2(static_cast<double>(max_a + frame) + 1)) + 4), S,
                     S == 1 ? "" : "s");
  }
  // Measurements: filled where exact, hollow where a lower bound.
  for (const auto& m : r.splits) {
    if (!m.skipped.empty()) continue;
    const double bits = std::log2(static_cast<double>(std::max<std::size_t>(m.classes, 1)));
    s += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"{}\" stroke=\"#1f5fa8\">"
                     "<title>n = {}, a = {}: {}{} classes</title></circle>\n",
                     num(x(static_cast<double>(m.a))), num(y(bits)), m.exact ? "#1f5fa8" : "white",
                     m.n, m.a, m.exact ? "" : ">= ", m.classes);
  }
  s += fmt::format("<text x=\"{}\" y=\"{}\" fill=\"#1f5fa8\" font-size=\"11\">points: measured "
                   "(filled exact, hollow a lower bound); dashed: the most classes with S counts"
                   "</text>\n", num(left), num(top - 6));
  s += "</svg>\n";
  return s;
}

}  // namespace crasp
