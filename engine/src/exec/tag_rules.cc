#include "exec/tag_rules.h"

#include <locale.h>
#include <wctype.h>

#include <cstdint>

namespace ddblab {
namespace {

// Decodes the code point starting at text[*i] and advances *i; an invalid sequence decodes as
// U+FFFD one byte long, so it is counted and refused but never read past the end.
char32_t NextCodePoint(std::string_view text, size_t* i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(*i);
  size_t len = lead < 0x80           ? 1
               : (lead >> 5) == 0x6  ? 2
               : (lead >> 4) == 0xE  ? 3
               : (lead >> 3) == 0x1E ? 4
                                     : 0;
  if (len == 0 || *i + len > text.size()) {
    ++*i;
    return 0xFFFD;
  }
  char32_t cp = len == 1 ? lead : lead & (0x7F >> len);
  for (size_t k = 1; k < len; ++k) {
    if ((byte(*i + k) & 0xC0) != 0x80) {
      ++*i;
      return 0xFFFD;
    }
    cp = (cp << 6) | (byte(*i + k) & 0x3F);
  }
  *i += len;
  return cp;
}

// Unicode's space separators (general category Zs) and the line and paragraph separators
// (Zl, Zp): the \p{Z} of AWS's tag pattern.
bool IsSpaceSeparator(char32_t c) {
  return c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 ||
         c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

// Letters and numbers of every script (\p{L}, \p{N}), from the C library's Unicode tables. A
// locale object is used rather than setlocale so nothing process-wide changes.
bool IsLetterOrNumber(char32_t c) {
  if (c < 0x80) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }
  static const locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(0));
  if (utf8 == static_cast<locale_t>(0)) return true;  // no tables: accept rather than refuse
  return iswalnum_l(static_cast<wint_t>(c), utf8) != 0;
}

}  // namespace

size_t Utf8CharacterCount(std::string_view text) {
  size_t n = 0;
  for (size_t i = 0; i < text.size(); ++n) NextCodePoint(text, &i);
  return n;
}

bool TagCharactersAllowed(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const char32_t c = NextCodePoint(text, &i);
    if (IsLetterOrNumber(c) || IsSpaceSeparator(c)) continue;
    switch (c) {
      case '+':
      case '-':
      case '=':
      case '.':
      case '_':
      case ':':
      case '/':
      case '@':
        continue;
      default:
        return false;
    }
  }
  return true;
}

bool TagKeyReserved(std::string_view key) {
  if (key.size() < 4) return false;
  const auto lower = [](char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  };
  return lower(key[0]) == 'a' && lower(key[1]) == 'w' && lower(key[2]) == 's' && key[3] == ':';
}

}  // namespace ddblab
