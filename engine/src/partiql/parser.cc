// Recursive-descent parser for DynamoDB's PartiQL subset. Precedence, loosest first:
// OR, AND, NOT, predicates (comparison, BETWEEN, IN, IS), + and -, primaries.
#include "partiql/parser.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include "partiql/lexer.h"

namespace ddblab::partiql {

namespace {

constexpr std::string_view kLeftover = "Unexpected token after expression";

// Words that can never start a path, so a table name followed by one is not an alias.
bool IsReservedWord(const Token& t) {
  static constexpr std::string_view kWords[] = {
      "SELECT",    "FROM",   "WHERE",  "ORDER",   "BY",   "ASC",     "DESC",
      "AND",       "OR",     "NOT",    "IN",      "IS",   "BETWEEN", "INSERT",
      "INTO",      "VALUE",  "VALUES", "UPDATE",  "SET",  "REMOVE",  "DELETE",
      "RETURNING", "EXISTS", "AS",     "MISSING", "NULL", "TRUE",    "FALSE"};
  for (std::string_view w : kWords) {
    if (IsKeyword(t, w)) return true;
  }
  return false;
}

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
std::string Upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

class Parser {
 public:
  explicit Parser(std::vector<Token> tokens) : t_(std::move(tokens)) {}

  Result<Statement> Run() {
    Statement st;
    const Token& first = Peek();
    if (IsKeyword(first, "SELECT")) {
      DDB_TRY(ParseSelect(st));
    } else if (IsKeyword(first, "INSERT")) {
      DDB_TRY(ParseInsert(st));
    } else if (IsKeyword(first, "UPDATE")) {
      DDB_TRY(ParseUpdate(st));
    } else if (IsKeyword(first, "DELETE")) {
      DDB_TRY(ParseDelete(st));
    } else if (IsKeyword(first, "FROM")) {
      DDB_TRY(ParseFromFirstUpdate(st));
    } else if (IsKeyword(first, "EXISTS")) {
      Take();
      DDB_TRY(Expect(TokenType::kLParen));
      if (!IsKeyword(Peek(), "SELECT")) return Unexpected(Peek());
      DDB_TRY(ParseSelect(st));
      DDB_TRY(Expect(TokenType::kRParen));
      st.kind = StatementKind::kExists;
    } else {
      // DynamoDB: a statement must start with a data manipulation keyword.
      return NotWellFormed("Expected data manipulation", first.span);
    }
    if (Peek().type != TokenType::kEnd) {
      return NotWellFormed(std::string(kLeftover), Peek().span);
    }
    st.parameter_count = parameter_count_;
    return st;
  }

 private:
  const Token& Peek(size_t k = 0) const { return t_[std::min(pos_ + k, t_.size() - 1)]; }
  const Token& Take() {
    const Token& t = Peek();
    if (pos_ < t_.size() - 1) ++pos_;
    return t;
  }
  bool AcceptKeyword(std::string_view kw) {
    if (!IsKeyword(Peek(), kw)) return false;
    Take();
    return true;
  }
  bool Accept(TokenType type) {
    if (Peek().type != type) return false;
    Take();
    return true;
  }

  Error Unexpected(const Token& t) const {
    if (t.type == TokenType::kEnd) {
      return NotWellFormed("Unexpected end of statement" + PositionSuffix(t.span), t.span);
    }
    std::string what = IsReservedWord(t) ? "Unexpected keyword" : "Unexpected term";
    return NotWellFormed(what + PositionSuffix(t.span), t.span);
  }
  Status Expect(TokenType type) {
    if (Peek().type != type) return Unexpected(Peek());
    Take();
    return OkStatus();
  }
  Status ExpectKeyword(std::string_view kw) {
    if (!AcceptKeyword(kw)) return Unexpected(Peek());
    return OkStatus();
  }

  Result<std::string> Name() {
    const Token& t = Peek();
    if (t.type == TokenType::kQuotedIdent || (t.type == TokenType::kIdent && !IsReservedWord(t))) {
      Take();
      return t.text;
    }
    return Unexpected(t);
  }

