// Query and Scan request bodies -> request structs.
#include "wire/codec.h"
#include "wire/json_read.h"
#include "wire/legacy_json.h"

namespace ddblab::wire::internal {
namespace {

// TableName, required; an absent one is reported with the request's other member violations
// (Decoder::FinishRequest).
std::string RequiredTableName(Decoder& d, const Json& j) {
  std::optional<std::string> name = d.String(j, "TableName");
  if (!name && !d.failed()) d.Absent("tableName");
  return name.value_or("");
}

}  // namespace

Status FromJson(const Json& j, QueryRequest* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  r->table_name = RequiredTableName(d, j);
  r->index_name = d.String(j, "IndexName");
  r->key_condition_expression = d.String(j, "KeyConditionExpression");
  r->filter_expression = d.String(j, "FilterExpression");
  r->projection_expression = d.String(j, "ProjectionExpression");
  r->expression_attribute_names = d.StringMap(j, "ExpressionAttributeNames");
  r->expression_attribute_values = d.ValueMap(j, "ExpressionAttributeValues");
  r->select = d.String(j, "Select");
  r->limit = d.Integer(j, "Limit");
  r->consistent_read = d.Bool(j, "ConsistentRead");
  r->scan_index_forward = d.Bool(j, "ScanIndexForward");
  r->exclusive_start_key = d.ItemMember(j, "ExclusiveStartKey");
  r->return_consumed_capacity = d.String(j, "ReturnConsumedCapacity");
  r->key_conditions = ConditionsMember(d, j, "KeyConditions");
  r->query_filter = ConditionsMember(d, j, "QueryFilter");
  r->conditional_operator = d.String(j, "ConditionalOperator");
  r->attributes_to_get = d.StringList(j, "AttributesToGet");
  return d.FinishRequest(*r);
}

Status FromJson(const Json& j, ScanRequest* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  r->table_name = RequiredTableName(d, j);
  r->index_name = d.String(j, "IndexName");
  r->filter_expression = d.String(j, "FilterExpression");
  r->projection_expression = d.String(j, "ProjectionExpression");
  r->expression_attribute_names = d.StringMap(j, "ExpressionAttributeNames");
  r->expression_attribute_values = d.ValueMap(j, "ExpressionAttributeValues");
  r->select = d.String(j, "Select");
  r->limit = d.Integer(j, "Limit");
  r->consistent_read = d.Bool(j, "ConsistentRead");
  r->exclusive_start_key = d.ItemMember(j, "ExclusiveStartKey");
  r->segment = d.Integer(j, "Segment");
  r->total_segments = d.Integer(j, "TotalSegments");
  r->return_consumed_capacity = d.String(j, "ReturnConsumedCapacity");
  r->scan_filter = ConditionsMember(d, j, "ScanFilter");
  r->conditional_operator = d.String(j, "ConditionalOperator");
  r->attributes_to_get = d.StringList(j, "AttributesToGet");
  return d.FinishRequest(*r);
}

}  // namespace ddblab::wire::internal
