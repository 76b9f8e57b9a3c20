// A Plan: the DynamoDB call a statement or read becomes (EXPLAIN shows it; a call's Effect
// carries the plans of the PartiQL statements it ran).
#pragma once

#include <string>
#include <vector>

#include "ddblab/requests.h"

namespace ddblab {

// The members of a planned request that say what it does. Expressions keep their placeholders
// (#n0, :v0), resolved through `names` and `values`.
struct PlannedRequestShape {
  Key key;    // GetItem, UpdateItem, DeleteItem, a ConditionCheck
  Item item;  // PutItem
  std::string key_condition_expression;
  std::string filter_expression;
  std::string projection_expression;
  std::string condition_expression;
  std::string update_expression;
  ExpressionAttributeNames names;
  ExpressionAttributeValues values;
};

// What EXPLAIN shows: the DynamoDB call a statement or read becomes, computed without running it
// and without consuming capacity.
struct Plan {
  std::string operation;  // "GetItem", "Query", "Scan", "PutItem", "UpdateItem", "DeleteItem"
  std::string table;
  std::string index;          // empty: the base table
  std::string key_condition;  // e.g. "PK = 'CUSTOMER#c1' AND begins_with(SK, 'ORDER#')"
  std::string filter;         // what is evaluated after reading, if anything
  std::string reason;         // why this operation, e.g. "no equality on the partition key PK"
  bool full_scan = false;
  // A SELECT that enumerates partition-key values runs one lookup per value; each is listed here
  // (operation and key_condition), and `operation` is the lookups' operation.
  std::vector<Plan> lookups;
  // A PartiQL statement's plan: the one request it planned into, in that request's own shape
  // (key, a put's whole item, the generated expressions and their placeholders). A lesson check
  // reads the same members whichever language the statement was written in.
  PlannedRequestShape request;
};

}  // namespace ddblab
