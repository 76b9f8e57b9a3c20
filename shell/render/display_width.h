// How many terminal columns UTF-8 text takes, so table mode lines up accented, CJK and
// combined text. The measure is fixed (Unicode 14 data compiled in), never the locale's
// wcwidth, so golden output is the same on every machine.
#pragma once

#include <cstddef>
#include <string_view>

namespace ddblab::shell {

// Columns one code point takes: 0 for combining marks (Mn, Me), format characters (Cf, except
// U+00AD SOFT HYPHEN), Hangul medial vowels and final consonants, and C0/C1 controls; 2 for East
// Asian Wide and Fullwidth characters (CJK, kana, Hangul syllables, most emoji); 1 otherwise.
int CodePointWidth(char32_t cp);

// The columns `utf8` takes: the sum of its code points' widths. A byte that does not start a
// well-formed UTF-8 sequence (stray continuation, overlong, surrogate, cut-off sequence) counts
// 1 on its own, as a terminal shows it as one replacement character.
size_t DisplayWidth(std::string_view utf8);

// The length in bytes of the longest prefix of `utf8` that takes at most `max_width` columns. It
// ends on a character boundary (a UTF-8 sequence is never split) and keeps the zero-width marks
// that follow the last character it holds.
size_t PrefixWithin(std::string_view utf8, size_t max_width);

}  // namespace ddblab::shell
