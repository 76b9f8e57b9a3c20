// The batches' responses. DynamoDB omits empty optional members, except UnprocessedKeys and
// UnprocessedItems, which are always sent.
#include "wire/codec.h"

namespace ddblab::wire::internal {
namespace {

// Batch and transactional calls report one entry per table, as a JSON array.
void AddCapacityList(Json& j, const std::vector<ConsumedCapacity>& list, std::string_view rcc) {
  model_codec::AppendCapacity(j, "ConsumedCapacity", list, rcc);
}

Json ItemsToJson(const std::vector<ResultItem>& items) {
  Json arr = Json::array();
  for (const ResultItem& i : items) arr.push_back(ItemToJson(i));
  return arr;
}

}  // namespace

Json KeysAndAttributesToJson(const KeysAndAttributes& k) {
  Json j = Json::object();
  Json keys = Json::array();
  for (const Key& key : k.keys) keys.push_back(ItemToJson(key));
  j["Keys"] = std::move(keys);
  if (k.consistent_read) j["ConsistentRead"] = *k.consistent_read;
  if (k.projection_expression) j["ProjectionExpression"] = *k.projection_expression;
  if (k.expression_attribute_names) {
    Json names = Json::object();
    for (const auto& [p, n] : *k.expression_attribute_names) names[p] = n;
    j["ExpressionAttributeNames"] = std::move(names);
  }
  return j;
}

Json WriteRequestToJson(const WriteRequest& w) {
  Json j = Json::object();
  if (w.put_request_item) j["PutRequest"] = Json{{"Item", ItemToJson(*w.put_request_item)}};
  if (w.delete_request_key) {
    j["DeleteRequest"] = Json{{"Key", ItemToJson(*w.delete_request_key)}};
  }
  return j;
}

Json ToJson(const BatchGetItemResponse& r, std::string_view rcc) {
  Json j = ObjectWithRoom(3);
  Json responses = Json::object();
  for (const auto& [table, items] : r.responses) responses[table] = ItemsToJson(items);
  j["Responses"] = std::move(responses);
  Json unprocessed = Json::object();
  for (const auto& [table, k] : r.unprocessed_keys) {
    unprocessed[table] = KeysAndAttributesToJson(k);
  }
  j["UnprocessedKeys"] = std::move(unprocessed);
  AddCapacityList(j, r.consumed_capacity, rcc);
  return j;
}

Json ToJson(const BatchWriteItemResponse& r, std::string_view rcc) {
  Json j = ObjectWithRoom(3);
  Json unprocessed = Json::object();
  for (const auto& [table, writes] : r.unprocessed_items) {
    Json list = Json::array();
    for (const WriteRequest& w : writes) list.push_back(WriteRequestToJson(w));
    unprocessed[table] = std::move(list);
  }
  j["UnprocessedItems"] = std::move(unprocessed);
  AddCapacityList(j, r.consumed_capacity, rcc);
  return j;
}

}  // namespace ddblab::wire::internal
