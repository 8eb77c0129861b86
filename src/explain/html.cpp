// The explain report as HTML (no script, no external resource: it opens from a file anywhere)
// and the heatmaps alone as one SVG figure for documentation.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "crasp/explain.hpp"
#include "explain/heatmap.hpp"
#include "explain/roles.hpp"
#include "support/xml_escape.hpp"

namespace crasp {
namespace {

using explain_detail::heatmap;
using explain_detail::percent;
using explain_detail::svg_element;
using support::xml_escape;

constexpr const char* style = R"(body{font-family:sans-serif;margin:1em;color:#222}
h1{font-size:1.4em}h2{font-size:1.2em;border-bottom:1px solid #ccc}h3{font-size:1.05em;margin:1em 0 .3em}
.panels{display:grid;gap:2em;align-items:start}
figure.head{margin:.5em 0 1.5em;padding:.5em;border:1px solid #ddd;border-radius:4px}
figcaption{font-size:.9em;max-width:44em}
.badge{display:inline-block;padding:0 .5em;border-radius:3px;background:#e0e8f4;font-weight:bold}
.badge.induction{background:#c6e5c0}.badge.anti-induction{background:#f6d2b0}
.badge.previous-token{background:#e5d6f1}
code,.mono{font-family:monospace}.dims{color:#555;font-size:.85em}
table{border-collapse:collapse;font-size:.85em}th,td{border:1px solid #ccc;padding:1px 5px;text-align:right}
th.name,td.name{text-align:left}thead th{background:#eee}
.ffn{margin:.3em 0 1em;font-size:.9em}pre.src{background:#f6f6f6;padding:.3em;margin:.2em 0;white-space:pre-wrap}
)";

std::string dims(const char* what, const std::vector<std::string>& names) {
  std::string out = fmt::format("<div class=\"dims\">{}: ", what);
  const std::size_t shown = std::min<std::size_t>(names.size(), 12);
  for (std::size_t k = 0; k < shown; ++k) out += (k ? ", " : "") + fmt::format("<code>{}</code>", xml_escape(names[k]));
  if (names.size() > shown) out += fmt::format(" and {} more", names.size() - shown);
  if (names.empty()) out += "none";
  return out + "</div>\n";
}

bool is_node_label(const std::string& n) {
  return n.size() > 1 && n[0] == 'n' && n.find_first_not_of("0123456789", 1) == std::string::npos;
}

// Named statements with their source (each source text once: a family's instances share it),
// then the unnamed nodes (parts of next rules, shared subterms) counted by the rule using them.
std::string statements(const std::vector<std::string>& names, const explanation& e) {
  if (names.empty()) return {};
  std::vector<std::string> named;
  std::map<std::string, std::size_t> nodes_by_user;
  std::size_t nodes = 0;
  for (const auto& n : names) {
    if (!is_node_label(n)) {
      named.push_back(n);
      continue;
    }
    ++nodes;
    // statement_sources() says "a node of RULE": group by RULE.
    if (auto it = e.statement_source.find(n); it != e.statement_source.end())
      ++nodes_by_user[it->second.rfind("a node of ", 0) == 0 ? it->second.substr(10) : it->second];
  }
  std::string out = "<div>computes: ";
  const std::size_t shown = std::min<std::size_t>(named.size(), 16);
  for (std::size_t k = 0; k < shown; ++k) out += (k ? ", " : "") + fmt::format("<code>{}</code>", xml_escape(named[k]));
  if (named.size() > shown) out += fmt::format(" and {} more statements", named.size() - shown);
  if (nodes) {
    out += fmt::format("{}{} unnamed node{}{}", named.empty() ? "" : "; ", nodes, nodes == 1 ? "" : "s",
                       nodes_by_user.empty() ? "" : " of");
    std::size_t k = 0;
    for (const auto& [user, count] : nodes_by_user) {
      if (k == 6) { out += fmt::format(", ... ({} rules)", nodes_by_user.size()); break; }
      out += fmt::format("{} <code>{}</code> ({})", k++ ? "," : "", xml_escape(user), count);
    }
  }
  out += "</div>\n";
  std::set<std::string> sources;
  for (const auto& n : named)
    if (auto it = e.statement_source.find(n); it != e.statement_source.end() && sources.insert(it->second).second && sources.size() <= 8)
      out += fmt::format("<pre class=\"src\">{}</pre>\n", xml_escape(it->second));
  return out;
}

std::string metrics_row(const std::string& panel, const head_explanation& h) {
  auto cells = [](const attention_metrics& m) {
    return fmt::format("<td>{}</td><td>{}</td><td>{}</td>", percent(m.same_token), percent(m.induction),
                       percent(m.anti_induction));
  };
  return fmt::format("<tr><td class=\"name\">{}</td><td class=\"name\"><code>{}</code></td><td class=\"name\">{}</td>{}{}</tr>\n",
                     xml_escape(panel), xml_escape(h.name), to_string(h.role), cells(h.direct),
                     h.composed ? cells(*h.composed) : "<td>-</td><td>-</td><td>-</td>");
}

std::string head_figure(const head_explanation& h, const explanation& e) {
  std::string out = fmt::format("<figure class=\"head\" data-layer=\"{}\" data-head=\"{}\">\n", h.layer, h.index);
  out += svg_element(heatmap(h.attention, e.tokens)) + "\n<figcaption>\n";
  std::string role_class(to_string(h.role));  // CSS class: "previous-token", "uniform-count"
  std::replace(role_class.begin(), role_class.end(), ' ', '-');
  out += fmt::format("<div><code>{}</code> <span class=\"badge {}\">{}</span></div>\n", xml_escape(h.name),
                     role_class, to_string(h.role));
  out += fmt::format("<p>{}</p>\n", xml_escape(h.role_text));
  out += statements(h.statements, e);
  out += dims("query reads", h.query_reads) + dims("key reads", h.key_reads) +
         dims("value reads", h.value_reads) + dims("writes", h.writes);
  return out + "</figcaption>\n</figure>\n";
}

// Dimensions that are non-zero somewhere in a snapshot, with their values per position.
std::string residual_table(const model::named_residual<double>& r, const explanation& e) {
  std::string out = "<table>\n<thead><tr><th class=\"name\">dimension</th>";
  for (const auto& t : e.tokens) out += fmt::format("<th>{}</th>", xml_escape(t));
  out += "</tr></thead>\n<tbody>\n";
  std::size_t rows = 0, hidden = 0;
  for (Eigen::Index d = 0; d < r.value.rows(); ++d) {
    if (!(r.value.row(d).array() != 0).any()) continue;
    if (rows == 300) { ++hidden; continue; }
    ++rows;
    out += fmt::format("<tr><td class=\"name\"><code>{}</code></td>", xml_escape(e.residual_names[static_cast<std::size_t>(d)]));
    for (Eigen::Index p = 0; p < r.value.cols(); ++p) {
      const double v = r.value(d, p);
      const double w = std::min(1.0, std::abs(v));
      out += v == 0 ? "<td></td>"
                    : fmt::format("<td style=\"background:{}\">{:.4g}</td>",
                                  v > 0 ? explain_detail::weight_colour(0.35 * w) : "#f6d2b0", v);
    }
    out += "</tr>\n";
  }
  if (hidden) out += fmt::format("<tr><td class=\"name\" colspan=\"{}\">and {} more non-zero dimensions</td></tr>\n", e.tokens.size() + 1, hidden);
  return out + "</tbody>\n</table>\n";
}

std::string panel_html(const explanation& e, std::size_t k) {
  // Anchors (#m0-L1, #m0-residual) so that a part of a long report can be linked to.
  std::string out = fmt::format("<section class=\"panel\" id=\"m{}\">\n<h2>{}</h2>\n", k, xml_escape(e.title));
  out += fmt::format("<p>{} positional encoding; {} head{} in {} layer{}; outputs at each position:</p>\n",
                     model::to_string(e.pe) == "ape" ? "APE" : model::to_string(e.pe) == "rope" ? "RoPE" : "no",
                     e.heads.size(), e.heads.size() == 1 ? "" : "s", e.ffns.size(), e.ffns.size() == 1 ? "" : "s");
  out += "<table>\n<tr><th class=\"name\">token</th>";
  for (std::size_t p = 1; p < e.tokens.size(); ++p) out += fmt::format("<th>{}</th>", xml_escape(e.tokens[p]));
  out += "</tr>\n<tr><th class=\"name\">output</th>";
  for (const auto& d : e.decisions) out += fmt::format("<td>{}</td>", xml_escape(d));
  out += "</tr>\n</table>\n";
  for (std::size_t l = 0; l < e.ffns.size(); ++l) {
    out += fmt::format("<h3 id=\"m{}-L{}\">Layer {}</h3>\n", k, l, l);
    for (const auto& h : e.heads)
      if (h.layer == static_cast<int>(l)) out += head_figure(h, e);
    const ffn_explanation& f = e.ffns[l];
    out += fmt::format("<div class=\"ffn\"><code>{}</code>: {} ReLU units.\n", xml_escape(f.name), f.units);
    out += statements(f.statements, e) + dims("reads", f.reads) + dims("writes", f.writes) + "</div>\n";
  }
  out += fmt::format("<h3 id=\"m{}-residual\">Residual stream</h3>\n", k);
  for (std::size_t r = 0; r < e.residuals.size(); ++r) {
    out += fmt::format("<details{}><summary>after <code>{}</code></summary>\n", r + 1 == e.residuals.size() ? " open" : "",
                       xml_escape(e.residuals[r].name));
    out += residual_table(e.residuals[r], e) + "</details>\n";
  }
  return out + "</section>\n";
}

}  // namespace

std::string explain_html(const std::vector<explanation>& panels, std::string_view title) {
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}</title>\n"
      "<style>\n{1}.panels{{grid-template-columns:repeat({2},minmax(0,1fr))}}\n</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
      xml_escape(title), style, std::max<std::size_t>(panels.size(), 1));
  out += "<p>Heatmaps: row i is the attention of position i (the query) over positions j &lt;= i "
         "(the keys), white 0 to dark blue 1; position 0 is the internal BOS. Metrics over the "
         "positions whose token occurred earlier: weight on the earlier copies (same), on the tokens "
         "after them (induction) and before them (anti-induction); <em>via</em>: through the "
         "previous-token head the value reads (Veitsman, Jobanputra et al. 2025, arXiv 2505.21785).</p>\n";
  out += "<table>\n<thead><tr><th class=\"name\">model</th><th class=\"name\">head</th><th class=\"name\">role</th>"
         "<th>same</th><th>induction</th><th>anti-induction</th><th>same via</th><th>induction via</th>"
         "<th>anti-induction via</th></tr></thead>\n<tbody>\n";
  for (const auto& e : panels)
    for (const auto& h : e.heads) out += metrics_row(e.title, h);
  out += "</tbody>\n</table>\n<div class=\"panels\">\n";
  for (std::size_t k = 0; k < panels.size(); ++k) out += panel_html(panels[k], k);
  return out + "</div>\n</body>\n</html>\n";
}

std::string explain_svg(const std::vector<explanation>& panels) {
  std::string body;
  double x = 0, height = 0;
  for (const auto& e : panels) {
    double y = 20, width = 240;
    std::string column = fmt::format(R"(<text x="0" y="14" class="title">{}</text>)", xml_escape(e.title));
    for (const auto& h : e.heads) {
      const auto map = heatmap(h.attention, e.tokens);
      const attention_metrics& m = h.composed ? *h.composed : h.direct;
      // One line under the name: the role, and what makes it that role.
      std::string line(to_string(h.role));
      if (h.role == head_role::previous_token) {
        line += fmt::format(": {} on i - 1", percent(h.previous_token));
      } else if (h.role == head_role::bos) {
        line += fmt::format(": {} on BOS", percent(h.bos));
      } else if (h.role != head_role::uniform && h.role != head_role::phase) {
        line += fmt::format(": induction {}, anti-induction {}{}", percent(m.induction), percent(m.anti_induction),
                            h.composed ? " via " + h.composed_with : "");
      }
      column += fmt::format(R"(<text x="0" y="{:.0f}" class="title">{}</text>)", y + 14, xml_escape(h.name));
      column += fmt::format(R"(<text x="0" y="{:.0f}" class="role">{}</text>)", y + 30, xml_escape(line));
      // About 6.5 px per character of the 11-12 px fonts: text must not run into the next column.
      width = std::max({width, 6.5 * static_cast<double>(line.size()), 7.5 * static_cast<double>(h.name.size())});
      column += fmt::format(R"x(<g transform="translate(0,{:.0f})">{}</g>)x", y + 36, map.body);
      y += 36 + map.height + 10;
      width = std::max(width, map.width);
    }
    body += fmt::format(R"x(<g transform="translate({:.0f},0)">{}</g>)x", x, column);
    x += width + 40;
    height = std::max(height, y);
  }
  return svg_element({body, x, height}) + "\n";
}

}  // namespace crasp