  // "table" or "table"."index".
  Status Source(Statement& st, bool allow_index) {
    st.table_span = Peek().span;
    DDB_ASSIGN_OR_RETURN(st.table, Name());
    if (allow_index && Peek().type == TokenType::kDot) {
      Take();
      DDB_ASSIGN_OR_RETURN(st.index, Name());
    }
    return OkStatus();
  }

  // DynamoDB refuses table aliases with a message of its own, without the envelope.
  Status NoAlias() {
    const Token& t = Peek();
    if (IsKeyword(t, "AS") || t.type == TokenType::kQuotedIdent ||
        (t.type == TokenType::kIdent && !IsReservedWord(t))) {
      Error e = ValidationError("Aliasing is not supported");
      e.column = t.span.column;
      return e;
    }
    return OkStatus();
  }

  Status ParseSelect(Statement& st) {
    st.kind = StatementKind::kSelect;
    DDB_TRY(ExpectKeyword("SELECT"));
    const Token* star_token = nullptr;
    while (true) {
      const Token& t = Peek();
      if (t.type == TokenType::kStar) {
        star_token = &t;
        st.star = true;
        Take();
      } else if (t.type == TokenType::kIdent && Peek(1).type == TokenType::kLParen) {
        // DynamoDB: functions and aggregates are not projections.
        return NotWellFormedBare("Unexpected path component" + PositionSuffix(t.span), t.span);
      } else {
        DDB_ASSIGN_OR_RETURN(Expr p, ParsePath());
        st.projection.push_back(std::move(p));
      }
      if (!Accept(TokenType::kComma)) break;
    }
    if (st.star && !st.projection.empty()) {
      Error e = ValidationError(
          "Other attributes should not be present in the projection when '*' is used.");
      e.column = star_token->span.column;
      return e;
    }
    DDB_TRY(ExpectKeyword("FROM"));
    DDB_TRY(Source(st, /*allow_index=*/true));
    DDB_TRY(NoAlias());
    if (AcceptKeyword("WHERE")) {
      DDB_ASSIGN_OR_RETURN(Expr w, ParseOr());
      st.where = std::move(w);
    }
    if (IsKeyword(Peek(), "ORDER")) {
      Take();
      DDB_TRY(ExpectKeyword("BY"));
      while (true) {
        OrderTerm term;
        term.span = Peek().span;
        DDB_ASSIGN_OR_RETURN(term.name, Name());
        if (AcceptKeyword("DESC")) {
          term.descending = true;
        } else {
          AcceptKeyword("ASC");
        }
        st.order_by.push_back(std::move(term));
        if (!Accept(TokenType::kComma)) break;
      }
    }
    return OkStatus();
  }

  Error NotWellFormedBare(const std::string& message, const Span& where) const {
    Error e = ValidationError(message);
    e.column = where.column;
    return e;
  }

  Status ParseInsert(Statement& st) {
    st.kind = StatementKind::kInsert;
    DDB_TRY(ExpectKeyword("INSERT"));
    DDB_TRY(ExpectKeyword("INTO"));
    DDB_TRY(Source(st, /*allow_index=*/false));
    const Token& t = Peek();
    // DynamoDB: the keyword is VALUE (one item); SQL's VALUES and column lists are refused.
    if (IsKeyword(t, "VALUES") || t.type == TokenType::kLParen) {
      return NotWellFormed("Unexpected keyword", t.span);
    }
    if (!IsKeyword(t, "VALUE")) {
      if (t.type == TokenType::kEnd) return Unexpected(t);
      return NotWellFormed(std::string(kLeftover), t.span);
    }
    Take();
    DDB_ASSIGN_OR_RETURN(Expr v, ParseOr());
    st.value = std::move(v);
    if (IsKeyword(Peek(), "RETURNING")) {
      return NotWellFormedBare("RETURNING is not supported in INSERT", Peek().span);
    }
    return OkStatus();
  }

