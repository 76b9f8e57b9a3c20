// What the planners of several statement kinds share: DynamoDB's PartiQL messages, constant
// values, expressions rendered as readable text, DynamoDB expression trees, and key analysis of a
// WHERE's conjuncts. Internal to the partiql module.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "catalog/schema.h"
#include "ddblab/error.h"
#include "ddblab/requests.h"
#include "expr/ast.h"
#include "expr/built.h"
#include "partiql/ast.h"

namespace ddblab::partiql::internal {

// ------------------------------------------------------------------ messages

// A ValidationException whose column is where `where` starts.
Error At(std::string message, const Span& where);

// "Unrecognized function: <name> at l:c:n", the span covering the function's name.
Error UnrecognizedFunction(const Expr& call);

// "Incorrect number of operands for operator or function; ...", naming call's operand count.
Error WrongArity(const Expr& call);

// ------------------------------------------------------------------ constants

// A literal, a parameter, or a map, list or bag built only of them.
bool IsConstant(const Expr& e);

// The value of a constant expression. `where` names its place for DynamoDB's value messages
// ("... under root.x", "... under root[1]").
Result<AttributeValue> Materialize(const Expr& e, const std::vector<AttributeValue>* params,
                                   const std::string& where);

// ------------------------------------------------------------------ readable text

// `s` between two `quote`s, each `quote` inside it doubled.
std::string QuoteString(const std::string& s, char quote);

// A document path as PartiQL writes it (a.b[0]."odd name").
std::string RenderPath(const std::vector<PathStep>& path);

// `e` as readable PartiQL text for EXPLAIN, parameters shown as their values; "?" for a part
// that cannot be shown.
std::string Render(const Expr& e, const std::vector<AttributeValue>* params);

// ------------------------------------------------------------------ expression trees

using CondPtr = std::unique_ptr<expr::CondNode>;

// Builds DynamoDB expression trees from PartiQL predicates, with names and values in place, and
// gives each name and value the #n / :v placeholder EXPLAIN writes it with.
class ExpressionBuilder {
 public:
  explicit ExpressionBuilder(const std::vector<AttributeValue>* params) : params_(params) {}

  // `path` as an expression path, each attribute name given its placeholder on first use.
  expr::Path Path(const std::vector<PathStep>& path);

  // The one-step path of attribute `name`.
  expr::Path Name(const std::string& name);

  // A value operand with a fresh :v placeholder.
  expr::Operand Value(AttributeValue v);

  // An operand of a comparison, BETWEEN, IN or function: a path, a constant or size(path).
  Result<expr::Operand> Operand(const Expr& e);

  // A predicate as a ConditionExpression / FilterExpression tree; DynamoDB's PartiQL message for
  // what such an expression cannot hold.
  Result<CondPtr> Condition(const Expr& e);

  // Each conjunct as a tree (an OR parenthesized, as it is written inside an AND), and the same
  // conjuncts as readable text for EXPLAIN.
  Result<std::vector<CondPtr>> Conjuncts(const std::vector<const Expr*>& conjuncts,
                                         std::string* readable);

  // Moves the names' placeholders into `built` (values carry theirs).
  void PlaceholdersInto(expr::Built& built);

 private:
  Result<CondPtr> Child(const Expr& e);
  Result<CondPtr> In(const Expr& e);
  Result<CondPtr> Is(const Expr& e);
  Result<CondPtr> Function(const Expr& e);

  const std::vector<AttributeValue>* params_;
  std::map<std::string, std::string> name_placeholders_;
  ExpressionAttributeNames names_;
  int values_ = 0;
};

// attribute_exists(path), attribute_not_exists(path), ...: a function condition.
CondPtr FunctionCondition(const std::string& name, std::vector<expr::Operand> args);

// The parts joined left to right with AND (or OR), as the expression grammar groups `a AND b AND
// c`; null when there are none.
CondPtr AllOf(std::vector<CondPtr> parts);
CondPtr AnyOf(std::vector<CondPtr> parts);

// A path operand.
expr::Operand PathOperand(expr::Path path);

// `lhs cmp rhs`.
CondPtr Comparison(expr::Comparator cmp, expr::Operand lhs, expr::Operand rhs);

// ------------------------------------------------------------------ key analysis

// The conjuncts of `e` (e itself when it is not an AND), appended to `out` in written order.
void FlattenAnd(const Expr& e, std::vector<const Expr*>& out);

// The attribute a one-step path names; null for any other expression.
const std::string* TopLevelName(const Expr& e);

// Whether any path in `e` starts at attribute `name`.
bool Mentions(const Expr& e, const std::string& name);

// For `name = constant` (either way round), the constant; otherwise null.
const Expr* EqualityValue(const Expr& e, const std::string& name);

// `name IN [...]`, or an OR of `name = constant` terms, as a top-level conjunct.
bool EnumeratesKey(const std::vector<const Expr*>& conjuncts, const std::string& name);

// "hash = value AND range = value" for a full primary key of `table`.
std::string RenderKey(const Key& key, const TableSchema& table);

// The table's GSI or LSI called `name`; null when it has none.
const IndexSchema* LookupIndex(const TableSchema& table, const std::string& name);

}  // namespace ddblab::partiql::internal
