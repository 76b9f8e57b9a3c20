#include "expr/lexer.h"

#include <string>

#include "expr/messages.h"

namespace ddblab::expr {
namespace {

bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsWordChar(char c) { return IsAlpha(c) || IsDigit(c) || c == '_'; }
bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace

std::vector<Token> Tokenize(std::string_view text) {
  std::vector<Token> out;
  size_t i = 0;
  const size_t n = text.size();
  auto emit = [&](TokenType type, size_t start, size_t len) {
    out.push_back(Token{type, text.substr(start, len), start});
  };
  while (i < n) {
    char c = text[i];
    if (IsSpace(c)) {
      ++i;
      continue;
    }
    size_t start = i;
    if (IsAlpha(c)) {
      while (i < n && IsWordChar(text[i])) ++i;
      emit(TokenType::kWord, start, i - start);
      continue;
    }
    if (IsDigit(c)) {
      while (i < n && IsDigit(text[i])) ++i;
      emit(TokenType::kNumber, start, i - start);
      continue;
    }
    if (c == '#' || c == ':') {
      ++i;
      while (i < n && IsWordChar(text[i])) ++i;
      if (i - start == 1) {
        emit(TokenType::kInvalid, start, 1);
      } else {
        emit(c == '#' ? TokenType::kNameRef : TokenType::kValueRef, start, i - start);
      }
      continue;
    }
    auto two = [&](char next) { return i + 1 < n && text[i + 1] == next; };
    TokenType type = TokenType::kInvalid;
    size_t len = 1;
    switch (c) {
      case '(':
        type = TokenType::kLParen;
        break;
      case ')':
        type = TokenType::kRParen;
        break;
      case '[':
        type = TokenType::kLBracket;
        break;
      case ']':
        type = TokenType::kRBracket;
        break;
      case ',':
        type = TokenType::kComma;
        break;
      case '.':
        type = TokenType::kDot;
        break;
      case '=':
        type = TokenType::kEq;
        break;
      case '+':
        type = TokenType::kPlus;
        break;
      case '-':
        type = TokenType::kMinus;
        break;
      case '<':
        if (two('>')) {
          type = TokenType::kNe;
          len = 2;
        } else if (two('=')) {
          type = TokenType::kLe;
          len = 2;
        } else {
          type = TokenType::kLt;
        }
        break;
      case '>':
        if (two('=')) {
          type = TokenType::kGe;
          len = 2;
        } else {
          type = TokenType::kGt;
        }
        break;
      default:
        // One byte of whatever it is; multi-byte UTF-8 sequences are kept whole so the message
        // quotes a readable character.
        if (static_cast<unsigned char>(c) >= 0xC0) {
          while (start + len < n && (static_cast<unsigned char>(text[start + len]) & 0xC0) == 0x80)
            ++len;
        }
        break;
    }
    i += len;
    emit(type, start, len);
  }
  out.push_back(Token{TokenType::kEnd, std::string_view(), n});
  return out;
}

bool IsKeyword(const Token& t, std::string_view keyword) {
  if (t.type != TokenType::kWord || t.text.size() != keyword.size()) return false;
  for (size_t i = 0; i < keyword.size(); ++i) {
    char a = t.text[i];
    if (a >= 'a' && a <= 'z') a = static_cast<char>(a - 'a' + 'A');
    if (a != keyword[i]) return false;
  }
  return true;
}

Error SyntaxError(Kind kind, std::string_view text, const std::vector<Token>& tokens, size_t i) {
  const Token& t = tokens[i];
  std::string tok = t.type == TokenType::kEnd ? std::string("<EOF>") : std::string(t.text);
  size_t from = i > 0 ? tokens[i - 1].offset : t.offset;
  size_t to = t.offset + t.text.size();
  if (t.type != TokenType::kEnd && i + 1 < tokens.size() && tokens[i + 1].type != TokenType::kEnd) {
    to = tokens[i + 1].offset + tokens[i + 1].text.size();
  }
  if (t.type == TokenType::kEnd) to = text.size();
  std::string near(text.substr(from, to - from));
  std::string detail = "Syntax error; token: \"" + tok + "\", near: \"" + near + "\"";
  Error e = KindError(kind, detail);
  e.column = static_cast<int>(t.offset) + 1;
  return e;
}

}  // namespace ddblab::expr
