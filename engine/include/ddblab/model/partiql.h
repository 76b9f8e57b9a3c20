// The PartiQL operations' requests written once as data (ddblab/model/shape.h):
// ExecuteStatement, BatchExecuteStatement and ExecuteTransaction. Members, types, required
// members and constraints as in DynamoDB's service model, in its member order, which is also
// the order DynamoDB lists their violations in. Their responses are still written by hand
// (requests.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ddblab/model/shape.h"
#include "ddblab/value.h"

namespace ddblab {

// A statement is 1 to 8,192 characters; Parameters, when given, hold at least one value (an
// empty list is echoed as '[]'). Limit is an Integer on the wire, kept wide so a value beyond
// 32 bits is read as sent.
#define DDBLAB_SHAPE_ExecuteStatementRequest(M)                                                 \
  M(Statement, statement, std::string, model::kRequired, model::Length(1, 8192))                \
  M(Parameters, parameters, std::vector<AttributeValue>, model::kOptional,                      \
    model::ListLength(1, INT64_MAX))                                                            \
  M(ConsistentRead, consistent_read, bool, model::kOptional, model::kNoConstraint)              \
  M(NextToken, next_token, std::string, model::kOptional, model::kNoConstraint)                 \
  M(ReturnConsumedCapacity, return_consumed_capacity, std::string, model::kOptional,            \
    model::OneOf("INDEXES|TOTAL|NONE"))                                                         \
  M(Limit, limit, int64_t, model::kOptional | model::kInteger, model::Range(1, INT64_MAX))      \
  M(ReturnValuesOnConditionCheckFailure, return_values_on_condition_check_failure, std::string, \
    model::kOptional, model::OneOf("ALL_OLD|NONE"))
DDBLAB_MODEL_STRUCT(ExecuteStatementRequest)

// One statement of a BatchExecuteStatement.
#define DDBLAB_SHAPE_BatchStatementRequest(M)                                                   \
  M(Statement, statement, std::string, model::kRequired, model::Length(1, 8192))                \
  M(Parameters, parameters, std::vector<AttributeValue>, model::kOptional,                      \
    model::ListLength(1, INT64_MAX))                                                            \
  M(ConsistentRead, consistent_read, bool, model::kOptional, model::kNoConstraint)              \
  M(ReturnValuesOnConditionCheckFailure, return_values_on_condition_check_failure, std::string, \
    model::kOptional, model::OneOf("ALL_OLD|NONE"))
DDBLAB_MODEL_STRUCT(BatchStatementRequest)

// 1 to 25 statements, all reads or all writes (DynamoDB does not echo the list in either
// bound's message).
#define DDBLAB_SHAPE_BatchExecuteStatementRequest(M)                                 \
  M(Statements, statements, std::vector<BatchStatementRequest>, model::kRequired,    \
    model::ListLengthUnechoed(1, 25))                                                \
  M(ReturnConsumedCapacity, return_consumed_capacity, std::string, model::kOptional, \
    model::OneOf("INDEXES|TOTAL|NONE"))
DDBLAB_MODEL_STRUCT(BatchExecuteStatementRequest)

// One statement of an ExecuteTransaction.
#define DDBLAB_SHAPE_ParameterizedStatement(M)                                                  \
  M(Statement, statement, std::string, model::kRequired, model::Length(1, 8192))                \
  M(Parameters, parameters, std::vector<AttributeValue>, model::kOptional,                      \
    model::ListLength(1, INT64_MAX))                                                            \
  M(ReturnValuesOnConditionCheckFailure, return_values_on_condition_check_failure, std::string, \
    model::kOptional, model::OneOf("ALL_OLD|NONE"))
DDBLAB_MODEL_STRUCT(ParameterizedStatement)

// 1 to 100 statements, as one transaction; an idempotency token is 1 to 36 characters.
#define DDBLAB_SHAPE_ExecuteTransactionRequest(M)                                                  \
  M(TransactStatements, transact_statements, std::vector<ParameterizedStatement>,                  \
    model::kRequired, model::ListLengthUnechoed(1, 100))                                           \
  M(ClientRequestToken, client_request_token, std::string, model::kOptional, model::Length(1, 36)) \
  M(ReturnConsumedCapacity, return_consumed_capacity, std::string, model::kOptional,               \
    model::OneOf("INDEXES|TOTAL|NONE"))
DDBLAB_MODEL_STRUCT(ExecuteTransactionRequest)

}  // namespace ddblab
