// The single-item operations' shapes written once as data (ddblab/model/shape.h): GetItem, and
// ItemResponse, a transaction's read. Members, types and required members as in DynamoDB's
// service model, in its member order.
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

// The placeholders (#name) an expression uses, by the attribute names they stand for.
using ExpressionAttributeNames = std::map<std::string, std::string>;

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
    model::OneOf("INDEXES|TOTAL|NONE"))                                              \
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

// One read of a transaction (TransactGetItems, a read ExecuteTransaction): the item, or {} when
// it is missing.
#define DDBLAB_SHAPE_ItemResponse(M) \
  M(Item, item, ResultItem, model::kOptional | model::kItem, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ItemResponse)

}  // namespace ddblab
