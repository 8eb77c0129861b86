// One head's attention weights as SVG: rows are queries, columns keys, white (0) to dark blue (1),
// with token labels when the cells are large enough to carry them.
#pragma once

#include <string>
#include <vector>

#include "crasp/model.hpp"

namespace crasp::explain_detail {

/// An SVG fragment and the box it occupies.
struct svg_box {
  std::string body;  ///< elements, positioned from (0, 0)
  double width = 0;
  double height = 0;
};

/// The heatmap of weights `a` (n x n, row = query) with `tokens` (n) as labels. Each cell has
/// a <title> with query, key and weight when n <= 64 (hover text in a browser).
svg_box heatmap(const model::matrix<double>& a, const std::vector<std::string>& tokens);

/// A complete <svg> element around a box (width/height/viewBox set, xmlns for standalone use).
std::string svg_element(const svg_box& box, const std::string& css_class = {});

/// Fill colour of weight w in [0, 1].
std::string weight_colour(double w);

}  // namespace crasp::explain_detail
