// JSON text as the aws CLI (Python) reads and writes it: its parse-error messages are what a
// student sees for a typo in --item, and its dump format is inside every NextToken.
#include <cstdio>
#include <string>
#include <string_view>

#include "cli/cli_internal.h"

namespace ddblab::shell::cli {

Error CliError(std::string message, int exit_code) {
  Error e = ValidationError(std::move(message));
  e.column = -exit_code;
  return e;
}

namespace {

constexpr int kMaxJsonDepth = 1000;

// A syntax check that mirrors CPython's json scanner so that the message and the position
// name the same problem Python would.
class PythonJsonChecker {
 public:
  explicit PythonJsonChecker(std::string_view text) : text_(text) {}

  // Empty when the text is valid JSON; otherwise "<what>: line L column C (char N)".
  std::string Check() {
    size_t pos = SkipWs(0);
    if (!Value(pos, &pos)) return error_;
    pos = SkipWs(pos);
    if (pos != text_.size()) {
      Fail("Extra data", pos);
      return error_;
    }
    return "";
  }

 private:
  size_t SkipWs(size_t pos) const {
    while (pos < text_.size() &&
           (text_[pos] == ' ' || text_[pos] == '\t' || text_[pos] == '\n' || text_[pos] == '\r')) {
      ++pos;
    }
    return pos;
  }

  bool Fail(std::string_view what, size_t byte_pos) {
    // Python counts characters, not bytes.
    size_t chars = 0;
    size_t line = 1;
    size_t last_newline_char = 0;
    bool seen_newline = false;
    for (size_t i = 0; i < byte_pos && i < text_.size(); ++i) {
      unsigned char c = static_cast<unsigned char>(text_[i]);
      if ((c & 0xC0) == 0x80) continue;
      if (c == '\n') {
        ++line;
        last_newline_char = chars;
        seen_newline = true;
      }
      ++chars;
    }
    size_t column = seen_newline ? chars - last_newline_char : chars + 1;
    error_ = std::string(what) + ": line " + std::to_string(line) + " column " +
             std::to_string(column) + " (char " + std::to_string(chars) + ")";
    return false;
  }

  bool Literal(size_t pos, std::string_view word, size_t* end) {
    if (text_.substr(pos, word.size()) != word) return Fail("Expecting value", pos);
    *end = pos + word.size();
    return true;
  }

  bool Value(size_t pos, size_t* end) {
    if (pos >= text_.size()) return Fail("Expecting value", pos);
    char c = text_[pos];
    switch (c) {
      case '"':
        return String(pos, end);
      case '{':
      case '[': {
        // Python's decoder gives up near its recursion limit; stopping at the same depth keeps
        // every later recursive walk of the document within the stack.
        if (depth_ >= kMaxJsonDepth) return Fail("Nesting deeper than 1000 levels", pos);
        ++depth_;
        bool ok = c == '{' ? Object(pos, end) : Array(pos, end);
        --depth_;
        return ok;
      }
      case 'n':
        return Literal(pos, "null", end);
      case 't':
        return Literal(pos, "true", end);
      case 'f':
        return Literal(pos, "false", end);
      case 'N':
        return Literal(pos, "NaN", end);
      case 'I':
        return Literal(pos, "Infinity", end);
      default:
        break;
    }
    if (c == '-' && text_.substr(pos, 9) == "-Infinity") {
      *end = pos + 9;
      return true;
    }
    return Number(pos, end);
  }

  static bool IsDigit(char c) { return c >= '0' && c <= '9'; }

  // -?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?
  bool Number(size_t pos, size_t* end) {
    size_t i = pos;
    if (i < text_.size() && text_[i] == '-') ++i;
    if (i >= text_.size() || !IsDigit(text_[i])) return Fail("Expecting value", pos);
    if (text_[i] == '0') {
      ++i;
    } else {
      while (i < text_.size() && IsDigit(text_[i])) ++i;
    }
    if (i + 1 < text_.size() && text_[i] == '.' && IsDigit(text_[i + 1])) {
      i += 1;
      while (i < text_.size() && IsDigit(text_[i])) ++i;
    }
    if (i < text_.size() && (text_[i] == 'e' || text_[i] == 'E')) {
      size_t j = i + 1;
      if (j < text_.size() && (text_[j] == '+' || text_[j] == '-')) ++j;
      if (j < text_.size() && IsDigit(text_[j])) {
        while (j < text_.size() && IsDigit(text_[j])) ++j;
        i = j;
      }
    }
    *end = i;
    return true;
  }

  static bool IsHex(char c) {
    return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  bool String(size_t start, size_t* end) {
    size_t i = start + 1;
    while (true) {
      if (i >= text_.size()) return Fail("Unterminated string starting at", start);
      unsigned char c = static_cast<unsigned char>(text_[i]);
      if (c == '"') {
        *end = i + 1;
        return true;
      }
      if (c < 0x20) return Fail("Invalid control character at", i);
      if (c == '\\') {
        if (i + 1 >= text_.size()) return Fail("Unterminated string starting at", start);
        char e = text_[i + 1];
        if (e == 'u') {
          for (size_t k = 0; k < 4; ++k) {
            if (i + 2 + k >= text_.size() || !IsHex(text_[i + 2 + k])) {
              return Fail("Invalid \\uXXXX escape", i + 1);
            }
          }
          i += 6;
          continue;
        }
        if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) {
          return Fail("Invalid \\escape", i);
        }
        i += 2;
        continue;
      }
      ++i;
    }
  }

