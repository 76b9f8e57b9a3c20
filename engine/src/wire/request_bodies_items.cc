// Item and read request structs (PutItem, UpdateItem, Query, Scan) ->
// request bodies, for the remote client; the inverses of requests_items_json.cc and legacy_json.cc.
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

Json AttributeUpdatesToJson(const AttributeUpdates& updates) {
  Json j = ObjectWithRoom(updates.size());
  for (const auto& [attribute, u] : updates) {
    Json one = Json::object();
    if (u.value) one["Value"] = ValueToJson(*u.value);
    if (u.action) one["Action"] = *u.action;
    AppendMember(j, attribute, std::move(one));
  }
  return j;
}

// The members PutItem and UpdateItem share (DecodeConditionalWrite's inverse), plus
// ReturnItemCollectionMetrics, which all three carry too.
template <typename Request>
void AppendSingleItemWrite(Json& j, const Request& r) {
  AppendConditionalWrite(j, r);
  if (r.return_values) j["ReturnValues"] = *r.return_values;
  if (r.return_consumed_capacity) j["ReturnConsumedCapacity"] = *r.return_consumed_capacity;
  if (r.return_item_collection_metrics) {
    j["ReturnItemCollectionMetrics"] = *r.return_item_collection_metrics;
  }
  if (r.expected) j["Expected"] = model_codec::WriteValue(*r.expected);
  if (r.conditional_operator) j["ConditionalOperator"] = *r.conditional_operator;
}

}  // namespace

Json ToJson(const PutItemRequest& r) {
  Json j = Json::object();
  j["TableName"] = r.table_name;
  j["Item"] = ItemToJson(r.item);
  AppendSingleItemWrite(j, r);
  return j;
}

Json ToJson(const UpdateItemRequest& r) {
  Json j = Json::object();
  j["TableName"] = r.table_name;
  j["Key"] = ItemToJson(r.key);
  if (r.update_expression) j["UpdateExpression"] = *r.update_expression;
  if (r.attribute_updates) j["AttributeUpdates"] = AttributeUpdatesToJson(*r.attribute_updates);
  AppendSingleItemWrite(j, r);
  return j;
}

namespace {

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