  Status ParseUpdateActions(Statement& st) {
    while (true) {
      const Token& t = Peek();
      if (IsKeyword(t, "SET")) {
        Take();
        while (true) {
          UpdateAction a;
          DDB_ASSIGN_OR_RETURN(a.target, ParsePath());
          DDB_TRY(Expect(TokenType::kEq));
          DDB_ASSIGN_OR_RETURN(a.value, ParseAdditive());
          st.updates.push_back(std::move(a));
          if (!Accept(TokenType::kComma)) break;
        }
      } else if (IsKeyword(t, "REMOVE")) {
        Take();
        while (true) {
          UpdateAction a;
          a.remove = true;
          DDB_ASSIGN_OR_RETURN(a.target, ParsePath());
          st.updates.push_back(std::move(a));
          if (!Accept(TokenType::kComma)) break;
        }
      } else if (IsKeyword(t, "ADD") || IsKeyword(t, "DELETE")) {
        return NotWellFormedBare(
            "Only SET and REMOVE are supported in update expressions at this time", t.span);
      } else {
        break;
      }
    }
    if (st.updates.empty()) return Unexpected(Peek());
    return OkStatus();
  }

  Status ParseWhereRequired(Statement& st) {
    if (!AcceptKeyword("WHERE")) {
      if (Peek().type == TokenType::kEnd) {
        // DynamoDB: a write must name its item's full key.
        return NotWellFormedBare(
            "Where clause does not contain a mandatory equality on all key attributes",
            Peek().span);
      }
      return Unexpected(Peek());
    }
    DDB_ASSIGN_OR_RETURN(Expr w, ParseOr());
    st.where = std::move(w);
    return OkStatus();
  }

  Status ParseReturning(Statement& st) {
    if (!AcceptKeyword("RETURNING")) return OkStatus();
    const Token& which = Peek();
    std::string text;
    if (IsKeyword(which, "ALL") || IsKeyword(which, "MODIFIED")) {
      text = Upper(Take().text);
    } else {
      return Unexpected(which);
    }
    const Token& age = Peek();
    if (IsKeyword(age, "OLD") || IsKeyword(age, "NEW")) {
      text += " " + Upper(Take().text);
    } else {
      return Unexpected(age);
    }
    if (!Accept(TokenType::kStar)) {
      return NotWellFormedBare(
          "Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause", Peek().span);
    }
    st.returning = text;
    return OkStatus();
  }

  Status ParseUpdate(Statement& st) {
    st.kind = StatementKind::kUpdate;
    DDB_TRY(ExpectKeyword("UPDATE"));
    DDB_TRY(Source(st, /*allow_index=*/true));
    DDB_TRY(NoAlias());
    DDB_TRY(ParseUpdateActions(st));
    DDB_TRY(ParseWhereRequired(st));
    return ParseReturning(st);
  }

  // DynamoDB also takes UPDATE written FROM-first: FROM "t" WHERE <key> SET ... / REMOVE ...
  Status ParseFromFirstUpdate(Statement& st) {
    st.kind = StatementKind::kUpdate;
    DDB_TRY(ExpectKeyword("FROM"));
    DDB_TRY(Source(st, /*allow_index=*/true));
    DDB_TRY(NoAlias());
    DDB_TRY(ParseWhereRequired(st));
    DDB_TRY(ParseUpdateActions(st));
    return ParseReturning(st);
  }

  Status ParseDelete(Statement& st) {
    st.kind = StatementKind::kDelete;
    DDB_TRY(ExpectKeyword("DELETE"));
    DDB_TRY(ExpectKeyword("FROM"));
    DDB_TRY(Source(st, /*allow_index=*/true));
    DDB_TRY(NoAlias());
    DDB_TRY(ParseWhereRequired(st));
    return ParseReturning(st);
  }

  // ------------------------------------------------------------------ expressions

  Result<Expr> ParsePath() {
    const Token& first = Peek();
    Expr e;
    e.kind = ExprKind::kPath;
    e.span = first.span;
    DDB_ASSIGN_OR_RETURN(std::string head, Name());
    e.path.push_back(PathStep{head, -1});
    DDB_TRY(ParsePathSteps(e));
    return e;
  }

