// Escaping text for HTML and XML (SVG) output: the five characters with markup meaning.
#pragma once

#include <string>
#include <string_view>

namespace crasp::support {

inline std::string xml_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;  // &apos; is not HTML 4; this works in both
      default: out += c;
    }
  }
  return out;
}

}  // namespace crasp::support
