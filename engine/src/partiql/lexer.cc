// PartiQL tokenizer: positions in DynamoDB's line:column:length form.
#include "partiql/lexer.h"

#include <cctype>
#include <cstdint>
#include <string>

namespace ddblab::partiql {

std::string PositionSuffix(const Span& s) {
  return " at " + std::to_string(s.line) + ":" + std::to_string(s.column) + ":" +
         std::to_string(s.length);
}

Error NotWellFormed(const std::string& detail, const Span& where) {
  Error e = ValidationError("Statement wasn't well formed, can't be processed: " + detail);
  e.column = where.column;
  return e;
}

bool IsKeyword(const Token& t, std::string_view keyword) {
  if (t.type != TokenType::kIdent || t.text.size() != keyword.size()) return false;
  for (size_t i = 0; i < keyword.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(t.text[i])) !=
        std::toupper(static_cast<unsigned char>(keyword[i]))) {
      return false;
    }
  }
  return true;
}

namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}
bool IsIdentChar(char c) { return IsIdentStart(c) || IsDigit(c); }

class Lexer {
 public:
  explicit Lexer(std::string_view s) : s_(s) {}

  Result<std::vector<Token>> Run() {
    std::vector<Token> out;
    // About one token per five characters: most statements then never grow the vector.
    out.reserve(s_.size() / 5 + 4);
    while (true) {
      DDB_TRY(SkipSpaceAndComments());
      if (pos_ >= s_.size()) break;
      DDB_ASSIGN_OR_RETURN(Token t, Next());
      out.push_back(std::move(t));
    }
    Token end;
    end.type = TokenType::kEnd;
    end.span = Here(0);
    out.push_back(end);
    return out;
  }

 private:
  Span Here(int length) const {
    Span sp;
    sp.line = line_;
    sp.column = static_cast<int>(pos_ - line_start_) + 1;
    sp.length = length;
    sp.offset = pos_;
    return sp;
  }

  void Advance(size_t n) {
    for (size_t i = 0; i < n && pos_ < s_.size(); ++i) {
      if (s_[pos_] == '\n') {
        ++line_;
        line_start_ = pos_ + 1;
      }
      ++pos_;
    }
  }

