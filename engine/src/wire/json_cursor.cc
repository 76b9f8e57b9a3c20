#include "wire/json_cursor.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>

namespace ddblab::wire::internal {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

bool JsonCursor::Literal(std::string_view word) {
  if (static_cast<size_t>(end_ - p_) < word.size() || std::string_view(p_, word.size()) != word) {
    return false;
  }
  p_ += word.size();
  return true;
}

bool JsonCursor::Integer(uint64_t* magnitude, bool* negative) {
  *negative = p_ < end_ && *p_ == '-';
  if (*negative) ++p_;
  if (p_ == end_ || !IsDigit(*p_)) return false;
  uint64_t v = 0;
  if (*p_ == '0') {
    ++p_;
  } else {
    while (p_ < end_ && IsDigit(*p_)) {
      const unsigned d = static_cast<unsigned>(*p_ - '0');
      if (v > (std::numeric_limits<uint64_t>::max() - d) / 10) return false;
      v = v * 10 + d;
      ++p_;
    }
  }
  if (p_ < end_ && (*p_ == '.' || *p_ == 'e' || *p_ == 'E' || IsDigit(*p_))) return false;
  *magnitude = v;
  return true;
}

bool JsonCursor::NumberToken(std::string_view* token, bool* integral) {
  const char* start = p_;
  auto digits = [&] {
    const char* from = p_;
    while (p_ < end_ && IsDigit(*p_)) ++p_;
    return p_ > from;
  };
  if (p_ < end_ && *p_ == '-') ++p_;
  if (p_ == end_ || !IsDigit(*p_)) return false;
  if (*p_ == '0') {
    ++p_;
  } else {
    digits();
  }
  *integral = true;
  if (p_ < end_ && *p_ == '.') {
    ++p_;
    if (!digits()) return false;
    *integral = false;
  }
  if (p_ < end_ && (*p_ == 'e' || *p_ == 'E')) {
    ++p_;
    if (p_ < end_ && (*p_ == '+' || *p_ == '-')) ++p_;
    if (!digits()) return false;
    *integral = false;
  }
  *token = std::string_view(start, static_cast<size_t>(p_ - start));
  return true;
}

namespace {

// The bytes of `w` (eight of the text, the first in the lowest byte) that end a run of plain
// string bytes: a quote, a backslash, a control character or anything outside ASCII, each marked
// by its high bit. A test can also mark a byte after one it matched (the borrow of the classic
// has-zero-byte test spreads upwards), never one before, so the lowest mark is exact.
uint64_t NotPlain(uint64_t w) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHighs = 0x8080808080808080ULL;
  auto has_zero = [](uint64_t x) { return (x - kOnes) & ~x & kHighs; };
  const uint64_t below_space = (w - kOnes * 0x20) & ~w & kHighs;
  return (w & kHighs) | below_space | has_zero(w ^ (kOnes * '"')) | has_zero(w ^ (kOnes * '\\'));
}

}  // namespace

size_t PlainPrefix(std::string_view s) {
  const char* p = s.data();
  const char* end = p + s.size();
  // Eight bytes at a time; the first byte that ends the run is the lowest one marked (the text's
  // first byte is the word's lowest on the little-endian machines ddblab runs on).
  static_assert(std::endian::native == std::endian::little);
  while (end - p >= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    if (const uint64_t marks = NotPlain(w); marks != 0) {
      return static_cast<size_t>(p - s.data()) + static_cast<size_t>(std::countr_zero(marks) / 8);
    }
    p += 8;
  }
  while (p < end) {
    const auto c = static_cast<unsigned char>(*p);
    if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
    ++p;
  }
  return static_cast<size_t>(p - s.data());
}

bool JsonCursor::String(std::string* s) {
  ++p_;
  for (;;) {
    const char* run = p_;
    p_ += PlainPrefix(std::string_view(p_, static_cast<size_t>(end_ - p_)));
    s->append(run, p_);
    if (p_ == end_) return false;
    const auto c = static_cast<unsigned char>(*p_);
    if (c == '"') {
      ++p_;
      return true;
    }
    if (c < 0x20) return false;  // a raw control character
    if (!(c == '\\' ? Escape(s) : Utf8(s))) return false;
  }
}