  bool Object(size_t start, size_t* end) {
    size_t pos = SkipWs(start + 1);
    if (pos < text_.size() && text_[pos] == '}') {
      *end = pos + 1;
      return true;
    }
    while (true) {
      if (pos >= text_.size() || text_[pos] != '"') {
        return Fail("Expecting property name enclosed in double quotes", pos);
      }
      if (!String(pos, &pos)) return false;
      pos = SkipWs(pos);
      if (pos >= text_.size() || text_[pos] != ':') return Fail("Expecting ':' delimiter", pos);
      pos = SkipWs(pos + 1);
      if (!Value(pos, &pos)) return false;
      pos = SkipWs(pos);
      if (pos < text_.size() && text_[pos] == '}') {
        *end = pos + 1;
        return true;
      }
      if (pos >= text_.size() || text_[pos] != ',') return Fail("Expecting ',' delimiter", pos);
      pos = SkipWs(pos + 1);
    }
  }

  bool Array(size_t start, size_t* end) {
    size_t pos = SkipWs(start + 1);
    if (pos < text_.size() && text_[pos] == ']') {
      *end = pos + 1;
      return true;
    }
    while (true) {
      if (!Value(pos, &pos)) return false;
      pos = SkipWs(pos);
      if (pos < text_.size() && text_[pos] == ']') {
        *end = pos + 1;
        return true;
      }
      if (pos >= text_.size() || text_[pos] != ',') return Fail("Expecting ',' delimiter", pos);
      pos = SkipWs(pos + 1);
    }
  }

  std::string_view text_;
  std::string error_;
  int depth_ = 0;
};

void DumpString(const std::string& s, std::string& out) {
  out.push_back('"');
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    char buf[16];
    if (c == '"') {
      out += "\\\"";
    } else if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\b') {
      out += "\\b";
    } else if (c == '\f') {
      out += "\\f";
    } else if (c < 0x20) {
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else if (c < 0x80) {
      out.push_back(static_cast<char>(c));
    } else {
      // Decode one UTF-8 sequence; ensure_ascii writes it as \uXXXX (surrogate pairs above the
      // BMP). Malformed bytes are written as their Latin-1 code points.
      uint32_t cp = c;
      size_t len = 1;
      if ((c & 0xE0) == 0xC0) {
        cp = c & 0x1F;
        len = 2;
      } else if ((c & 0xF0) == 0xE0) {
        cp = c & 0x0F;
        len = 3;
      } else if ((c & 0xF8) == 0xF0) {
        cp = c & 0x07;
        len = 4;
      }
      bool valid = len > 1 && i + len <= s.size();
      for (size_t k = 1; valid && k < len; ++k) {
        unsigned char d = static_cast<unsigned char>(s[i + k]);
        if ((d & 0xC0) != 0x80) valid = false;
        cp = (cp << 6) | (d & 0x3F);
      }
      if (!valid) {
        cp = c;
        len = 1;
      }
      if (cp >= 0x10000) {
        uint32_t v = cp - 0x10000;
        std::snprintf(buf, sizeof buf, "\\u%04x\\u%04x", 0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF));
      } else {
        std::snprintf(buf, sizeof buf, "\\u%04x", cp);
      }
      out += buf;
      i += len;
      continue;
    }
    ++i;
  }
  out.push_back('"');
}

void Dump(const wire::Json& v, std::string& out) {
  if (v.is_object()) {
    out.push_back('{');
    bool first = true;
    for (const auto& [key, member] : v.items()) {
      if (!first) out += ", ";
      first = false;
      DumpString(key, out);
      out += ": ";
      Dump(member, out);
    }
    out.push_back('}');
  } else if (v.is_array()) {
    out.push_back('[');
    bool first = true;
    for (const auto& element : v) {
      if (!first) out += ", ";
      first = false;
      Dump(element, out);
    }
    out.push_back(']');
  } else if (v.is_string()) {
    DumpString(v.get<std::string>(), out);
  } else if (v.is_boolean()) {
    out += v.get<bool>() ? "true" : "false";
  } else if (v.is_null()) {
    out += "null";
  } else {
    out += v.dump();
  }
}

}  // namespace

Result<wire::Json> ParsePythonJson(std::string_view text) {
  std::string problem = PythonJsonChecker(text).Check();
  if (!problem.empty()) return ValidationError(problem);
  wire::Json parsed = wire::ParseJson(text);
  if (parsed.is_discarded()) {
    // Valid for Python but not for nlohmann: NaN and Infinity, which no DynamoDB member takes.
    return ValidationError("Expecting value: NaN and Infinity are not valid here");
  }
  return parsed;
}

std::string DumpPythonJson(const wire::Json& value) {
  std::string out;
  Dump(value, out);
  return out;
}

}  // namespace ddblab::shell::cli
