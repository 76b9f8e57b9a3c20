// XML text escaping for the reports ddblab writes as XML (JUnit results, SVG heat maps).
#pragma once

#include <string>
#include <string_view>

namespace ddblab::lab {

// Escapes the five XML specials; control characters XML 1.0 forbids become spaces.
inline std::string XmlEscape(std::string_view s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // XML 1.0 forbids most control characters even when escaped.
        if (static_cast<unsigned char>(ch) < 0x20 && ch != '\n' && ch != '\t' && ch != '\r') {
          out += ' ';
        } else {
          out += ch;
        }
    }
  }
  return out;
}

}  // namespace ddblab::lab
