// Display width of UTF-8 text: what table mode uses to line up columns. Widths follow Unicode's
// East_Asian_Width (Unicode Standard Annex #11: W and F take two columns) and general categories
// (UnicodeData.txt: Mn, Me and Cf take none).
#include "render/display_width.h"

#include <catch2/catch.hpp>
#include <string>

namespace ddblab::shell {
namespace {

TEST_CASE("ASCII takes one column per character") {
  CHECK(DisplayWidth("") == 0);
  CHECK(DisplayWidth("CUST#a1b2") == 9);
  CHECK(DisplayWidth("a b~") == 4);
}

TEST_CASE("Precomposed Portuguese letters take one column each") {
  // "lições" with U+00E7 and U+00F5: 6 characters, 8 bytes.
  std::string s =
      "li\xC3\xA7\xC3\xB5"
      "es";
  CHECK(s.size() == 8);
  CHECK(DisplayWidth(s) == 6);
  CHECK(DisplayWidth("Jos\xC3\xA9") == 4);
  CHECK(DisplayWidth("Jos\xC3\xA9 \xE2\x80\x94 li\xC3\xA7\xC3\xB5"
                     "es \xE2\x9C\x93") == 15);
}

TEST_CASE("Decomposed Portuguese letters measure like precomposed ones") {
  // "José" as e + U+0301 COMBINING ACUTE ACCENT, "lições" as c + U+0327 and o + U+0303.
  CHECK(DisplayWidth("Jose\xCC\x81") == 4);
  CHECK(DisplayWidth("lic\xCC\xA7o\xCC\x83"
                     "es") == DisplayWidth("li\xC3\xA7\xC3\xB5"
                                           "es"));
}

TEST_CASE("Combining marks and enclosing marks and format characters take no column") {
  CHECK(CodePointWidth(U'\u0301') == 0);      // Mn COMBINING ACUTE ACCENT
  CHECK(CodePointWidth(U'\u20DD') == 0);      // Me COMBINING ENCLOSING CIRCLE
  CHECK(CodePointWidth(U'\u200B') == 0);      // Cf ZERO WIDTH SPACE
  CHECK(CodePointWidth(U'\u200D') == 0);      // Cf ZERO WIDTH JOINER
  CHECK(CodePointWidth(U'\uFEFF') == 0);      // Cf ZERO WIDTH NO-BREAK SPACE
  CHECK(CodePointWidth(U'\uFE0F') == 0);      // Mn VARIATION SELECTOR-16
  CHECK(CodePointWidth(U'\U000E0041') == 0);  // Cf TAG LATIN CAPITAL LETTER A
  CHECK(CodePointWidth(U'\u00AD') == 1);      // Cf SOFT HYPHEN, shown as a hyphen
  CHECK(DisplayWidth("a\xE2\x80\x8B"
                     "b") == 2);         // a ZWSP b
  CHECK(DisplayWidth("\xCC\x81") == 0);  // a lone combining mark
}

TEST_CASE("East Asian Wide and Fullwidth characters take two columns") {
  CHECK(DisplayWidth("\xE6\xBC\xA2\xE5\xAD\x97") == 4);  // 漢字 (CJK ideographs, W)
  CHECK(DisplayWidth("\xE3\x81\x8B\xE3\x81\xAA") == 4);  // かな (hiragana, W)
  CHECK(DisplayWidth("\xEA\xB0\x80") == 2);              // 가 (Hangul syllable, W)
  CHECK(DisplayWidth("\xEF\xBC\xA1") == 2);              // Ａ FULLWIDTH LATIN CAPITAL A (F)
  CHECK(DisplayWidth("\xEF\xBD\xB1") == 1);              // ｱ HALFWIDTH KATAKANA (H)
  CHECK(DisplayWidth("\xF0\xA0\x80\x80") == 2);          // U+20000, CJK Extension B
  CHECK(CodePointWidth(U'\u3000') == 2);                 // IDEOGRAPHIC SPACE (F)
  CHECK(CodePointWidth(U'\u3099') == 0);                 // combining kana mark: Mn beats W
}

TEST_CASE("Emoji with emoji presentation take two columns and text symbols one") {
  CHECK(DisplayWidth("\xF0\x9F\x98\x80") == 2);  // U+1F600 GRINNING FACE
  CHECK(DisplayWidth("\xF0\x9F\x9A\x80") == 2);  // U+1F680 ROCKET
  CHECK(DisplayWidth("\xE2\x9C\x85") == 2);      // U+2705 WHITE HEAVY CHECK MARK (W)
  CHECK(DisplayWidth("\xE2\x9C\x93") == 1);      // U+2713 CHECK MARK (N)
  CHECK(DisplayWidth("\xE2\x80\x94") == 1);      // U+2014 EM DASH (A: narrow outside East Asia)
  // U+2764 HEAVY BLACK HEART + VS16: the selector adds no column.
  CHECK(DisplayWidth("\xE2\x9D\xA4\xEF\xB8\x8F") == 1);
}

TEST_CASE("Controls take no column") {
  CHECK(CodePointWidth(U'\x01') == 0);
  CHECK(CodePointWidth(U'\x7F') == 0);
  CHECK(CodePointWidth(U'\u0085') == 0);
  CHECK(CodePointWidth(U'\u00A0') == 1);
}

TEST_CASE("Invalid UTF-8 counts one column per byte") {
  CHECK(DisplayWidth("\xFF") == 1);
  CHECK(DisplayWidth("a\x80"
                     "b") == 3);                 // stray continuation byte
  CHECK(DisplayWidth("\xC0\xAF") == 2);          // overlong '/'
  CHECK(DisplayWidth("\xE0\x80\xAF") == 3);      // overlong, three bytes
  CHECK(DisplayWidth("\xED\xA0\x80") == 3);      // surrogate U+D800
  CHECK(DisplayWidth("\xF4\x90\x80\x80") == 4);  // above U+10FFFF
  CHECK(DisplayWidth("\xE6\xBC") == 2);          // 漢 cut short at the end
  CHECK(DisplayWidth("\xE6\xBC"
                     "a\xE5\xAD\x97") == 5);  // cut short, then a and 字
}

TEST_CASE("A prefix within a width ends on a character boundary") {
  std::string s = "\xE6\xBC\xA2\xE5\xAD\x97x";  // 漢字x: columns 2, 2, 1
  CHECK(PrefixWithin(s, 0) == 0);
  CHECK(PrefixWithin(s, 1) == 0);  // 漢 does not fit in one column and is not split
  CHECK(PrefixWithin(s, 2) == 3);
  CHECK(PrefixWithin(s, 3) == 3);
  CHECK(PrefixWithin(s, 4) == 6);
  CHECK(PrefixWithin(s, 5) == 7);
  CHECK(PrefixWithin(s, 99) == 7);
}

TEST_CASE("A prefix keeps the combining marks of its last character") {
  std::string s = "ae\xCC\x81x";  // a, e + U+0301, x
  CHECK(PrefixWithin(s, 2) == 4);
  CHECK(PrefixWithin(s, 1) == 1);
}

TEST_CASE("A prefix never splits invalid bytes or valid sequences after them") {
  std::string s = "\xFF\xE6\xBC\xA2";  // invalid byte, then 漢
  CHECK(PrefixWithin(s, 1) == 1);
  CHECK(PrefixWithin(s, 2) == 1);
  CHECK(PrefixWithin(s, 3) == 4);
}

}  // namespace
}  // namespace ddblab::shell
