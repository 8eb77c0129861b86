// Attention heatmaps (heatmap.hpp). Cell size shrinks with the length so that a figure stays
// about 400 px wide; labels are drawn only while cells are at least 10 px.
#include "explain/heatmap.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "support/xml_escape.hpp"

namespace crasp::explain_detail {
namespace {

using support::xml_escape;

// Labels longer than this are cut: an SVG label has no wrapping.
std::string short_label(const std::string& t) {
  return t.size() <= 8 ? t : t.substr(0, 7) + "\u2026";
}

}  // namespace

std::string weight_colour(double w) {
  w = std::clamp(std::isnan(w) ? 0.0 : w, 0.0, 1.0);
  // White to #08306b (a dark blue), linear in each channel.
  auto mix = [&](int lo) { return static_cast<int>(std::lround(255 - w * (255 - lo))); };
  return fmt::format("#{:02x}{:02x}{:02x}", mix(0x08), mix(0x30), mix(0x6b));
}

svg_box heatmap(const model::matrix<double>& a, const std::vector<std::string>& tokens) {
  const auto n = static_cast<int>(a.rows());
  const double cell = std::clamp(360.0 / std::max(n, 1), 3.0, 22.0);
  const bool labels = cell >= 10;
  const double left = labels ? 64 : 8, top = labels ? 64 : 8;
  std::string out;
  out.reserve(static_cast<std::size_t>(n) * static_cast<std::size_t>(n) * 60);
  if (labels) {
    for (int i = 0; i < n; ++i) {
      const std::string t = xml_escape(short_label(tokens.at(static_cast<std::size_t>(i))));
      const double c = (i + 0.5) * cell;
      out += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="end" dominant-baseline="middle" class="tok">{}</text>)",
                         left - 4, top + c, t);
      out += fmt::format(R"x(<text transform="translate({:.1f},{:.1f}) rotate(-60)" class="tok">{}</text>)x",
                         left + c, top - 4, t);
    }
  }
  const bool titles = n <= 64;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const double x = left + j * cell, y = top + i * cell;
      if (j > i) {
        out += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="#eeeeee"/>)",
                           x, y, cell, cell);
        continue;
      }
      const double w = a(i, j);
      out += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="{}")",
                         x, y, cell, cell, weight_colour(w));
      if (titles) {
        out += fmt::format(R"(><title>query {} ({}) to key {} ({}): {:.4f}</title></rect>)", i,
                           xml_escape(tokens.at(static_cast<std::size_t>(i))), j,
                           xml_escape(tokens.at(static_cast<std::size_t>(j))), w);
      } else {
        out += "/>";
      }
    }
  }
  // Axis names: which side is the query.
  out += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" class="axis">key j</text>)", left + n * cell - 30,
                     top + n * cell + 14);
  out += fmt::format(R"(<text x="2" y="{:.1f}" class="axis">query i</text>)", top + n * cell + 14);
  return {std::move(out), left + n * cell + 4, top + n * cell + 20};
}

std::string svg_element(const svg_box& box, const std::string& css_class) {
  return fmt::format(
      R"(<svg xmlns="http://www.w3.org/2000/svg" width="{0:.0f}" height="{1:.0f}" viewBox="0 0 {0:.0f} {1:.0f}"{2}>)"
      "\n<style>.tok{{font:10px monospace;fill:#333}}.axis{{font:10px sans-serif;fill:#777}}"
      ".title{{font:bold 12px sans-serif}}.role{{font:11px sans-serif;fill:#444}}</style>\n{3}</svg>",
      box.width, box.height, css_class.empty() ? "" : fmt::format(R"( class="{}")", css_class),
      box.body);
}

}  // namespace crasp::explain_detail
