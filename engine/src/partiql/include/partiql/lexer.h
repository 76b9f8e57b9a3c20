// Tokenizer for DynamoDB's PartiQL subset. Keywords are plain identifiers here; the parser decides
// by position whether a word is a keyword, a function name or an attribute name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ddblab/error.h"
#include "partiql/ast.h"

namespace ddblab::partiql {

enum class TokenType {
  kIdent,        // unquoted word: letters, digits, '_' and '$', not starting with a digit
  kQuotedIdent,  // "name" ("" escapes a quote); text holds the unquoted name
  kString,       // 'text' ('' escapes a quote); text holds the unquoted value
  kNumber,       // 12, 1.5, .5, 7.31E6 (no sign); text as written
  kParameter,    // ?
  kStar,
  kComma,
  kDot,
  kColon,
  kLParen,
  kRParen,
  kLBracket,
  kRBracket,
  kLBrace,
  kRBrace,
  kLBag,  // <<
  kRBag,  // >>
  kEq,
  kNe,  // <> or !=
  kLt,
  kLe,
  kGt,
  kGe,
  kPlus,
  kMinus,
  kEnd,
};

struct Token {
  TokenType type = TokenType::kEnd;
  std::string text;
  Span span;
};

// Splits a statement into tokens ending with kEnd. `--` and `/* */` comments are skipped.
// Errors are DynamoDB's well-formedness error with nothing after the colon, which is what it
// answers for text it cannot tokenize (a '#' comment, an unterminated comment or string, an
// exponent outside a 32-bit integer); Error::column points at the offending character.
Result<std::vector<Token>> Tokenize(std::string_view statement);

// "Statement wasn't well formed, can't be processed: <detail>", with Error::column set.
Error NotWellFormed(const std::string& detail, const Span& where);

// True for an identifier equal to `keyword` ignoring ASCII case.
bool IsKeyword(const Token& t, std::string_view keyword);

}  // namespace ddblab::partiql