  Status SkipSpaceAndComments() {
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if (std::isspace(static_cast<unsigned char>(c))) {
        Advance(1);
      } else if (s_.substr(pos_, 2) == "--") {
        while (pos_ < s_.size() && s_[pos_] != '\n') Advance(1);
      } else if (s_.substr(pos_, 2) == "/*") {
        Span start = Here(2);
        size_t end = s_.find("*/", pos_ + 2);
        // DynamoDB: an unterminated block comment is refused with an empty detail.
        if (end == std::string_view::npos) return NotWellFormed("", start);
        Advance(end + 2 - pos_);
      } else {
        break;
      }
    }
    return OkStatus();
  }

  Result<Token> Quoted(char quote, TokenType type) {
    Span start = Here(0);
    size_t begin = pos_;
    Advance(1);
    std::string text;
    while (true) {
      if (pos_ >= s_.size()) return NotWellFormed("", start);
      char c = s_[pos_];
      if (c == quote) {
        if (pos_ + 1 < s_.size() && s_[pos_ + 1] == quote) {
          text.push_back(quote);
          Advance(2);
          continue;
        }
        Advance(1);
        break;
      }
      text.push_back(c);
      Advance(1);
    }
    Token t;
    t.type = type;
    t.text = std::move(text);
    t.span = start;
    t.span.length = static_cast<int>(pos_ - begin);
    return t;
  }

  Result<Token> Number() {
    Span start = Here(0);
    size_t begin = pos_;
    int64_t frac_digits = 0;
    while (pos_ < s_.size() && IsDigit(s_[pos_])) Advance(1);
    if (pos_ < s_.size() && s_[pos_] == '.') {
      Advance(1);
      while (pos_ < s_.size() && IsDigit(s_[pos_])) {
        Advance(1);
        ++frac_digits;
      }
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      size_t save = pos_;
      size_t p = pos_ + 1;
      if (p < s_.size() && (s_[p] == '+' || s_[p] == '-')) ++p;
      if (p < s_.size() && IsDigit(s_[p])) {
        bool negative = s_[pos_ + 1] == '-';
        Advance(p - pos_);
        // DynamoDB reads literals as Java BigDecimal does: an exponent or a resulting scale
        // that does not fit a 32-bit integer cannot be read, and the detail is empty.
        int64_t exponent = 0;
        bool too_big = false;
        while (pos_ < s_.size() && IsDigit(s_[pos_])) {
          if (exponent < (int64_t{1} << 40)) exponent = exponent * 10 + (s_[pos_] - '0');
          Advance(1);
        }
        if (negative) exponent = -exponent;
        if (exponent > INT32_MAX || exponent < INT32_MIN) too_big = true;
        int64_t scale = frac_digits - exponent;
        if (scale > INT32_MAX || scale < INT32_MIN) too_big = true;
        if (too_big) return NotWellFormed("", start);
      } else {
        pos_ = save;
      }
    }
    Token t;
    t.type = TokenType::kNumber;
    t.text = std::string(s_.substr(begin, pos_ - begin));
    t.span = start;
    t.span.length = static_cast<int>(pos_ - begin);
    return t;
  }

  Result<Token> Next() {
    char c = s_[pos_];
    if (c == '\'') return Quoted('\'', TokenType::kString);
    if (c == '"') return Quoted('"', TokenType::kQuotedIdent);
    if (IsDigit(c) || (c == '.' && pos_ + 1 < s_.size() && IsDigit(s_[pos_ + 1]))) {
      return Number();
    }
    if (IsIdentStart(c)) {
      Span start = Here(0);
      size_t begin = pos_;
      while (pos_ < s_.size() && IsIdentChar(s_[pos_])) Advance(1);
      Token t;
      t.type = TokenType::kIdent;
      t.text = std::string(s_.substr(begin, pos_ - begin));
      t.span = start;
      t.span.length = static_cast<int>(pos_ - begin);
      return t;
    }
    struct Punct {
      std::string_view text;
      TokenType type;
    };
    // Longest first, so "<<" wins over "<" and "<=" over "<".
    static constexpr Punct kPuncts[] = {
        {"<<", TokenType::kLBag},     {">>", TokenType::kRBag},    {"<>", TokenType::kNe},
        {"!=", TokenType::kNe},       {"<=", TokenType::kLe},      {">=", TokenType::kGe},
        {"<", TokenType::kLt},        {">", TokenType::kGt},       {"=", TokenType::kEq},
        {"*", TokenType::kStar},      {",", TokenType::kComma},    {".", TokenType::kDot},
        {":", TokenType::kColon},     {"(", TokenType::kLParen},   {")", TokenType::kRParen},
        {"[", TokenType::kLBracket},  {"]", TokenType::kRBracket}, {"{", TokenType::kLBrace},
        {"}", TokenType::kRBrace},    {"+", TokenType::kPlus},     {"-", TokenType::kMinus},
        {"?", TokenType::kParameter},
    };
    for (const Punct& p : kPuncts) {
      if (s_.substr(pos_, p.text.size()) == p.text) {
        Token t;
        t.type = p.type;
        t.text = std::string(p.text);
        t.span = Here(static_cast<int>(p.text.size()));
        Advance(p.text.size());
        return t;
      }
    }
    // DynamoDB: '#' (and any other character PartiQL does not know) is refused with an empty
    // detail.
    return NotWellFormed("", Here(1));
  }

  std::string_view s_;
  size_t pos_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;
};

}  // namespace

Result<std::vector<Token>> Tokenize(std::string_view statement) { return Lexer(statement).Run(); }

}  // namespace ddblab::partiql
