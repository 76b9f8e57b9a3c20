// What the planners of several statement kinds share: DynamoDB's PartiQL messages, constant
// values, expressions rendered back to text, DynamoDB expression text with placeholders, and key
// analysis of a WHERE's conjuncts. Internal to the partiql module.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "catalog/schema.h"
#include "ddblab/error.h"
#include "ddblab/requests.h"
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

// ------------------------------------------------------------------ expression text

// Writes predicates as DynamoDB expression text, allocating #n / :v placeholders.
class ExpressionWriter {
 public:
  explicit ExpressionWriter(const std::vector<AttributeValue>* params) : params_(params) {}

  // The #n placeholder for `name`, the same one each time the name comes back.
  std::string Name(const std::string& name);

  // A fresh :v placeholder bound to `v`.
  std::string Value(AttributeValue v);

  // `path` with each attribute name replaced by its placeholder.
  std::string Path(const std::vector<PathStep>& path);

  // An operand of a comparison, BETWEEN, IN or function: a path, a constant or size(path).
  Result<std::string> Operand(const Expr& e);

  // A predicate as ConditionExpression / FilterExpression text; DynamoDB's PartiQL message for
  // what such an expression cannot hold.
  Result<std::string> Condition(const Expr& e);

  const ExpressionAttributeNames& names() const { return names_; }
  const ExpressionAttributeValues& values() const { return values_; }

 private:
  Result<std::string> Child(const Expr& e);
  Result<std::string> In(const Expr& e);
  Result<std::string> Is(const Expr& e);
  Result<std::string> Function(const Expr& e);

  const std::vector<AttributeValue>* params_;
  std::map<std::string, std::string> name_placeholders_;
  ExpressionAttributeNames names_;
  ExpressionAttributeValues values_;
};

// Copies w's placeholders into request `r`, leaving each field unset when there are none.
template <typename R>
void SetPlaceholders(R& r, const ExpressionWriter& w) {
  if (!w.names().empty()) r.expression_attribute_names = w.names();
  if (!w.values().empty()) r.expression_attribute_values = w.values();
}

// Conjuncts as filter text and as readable text, each wrapped when it is an OR.
Status WriteConjuncts(const std::vector<const Expr*>& conjuncts, ExpressionWriter& w,
                      const std::vector<AttributeValue>* params, std::string* text,
                      std::string* readable);

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
