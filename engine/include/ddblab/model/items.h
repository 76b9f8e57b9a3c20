// The single-item operations' shapes written once as data (ddblab/model/shape.h): GetItem,
// PutItem, UpdateItem and DeleteItem, the legacy Expected condition and AttributeUpdates, and
// ItemResponse, a transaction's read. Members, types
// and required members as in DynamoDB's service model, in its member order.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/capacity.h"
#include "ddblab/model/shape.h"
#include "ddblab/result_item.h"
#include "ddblab/value.h"

namespace ddblab {

// The placeholders an expression uses: #name by the attribute name it stands for, :value by
// its value.
using ExpressionAttributeNames = std::map<std::string, std::string>;
using ExpressionAttributeValues = std::map<std::string, AttributeValue>;

// One entry of the legacy Expected condition of a single-item write: Value and Exists, or
// ComparisonOperator and AttributeValueList (the engine checks which, with DynamoDB's messages).
#define DDBLAB_SHAPE_ExpectedAttributeValue(M)                                                    \
  M(Value, value, AttributeValue, model::kOptional, model::kNoConstraint)                         \
  M(Exists, exists, bool, model::kOptional, model::kNoConstraint)                                 \
  M(ComparisonOperator, comparison_operator, std::string, model::kOptional, model::kNoConstraint) \
  M(AttributeValueList, attribute_value_list, std::vector<AttributeValue>, model::kOptional,      \
    model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ExpectedAttributeValue)
using ExpectedAttributes = std::map<std::string, ExpectedAttributeValue>;

// One entry of UpdateItem's legacy AttributeUpdates: Action PUT (the default), ADD or DELETE,
// with the Value it puts, adds or deletes.
#define DDBLAB_SHAPE_AttributeValueUpdate(M)                              \
  M(Value, value, AttributeValue, model::kOptional, model::kNoConstraint) \
  M(Action, action, std::string, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(AttributeValueUpdate)
using AttributeUpdates = std::map<std::string, AttributeValueUpdate>;

// DynamoDB's enums of the data plane, their values in the order its messages list them.
namespace model {
inline constexpr Constraint kReturnValuesEnum =
    OneOf("ALL_NEW|UPDATED_OLD|ALL_OLD|NONE|UPDATED_NEW");
inline constexpr Constraint kReturnConsumedCapacityEnum = OneOf("INDEXES|TOTAL|NONE");
inline constexpr Constraint kReturnItemCollectionMetricsEnum = OneOf("SIZE|NONE");
inline constexpr Constraint kConditionalOperatorEnum = OneOf("OR|AND");
inline constexpr Constraint kReturnValuesOnConditionCheckFailureEnum = OneOf("ALL_OLD|NONE");
}  // namespace model

// ---------------------------------------------------------------- GetItem

// AttributesToGet is the legacy projection (checked by the engine with the projection's own
// messages); ExpressionAttributeNames name the projection's placeholders.
#define DDBLAB_SHAPE_GetItemRequest(M)                                               \
  M(TableName, table_name, std::string, model::kRequired, model::kTableName)         \
  M(Key, key, Item, model::kRequired | model::kKey, model::kNoConstraint)            \
  M(AttributesToGet, attributes_to_get, std::vector<std::string>, model::kOptional,  \
    model::kNoConstraint)                                                            \
  M(ConsistentRead, consistent_read, bool, model::kOptional, model::kNoConstraint)   \
  M(ReturnConsumedCapacity, return_consumed_capacity, std::string, model::kOptional, \
    model::kReturnConsumedCapacityEnum)                                              \
  M(ProjectionExpression, projection_expression, std::string,                        \
    model::kOptional | model::kExpression, model::kNoConstraint)                     \
  M(ExpressionAttributeNames, expression_attribute_names, ExpressionAttributeNames,  \
    model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(GetItemRequest)
// DynamoDB lists GetItem's violations in this order, not its members' (captured from DynamoDB).
constexpr std::string_view ReportOrder(const GetItemRequest*) {
  return "returnConsumedCapacity tableName key";
}
// Its one expression takes no values: a body's ExpressionAttributeValues is refused.
constexpr bool TakesNoValues(const GetItemRequest*) { return true; }

// The item, when the key names one. Items a read returns are ResultItems (ddblab/result_item.h):
// decoded only when looked at.
#define DDBLAB_SHAPE_GetItemResponse(M)                                                            \
  M(Item, item, ResultItem, model::kOptional | model::kItem, model::kNoConstraint)                 \
  M(ConsumedCapacity, consumed_capacity, ConsumedCapacity, model::kRequired, model::kNoConstraint) \
  M(Trace, trace, Trace, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(GetItemResponse)
constexpr bool SpentReading(const GetItemResponse&) { return true; }

// ---------------------------------------------------------------- PutItem and UpdateItem
// Expected and ConditionalOperator are the legacy condition, ConditionExpression its successor;
// AttributeUpdates the legacy form of UpdateExpression (a request uses one or the other).
// PutItem's ReturnValues is NONE or ALL_OLD (the engine says so). ReturnItemCollectionMetrics
// SIZE is refused on a table with a local secondary index, where DynamoDB would report item
// collection sizes and ddblab computes none.

// The placeholders a request's expressions use: #name by the attribute name it stands for, :value
// by its value (a read whose one expression takes no values has the names alone).
#define DDBLAB_ROWS_Placeholders(M)                                                    \
  M(ExpressionAttributeNames, expression_attribute_names, ExpressionAttributeNames,    \
    model::kOptional, model::kNoConstraint)                                            \
  M(ExpressionAttributeValues, expression_attribute_values, ExpressionAttributeValues, \
    model::kOptional, model::kNoConstraint)

// What every conditional single-item write ends with, in DynamoDB's member order: its condition,
// the placeholders its expressions use, and what a failed condition returns.
#define DDBLAB_ROWS_Condition(M)                                                                   \
  M(ConditionExpression, condition_expression, std::string, model::kOptional | model::kExpression, \
    model::kNoConstraint)                                                                          \
  DDBLAB_ROWS_Placeholders(M)                                                                      \
      M(ReturnValuesOnConditionCheckFailure, return_values_on_condition_check_failure,             \
        std::string, model::kOptional, model::kReturnValuesOnConditionCheckFailureEnum)

// A single-item write's answer: the attributes ReturnValues asks for (the old item, or for
// UpdateItem the old or new attributes), and what the write cost.
#define DDBLAB_ROWS_WriteAnswer(M)                                                                 \
  M(Attributes, attributes, Item, model::kOptional | model::kItem, model::kNoConstraint)           \
  M(ConsumedCapacity, consumed_capacity, ConsumedCapacity, model::kRequired, model::kNoConstraint) \
  M(Trace, trace, Trace, model::kRequired, model::kNoConstraint)

#define DDBLAB_SHAPE_PutItemRequest(M)                                                          \
  M(TableName, table_name, std::string, model::kRequired, model::kTableName)                    \
  M(Item, item, Item, model::kRequired | model::kItem, model::kNoConstraint)                    \
  M(Expected, expected, ExpectedAttributes, model::kOptional, model::kNoConstraint)             \
  M(ReturnValues, return_values, std::string, model::kOptional, model::kReturnValuesEnum)       \
  M(ReturnConsumedCapacity, return_consumed_capacity, std::string, model::kOptional,            \
    model::kReturnConsumedCapacityEnum)                                                         \
  M(ReturnItemCollectionMetrics, return_item_collection_metrics, std::string, model::kOptional, \
    model::kReturnItemCollectionMetricsEnum)                                                    \
  M(ConditionalOperator, conditional_operator, std::string, model::kOptional,                   \
    model::kConditionalOperatorEnum)                                                            \
  DDBLAB_ROWS_Condition(M)
DDBLAB_MODEL_STRUCT(PutItemRequest)
// Captured from DynamoDB.
constexpr std::string_view ReportOrder(const PutItemRequest*) {
  return "returnConsumedCapacity tableName item conditionalOperator returnValues "
         "returnItemCollectionMetrics returnValuesOnConditionCheckFailure";
}

// The old item, with ReturnValues ALL_OLD.
#define DDBLAB_SHAPE_PutItemResponse(M) DDBLAB_ROWS_WriteAnswer(M)
DDBLAB_MODEL_STRUCT(PutItemResponse)
constexpr bool SpentReading(const PutItemResponse&) { return false; }

#define DDBLAB_SHAPE_UpdateItemRequest(M)                                                          \
  M(TableName, table_name, std::string, model::kRequired, model::kTableName)                       \
  M(Key, key, Item, model::kRequired | model::kKey, model::kNoConstraint)                          \
  M(AttributeUpdates, attribute_updates, AttributeUpdates, model::kOptional, model::kNoConstraint) \
  M(Expected, expected, ExpectedAttributes, model::kOptional, model::kNoConstraint)                \
  M(ConditionalOperator, conditional_operator, std::string, model::kOptional,                      \
    model::kConditionalOperatorEnum)                                                               \
  M(ReturnValues, return_values, std::string, model::kOptional, model::kReturnValuesEnum)          \
  M(ReturnConsumedCapacity, return_consumed_capacity, std::string, model::kOptional,               \
    model::kReturnConsumedCapacityEnum)                                                            \
  M(ReturnItemCollectionMetrics, return_item_collection_metrics, std::string, model::kOptional,    \
    model::kReturnItemCollectionMetricsEnum)                                                       \
  M(UpdateExpression, update_expression, std::string, model::kOptional | model::kExpression,       \
    model::kNoConstraint)                                                                          \
  DDBLAB_ROWS_Condition(M)
DDBLAB_MODEL_STRUCT(UpdateItemRequest)
// Captured from DynamoDB.
constexpr std::string_view ReportOrder(const UpdateItemRequest*) {
  return "returnConsumedCapacity tableName returnItemCollectionMetrics returnValues "
         "conditionalOperator key returnValuesOnConditionCheckFailure";
}

// The attributes ReturnValues asks for.
#define DDBLAB_SHAPE_UpdateItemResponse(M) DDBLAB_ROWS_WriteAnswer(M)
DDBLAB_MODEL_STRUCT(UpdateItemResponse)
constexpr bool SpentReading(const UpdateItemResponse&) { return false; }

// ---------------------------------------------------------------- DeleteItem

// Its members are PutItem's, with the Key for the Item; ReturnValues is NONE or ALL_OLD.
#define DDBLAB_SHAPE_DeleteItemRequest(M)                                                       \
  M(TableName, table_name, std::string, model::kRequired, model::kTableName)                    \
  M(Key, key, Item, model::kRequired | model::kKey, model::kNoConstraint)                       \
  M(Expected, expected, ExpectedAttributes, model::kOptional, model::kNoConstraint)             \
  M(ConditionalOperator, conditional_operator, std::string, model::kOptional,                   \
    model::kConditionalOperatorEnum)                                                            \
  M(ReturnValues, return_values, std::string, model::kOptional, model::kReturnValuesEnum)       \
  M(ReturnConsumedCapacity, return_consumed_capacity, std::string, model::kOptional,            \
    model::kReturnConsumedCapacityEnum)                                                         \
  M(ReturnItemCollectionMetrics, return_item_collection_metrics, std::string, model::kOptional, \
    model::kReturnItemCollectionMetricsEnum)                                                    \
  DDBLAB_ROWS_Condition(M)
DDBLAB_MODEL_STRUCT(DeleteItemRequest)
// Captured from DynamoDB.
constexpr std::string_view ReportOrder(const DeleteItemRequest*) {
  return "returnConsumedCapacity tableName returnValues returnItemCollectionMetrics "
         "conditionalOperator key returnValuesOnConditionCheckFailure";
}

// The old item, with ReturnValues ALL_OLD.
#define DDBLAB_SHAPE_DeleteItemResponse(M) DDBLAB_ROWS_WriteAnswer(M)
DDBLAB_MODEL_STRUCT(DeleteItemResponse)
constexpr bool SpentReading(const DeleteItemResponse&) { return false; }

// One read of a transaction (TransactGetItems, a read ExecuteTransaction): the item, or {} when
// it is missing.
#define DDBLAB_SHAPE_ItemResponse(M) \
  M(Item, item, ResultItem, model::kOptional | model::kItem, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ItemResponse)

}  // namespace ddblab
