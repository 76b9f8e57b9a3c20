// Batch and transaction request bodies -> request structs.
#include "wire/codec.h"
#include "wire/json_read.h"

namespace ddblab::wire::internal {
namespace {

TransactWriteItem ReadTransactAction(Decoder& d, const Json& action, std::string_view name,
                                     const std::string& path) {
  TransactWriteItem t;
  t.action = std::string(name);
  t.table_name = d.RequiredString(action, "TableName", path + ".tableName");
  if (name == "Put") {
    t.item = d.ItemMember(action, "Item");
    if (!t.item && !d.failed()) d.Missing(path + ".item");
  } else {
    t.key = d.ItemMember(action, "Key");
    if (!t.key && !d.failed()) d.Missing(path + ".key");
  }
  if (name == "Update") {
    t.update_expression = d.String(action, "UpdateExpression");
    if (!t.update_expression && !d.failed()) d.Missing(path + ".updateExpression");
  }
  t.condition_expression = d.String(action, "ConditionExpression");
  if (name == "ConditionCheck" && !t.condition_expression && !d.failed()) {
    d.Missing(path + ".conditionExpression");
  }
  t.expression_attribute_names = d.StringMap(action, "ExpressionAttributeNames");
  t.expression_attribute_values = d.ValueMap(action, "ExpressionAttributeValues");
  t.return_values_on_condition_check_failure =
      d.String(action, "ReturnValuesOnConditionCheckFailure");
  return t;
}

}  // namespace

Status FromJson(const Json& j, BatchGetItemRequest* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  const Json* items =
      d.Map(j, "RequestItems", "com.amazonaws.dynamodb.v20120810.KeysAndAttributes");
  if (items != nullptr) {
    for (auto it = items->begin(); it != items->end(); ++it) {
      if (!d.StructElement(it.value(), "KeysAndAttributes")) continue;
      const Json& ka = it.value();
      KeysAndAttributes k;
      if (const Json* keys = d.List(ka, "Keys")) {
        for (const Json& key : *keys) {
          std::optional<Item> item = d.ItemValue(key);
          if (item) k.keys.push_back(std::move(*item));
        }
      } else if (!d.failed()) {
        d.Missing("requestItems." + it.key() + ".member.keys");
      }
      k.consistent_read = d.Bool(ka, "ConsistentRead");
      k.projection_expression = d.String(ka, "ProjectionExpression");
      k.expression_attribute_names = d.StringMap(ka, "ExpressionAttributeNames");
      k.attributes_to_get = d.StringList(ka, "AttributesToGet");
      d.RefuseValuesWithoutExpressions(ka);
      r->request_items[it.key()] = std::move(k);
    }
  } else if (!d.failed()) {
    d.Absent("requestItems");
  }
  r->return_consumed_capacity = d.String(j, "ReturnConsumedCapacity");
  return d.FinishRequest(*r);
}

Status FromJson(const Json& j, BatchWriteItemRequest* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  const Json* items =
      d.Map(j, "RequestItems", "java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>");
  if (items != nullptr) {
    for (auto it = items->begin(); it != items->end(); ++it) {
      if (d.failed()) break;
      const Json& list = it.value();
      if (!list.is_array()) {
        d.SerializationProblem(list.is_object()
                                   ? "Start of structure or map found where not expected"
                                   : "Unexpected field type");
        break;
      }
      std::vector<WriteRequest> writes;
      for (const Json& w : list) {
        if (!d.StructElement(w, "WriteRequest")) continue;
        WriteRequest wr;
        if (const Json* put = d.Struct(w, "PutRequest", "PutRequest")) {
          wr.put_request_item = d.ItemMember(*put, "Item");
          if (!wr.put_request_item && !d.failed()) {
            d.Missing("requestItems." + it.key() + ".member.putRequest.item");
          }
        }
        if (const Json* del = d.Struct(w, "DeleteRequest", "DeleteRequest")) {
          wr.delete_request_key = d.ItemMember(*del, "Key");
          if (!wr.delete_request_key && !d.failed()) {
            d.Missing("requestItems." + it.key() + ".member.deleteRequest.key");
          }
        }
        writes.push_back(std::move(wr));
      }
      r->request_items[it.key()] = std::move(writes);
    }
  } else if (!d.failed()) {
    d.Absent("requestItems");
  }
  r->return_consumed_capacity = d.String(j, "ReturnConsumedCapacity");
  r->return_item_collection_metrics = d.String(j, "ReturnItemCollectionMetrics");
  return d.FinishRequest(*r);
}

Status FromJson(const Json& j, TransactGetItemsRequest* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  const Json* list = d.List(j, "TransactItems");
  if (list != nullptr) {
    for (size_t i = 0; i < list->size(); ++i) {
      if (!d.StructElement((*list)[i], "TransactGetItem")) continue;
      const std::string path = catalog::ElementPath("transactItems", i);
      const Json* get = d.Struct((*list)[i], "Get", "Get");
      if (get == nullptr) {
        if (!d.failed()) d.Missing(path + ".get");
        continue;
      }
      TransactGet g;
      g.table_name = d.RequiredString(*get, "TableName", path + ".get.tableName");
      std::optional<Item> key = d.ItemMember(*get, "Key");
      if (!key && !d.failed()) d.Missing(path + ".get.key");
      g.key = key ? std::move(*key) : Item{};
      g.projection_expression = d.String(*get, "ProjectionExpression");
      g.expression_attribute_names = d.StringMap(*get, "ExpressionAttributeNames");
      d.RefuseValuesWithoutExpressions(*get);
      r->transact_items.push_back(std::move(g));
    }
  } else if (!d.failed()) {
    d.Absent("transactItems");
  }
  r->return_consumed_capacity = d.String(j, "ReturnConsumedCapacity");
  return d.FinishRequest(*r);
}

Status FromJson(const Json& j, TransactWriteItemsRequest* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  const Json* list = d.List(j, "TransactItems");
  bool ambiguous = false;
  if (list != nullptr) {
    static constexpr std::string_view kActions[] = {"ConditionCheck", "Put", "Delete", "Update"};
    for (size_t i = 0; i < list->size(); ++i) {
      const Json& entry = (*list)[i];
      if (!d.StructElement(entry, "TransactWriteItem")) continue;
      const std::string path = catalog::ElementPath("transactItems", i);
      std::optional<TransactWriteItem> chosen;
      int count = 0;
      for (std::string_view action : kActions) {
        const Json* a = d.Struct(entry, action, action);
        if (a == nullptr) continue;
        ++count;
        std::string lower(action);
        lower[0] = static_cast<char>(lower[0] - 'A' + 'a');
        TransactWriteItem t = ReadTransactAction(d, *a, action, path + "." + lower);
        if (!chosen) chosen = std::move(t);
      }
      if (count != 1) ambiguous = true;
      r->transact_items.push_back(chosen ? std::move(*chosen) : TransactWriteItem{});
    }
  } else if (!d.failed()) {
    d.Absent("transactItems");
  }
  r->client_request_token = d.String(j, "ClientRequestToken");
  r->return_consumed_capacity = d.String(j, "ReturnConsumedCapacity");
  r->return_item_collection_metrics = d.String(j, "ReturnItemCollectionMetrics");
  // DynamoDB: each TransactWriteItem holds exactly one action.
  if (ambiguous) {
    d.ValidationProblem("TransactItems can only contain one of Check, Put, Update or Delete");
  }
  return d.FinishRequest(*r);
}

}  // namespace ddblab::wire::internal
