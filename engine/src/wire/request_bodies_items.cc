// Query and Scan request structs -> request bodies, for the remote client; the inverses of
// requests_items_json.cc and legacy_json.cc.
#include "wire/codec.h"
#include "wire/request_bodies.h"

namespace ddblab::wire::internal {
namespace {

// KeyConditions, QueryFilter, ScanFilter.
Json ConditionsToJson(const Conditions& conditions) {
  Json j = ObjectWithRoom(conditions.size());
  for (const auto& [attribute, c] : conditions) {
    Json one = Json::object();
    if (c.comparison_operator) one["ComparisonOperator"] = *c.comparison_operator;
    if (c.attribute_value_list)
      one["AttributeValueList"] = ValueListToJson(*c.attribute_value_list);
    AppendMember(j, attribute, std::move(one));
  }
  return j;
}

// The members Query and Scan share (the order of a body's members means nothing to DynamoDB).
template <typename Read>
Json ReadBody(const Read& r) {
  Json j = Json::object();
  j["TableName"] = r.table_name;
  if (r.index_name) j["IndexName"] = *r.index_name;
  if (r.filter_expression) j["FilterExpression"] = *r.filter_expression;
  if (r.projection_expression) j["ProjectionExpression"] = *r.projection_expression;
  if (r.expression_attribute_names) {
    j["ExpressionAttributeNames"] = NamesToJson(*r.expression_attribute_names);
  }
  if (r.expression_attribute_values) {
    j["ExpressionAttributeValues"] = ValuesToJson(*r.expression_attribute_values);
  }
  if (r.select) j["Select"] = *r.select;
  if (r.limit) j["Limit"] = *r.limit;
  if (r.consistent_read) j["ConsistentRead"] = *r.consistent_read;
  if (r.exclusive_start_key) j["ExclusiveStartKey"] = ItemToJson(*r.exclusive_start_key);
  if (r.return_consumed_capacity) j["ReturnConsumedCapacity"] = *r.return_consumed_capacity;
  if (r.conditional_operator) j["ConditionalOperator"] = *r.conditional_operator;
  if (r.attributes_to_get) j["AttributesToGet"] = StringListToJson(*r.attributes_to_get);
  return j;
}

}  // namespace

Json ToJson(const QueryRequest& r) {
  Json j = ReadBody(r);
  if (r.key_condition_expression) j["KeyConditionExpression"] = *r.key_condition_expression;
  if (r.scan_index_forward) j["ScanIndexForward"] = *r.scan_index_forward;
  if (r.key_conditions) j["KeyConditions"] = ConditionsToJson(*r.key_conditions);
  if (r.query_filter) j["QueryFilter"] = ConditionsToJson(*r.query_filter);
  return j;
}

Json ToJson(const ScanRequest& r) {
  Json j = ReadBody(r);
  if (r.segment) j["Segment"] = *r.segment;
  if (r.total_segments) j["TotalSegments"] = *r.total_segments;
  if (r.scan_filter) j["ScanFilter"] = ConditionsToJson(*r.scan_filter);
  return j;
}

}  // namespace ddblab::wire::internal
