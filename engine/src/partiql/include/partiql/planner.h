// Turns a parsed PartiQL statement into the one DynamoDB request it stands for, the way DynamoDB
// decides (developer guide, "PartiQL select statements"):
//   SELECT with equality on every key attribute of the table  -> GetItem
//   SELECT with equality on the partition key of the table or the named index, optionally with
//     one sort-key condition (=, <, <=, >, >=, BETWEEN, begins_with)  -> Query
//     (the sort-key condition joins the KeyConditionExpression, the rest becomes a Filter)
//   SELECT whose WHERE enumerates partition-key values (IN [...], an OR of equalities, or an OR
//     of branches that each name one partition-key value)  -> one GetItem or Query per value
//   any other SELECT  -> Scan, the whole WHERE as FilterExpression
//   INSERT  -> PutItem with attribute_not_exists(<partition key>)
//   UPDATE  -> UpdateItem with attribute_exists(<partition key>) AND <non-key predicates>
//   DELETE  -> DeleteItem; non-key predicates become a condition that a missing item passes
//   EXISTS(SELECT ...)  -> a TransactWriteItems ConditionCheck
// Predicates become the trees of DynamoDB's expression languages (expr/built.h), which the engine
// checks and evaluates as it does a request's parsed expressions; no text is written and parsed
// again. Nothing here touches storage.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "catalog/schema.h"
#include "ddblab/engine.h"
#include "ddblab/requests.h"
#include "expr/built.h"
#include "partiql/ast.h"

namespace ddblab::partiql {

// The request fields of ExecuteStatement (and its batch and transaction cousins) that shape
// the planned request.
struct PlanOptions {
  const std::vector<AttributeValue>* parameters = nullptr;  // null: none were given
  std::optional<bool> consistent_read;
  std::optional<int64_t> limit;
  std::optional<Key> exclusive_start_key;
  std::optional<std::string> return_consumed_capacity;
  std::optional<std::string> return_values_on_condition_check_failure;
};

using PlannedRequest = std::variant<GetItemRequest, QueryRequest, ScanRequest, PutItemRequest,
                                    UpdateItemRequest, DeleteItemRequest, TransactWriteItem>;

// One call a statement makes: the request, whose expression members stay unset, and its
// expressions as trees, which the engine runs as it would their parse.
struct PlannedCall {
  PlannedRequest request;
  expr::Built expressions;
};

struct PlannedStatement {
  PlannedCall call;
  // A SELECT whose WHERE enumerates partition-key values (`PK IN [...]`, `PK = a OR PK = b`,
  // or an OR of key lookups), or sort-key values under one partition-key equality, runs as one
  // GetItem or Query per key, in the order written (or ORDER BY's); `call` is then the first.
  // DynamoDB: such a SELECT does not scan (developer guide, "PartiQL select statements for
  // DynamoDB").
  std::vector<PlannedCall> lookups;
  std::optional<Key> lookup_start;      // where a NextToken resumes the lookups
  std::optional<int64_t> lookup_limit;  // Limit, counted across all lookups
  Plan plan;                            // what EXPLAIN shows
  bool read = false;                    // SELECT
  bool insert = false;                  // a failed condition means DuplicateItemException
  bool has_filter = false;  // a SELECT predicate beyond the key (GetItem plans never have one)
};

// "Number of parameters in request and statement don't match." when the counts differ.
Status CheckParameterCount(const Statement& st, const std::vector<AttributeValue>* parameters);

// Plans `st` against `table`, the schema of st.table. Errors are ValidationExceptions with
// DynamoDB's PartiQL messages ("Where clause does not contain a mandatory equality on all key
// attributes", "Must have at least one non-optional hash key condition in WHERE clause when
// using ORDER BY clause.", "Unrecognized function: f at l:c:n", ...).
Result<PlannedStatement> PlanStatement(const Statement& st, const TableSchema& table,
                                       const PlanOptions& options);

// The request a planned call stands for, as EXPLAIN shows it: its key or item, and its
// expressions written as DynamoDB text with their placeholders.
PlannedRequestShape ShapeOf(const PlannedCall& planned);

// A value written as PartiQL would print it ('text', 12, TRUE, NULL, [..], {'k': v}, <<..>>).
std::string RenderValue(const AttributeValue& v);

}  // namespace ddblab::partiql
