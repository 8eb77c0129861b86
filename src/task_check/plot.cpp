// crasp check's plot: accuracy against input length, one panel per task, so that the compiled
// C-RASP program's engines can be compared by eye with the published trained transformers.
// Plain string building; the output depends only on the report (no clock, no randomness).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "crasp/task_check.hpp"
#include "support/xml_escape.hpp"

namespace crasp {
namespace {

// Panel geometry in px. Accuracy gets a little headroom beyond 0..1 so that lines at exactly
// 1.0 (the common case) and the engines' vertical offsets are not clipped by the frame.
constexpr double panel_w = 300, panel_h = 210, gap = 16;
constexpr double plot_l = 38, plot_r = 10, plot_t = 24, plot_b = 30;
constexpr double acc_lo = -0.05, acc_hi = 1.08;
// Engines that coincide (all at 1.0, typically) are drawn this many px apart.
constexpr double engine_offset_px = 2.0;

std::string esc(std::string_view s) { return support::xml_escape(s); }

std::string num(double v) { return fmt::format("{:.1f}", v); }

// How an engine is drawn: by its encoding, float32 dashed and hollow.
struct style {
  std::string colour, dash, marker;  // marker: circle, square, triangle, diamond
  bool hollow = false;               // f32 gets hollow markers as well as a dashed line
};

style engine_style(const engine_result& e) {
  style s{"#222222", "", "circle"};
  if (e.kind == engine_kind::interpreter) return s;
  switch (e.pe) {
    case model::positional::ape: s = {"#1f5fbf", "", "square"}; break;
    case model::positional::rope: s = {"#e07b00", "", "triangle"}; break;
    case model::positional::nope: s = {"#8e44ad", "", "diamond"}; break;
  }
  if (e.prec == precision::f32) {
    s.dash = "5 3";
    s.hollow = true;
  }
  return s;
}

std::string dash_attr(const std::string& dash) {
  return dash.empty() ? "" : fmt::format(" stroke-dasharray=\"{}\"", dash);
}

std::string marker(const style& s, double x, double y) {
  const std::string paint = fmt::format(R"(fill="{}" stroke="{}" stroke-width="1")",
                                        s.hollow ? "#ffffff" : s.colour, s.colour);
  if (s.marker == "square")
    return fmt::format(R"(<rect x="{}" y="{}" width="5.0" height="5.0" {}/>)", num(x - 2.5),
                       num(y - 2.5), paint);
  if (s.marker == "triangle")
    return fmt::format(R"(<path d="M{},{}L{},{}L{},{}Z" {}/>)", num(x), num(y - 3.5), num(x + 3),
                       num(y + 2), num(x - 3), num(y + 2), paint);
  if (s.marker == "diamond")
    return fmt::format(R"(<path d="M{},{}L{},{}L{},{}L{},{}Z" {}/>)", num(x), num(y - 3.5),
                       num(x + 3.5), num(y), num(x), num(y + 3.5), num(x - 3.5), num(y), paint);
  return fmt::format(R"(<circle cx="{}" cy="{}" r="2.8" {}/>)", num(x), num(y), paint);
}

// By the encoding a series is labelled with ("RoPE", "NoPE, 2L 2H d32 (3 seeds)"); APE grey.
std::string pub_colour(std::string_view pe) {
  if (pe.rfind("RoPE", 0) == 0) return "#b5835a";
  if (pe.rfind("NoPE", 0) == 0) return "#8e7cc3";
  return "#8a8a8a";
}
std::string pub_dash(std::size_t source_index) { return source_index % 2 == 0 ? "" : "7 3"; }

// Log-x / linear-y mapping of one panel whose top-left corner is (ox, oy).
struct frame {
  double ox, oy, lx0, lx1;
  double x(double len) const {
    const double l = std::clamp(std::log10(std::max(len, 1.0)), lx0, lx1);
    return ox + plot_l + (l - lx0) / (lx1 - lx0) * (panel_w - plot_l - plot_r);
  }
  double y(double acc) const {
    return oy + plot_t + (acc_hi - acc) / (acc_hi - acc_lo) * (panel_h - plot_t - plot_b);
  }
};

std::string polyline(const std::vector<std::pair<double, double>>& pts, const std::string& colour,
                     const std::string& dash, double width) {
  std::string p;
  for (const auto& [x, y] : pts) p += fmt::format("{}{},{}", p.empty() ? "" : " ", num(x), num(y));
  return fmt::format(R"(<polyline points="{}" fill="none" stroke="{}" stroke-width="{}"{}/>)", p,
                     colour, num(width), dash_attr(dash)) + "\n";
}

// The panel title's verdict: "C-RASP[pos]", "not C-RASP[pos]", "witness refuted", ...
std::string panel_verdict(const task_result& t) {
  if (t.witness && t.witness->found) return "witness refuted";
  if (t.ape.value == tasks::expressible::yes) return "C-RASP[pos]";
  if (t.ape.value == tasks::expressible::no) return "not C-RASP[pos]";
  return fmt::format("C-RASP[pos] {}", tasks::expressible_name(t.ape.value));
}

// "Born a Transformer (from scratch) APE (trained)"; a spec's own series reads "LABEL (trained,
// from the spec)".
std::string series_label(const std::string& source, const std::string& pe) {
  if (source == "spec") return pe + " (trained, from the spec)";
  if (source == "crasp_model train") return pe + " (crasp_model train)";
  return fmt::format("{} {} (trained)", source, pe);
}

template <class T>
std::size_t index_of(std::vector<T>& v, const T& x) {  // appends x if new: first-seen order
  auto it = std::find(v.begin(), v.end(), x);
  if (it != v.end()) return static_cast<std::size_t>(it - v.begin());
  v.push_back(x);
  return v.size() - 1;
}

}  // namespace

std::string check_plot_svg(const check_report& report) {
  // Global x range and the legend entries, collected in first-seen order so that one engine
  // or source keeps the same offset and style in every panel.
  double xmin = 0, xmax = 0;
  for (const auto& b : report.bins) {
    xmin = xmin == 0 ? static_cast<double>(b.lo) : std::min(xmin, static_cast<double>(b.lo));
    xmax = std::max(xmax, static_cast<double>(b.hi));
  }
  // A counterexample is often shorter than the training lengths: widen the axis to show it.
  for (const auto& t : report.tasks) {
    for (const auto& c : t.candidates)
      if (c.found && xmin > 0) xmin = std::min(xmin, static_cast<double>(c.length));
    if (t.witness && t.witness->found && xmin > 0)
      xmin = std::min(xmin, static_cast<double>(t.witness->length));
  }
  xmin = std::max(xmin, 1.0);
  if (xmax <= xmin) xmax = xmin * 10;
  std::vector<std::string> engines, sources, pubs;  // pubs: "source|pe"
  std::vector<const engine_result*> engine_of;      // per legend entry, the engine it styles
  bool any_candidate = false, any_counterexample = false;
  for (const auto& t : report.tasks) {
    for (const auto& e : t.engines)
      if (e.applicable && index_of(engines, e.name) == engine_of.size()) engine_of.push_back(&e);
    for (const auto& s : t.published) {
      index_of(sources, s.source);
      index_of(pubs, s.source + "|" + s.pe);
    }
    any_candidate |= !t.candidates.empty();
    for (const auto& c : t.candidates) any_counterexample |= c.found;
    any_counterexample |= t.witness && t.witness->found;
  }

  const std::size_t n = report.tasks.size();
  // Always at least 3 columns wide, even for one or two tasks, so the title and legend fit.
  const std::size_t cols = n > 9 ? 4 : 3;
  const std::size_t rows = (n + cols - 1) / cols;
  const double width = gap + static_cast<double>(cols) * (panel_w + gap);

  // Legend: wraps into rows of items; its height decides where the panels start.
  std::string legend;
  double lx = gap, ly = 66;
  auto item = [&](const std::string& label, const std::string& sample) {
    const double w = 34 + 6.2 * static_cast<double>(label.size()) + 18;
    if (lx + w > width - gap && lx > gap) lx = gap, ly += 18;
    legend += fmt::format("<g transform=\"translate({},{})\">{}<text x=\"34\" y=\"4\">{}</text></g>\n",
                          num(lx), num(ly), sample, esc(label));
    lx += w;
  };
  for (std::size_t k = 0; k < engines.size(); ++k) {
    const style s = engine_style(*engine_of[k]);
    item(engines[k], fmt::format(R"(<line x1="0" y1="0" x2="28" y2="0" stroke="{}" stroke-width="1.6"{}/>)",
                        s.colour, dash_attr(s.dash)) + marker(s, 14, 0));
  }
  if (any_candidate)
    item("wrong candidate program (interpreter)",
         R"(<line x1="0" y1="0" x2="28" y2="0" stroke="#d62728" stroke-width="1.6" stroke-dasharray="6 3"/>)");
  if (any_counterexample)
    item("first counterexample (length)",
         R"(<line x1="14" y1="-7" x2="14" y2="7" stroke="#d62728" stroke-width="1.4" stroke-dasharray="1.5 2.5"/>)");
  for (const auto& p : pubs) {
    const auto bar = p.find('|');
    const std::string src = p.substr(0, bar), pe = p.substr(bar + 1);
    item(series_label(src, pe),
         fmt::format(R"(<line x1="0" y1="0" x2="28" y2="0" stroke="{}" stroke-width="5" stroke-opacity="0.55"{}/>)",
                     pub_colour(pe), dash_attr(pub_dash(index_of(sources, src)))));
  }
  item("training lengths", R"(<rect x="0" y="-6" width="28" height="12" fill="#fff3c4"/>)");
  ly += 18;
  legend += fmt::format(
      "<text x=\"{}\" y=\"{}\" fill=\"#555555\">Engines are drawn {} px apart vertically, with "
      "distinct markers, so coinciding lines (e.g. all at 1.0) stay visible; x: geometric "
      "midpoint of each length bin.</text>\n",
      num(gap), num(ly), num(engine_offset_px));
  const double top = ly + 16;
  const double height = top + static_cast<double>(rows) * (panel_h + gap);

  std::string out = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">\n"
      "<rect x=\"0\" y=\"0\" width=\"{0}\" height=\"{1}\" fill=\"#ffffff\"/>\n",
      num(width), num(height));
  out += fmt::format(
      "<text x=\"{}\" y=\"24\" font-size=\"16\" font-weight=\"bold\">crasp check: accuracy vs "
      "length (compiled C-RASP program vs trained transformers)</text>\n",
      num(gap));
  const auto& o = report.options;
  std::string drawn;  // the instances per bin, which the far bins' points rest on
  for (const auto& b : report.bins)
    drawn += fmt::format("{}{} {}", drawn.empty() ? "" : ", ", b.name, b.samples);
  out += fmt::format(
      "<text x=\"{}\" y=\"44\" font-size=\"12\" fill=\"#444444\">seed {}; instances per "
      "task: {}; train {}..{}, test {}..{}</text>\n",
      num(gap), o.seed, drawn, o.train_lo, o.train_hi, o.test_lo, o.test_hi);
  out += legend;

  const check_bin* train = nullptr;
  for (const auto& b : report.bins)
    if (b.name == "train") train = &b;
  if (train == nullptr && !report.bins.empty()) train = &report.bins.front();
  const double lx0 = std::log10(xmin), lx1 = std::log10(xmax);

  for (std::size_t i = 0; i < n; ++i) {
    const task_result& t = report.tasks[i];
    const frame f{gap + static_cast<double>(i % cols) * (panel_w + gap),
                  top + static_cast<double>(i / cols) * (panel_h + gap), lx0, lx1};
    const double x0 = f.ox + plot_l, x1 = f.ox + panel_w - plot_r;
    const double y0 = f.y(acc_hi), y1 = f.y(acc_lo);
    out += fmt::format("<g>\n<text x=\"{}\" y=\"{}\" font-size=\"11\" font-weight=\"bold\">{} — {}</text>\n",
                       num(f.ox + 4), num(f.oy + 14), esc(t.task), esc(panel_verdict(t)));
    if (train != nullptr)
      out += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="#fff3c4"/>)",
                         num(f.x(static_cast<double>(train->lo))), num(y0),
                         num(f.x(static_cast<double>(train->hi)) - f.x(static_cast<double>(train->lo))),
                         num(y1 - y0)) + "\n";
    // Grid: minor lines at 2..9 x 10^k, decade ticks labelled, accuracy every 0.25.
    for (int k = static_cast<int>(std::floor(lx0)); k <= static_cast<int>(std::ceil(lx1)); ++k)
      for (int m = 1; m <= 9; ++m) {
        const double v = m * std::pow(10.0, k);
        if (v < xmin * 0.999 || v > xmax * 1.001) continue;
        out += fmt::format(R"(<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="{3}" stroke-width="{4}"/>)",
                           num(f.x(v)), num(y0), num(y1), m == 1 ? "#c8c8c8" : "#ececec",
                           m == 1 ? "0.8" : "0.5") + "\n";
        if (m == 1)
          out += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle" font-size="10">{}</text>)",
                             num(f.x(v)), num(y1 + 12), k < 5 ? fmt::format("{}", std::lround(v)) : fmt::format("1e{}", k)) + "\n";
      }
    for (int q = 0; q <= 4; ++q) {
      const double a = q * 0.25;
      out += fmt::format(R"(<line x1="{0}" y1="{1}" x2="{2}" y2="{1}" stroke="#e4e4e4" stroke-width="0.5"/>)"
                         R"(<text x="{3}" y="{4}" text-anchor="end" font-size="10">{5}</text>)",
                         num(x0), num(f.y(a)), num(x1), num(x0 - 4), num(f.y(a) + 3.5),
                         fmt::format("{:g}", a)) + "\n";
    }
    out += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#888888" stroke-width="0.8"/>)",
                       num(x0), num(y0), num(x1 - x0), num(y1 - y0)) + "\n";
    out += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle" font-size="10" fill="#555555">length</text>)",
                       num((x0 + x1) / 2), num(y1 + 24)) + "\n";

    // Published results first, so the program's lines are drawn over them.
    for (const auto& s : t.published)
      for (const auto& p : s.points) {
        double a = f.x(static_cast<double>(p.lo)), b = f.x(static_cast<double>(p.hi));
        if (b - a < 6) a = (a + b) / 2 - 3, b = a + 6;  // a single length still shows as a bar
        out += fmt::format(R"(<line x1="{0}" y1="{2}" x2="{1}" y2="{2}" stroke="{3}" stroke-width="5" stroke-opacity="0.55"{4}/>)",
                           num(a), num(b), num(f.y(p.accuracy)), pub_colour(s.pe),
                           dash_attr(pub_dash(index_of(sources, s.source)))) + "\n";
      }
    // Accuracy per bin at the bin's geometric midpoint, shifted by dy px; bins without inputs
    // are skipped rather than drawn as 0.
    auto points = [&](const std::vector<bin_result>& bins, double dy) {
      std::vector<std::pair<double, double>> pts;
      for (const auto& b : bins)
        if (b.total > 0)
          pts.emplace_back(f.x(std::sqrt(std::max<double>(static_cast<double>(b.lo), 1) *
                                         std::max<double>(static_cast<double>(b.hi), 1))),
                           f.y(b.accuracy()) + dy);
      return pts;
    };
    // A counterexample's length as a dotted red line, labelled on whichever side has room.
    std::size_t labels = 0;
    auto counterexample = [&](const candidate_result& c, const std::string& what) {
      const double cx = f.x(static_cast<double>(c.length));
      out += fmt::format(R"(<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="#d62728" stroke-width="1.4" stroke-dasharray="1.5 2.5"/>)",
                         num(cx), num(y0), num(y1)) + "\n";
      const bool left = cx > (x0 + x1) / 2;
      out += fmt::format(R"(<text x="{}" y="{}" font-size="10" fill="#d62728" text-anchor="{}">{} {}</text>)",
                         num(left ? cx - 3 : cx + 3), num(y0 + 12 + 12 * static_cast<double>(labels++)),
                         left ? "end" : "start", esc(what), c.length) + "\n";
    };
    for (std::size_t k = 0; k < t.candidates.size(); ++k) {
      const candidate_result& c = t.candidates[k];
      const auto pts = points(c.bins, 0);
      out += polyline(pts, "#d62728", "6 3", 1.6);
      for (const auto& [x, y] : pts)
        out += fmt::format(R"(<circle cx="{}" cy="{}" r="2.5" fill="#d62728"/>)", num(x), num(y)) + "\n";
      out += fmt::format(R"(<text x="{}" y="{}" font-size="10" fill="#d62728">wrong candidate {}</text>)",
                         num(x0 + 4), num(y1 - 6 - 12 * static_cast<double>(k)), esc(c.program)) + "\n";
      if (c.found) counterexample(c, t.candidates.size() > 1 ? c.program + ": first counterexample" : "first counterexample");
    }
    if (t.witness && t.witness->found) counterexample(*t.witness, "witness counterexample");
    for (const auto& e : t.engines) {
      if (!e.applicable) continue;
      const style s = engine_style(e);
      const double k = static_cast<double>(index_of(engines, e.name));
      const double dy = (k - static_cast<double>(engines.size() - 1) / 2) * engine_offset_px;
      const auto pts = points(e.bins, dy);
      out += polyline(pts, s.colour, s.dash, 1.6);
      for (const auto& [x, y] : pts) out += marker(s, x, y);
      out += "\n";
    }
    if (t.engines.empty() && t.candidates.empty() && t.published.empty())
      out += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle" fill="#888888">no data</text>)",
                         num((x0 + x1) / 2), num(f.y(0.5))) + "\n";
    out += "</g>\n";
  }
  out += "</svg>\n";
  return out;
}

}  // namespace crasp