  Status ParsePathSteps(Expr& e) {
    while (true) {
      if (Peek().type == TokenType::kDot) {
        Take();
        const Token& t = Peek();
        // DynamoDB quirk: an unquoted dot component named "inner" is refused.
        if (IsKeyword(t, "INNER")) return NotWellFormed("Invalid path dot component", t.span);
        if (t.type != TokenType::kIdent && t.type != TokenType::kQuotedIdent) {
          return Unexpected(t);
        }
        Take();
        e.path.push_back(PathStep{t.text, -1});
      } else if (Peek().type == TokenType::kLBracket) {
        Take();
        const Token& t = Peek();
        if (t.type == TokenType::kNumber &&
            std::all_of(t.text.begin(), t.text.end(),
                        [](char c) { return c >= '0' && c <= '9'; }) &&
            t.text.size() <= 9) {
          Take();
          e.path.push_back(PathStep{"", std::stoll(t.text)});
        } else if (t.type == TokenType::kString) {
          Take();
          e.path.push_back(PathStep{t.text, -1});
        } else {
          return Unexpected(t);
        }
        DDB_TRY(Expect(TokenType::kRBracket));
      } else {
        break;
      }
      e.span.length =
          static_cast<int>(t_[pos_ - 1].span.offset + t_[pos_ - 1].span.length - e.span.offset);
    }
    return OkStatus();
  }

  // Nesting (parentheses, lists, maps, NOT chains) is bounded: an 8 KB statement could otherwise
  // recurse thousands of levels deep, and libFuzzer overflowed a sanitized build's stack at about
  // 350. DynamoDB's items nest at most 32 levels, so 64 leaves room for parentheses around them.
  // No DynamoDB message for this case is published; this one says what was exceeded.
  static constexpr int kMaxNesting = 64;
  struct NestingGuard {
    int& depth;
    ~NestingGuard() { --depth; }
  };
  Status Nest(const Token& t) {
    if (++depth_ > kMaxNesting) {
      return NotWellFormed("Expressions nested more than " + std::to_string(kMaxNesting) +
                               " levels deep" + PositionSuffix(t.span),
                           t.span);
    }
    return OkStatus();
  }

  Result<Expr> ParseOr() {
    NestingGuard guard{depth_};
    DDB_TRY(Nest(Peek()));
    // The operand's Result passes up unopened when no operator follows: an Expr is large, and a
    // statement's every leaf climbs all six precedence levels.
    Result<Expr> left = ParseAnd();
    if (!left.ok() || !IsKeyword(Peek(), "OR")) return left;
    Expr e;
    e.kind = ExprKind::kOr;
    e.span = left->span;
    e.args.push_back(std::move(*left));
    while (AcceptKeyword("OR")) {
      DDB_ASSIGN_OR_RETURN(Expr right, ParseAnd());
      e.args.push_back(std::move(right));
    }
    return e;
  }

  Result<Expr> ParseAnd() {
    Result<Expr> left = ParseNot();
    if (!left.ok() || !IsKeyword(Peek(), "AND")) return left;
    Expr e;
    e.kind = ExprKind::kAnd;
    e.span = left->span;
    e.args.push_back(std::move(*left));
    while (AcceptKeyword("AND")) {
      DDB_ASSIGN_OR_RETURN(Expr right, ParseNot());
      e.args.push_back(std::move(right));
    }
    return e;
  }

  Result<Expr> ParseNot() {
    if (IsKeyword(Peek(), "NOT")) {
      Expr e;
      e.kind = ExprKind::kNot;
      e.span = Take().span;
      NestingGuard guard{depth_};
      DDB_TRY(Nest(Peek()));
      DDB_ASSIGN_OR_RETURN(Expr inner, ParseNot());
      e.args.push_back(std::move(inner));
      return e;
    }
    return ParsePredicate();
  }

  // The comparison operators, by token.
  static constexpr std::pair<TokenType, std::string_view> kCompare[] = {
      {TokenType::kEq, "="},  {TokenType::kNe, "<>"}, {TokenType::kLt, "<"},
      {TokenType::kLe, "<="}, {TokenType::kGt, ">"},  {TokenType::kGe, ">="}};

