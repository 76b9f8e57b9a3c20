// Batch and transaction request structs -> request bodies, for the remote client; the
// inverses of requests_batch_json.cc.
#include "wire/codec.h"
#include "wire/request_bodies.h"

namespace ddblab::wire::internal {
namespace {

// One TransactWriteItems entry: {"<action>": {...}}. Each action has only the members its
// DynamoDB shape has (Item for Put, Key for the others, UpdateExpression for Update), as the
// decoder reads them.
Json TransactWriteItemToJson(const TransactWriteItem& t) {
  Json action = Json::object();
  action["TableName"] = t.table_name;
  if (t.action == "Put") {
    if (t.item) action["Item"] = ItemToJson(*t.item);
  } else if (t.key) {
    action["Key"] = ItemToJson(*t.key);
  }
  if (t.action == "Update" && t.update_expression) {
    action["UpdateExpression"] = *t.update_expression;
  }
  AppendConditionalWrite(action, t);
  Json j = Json::object();
  j[t.action] = std::move(action);
  return j;
}

}  // namespace

Json ToJson(const BatchGetItemRequest& r) {
  Json items = ObjectWithRoom(r.request_items.size());
  for (const auto& [table, k] : r.request_items) {
    Json one = KeysAndAttributesToJson(k);
    // The shared encoder renders UnprocessedKeys, which has no legacy member; a request may.
    if (k.attributes_to_get) one["AttributesToGet"] = StringListToJson(*k.attributes_to_get);
    AppendMember(items, table, std::move(one));
  }
  Json j = Json::object();
  j["RequestItems"] = std::move(items);
  if (r.return_consumed_capacity) j["ReturnConsumedCapacity"] = *r.return_consumed_capacity;
  return j;
}

Json ToJson(const BatchWriteItemRequest& r) {
  Json items = ObjectWithRoom(r.request_items.size());
  for (const auto& [table, writes] : r.request_items) {
    Json list = Json::array();
    for (const WriteRequest& w : writes) list.push_back(WriteRequestToJson(w));
    AppendMember(items, table, std::move(list));
  }
  Json j = Json::object();
  j["RequestItems"] = std::move(items);
  if (r.return_consumed_capacity) j["ReturnConsumedCapacity"] = *r.return_consumed_capacity;
  if (r.return_item_collection_metrics) {
    j["ReturnItemCollectionMetrics"] = *r.return_item_collection_metrics;
  }
  return j;
}

Json ToJson(const TransactGetItemsRequest& r) {
  Json list = Json::array();
  for (const TransactGet& g : r.transact_items) {
    Json get = Json::object();
    get["TableName"] = g.table_name;
    get["Key"] = ItemToJson(g.key);
    if (g.projection_expression) get["ProjectionExpression"] = *g.projection_expression;
    if (g.expression_attribute_names) {
      get["ExpressionAttributeNames"] = NamesToJson(*g.expression_attribute_names);
    }
    list.push_back(Json{{"Get", std::move(get)}});
  }
  Json j = Json::object();
  j["TransactItems"] = std::move(list);
  if (r.return_consumed_capacity) j["ReturnConsumedCapacity"] = *r.return_consumed_capacity;
  return j;
}

Json ToJson(const TransactWriteItemsRequest& r) {
  Json list = Json::array();
  for (const TransactWriteItem& t : r.transact_items) list.push_back(TransactWriteItemToJson(t));
  Json j = Json::object();
  j["TransactItems"] = std::move(list);
  if (r.client_request_token) j["ClientRequestToken"] = *r.client_request_token;
  if (r.return_consumed_capacity) j["ReturnConsumedCapacity"] = *r.return_consumed_capacity;
  if (r.return_item_collection_metrics) {
    j["ReturnItemCollectionMetrics"] = *r.return_item_collection_metrics;
  }
  return j;
}

}  // namespace ddblab::wire::internal
