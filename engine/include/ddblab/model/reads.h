// Query and Scan written once as data (ddblab/model/shape.h): their requests, with the legacy
// Condition of KeyConditions, QueryFilter and ScanFilter, and their one answer (QueryResponse,
// which ScanResponse names too). Members, types and required members as in DynamoDB's service
// model, in its member order.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/capacity.h"
#include "ddblab/model/items.h"
#include "ddblab/model/shape.h"
#include "ddblab/result_item.h"
#include "ddblab/value.h"

namespace ddblab {

// One comparison of the legacy KeyConditions, QueryFilter or ScanFilter: ComparisonOperator (EQ,
// NE, LE, LT, GE, GT, NOT_NULL, NULL, CONTAINS, NOT_CONTAINS, BEGINS_WITH, IN, BETWEEN) and the
// values it compares with (the engine checks both, with DynamoDB's messages).
#define DDBLAB_SHAPE_Condition(M)                                                            \
  M(AttributeValueList, attribute_value_list, std::vector<AttributeValue>, model::kOptional, \
    model::kNoConstraint)                                                                    \
  M(ComparisonOperator, comparison_operator, std::string, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(Condition)
using Conditions = std::map<std::string, Condition>;

namespace model {
inline constexpr Constraint kSelectEnum =
    OneOf("SPECIFIC_ATTRIBUTES|COUNT|ALL_ATTRIBUTES|ALL_PROJECTED_ATTRIBUTES");
}  // namespace model

// ---------------------------------------------------------------- Query
// KeyConditions, QueryFilter, ConditionalOperator and AttributesToGet are the legacy forms of
// KeyConditionExpression, FilterExpression and ProjectionExpression (a request uses one or the
// other). DynamoDB reports a Limit under 1 by the member's own name and without its value
// (captured), hence RangeAsSent.
#define DDBLAB_SHAPE_QueryRequest(M)                                                             \
  M(TableName, table_name, std::string, model::kRequired, model::kTableName)                     \
  M(IndexName, index_name, std::string, model::kOptional, model::kTableName)                     \
  M(Select, select, std::string, model::kOptional, model::kSelectEnum)                           \
  M(AttributesToGet, attributes_to_get, std::vector<std::string>, model::kOptional,              \
    model::kNoConstraint)                                                                        \
  M(Limit, limit, int64_t, model::kOptional | model::kInteger, model::RangeAsSent(1, INT64_MAX)) \
  M(ConsistentRead, consistent_read, bool, model::kOptional, model::kNoConstraint)               \
  M(KeyConditions, key_conditions, Conditions, model::kOptional, model::kNoConstraint)           \
  M(QueryFilter, query_filter, Conditions, model::kOptional, model::kNoConstraint)               \
  M(ConditionalOperator, conditional_operator, std::string, model::kOptional,                    \
    model::kConditionalOperatorEnum)                                                             \
  M(ScanIndexForward, scan_index_forward, bool, model::kOptional, model::kNoConstraint)          \
  M(ExclusiveStartKey, exclusive_start_key, Item, model::kOptional | model::kKey,                \
    model::kNoConstraint)                                                                        \
  M(ReturnConsumedCapacity, return_consumed_capacity, std::string, model::kOptional,             \
    model::kReturnConsumedCapacityEnum)                                                          \
  M(ProjectionExpression, projection_expression, std::string,                                    \
    model::kOptional | model::kExpression, model::kNoConstraint)                                 \
  M(FilterExpression, filter_expression, std::string, model::kOptional | model::kExpression,     \
    model::kNoConstraint)                                                                        \
  M(KeyConditionExpression, key_condition_expression, std::string,                               \
    model::kOptional | model::kExpression, model::kNoConstraint)                                 \
  DDBLAB_ROWS_Placeholders(M)
DDBLAB_MODEL_STRUCT(QueryRequest)
// Captured from DynamoDB.
constexpr std::string_view ReportOrder(const QueryRequest*) {
  return "Limit returnConsumedCapacity select conditionalOperator tableName indexName";
}

// ---------------------------------------------------------------- Scan
// ScanFilter, ConditionalOperator and AttributesToGet are the legacy forms of FilterExpression
// and ProjectionExpression. A parallel scan names its Segment of TotalSegments.
#define DDBLAB_SHAPE_ScanRequest(M)                                                          \
  M(TableName, table_name, std::string, model::kRequired, model::kTableName)                 \
  M(IndexName, index_name, std::string, model::kOptional, model::kTableName)                 \
  M(AttributesToGet, attributes_to_get, std::vector<std::string>, model::kOptional,          \
    model::kNoConstraint)                                                                    \
  M(Limit, limit, int64_t, model::kOptional | model::kInteger, model::Range(1, INT64_MAX))   \
  M(Select, select, std::string, model::kOptional, model::kSelectEnum)                       \
  M(ScanFilter, scan_filter, Conditions, model::kOptional, model::kNoConstraint)             \
  M(ConditionalOperator, conditional_operator, std::string, model::kOptional,                \
    model::kConditionalOperatorEnum)                                                         \
  M(ExclusiveStartKey, exclusive_start_key, Item, model::kOptional | model::kKey,            \
    model::kNoConstraint)                                                                    \
  M(ReturnConsumedCapacity, return_consumed_capacity, std::string, model::kOptional,         \
    model::kReturnConsumedCapacityEnum)                                                      \
  M(TotalSegments, total_segments, int64_t, model::kOptional | model::kInteger,              \
    model::Range(1, 1000000))                                                                \
  M(Segment, segment, int64_t, model::kOptional | model::kInteger, model::Range(0, 999999))  \
  M(ProjectionExpression, projection_expression, std::string,                                \
    model::kOptional | model::kExpression, model::kNoConstraint)                             \
  M(FilterExpression, filter_expression, std::string, model::kOptional | model::kExpression, \
    model::kNoConstraint)                                                                    \
  DDBLAB_ROWS_Placeholders(M)                                                                \
      M(ConsistentRead, consistent_read, bool, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ScanRequest)
// Captured from DynamoDB.
constexpr std::string_view ReportOrder(const ScanRequest*) {
  return "limit returnConsumedCapacity segment select conditionalOperator totalSegments "
         "tableName indexName";
}

// ---------------------------------------------------------------- the answer of both
// A page of items: Count of them (after the filter), ScannedCount read, LastEvaluatedKey when more
// follow. Select=COUNT is answered without Items (count_only, ddblab's own, tells so).
#define DDBLAB_SHAPE_QueryResponse(M)                                                              \
  M(Items, items, std::vector<ResultItem>, model::kRequired, model::kNoConstraint)                 \
  M(Count, count, int64_t, model::kRequired, model::kNoConstraint)                                 \
  M(ScannedCount, scanned_count, int64_t, model::kRequired, model::kNoConstraint)                  \
  M(LastEvaluatedKey, last_evaluated_key, Item, model::kOptional | model::kKey,                    \
    model::kNoConstraint)                                                                          \
  M(ConsumedCapacity, consumed_capacity, ConsumedCapacity, model::kRequired, model::kNoConstraint) \
  M(CountOnly, count_only, bool, model::kRequired | model::kHome, model::kNoConstraint)            \
  M(Trace, trace, Trace, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(QueryResponse)
using ScanResponse = QueryResponse;
constexpr bool SpentReading(const QueryResponse&) { return true; }
// DynamoDB leaves Items out of a Select=COUNT answer, and an answer without them was one.
constexpr bool Omits(const QueryResponse& r, std::string_view member) {
  return r.count_only && member == "Items";
}
constexpr void NoteAbsent(QueryResponse& r, std::string_view member) {
  if (member == "Items") r.count_only = true;
}

}  // namespace ddblab