  // Whether `t` continues an operand into a comparison, BETWEEN, IN or IS.
  static bool IsPredicateStart(const Token& t) {
    for (const auto& [type, op] : kCompare) {
      if (t.type == type) return true;
    }
    return IsKeyword(t, "NOT") || IsKeyword(t, "BETWEEN") || IsKeyword(t, "IN") ||
           IsKeyword(t, "IS");
  }

  Result<Expr> ParsePredicate() {
    Result<Expr> operand = ParseAdditive();
    if (!operand.ok()) return operand;
    const Token& t = Peek();
    if (!IsPredicateStart(t)) return operand;
    Expr left = std::move(*operand);
    for (const auto& [type, op] : kCompare) {
      if (t.type == type) {
        Expr e;
        e.kind = ExprKind::kCompare;
        e.op = std::string(op);
        e.span = t.span;
        Take();
        DDB_ASSIGN_OR_RETURN(Expr right, ParseAdditive());
        e.args.push_back(std::move(left));
        e.args.push_back(std::move(right));
        return e;
      }
    }
    bool negated = false;
    if (IsKeyword(t, "NOT") && (IsKeyword(Peek(1), "BETWEEN") || IsKeyword(Peek(1), "IN"))) {
      Take();
      negated = true;
    }
    if (IsKeyword(Peek(), "BETWEEN")) {
      Expr e;
      e.kind = ExprKind::kBetween;
      e.negated = negated;
      e.span = Take().span;
      DDB_ASSIGN_OR_RETURN(Expr lo, ParseAdditive());
      DDB_TRY(ExpectKeyword("AND"));
      DDB_ASSIGN_OR_RETURN(Expr hi, ParseAdditive());
      e.args.push_back(std::move(left));
      e.args.push_back(std::move(lo));
      e.args.push_back(std::move(hi));
      return e;
    }
    if (IsKeyword(Peek(), "IN")) {
      Expr e;
      e.kind = ExprKind::kIn;
      e.negated = negated;
      e.span = Take().span;
      e.args.push_back(std::move(left));
      const Token& open = Peek();
      if (open.type == TokenType::kParameter) {
        DDB_ASSIGN_OR_RETURN(Expr p, ParsePrimary());
        e.args.push_back(std::move(p));
        return e;
      }
      TokenType close;
      if (open.type == TokenType::kLBracket) {
        close = TokenType::kRBracket;
      } else if (open.type == TokenType::kLParen) {
        close = TokenType::kRParen;
      } else {
        return Unexpected(open);
      }
      Take();
      Expr list;
      list.kind = ExprKind::kList;
      list.span = open.span;
      if (Peek().type != close) {
        while (true) {
          DDB_ASSIGN_OR_RETURN(Expr item, ParseAdditive());
          list.args.push_back(std::move(item));
          if (!Accept(TokenType::kComma)) break;
        }
      }
      DDB_TRY(Expect(close));
      e.args.push_back(std::move(list));
      return e;
    }
    if (IsKeyword(Peek(), "IS")) {
      Expr e;
      e.kind = ExprKind::kIs;
      e.span = Take().span;
      if (AcceptKeyword("NOT")) e.negated = true;
      const Token& type = Peek();
      if (type.type != TokenType::kIdent) return Unexpected(type);
      Take();
      e.text = Upper(type.text);
      e.args.push_back(std::move(left));
      return e;
    }
    return left;
  }

  Result<Expr> ParseAdditive() {
    Result<Expr> operand = ParsePrimary();
    if (!operand.ok() || (Peek().type != TokenType::kPlus && Peek().type != TokenType::kMinus)) {
      return operand;
    }
    Expr left = std::move(*operand);
    while (Peek().type == TokenType::kPlus || Peek().type == TokenType::kMinus) {
      Expr e;
      e.kind = ExprKind::kArith;
      e.op = Peek().type == TokenType::kPlus ? "+" : "-";
      e.span = Take().span;
      DDB_ASSIGN_OR_RETURN(Expr right, ParsePrimary());
      e.args.push_back(std::move(left));
      e.args.push_back(std::move(right));
      left = std::move(e);
    }
    return left;
  }

