// UpdateExpression syntax: SET, REMOVE, ADD and DELETE clauses in any order, each at most once.
#include <string>

#include "expr/condition.h"
#include "expr/messages.h"
#include "expr/parser.h"
#include "expr/path.h"
#include "expr/update_ast.h"

namespace ddblab::expr {
namespace {

constexpr Kind kUpdateParserKind = Kind::kUpdate;

struct ClauseWord {
  std::string_view word;
  UpdateAction::Clause clause;
};
constexpr ClauseWord kClauses[] = {
    {"SET", UpdateAction::Clause::kSet},
    {"REMOVE", UpdateAction::Clause::kRemove},
    {"ADD", UpdateAction::Clause::kAdd},
    {"DELETE", UpdateAction::Clause::kDelete},
};

// The right-hand side of a SET action: one operand, or two joined by + or -.
struct SetValue {
  Operand lhs;
  char arithmetic = 0;
  Operand rhs;
};

Result<SetValue> ParseSetValue(Parser& p, bool allow_arithmetic);

// A SET operand, or a parenthesised SET value: DynamoDB accepts redundant parentheses around
// an operand (SET a = (:x)), around the whole sum or difference (SET #n = (if_not_exists(#n,
// :d) - :v), the form ElectroDB sends) and nested ((:x)). Its documented grammar has one + or -
// per action, so an operand of + or - may not itself be a sum or difference.
Result<SetValue> ParseSetTerm(Parser& p, bool allow_arithmetic) {
  if (!p.At(TokenType::kLParen)) {
    SetValue v;
    DDB_ASSIGN_OR_RETURN(v.lhs, p.ParseOperand());
    return v;
  }
  p.Next();
  DDB_ASSIGN_OR_RETURN(SetValue v, ParseSetValue(p, allow_arithmetic));
  DDB_TRY(p.Expect(TokenType::kRParen));
  return v;
}

Result<SetValue> ParseSetValue(Parser& p, bool allow_arithmetic) {
  DDB_ASSIGN_OR_RETURN(SetValue v, ParseSetTerm(p, allow_arithmetic));
  if (!p.At(TokenType::kPlus) && !p.At(TokenType::kMinus)) return v;
  if (!allow_arithmetic || v.arithmetic != 0) return p.Syntax();
  v.arithmetic = p.At(TokenType::kPlus) ? '+' : '-';
  p.Next();
  DDB_TRY(p.CountOperator());
  DDB_ASSIGN_OR_RETURN(SetValue right, ParseSetTerm(p, false));
  v.rhs = std::move(right.lhs);
  return v;
}

Status ParseAction(Parser& p, UpdateAction::Clause clause, UpdateAction& a) {
  a.clause = clause;
  DDB_ASSIGN_OR_RETURN(a.path, p.ParsePath());
  switch (clause) {
    case UpdateAction::Clause::kSet: {
      DDB_TRY(p.Expect(TokenType::kEq));
      DDB_ASSIGN_OR_RETURN(SetValue v, ParseSetValue(p, true));
      a.lhs = std::move(v.lhs);
      a.arithmetic = v.arithmetic;
      a.rhs = std::move(v.rhs);
      return OkStatus();
    }
    case UpdateAction::Clause::kRemove:
      return OkStatus();
    case UpdateAction::Clause::kAdd:
    case UpdateAction::Clause::kDelete: {
      if (!p.At(TokenType::kValueRef)) return p.Syntax();
      DDB_ASSIGN_OR_RETURN(a.lhs, p.ParseOperand());
      return OkStatus();
    }
  }
  return OkStatus();
}

// A SET operand: a path, a :value, if_not_exists(path, operand) or list_append(operand, operand).
Status CheckSetOperand(const Operand& op) {
  if (op.type != Operand::Type::kFunction) return OkStatus();
  const std::string& f = op.function;
  if (!IsUpdateFunction(f)) {
    if (IsConditionFunction(f)) {
      return KindError(
          kUpdateParserKind,
          "The function is not allowed to be used this way in an expression; function: " + f);
    }
    return KindError(kUpdateParserKind, "Invalid function name; function: " + f);
  }
  if (op.args.size() != 2) return OperandCountError(kUpdateParserKind, f, op.args.size());
  for (const Operand& a : op.args) DDB_TRY(CheckSetOperand(a));
  // DynamoDB accepts if_not_exists inside list_append (list_append(if_not_exists(a, :e), :v)),
  // but refuses list_append inside list_append, after parsing (ScyllaDB Alternator's
  // test_update_expression_function_nesting, run against DynamoDB).
  if (f == "list_append") {
    for (const Operand& a : op.args) {
      if (a.type == Operand::Type::kFunction && a.function == "list_append") {
        return KindError(
            kUpdateParserKind,
            "The function is not allowed to be used this way in an expression; function: " + f);
      }
    }
  }
  if (f == "if_not_exists") {
    if (op.args[0].type != Operand::Type::kPath) {
      return KindError(kUpdateParserKind,
                       "Operator or function requires a document path; operator or function: " + f);
    }
  } else {
    for (const Operand& a : op.args) {
      if (a.type == Operand::Type::kValue && a.value.type != AttrType::kL) {
        return OperandTypeError(kUpdateParserKind, f, a.value.type);
      }
    }
  }
  return OkStatus();
}

Status CheckAction(const UpdateAction& a) {
  switch (a.clause) {
    case UpdateAction::Clause::kSet:
      DDB_TRY(CheckSetOperand(a.lhs));
      if (a.arithmetic != 0) {
        DDB_TRY(CheckSetOperand(a.rhs));
        std::string op(1, a.arithmetic);
        for (const Operand* o : {&a.lhs, &a.rhs}) {
          if (o->type == Operand::Type::kValue && o->value.type != AttrType::kN) {
            return OperandTypeError(kUpdateParserKind, op, o->value.type);
          }
        }
      }
      return OkStatus();
    case UpdateAction::Clause::kRemove:
      return OkStatus();
    case UpdateAction::Clause::kAdd:
      // DynamoDB: ADD takes a number or a set.
      if (a.lhs.value.type != AttrType::kN && !a.lhs.value.is_set()) {
        return KindError(kUpdateParserKind,
                         "Incorrect operand type for operator or function; operator: ADD, operand "
                         "type: " +
                             std::string(LongTypeName(a.lhs.value.type)));
      }
      return OkStatus();
    case UpdateAction::Clause::kDelete:
      if (!a.lhs.value.is_set()) {
        return KindError(kUpdateParserKind,
                         "Incorrect operand type for operator or function; operator: DELETE, "
                         "operand type: " +
                             std::string(LongTypeName(a.lhs.value.type)));
      }
      return OkStatus();
  }
  return OkStatus();
}

}  // namespace

Result<std::vector<UpdateAction>> ParseUpdateActions(std::string_view text, Context& ctx) {
  Parser p(text, kUpdateParserKind);
  DDB_TRY(p.Begin());
  std::vector<UpdateAction> actions;
  bool seen[4] = {false, false, false, false};
  while (!p.At(TokenType::kEnd)) {
    const ClauseWord* found = nullptr;
    for (const ClauseWord& c : kClauses) {
      if (p.AtKeyword(c.word)) found = &c;
    }
    if (found == nullptr) return p.Syntax();
    size_t slot = static_cast<size_t>(found->clause);
    if (seen[slot]) {
      return KindError(kUpdateParserKind,
                       "The \"" + std::string(found->word) +
                           "\" section can only be used once in an update expression;");
    }
    seen[slot] = true;
    p.Next();
    while (true) {
      UpdateAction a;
      DDB_TRY(ParseAction(p, found->clause, a));
      actions.push_back(std::move(a));
      if (!p.At(TokenType::kComma)) break;
      p.Next();
    }
  }
  for (UpdateAction& a : actions) {
    DDB_TRY(ResolvePath(a.path, kUpdateParserKind, ctx));
    DDB_TRY(ResolveOperand(a.lhs, kUpdateParserKind, ctx));
    if (a.arithmetic != 0) DDB_TRY(ResolveOperand(a.rhs, kUpdateParserKind, ctx));
  }
  DDB_TRY(CheckUpdateActions(actions));
  return actions;
}

Status CheckUpdateActions(const std::vector<UpdateAction>& actions) {
  for (const UpdateAction& a : actions) DDB_TRY(CheckAction(a));
  std::vector<Path> paths;
  for (const UpdateAction& a : actions) paths.push_back(a.path);
  // DynamoDB: checked before the item is read, across all clauses.
  return CheckNoOverlap(paths, kUpdateParserKind);
}

}  // namespace ddblab::expr
