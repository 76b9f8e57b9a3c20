// Parser for DynamoDB's PartiQL subset:
//   SELECT proj FROM "t"[."i"] [WHERE cond] [ORDER BY key [ASC|DESC], ...]
//   INSERT INTO "t" VALUE {...}
//   UPDATE "t" (SET path = expr [, ...] | REMOVE path [, ...])... WHERE cond [RETURNING ...]
//   DELETE FROM "t" WHERE cond [RETURNING ALL OLD *]
//   EXISTS(SELECT ...)                       (ExecuteTransaction only; checked by the caller)
// The result is syntax only: names are not checked against any table and `?` parameters are
// counted, not bound.
#pragma once

#include <string_view>

#include "ddblab/error.h"
#include "partiql/ast.h"

namespace ddblab::partiql {

// Parses one statement. Errors are ValidationExceptions with DynamoDB's texts:
//   "Statement wasn't well formed, can't be processed: <detail>" where <detail> is e.g.
//   "Expected data manipulation", "Unexpected token after expression", "Unexpected keyword", or
//   for a generic syntax error "Unexpected term at <line>:<col>:<len>";
//   "Aliasing is not supported" (no envelope) for a table alias;
//   "Unexpected path component at <l>:<c>:<len>" for a function in a SELECT projection;
//   "Other attributes should not be present in the projection when '*' is used.".
// Error::column is set to the offending token's column whenever one is known.
Result<Statement> Parse(std::string_view statement);

}  // namespace ddblab::partiql
