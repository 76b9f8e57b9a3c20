// The lexical half of the JSON reader (json_tape.h): a cursor that reads whitespace, punctuation,
// strings, numbers and literals by RFC 8259's grammar. Every read returns false where the text is
// not what it reads.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ddblab::wire::internal {

// The length of the leading run of `s` that a JSON string holds as it is, both ways: no quote,
// backslash or control character, nothing outside ASCII. Read eight bytes at a time.
size_t PlainPrefix(std::string_view s);

class JsonCursor {
 public:
  explicit JsonCursor(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

  // JSON's four whitespace characters.
  void SkipSpace() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }
  bool AtEnd() const { return p_ == end_; }
  // The next byte, or '\0' at the end (never a valid token start, so it reads as malformed).
  char Peek() const { return p_ < end_ ? *p_ : '\0'; }
  bool Consume(char c) {
    if (p_ == end_ || *p_ != c) return false;
    ++p_;
    return true;
  }
  // `word` (true, false, null) at the cursor.
  bool Literal(std::string_view word);
  // A string at its opening quote, unescaped into *s: escapes and \u surrogate pairs decoded,
  // raw control characters refused, multi-byte characters checked as RFC 3629 UTF-8 (the table
  // nlohmann's lexer checks). Runs of plain ASCII are appended whole.
  bool String(std::string* s);
  // A string at its opening quote, read in place when it is plain ASCII without escapes (*text
  // then points into the input, *appended is false); otherwise as String, appended to *buffer.
  bool StringInPlace(std::string_view* text, std::string* buffer, bool* appended);
  // An integer without fraction or exponent that fits 64 bits (*negative says whether it had a
  // minus sign, "-0" included); false for a fraction, an exponent or a larger integer.
  bool Integer(uint64_t* magnitude, bool* negative);
  // A number by JSON's grammar (-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?): its text, and
  // whether it has neither fraction nor exponent.
  bool NumberToken(std::string_view* token, bool* integral);

 private:
  bool Escape(std::string* s);
  bool Hex4(unsigned* out);
  bool Unicode(std::string* s);
  bool Utf8(std::string* s);

  const char* p_;
  const char* end_;
};

}  // namespace ddblab::wire::internal
