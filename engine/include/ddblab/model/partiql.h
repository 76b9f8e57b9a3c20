// The PartiQL operations' requests written once as data (ddblab/model/shape.h):
// ExecuteStatement, BatchExecuteStatement and ExecuteTransaction. Members, types, required
// members and constraints as in DynamoDB's service model, in its member order, which is also
// the order DynamoDB lists their violations in.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ddblab/capacity.h"
#include "ddblab/error.h"
#include "ddblab/model/items.h"
#include "ddblab/model/shape.h"
#include "ddblab/result_item.h"
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
    model::kReturnConsumedCapacityEnum)                                                         \
  M(Limit, limit, int64_t, model::kOptional | model::kInteger, model::Range(1, INT64_MAX))      \
  M(ReturnValuesOnConditionCheckFailure, return_values_on_condition_check_failure, std::string, \
    model::kOptional, model::kReturnValuesOnConditionCheckFailureEnum)
DDBLAB_MODEL_STRUCT(ExecuteStatementRequest)

// One statement of a BatchExecuteStatement.
#define DDBLAB_SHAPE_BatchStatementRequest(M)                                                   \
  M(Statement, statement, std::string, model::kRequired, model::Length(1, 8192))                \
  M(Parameters, parameters, std::vector<AttributeValue>, model::kOptional,                      \
    model::ListLength(1, INT64_MAX))                                                            \
  M(ConsistentRead, consistent_read, bool, model::kOptional, model::kNoConstraint)              \
  M(ReturnValuesOnConditionCheckFailure, return_values_on_condition_check_failure, std::string, \
    model::kOptional, model::kReturnValuesOnConditionCheckFailureEnum)
DDBLAB_MODEL_STRUCT(BatchStatementRequest)

// 1 to 25 statements, all reads or all writes (DynamoDB does not echo the list in either
// bound's message).
#define DDBLAB_SHAPE_BatchExecuteStatementRequest(M)                                 \
  M(Statements, statements, std::vector<BatchStatementRequest>, model::kRequired,    \
    model::ListLengthUnechoed(1, 25))                                                \
  M(ReturnConsumedCapacity, return_consumed_capacity, std::string, model::kOptional, \
    model::kReturnConsumedCapacityEnum)
DDBLAB_MODEL_STRUCT(BatchExecuteStatementRequest)

// One statement of an ExecuteTransaction.
#define DDBLAB_SHAPE_ParameterizedStatement(M)                                                  \
  M(Statement, statement, std::string, model::kRequired, model::Length(1, 8192))                \
  M(Parameters, parameters, std::vector<AttributeValue>, model::kOptional,                      \
    model::ListLength(1, INT64_MAX))                                                            \
  M(ReturnValuesOnConditionCheckFailure, return_values_on_condition_check_failure, std::string, \
    model::kOptional, model::kReturnValuesOnConditionCheckFailureEnum)
DDBLAB_MODEL_STRUCT(ParameterizedStatement)

// 1 to 100 statements, as one transaction; an idempotency token is 1 to 36 characters.
#define DDBLAB_SHAPE_ExecuteTransactionRequest(M)                                                  \
  M(TransactStatements, transact_statements, std::vector<ParameterizedStatement>,                  \
    model::kRequired, model::ListLengthUnechoed(1, 100))                                           \
  M(ClientRequestToken, client_request_token, std::string, model::kOptional, model::Length(1, 36)) \
  M(ReturnConsumedCapacity, return_consumed_capacity, std::string, model::kOptional,               \
    model::kReturnConsumedCapacityEnum)
DDBLAB_MODEL_STRUCT(ExecuteTransactionRequest)

// ---------------------------------------------------------------- answers
// ConsumedCapacity is written as the request's ReturnConsumedCapacity asks (a list for the
// batch and the transaction, one entry per table); read back, its units are a read's or a
// write's as SpentReading says, for the body alone does not tell.

// A SELECT's items (or a write's RETURNING values), always sent; NextToken when more follow.
#define DDBLAB_SHAPE_ExecuteStatementResponse(M)                                                   \
  M(Items, items, std::vector<ResultItem>, model::kRequired, model::kNoConstraint)                 \
  M(NextToken, next_token, std::string, model::kOptional, model::kNoConstraint)                    \
  M(ConsumedCapacity, consumed_capacity, ConsumedCapacity, model::kRequired, model::kNoConstraint) \
  M(LastEvaluatedKey, last_evaluated_key, Item, model::kOptional | model::kKey,                    \
    model::kNoConstraint)                                                                          \
  M(Trace, trace, Trace, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ExecuteStatementResponse)
// The body does not carry the statement: one that returns items or pages is taken for a SELECT.
// A write's RETURNING values look the same; that changes only which unit a footer names.
inline bool SpentReading(const ExecuteStatementResponse& r) {
  return !r.items.empty() || r.next_token || r.last_evaluated_key;
}

// One statement's answer in a BatchExecuteStatement: its failure (DynamoDB's BatchStatementError:
// Code, Message and, with ALL_OLD, the Item that failed the condition), or its table and, for a
// read, the item found. The error keeps the engine's whole Error (its capacity and trace are
// added to the batch's).
#define DDBLAB_SHAPE_BatchStatementResponse(M)                                \
  M(Error, error, Error, model::kOptional, model::kNoConstraint)              \
  M(TableName, table_name, std::string, model::kRequired | model::kOmitEmpty, \
    model::kNoConstraint)                                                     \
  M(Item, item, ResultItem, model::kOptional | model::kItem, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(BatchStatementResponse)

#define DDBLAB_SHAPE_BatchExecuteStatementResponse(M)                                     \
  M(Responses, responses, std::vector<BatchStatementResponse>, model::kRequired,          \
    model::kNoConstraint)                                                                 \
  M(ConsumedCapacity, consumed_capacity, std::vector<ConsumedCapacity>, model::kRequired, \
    model::kNoConstraint)                                                                 \
  M(Trace, trace, Trace, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(BatchExecuteStatementResponse)
// A batch is all reads or all writes, and only a read's entry has an Item.
inline bool SpentReading(const BatchExecuteStatementResponse& r) {
  for (const BatchStatementResponse& s : r.responses) {
    if (s.item) return true;
  }
  return false;
}

// Only a read transaction has Responses.
#define DDBLAB_SHAPE_ExecuteTransactionResponse(M)                                         \
  M(Responses, responses, std::vector<ItemResponse>, model::kRequired | model::kOmitEmpty, \
    model::kNoConstraint)                                                                  \
  M(ConsumedCapacity, consumed_capacity, std::vector<ConsumedCapacity>, model::kRequired,  \
    model::kNoConstraint)                                                                  \
  M(Trace, trace, Trace, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ExecuteTransactionResponse)
inline bool SpentReading(const ExecuteTransactionResponse& r) { return !r.responses.empty(); }

}  // namespace ddblab
