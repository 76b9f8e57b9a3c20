// Recursive-descent parser for the grammar pieces the five expression kinds share: document
// paths, operands (paths, :values, function calls) and conditions with DynamoDB's precedence
// (comparators, IN, BETWEEN, functions, parentheses, NOT, AND, OR). Parsing is purely syntactic:
// placeholders stay unresolved until Resolve*.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "ddblab/error.h"
#include "expr/ast.h"
#include "expr/expr.h"
#include "expr/lexer.h"

namespace ddblab::expr {

class Parser {
 public:
  Parser(std::string_view text, Kind kind);

  // Rejects empty and oversized expressions, then tokenizes. Must be called first.
  Status Begin();

  // A whole condition up to the end of input.
  Result<std::unique_ptr<CondNode>> ParseWholeCondition();
  // One document path: name or #ref, then any number of .name / .#ref / [index].
  Result<Path> ParsePath();
  // A path, a :value or a function call.
  Result<Operand> ParseOperand();

  const Token& Peek(size_t ahead = 0) const;
  void Next() { ++pos_; }
  bool At(TokenType t) const { return Peek().type == t; }
  bool AtKeyword(std::string_view kw) const { return IsKeyword(Peek(), kw); }
  // Syntax error at the current token.
  Error Syntax() const;
  Status Expect(TokenType t);
  Status ExpectEnd();
  // Counts one operator or function against DynamoDB's limit of 300 per expression.
  Status CountOperator();
  Kind kind() const { return kind_; }

 private:
  Result<std::unique_ptr<CondNode>> ParseOr();
  Result<std::unique_ptr<CondNode>> ParseAnd();
  Result<std::unique_ptr<CondNode>> ParseNot();
  Result<std::unique_ptr<CondNode>> ParsePrimary();
  Result<PathElement> ParseNameElement();

  std::string_view text_;
  Kind kind_;
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  int operators_ = 0;
  int depth_ = 0;
};

// Substitutes #names and :values in place, recording their use in `ctx`; the first undefined
// placeholder in text order is the error.
Status ResolvePath(Path& path, Kind kind, Context& ctx);
Status ResolveOperand(Operand& op, Kind kind, Context& ctx);
Status ResolveCondition(CondNode& node, Kind kind, Context& ctx);

// Calls `fn` on every operand of the tree, function arguments included, in text order.
template <typename Fn>
void ForEachOperand(const Operand& op, Fn&& fn) {
  fn(op);
  for (const Operand& a : op.args) ForEachOperand(a, fn);
}
template <typename Fn>
void ForEachOperand(const CondNode& node, Fn&& fn) {
  for (const Operand& op : node.operands) ForEachOperand(op, fn);
  for (const auto& c : node.children) ForEachOperand(*c, fn);
}

}  // namespace ddblab::expr
