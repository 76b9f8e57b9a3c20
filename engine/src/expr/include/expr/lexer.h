// Tokenizer shared by all five expression kinds. Keywords are not distinguished here: a word's
// meaning (keyword, function name, attribute name) depends on where the parser meets it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/error.h"
#include "expr/expr.h"

namespace ddblab::expr {

enum class TokenType {
  kWord,      // [A-Za-z][A-Za-z0-9_]*
  kNumber,    // [0-9]+ (list indexes)
  kNameRef,   // #[A-Za-z0-9_]+
  kValueRef,  // :[A-Za-z0-9_]+
  kLParen,
  kRParen,
  kLBracket,
  kRBracket,
  kComma,
  kDot,
  kEq,
  kNe,
  kLt,
  kLe,
  kGt,
  kGe,
  kPlus,
  kMinus,
  kInvalid,  // any other character, or a lone '#' / ':'
  kEnd,
};

struct Token {
  TokenType type = TokenType::kEnd;
  std::string_view text;  // points into the expression; empty for kEnd
  size_t offset = 0;      // byte offset of the token in the expression
};

// Splits `text` into tokens; the last one is always kEnd. Never fails: characters the grammar
// does not know become kInvalid tokens so the parser reports them as syntax errors.
std::vector<Token> Tokenize(std::string_view text);

// True for a word equal to `keyword` ignoring ASCII case (DynamoDB keywords are
// case-insensitive).
bool IsKeyword(const Token& t, std::string_view keyword);

// DynamoDB's syntax error for token `i`: `Syntax error; token: "<tok>", near: "<context>"`, where
// the context runs from the previous token to the next one as they appear in the text; the end
// of input is the token "<EOF>".
Error SyntaxError(Kind kind, std::string_view text, const std::vector<Token>& tokens, size_t i);

}  // namespace ddblab::expr
