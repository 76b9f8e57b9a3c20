#include "expr/parser.h"

#include <algorithm>
#include <string>

#include "expr/messages.h"
#include "expr/reserved_words.h"

namespace ddblab::expr {
namespace {

// DynamoDB: expression strings are limited to 4 KB; 300 operators or functions per expression;
// document paths to 32 levels (Developer Guide "Service, account, and table quotas").
constexpr size_t kMaxExpressionBytes = 4096;
constexpr int kMaxOperators = 300;
constexpr size_t kMaxPathLevels = 32;
// List indexes beyond a 32-bit int are out of range.
constexpr int64_t kMaxListIndex = 2147483647;
// Guards the recursion of deeply parenthesized input; no valid expression nests this deep.
constexpr int kMaxDepth = 400;

bool IsComparator(TokenType t) {
  return t == TokenType::kEq || t == TokenType::kNe || t == TokenType::kLt || t == TokenType::kLe ||
         t == TokenType::kGt || t == TokenType::kGe;
}

Comparator ToComparator(TokenType t) {
  switch (t) {
    case TokenType::kNe:
      return Comparator::kNe;
    case TokenType::kLt:
      return Comparator::kLt;
    case TokenType::kLe:
      return Comparator::kLe;
    case TokenType::kGt:
      return Comparator::kGt;
    case TokenType::kGe:
      return Comparator::kGe;
    default:
      return Comparator::kEq;
  }
}

// Words that are grammar, never attribute names, wherever an operand is expected.
bool IsGrammarKeyword(const Token& t) {
  for (std::string_view kw :
       {"AND", "OR", "NOT", "BETWEEN", "IN", "SET", "REMOVE", "ADD", "DELETE"}) {
    if (IsKeyword(t, kw)) return true;
  }
  return false;
}

}  // namespace

std::string_view ComparatorText(Comparator c) {
  switch (c) {
    case Comparator::kEq:
      return "=";
    case Comparator::kNe:
      return "<>";
    case Comparator::kLt:
      return "<";
    case Comparator::kLe:
      return "<=";
    case Comparator::kGt:
      return ">";
    case Comparator::kGe:
      return ">=";
  }
  return "=";
}

Parser::Parser(std::string_view text, Kind kind) : text_(text), kind_(kind) {}

Status Parser::Begin() {
  // The size limit is checked before tokenizing, so a megabytes-long expression costs one pass
  // over its bytes, not a token list; only a text of nothing but blanks is "empty" first.
  bool blank = text_.find_first_not_of(" \t\n\r") == std::string_view::npos;
  if (blank) return KindError(kind_, "The expression can not be empty;");
  if (text_.size() > kMaxExpressionBytes) {
    // DynamoDB (messages captured from the service): only FilterExpression and
    // ConditionExpression add the raw size; the other expressions end at the ';'.
    std::string message = "Expression size has exceeded the maximum allowed size;";
    if (kind_ == Kind::kFilter || kind_ == Kind::kCondition) {
      message += " expression size: " + std::to_string(text_.size());
    }
    return KindError(kind_, message);
  }
  tokens_ = Tokenize(text_);
  return OkStatus();
}

const Token& Parser::Peek(size_t ahead) const {
  size_t i = pos_ + ahead;
  if (i >= tokens_.size()) return tokens_.back();
  return tokens_[i];
}

Error Parser::Syntax() const {
  return SyntaxError(kind_, text_, tokens_, std::min(pos_, tokens_.size() - 1));
}

Status Parser::Expect(TokenType t) {
  if (!At(t)) return Syntax();
  Next();
  return OkStatus();
}

Status Parser::ExpectEnd() { return Expect(TokenType::kEnd); }

Status Parser::CountOperator() {
  if (++operators_ > kMaxOperators) {
    return KindError(kind_, "The expression contains too many operators; operator count: " +
                                std::to_string(operators_));
  }
  return OkStatus();
}

Result<PathElement> Parser::ParseNameElement() {
  const Token& t = Peek();
  if (t.type == TokenType::kNameRef) {
    Next();
    return PathElement{std::string(t.text), -1};
  }
  if (t.type != TokenType::kWord || IsGrammarKeyword(t)) return Syntax();
  // DynamoDB: bare attribute names must not be reserved words (Developer Guide "Reserved words
  // in DynamoDB"); the message quotes the word as written.
  if (IsReservedWord(t.text)) {
    return KindError(
        kind_, "Attribute name is a reserved keyword; reserved keyword: " + std::string(t.text));
  }
  Next();
  return PathElement{std::string(t.text), -1};
}

Result<Path> Parser::ParsePath() {
  Path path;
  DDB_ASSIGN_OR_RETURN(PathElement first, ParseNameElement());
  path.push_back(std::move(first));
  while (true) {
    if (At(TokenType::kDot)) {
      Next();
      DDB_ASSIGN_OR_RETURN(PathElement e, ParseNameElement());
      path.push_back(std::move(e));
    } else if (At(TokenType::kLBracket)) {
      Next();
      const Token& t = Peek();
      if (t.type != TokenType::kNumber) return Syntax();
      // Compare by length first so a 30-digit index cannot overflow.
      std::string_view digits = t.text;
      while (digits.size() > 1 && digits[0] == '0') digits.remove_prefix(1);
      int64_t index = -1;
      if (digits.size() <= 10) index = std::stoll(std::string(digits));
      if (index < 0 || index > kMaxListIndex) {
        return KindError(kind_, "List index is not within the allowable range; index: [" +
                                    std::string(t.text) + "]");
      }
      Next();
      DDB_TRY(Expect(TokenType::kRBracket));
      path.push_back(PathElement{"", index});
    } else {
      break;
    }
  }
  if (path.size() > kMaxPathLevels) {
    return KindError(kind_, "The document path has too many nesting levels; nesting levels: " +
                                std::to_string(path.size()));
  }
  return path;
}

Result<Operand> Parser::ParseOperand() {
  const Token& t = Peek();
  Operand op;
  if (t.type == TokenType::kValueRef) {
    op.type = Operand::Type::kValue;
    op.value_ref = std::string(t.text);
    Next();
    return op;
  }
  if (t.type == TokenType::kWord && Peek(1).type == TokenType::kLParen && !IsGrammarKeyword(t)) {
    op.type = Operand::Type::kFunction;
    op.function = std::string(t.text);
    Next();
    Next();
    DDB_TRY(CountOperator());
    if (++depth_ > kMaxDepth) return Syntax();
    if (!At(TokenType::kRParen)) {
      while (true) {
        DDB_ASSIGN_OR_RETURN(Operand arg, ParseOperand());
        op.args.push_back(std::move(arg));
        if (!At(TokenType::kComma)) break;
        Next();
      }
    }
    --depth_;
    DDB_TRY(Expect(TokenType::kRParen));
    return op;
  }
  DDB_ASSIGN_OR_RETURN(op.path, ParsePath());
  op.type = Operand::Type::kPath;
  return op;
}

Result<std::unique_ptr<CondNode>> Parser::ParseWholeCondition() {
  DDB_ASSIGN_OR_RETURN(auto node, ParseOr());
  DDB_TRY(ExpectEnd());
  return node;
}

Result<std::unique_ptr<CondNode>> Parser::ParseOr() {
  DDB_ASSIGN_OR_RETURN(auto left, ParseAnd());
  while (AtKeyword("OR")) {
    Next();
    DDB_TRY(CountOperator());
    DDB_ASSIGN_OR_RETURN(auto right, ParseAnd());
    auto node = std::make_unique<CondNode>();
    node->op = CondNode::Op::kOr;
    node->children.push_back(std::move(left));
    node->children.push_back(std::move(right));
    left = std::move(node);
  }
  return left;
}

Result<std::unique_ptr<CondNode>> Parser::ParseAnd() {
  DDB_ASSIGN_OR_RETURN(auto left, ParseNot());
  while (AtKeyword("AND")) {
    Next();
    DDB_TRY(CountOperator());
    DDB_ASSIGN_OR_RETURN(auto right, ParseNot());
    auto node = std::make_unique<CondNode>();
    node->op = CondNode::Op::kAnd;
    node->children.push_back(std::move(left));
    node->children.push_back(std::move(right));
    left = std::move(node);
  }
  return left;
}

Result<std::unique_ptr<CondNode>> Parser::ParseNot() {
  if (!AtKeyword("NOT")) return ParsePrimary();
  Next();
  DDB_TRY(CountOperator());
  if (++depth_ > kMaxDepth) return Syntax();
  DDB_ASSIGN_OR_RETURN(auto child, ParseNot());
  --depth_;
  auto node = std::make_unique<CondNode>();
  node->op = CondNode::Op::kNot;
  node->children.push_back(std::move(child));
  return node;
}

Result<std::unique_ptr<CondNode>> Parser::ParsePrimary() {
  if (At(TokenType::kLParen)) {
    Next();
    if (++depth_ > kMaxDepth) return Syntax();
    DDB_ASSIGN_OR_RETURN(auto inner, ParseOr());
    --depth_;
    DDB_TRY(Expect(TokenType::kRParen));
    // DynamoDB: one pair of parentheses around a condition is fine, a second pair directly
    // around the first is rejected.
    if (inner->parenthesized) {
      return KindError(kind_, "The expression has redundant parentheses;");
    }
    inner->parenthesized = true;
    return inner;
  }
  DDB_ASSIGN_OR_RETURN(Operand lhs, ParseOperand());
  auto node = std::make_unique<CondNode>();
  TokenType t = Peek().type;
  if (IsComparator(t)) {
    Next();
    DDB_TRY(CountOperator());
    node->op = CondNode::Op::kCompare;
    node->cmp = ToComparator(t);
    DDB_ASSIGN_OR_RETURN(Operand rhs, ParseOperand());
    node->operands.push_back(std::move(lhs));
    node->operands.push_back(std::move(rhs));
  } else if (AtKeyword("BETWEEN")) {
    Next();
    DDB_TRY(CountOperator());
    node->op = CondNode::Op::kBetween;
    DDB_ASSIGN_OR_RETURN(Operand low, ParseOperand());
    if (!AtKeyword("AND")) return Syntax();
    Next();
    DDB_ASSIGN_OR_RETURN(Operand high, ParseOperand());
    node->operands.push_back(std::move(lhs));
    node->operands.push_back(std::move(low));
    node->operands.push_back(std::move(high));
  } else if (AtKeyword("IN")) {
    Next();
    DDB_TRY(CountOperator());
    node->op = CondNode::Op::kIn;
    DDB_TRY(Expect(TokenType::kLParen));
    node->operands.push_back(std::move(lhs));
    while (true) {
      DDB_ASSIGN_OR_RETURN(Operand v, ParseOperand());
      node->operands.push_back(std::move(v));
      if (!At(TokenType::kComma)) break;
      Next();
    }
    DDB_TRY(Expect(TokenType::kRParen));
  } else if (lhs.type == Operand::Type::kFunction) {
    node->op = CondNode::Op::kFunction;
    node->operands.push_back(std::move(lhs));
  } else {
    return Syntax();
  }
  return node;
}

Status ResolvePath(Path& path, Kind kind, Context& ctx) {
  for (PathElement& e : path) {
    if (e.is_index() || e.name.empty() || e.name[0] != '#') continue;
    DDB_ASSIGN_OR_RETURN(e.name, ctx.ResolveName(e.name, kind));
  }
  return OkStatus();
}

Status ResolveOperand(Operand& op, Kind kind, Context& ctx) {
  switch (op.type) {
    case Operand::Type::kPath:
      return ResolvePath(op.path, kind, ctx);
    case Operand::Type::kValue: {
      DDB_ASSIGN_OR_RETURN(const AttributeValue* v, ctx.ResolveValue(op.value_ref, kind));
      op.value = *v;
      return OkStatus();
    }
    case Operand::Type::kFunction:
      for (Operand& a : op.args) DDB_TRY(ResolveOperand(a, kind, ctx));
      return OkStatus();
  }
  return OkStatus();
}

Status ResolveCondition(CondNode& node, Kind kind, Context& ctx) {
  for (Operand& op : node.operands) DDB_TRY(ResolveOperand(op, kind, ctx));
  for (auto& c : node.children) DDB_TRY(ResolveCondition(*c, kind, ctx));
  return OkStatus();
}

}  // namespace ddblab::expr