bool JsonCursor::StringInPlace(std::string_view* text, std::string* buffer, bool* appended) {
  const char* start = p_ + 1;
  const char* q = start + PlainPrefix(std::string_view(start, static_cast<size_t>(end_ - start)));
  if (q < end_ && *q == '"') {
    *text = std::string_view(start, static_cast<size_t>(q - start));
    *appended = false;
    p_ = q + 1;
    return true;
  }
  *appended = true;
  return String(buffer);
}

bool JsonCursor::Escape(std::string* s) {
  // JSON's one-character escapes: kEscaped[i] stands for kMeaning[i].
  static constexpr std::string_view kEscaped = "\"\\/bfnrt";
  static constexpr std::string_view kMeaning = "\"\\/\b\f\n\r\t";
  ++p_;
  if (p_ == end_) return false;
  const char c = *p_++;
  if (c == 'u') return Unicode(s);
  const size_t at = kEscaped.find(c);
  if (at == std::string_view::npos) return false;
  s->push_back(kMeaning[at]);
  return true;
}

bool JsonCursor::Hex4(unsigned* out) {
  if (end_ - p_ < 4) return false;
  unsigned v = 0;
  for (int i = 0; i < 4; ++i) {
    const char c = *p_++;
    unsigned d;
    if (c >= '0' && c <= '9') {
      d = static_cast<unsigned>(c - '0');
    } else if (c >= 'a' && c <= 'f') {
      d = static_cast<unsigned>(c - 'a' + 10);
    } else if (c >= 'A' && c <= 'F') {
      d = static_cast<unsigned>(c - 'A' + 10);
    } else {
      return false;
    }
    v = v << 4 | d;
  }
  *out = v;
  return true;
}

// \uXXXX, with a high surrogate that must be followed by its low one, written as UTF-8.
bool JsonCursor::Unicode(std::string* s) {
  unsigned cp;
  if (!Hex4(&cp)) return false;
  if (cp >= 0xDC00 && cp <= 0xDFFF) return false;
  if (cp >= 0xD800 && cp <= 0xDBFF) {
    if (end_ - p_ < 2 || p_[0] != '\\' || p_[1] != 'u') return false;
    p_ += 2;
    unsigned low;
    if (!Hex4(&low) || low < 0xDC00 || low > 0xDFFF) return false;
    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
  }
  if (cp < 0x80) {
    s->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    s->push_back(static_cast<char>(0xC0 | cp >> 6));
    s->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    s->push_back(static_cast<char>(0xE0 | cp >> 12));
    s->push_back(static_cast<char>(0x80 | (cp >> 6 & 0x3F)));
    s->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    s->push_back(static_cast<char>(0xF0 | cp >> 18));
    s->push_back(static_cast<char>(0x80 | (cp >> 12 & 0x3F)));
    s->push_back(static_cast<char>(0x80 | (cp >> 6 & 0x3F)));
    s->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
  return true;
}

// One multi-byte UTF-8 character, checked by the ranges of RFC 3629 (no overlong forms, no
// surrogates, nothing past U+10FFFF), the same table nlohmann's lexer checks.
bool JsonCursor::Utf8(std::string* s) {
  const auto* b = reinterpret_cast<const unsigned char*>(p_);
  const unsigned char c = b[0];
  size_t n;
  unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c == 0xE0) {
    n = 3;
    lo = 0xA0;
  } else if (c == 0xED) {
    n = 3;
    hi = 0x9F;
  } else if (c >= 0xE1 && c <= 0xEF) {
    n = 3;
  } else if (c == 0xF0) {
    n = 4;
    lo = 0x90;
  } else if (c == 0xF4) {
    n = 4;
    hi = 0x8F;
  } else if (c >= 0xF1 && c <= 0xF3) {
    n = 4;
  } else {
    return false;
  }
  if (static_cast<size_t>(end_ - p_) < n || b[1] < lo || b[1] > hi) return false;
  for (size_t i = 2; i < n; ++i) {
    if (b[i] < 0x80 || b[i] > 0xBF) return false;
  }
  s->append(p_, n);
  p_ += n;
  return true;
}

}  // namespace ddblab::wire::internal