  Result<Expr> ParseSequence(Expr e, TokenType close) {
    if (Peek().type != close) {
      while (true) {
        DDB_ASSIGN_OR_RETURN(Expr item, ParseOr());
        e.args.push_back(std::move(item));
        if (!Accept(TokenType::kComma)) break;
      }
    }
    DDB_TRY(Expect(close));
    return e;
  }

  Result<Expr> ParsePrimary() {
    const Token& t = Peek();
    Expr e;
    e.span = t.span;
    switch (t.type) {
      case TokenType::kNumber:
        Take();
        e.kind = ExprKind::kNumber;
        e.text = t.text;
        return e;
      case TokenType::kMinus:
        if (Peek(1).type == TokenType::kNumber) {
          Take();
          const Token& n = Take();
          e.kind = ExprKind::kNumber;
          e.text = "-" + n.text;
          e.span.length = static_cast<int>(n.span.offset + n.span.length - t.span.offset);
          return e;
        }
        return Unexpected(t);
      case TokenType::kString:
        Take();
        e.kind = ExprKind::kString;
        e.text = t.text;
        return e;
      case TokenType::kParameter:
        Take();
        e.kind = ExprKind::kParameter;
        e.parameter_index = parameter_count_++;
        return e;
      case TokenType::kLBrace: {
        Take();
        e.kind = ExprKind::kMap;
        if (Peek().type != TokenType::kRBrace) {
          while (true) {
            const Token& key = Peek();
            if (key.type != TokenType::kString) return Unexpected(key);
            Take();
            DDB_TRY(Expect(TokenType::kColon));
            DDB_ASSIGN_OR_RETURN(Expr v, ParseOr());
            e.keys.push_back(key.text);
            e.args.push_back(std::move(v));
            if (!Accept(TokenType::kComma)) break;
          }
        }
        DDB_TRY(Expect(TokenType::kRBrace));
        return e;
      }
      case TokenType::kLBracket:
        Take();
        e.kind = ExprKind::kList;
        return ParseSequence(std::move(e), TokenType::kRBracket);
      case TokenType::kLBag:
        Take();
        e.kind = ExprKind::kBag;
        return ParseSequence(std::move(e), TokenType::kRBag);
      case TokenType::kLParen: {
        Take();
        DDB_ASSIGN_OR_RETURN(Expr inner, ParseOr());
        DDB_TRY(Expect(TokenType::kRParen));
        return inner;
      }
      case TokenType::kIdent:
        if (IsKeyword(t, "TRUE") || IsKeyword(t, "FALSE")) {
          Take();
          e.kind = ExprKind::kBool;
          e.flag = IsKeyword(t, "TRUE");
          return e;
        }
        if (IsKeyword(t, "NULL")) {
          Take();
          e.kind = ExprKind::kNull;
          return e;
        }
        if (IsKeyword(t, "MISSING")) {
          Take();
          e.kind = ExprKind::kMissing;
          return e;
        }
        if (Peek(1).type == TokenType::kLParen) {
          Take();
          Take();
          e.kind = ExprKind::kCall;
          e.text = Lower(t.text);
          return ParseSequence(std::move(e), TokenType::kRParen);
        }
        if (IsReservedWord(t)) return Unexpected(t);
        return ParsePath();
      case TokenType::kQuotedIdent:
        return ParsePath();
      default:
        return Unexpected(t);
    }
  }

  std::vector<Token> t_;
  size_t pos_ = 0;
  int depth_ = 0;
  int parameter_count_ = 0;
};

}  // namespace

Result<Statement> Parse(std::string_view statement) {
  DDB_ASSIGN_OR_RETURN(std::vector<Token> tokens, Tokenize(statement));
  return Parser(std::move(tokens)).Run();
}

}  // namespace ddblab::partiql
