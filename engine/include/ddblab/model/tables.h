// The table operations written once as data (ddblab/model/shape.h): ListTables so far. Members,
// types and required members as in DynamoDB's service model.
#pragma once

#include <string>
#include <vector>

#include "ddblab/model/shape.h"

namespace ddblab {

// Limit (1..100) before ExclusiveStartTableName, the order DynamoDB reports their violations in
// (checked against DynamoDB; botocore lists ExclusiveStartTableName first). The start name is
// held to the table-name rules, its pattern then its length.
#define DDBLAB_SHAPE_ListTablesRequest(M)                                               \
  M(Limit, limit, int, model::kOptional, model::Range(1, 100))                          \
  M(ExclusiveStartTableName, exclusive_start_table_name, std::string, model::kOptional, \
    model::kTableName)
DDBLAB_MODEL_STRUCT(ListTablesRequest)

// Tables in name order; LastEvaluatedTableName when more remain after the page.
#define DDBLAB_SHAPE_ListTablesResponse(M)                                                     \
  M(TableNames, table_names, std::vector<std::string>, model::kRequired, model::kNoConstraint) \
  M(LastEvaluatedTableName, last_evaluated_table_name, std::string, model::kOptional,          \
    model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ListTablesResponse)

}  // namespace ddblab
